/**
 * Text appended in many small pieces (a stream of one-unit deltas). `s += piece` makes a rope
 * node per piece that stays alive as long as the text does, so the garbage collector copies
 * every one of them and the rope is flattened unit by unit when it is read; here pieces are
 * kept in a short array and joined a few hundred at a time. Reading is cheap and may happen
 * after every piece (the store reads a snapshot per delta).
 */
export class TextBuffer {
  /** Length of the whole text. */
  length = 0;
  /** The last unit appended (`''` while empty). */
  last = '';
  private joined: string;
  private readonly parts: string[] = [];

  constructor(initial = '') {
    this.joined = initial;
    this.length = initial.length;
    this.last = initial === '' ? '' : initial[initial.length - 1]!;
  }

  append(piece: string): void {
    if (piece === '') return;
    this.length += piece.length;
    this.last = piece[piece.length - 1]!;
    if (this.parts.push(piece) === 256) this.fold();
  }

  /** The whole text, and the buffer emptied. */
  take(): string {
    const text = this.toString();
    this.joined = '';
    this.length = 0;
    this.last = '';
    return text;
  }

  /** The whole text. */
  toString(): string {
    if (this.parts.length > 0) this.fold();
    return this.joined;
  }

  private fold(): void {
    const parts = this.parts;
    this.joined += parts.length === 1 ? parts[0]! : parts.join('');
    parts.length = 0;
  }
}
