import type { WorkMeter } from '../../types.js';

/** A piece shorter than this is small: runs of small pieces are joined (see {@link SourcePieces.append}). */
const SMALL_PIECE = 64;
/** Small pieces in a run when the run is joined into one. */
const JOIN_RUN = 128;

/**
 * A block's source text, kept as the pieces it arrived in. Slicing a string
 * built with `+=` makes V8 flatten it first — a copy of everything read so
 * far — so slicing at each close tag while deltas keep arriving would cost
 * the square of the body. A slice here costs only the pieces it spans.
 *
 * Runs of small pieces (a stream's deltas are a few units each) are joined into one flat string
 * every {@link JOIN_RUN} pieces: kept one by one, a block streamed in 4-unit deltas held about
 * 10 bytes per unit (the piece, its slot and its start) for text of 1 byte per unit. Each unit is
 * joined at most once, so that copy is linear too. Runs of 128, not 32: the same units are copied
 * either way, and at 32 the joins' own cost made an XML stream 5–8% slower (128: within 2%).
 */
export class SourcePieces {
  private readonly pieces: string[] = [];
  private readonly starts: number[] = [];
  /** Index of the first piece of the run of small pieces not joined yet. */
  private run = 0;
  /** Units appended so far. */
  length = 0;

  /** @param work where a slice that spans pieces, or a join, adds the units it copies (`copied`). */
  constructor(private readonly work?: WorkMeter) {}

  append(piece: string): void {
    if (piece === '') return;
    const pieces = this.pieces;
    pieces.push(piece);
    this.starts.push(this.length);
    this.length += piece.length;
    if (piece.length >= SMALL_PIECE) this.run = pieces.length;
    else if (pieces.length - this.run === JOIN_RUN) this.joinRun();
  }

  /** The run of small pieces becomes one piece, starting where its first did; a new run begins after it. */
  private joinRun(): void {
    const run = this.run;
    const joined = this.pieces.splice(run).join('');
    this.pieces.push(joined);
    this.starts.length = run + 1;
    this.run = run + 1;
    if (this.work) this.work.copied += joined.length;
  }

  /** The units `[start, end)` (clamped to what was appended); `counted`: a copy adds to the meter. */
  slice(start: number, end = this.length, counted = true): string {
    end = Math.min(end, this.length);
    if (start >= end) return '';
    let index = this.pieceAt(start);
    let piece = this.pieces[index]!;
    let pieceStart = this.starts[index]!;
    if (end <= pieceStart + piece.length) return piece.slice(start - pieceStart, end - pieceStart);
    if (this.work && counted) this.work.copied += end - start;
    let text = piece.slice(start - pieceStart);
    for (;;) {
      piece = this.pieces[++index]!;
      pieceStart = this.starts[index]!;
      if (end <= pieceStart + piece.length) return text + piece.slice(0, end - pieceStart);
      text += piece;
    }
  }

  /** Hands the units `[0, end)` to `read` as the pieces they arrived in (nothing copied). */
  eachPiece(end: number, read: (piece: string, from: number, to: number) => void): void {
    for (let index = 0; index < this.pieces.length; index++) {
      const start = this.starts[index]!;
      if (start >= end) return;
      const piece = this.pieces[index]!;
      read(piece, 0, Math.min(piece.length, end - start));
    }
  }

  /** Index of the piece holding `offset` (binary search). */
  private pieceAt(offset: number): number {
    const starts = this.starts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}
