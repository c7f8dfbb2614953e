import type { WorkMeter } from '../../types.js';

/**
 * A block's source text, kept as the pieces it arrived in. Slicing a string
 * built with `+=` makes V8 flatten it first — a copy of everything read so
 * far — so slicing at each close tag while deltas keep arriving would cost
 * the square of the body. A slice here costs only the pieces it spans.
 */
export class SourcePieces {
  private readonly pieces: string[] = [];
  private readonly starts: number[] = [];
  /** Units appended so far. */
  length = 0;

  /** @param work where a slice that spans pieces adds the units it copies (`copied`). */
  constructor(private readonly work?: WorkMeter) {}

  append(piece: string): void {
    if (piece === '') return;
    this.pieces.push(piece);
    this.starts.push(this.length);
    this.length += piece.length;
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
