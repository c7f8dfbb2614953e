import type { Node, Nodes } from 'mdast';

/** A unist position (`start`/`end` points), as mdast nodes carry it. */
export type Position = NonNullable<Node['position']>;
/** A unist point: 1-based line and column, 0-based offset. */
export type Point = Position['start'];

/**
 * Turns offsets of one document into points, walking forward only (offsets
 * must not decrease between calls), so locating every run and block of a
 * document costs one pass over it.
 *
 * Lines and columns count the way micromark does: `\r\n`, `\r` and `\n` each
 * end a line, and a column is one UTF-16 code unit (a tab too).
 */
export class PointLocator {
  private offset = 0;
  private line = 1;
  private column = 1;

  constructor(private readonly doc: string) {}

  /** The point at `offset` (0 ≤ offset ≤ doc.length, not smaller than the previous call's). */
  at(offset: number): Point {
    const doc = this.doc;
    for (let i = this.offset; i < offset; i++) {
      const unit = doc.charCodeAt(i);
      if (unit === 10 /* \n */) {
        // The `\n` of a `\r\n` pair: the `\r` already ended the line.
        if (i > 0 && doc.charCodeAt(i - 1) === 13) continue;
        this.line++;
        this.column = 1;
      } else if (unit === 13 /* \r */) {
        this.line++;
        this.column = 1;
      } else {
        this.column++;
      }
    }
    this.offset = offset;
    return { line: this.line, column: this.column, offset };
  }
}

/**
 * Where a separately parsed piece of text begins in the whole document: the
 * point that the piece's own `1:1` (offset 0) stands for.
 */
export interface Origin {
  line: number;
  column: number;
  offset: number;
}

/** Maps a point of a piece parsed on its own to the whole document. */
function shiftPoint(point: Point, origin: Origin): Point {
  return {
    line: point.line + origin.line - 1,
    // Only the piece's first line starts mid-line; later lines start at column 1 in both.
    column: point.line === 1 ? point.column + origin.column - 1 : point.column,
    offset: (point.offset ?? 0) + origin.offset,
  };
}

/**
 * Moves the positions of `node` and its whole subtree from a piece's own
 * coordinates into the document's. Fresh point objects are written (never
 * mutated in place) so points shared between nodes cannot be shifted twice.
 * Points before `floor` (text the parse was given but the document does not
 * hold there, see the paragraph guard) are raised to `floor`.
 */
export function shiftTree(node: Nodes, origin: Origin, floor: Point): void {
  // An explicit stack: deeply nested markdown (a thousand `>`) must not overflow the call stack.
  const stack: Nodes[] = [node];
  for (let current = stack.pop(); current !== undefined; current = stack.pop()) {
    const position = current.position;
    if (position) {
      current.position = {
        start: atLeast(shiftPoint(position.start, origin), floor),
        end: atLeast(shiftPoint(position.end, origin), floor),
      };
    }
    if ('children' in current) for (const child of current.children) stack.push(child);
  }
}

function atLeast(point: Point, floor: Point): Point {
  return (point.offset ?? 0) < (floor.offset ?? 0) ? { ...floor } : point;
}
