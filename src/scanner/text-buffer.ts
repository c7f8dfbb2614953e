/** Single units gathered before they become one string (`String.fromCharCode` takes them as arguments: keep it well under engine argument limits). */
const UNITS_PER_STRING = 1024;
/** Strings gathered before they are joined onto the text. */
const PARTS_PER_JOIN = 256;

/**
 * Text appended in many small pieces (a stream of one-unit deltas). `s += piece` makes a rope
 * node per piece that stays alive as long as the text does, so the garbage collector copies
 * every one of them and the rope is flattened unit by unit when it is read; here pieces are
 * kept in a short array and joined a few hundred at a time. One-unit pieces, the usual case of
 * a one-unit stream, are kept as their char codes and made into one string a thousand at a time
 * (`Array.prototype.join` over one-unit strings cost about three times as much). Reading is cheap
 * and may happen after every piece (the store reads a snapshot per delta; readers take their
 * input delta after every write). The units array is reused, filled up to a count: emptying it by
 * `length = 0` was a runtime call on every take.
 */
export class TextBuffer {
  /** Length of the whole text. */
  length = 0;
  /** The last unit appended (`''` while empty). */
  last = '';
  private joined: string;
  private readonly parts: string[] = [];
  /** Char codes of the one-unit pieces appended after the parts. */
  private readonly units: number[] = [];
  private unitCount = 0;

  constructor(initial = '') {
    this.joined = initial;
    this.length = initial.length;
    this.last = initial === '' ? '' : initial[initial.length - 1]!;
  }

  append(piece: string): void {
    const length = piece.length;
    if (length === 0) return;
    this.length += length;
    if (length === 1) {
      this.last = piece;
      this.units[this.unitCount++] = piece.charCodeAt(0);
      if (this.unitCount === UNITS_PER_STRING) this.unitsToPart();
      return;
    }
    this.last = piece[length - 1]!;
    if (this.unitCount > 0) this.unitsToPart();
    if (this.parts.push(piece) === PARTS_PER_JOIN) this.fold();
  }

  /** The whole text, and the buffer emptied. */
  take(): string {
    let text: string;
    if (this.length === 1) {
      // One unit (a one-unit stream's delta): the last unit is the text.
      text = this.last;
      this.unitCount = 0;
    } else text = this.toString();
    // A buffer that gathered many units gives their array back (a parser kept alive, a store's
    // text part, would otherwise hold a thousand slots); one that takes unit by unit keeps it.
    if (this.units.length > 64) this.units.length = 0;
    this.joined = '';
    this.length = 0;
    this.last = '';
    return text;
  }

  /** The whole text. */
  toString(): string {
    if (this.unitCount > 0) this.unitsToPart();
    if (this.parts.length > 0) this.fold();
    return this.joined;
  }

  private unitsToPart(): void {
    const count = this.unitCount;
    const units = this.units;
    this.unitCount = 0;
    let part: string;
    if (count === UNITS_PER_STRING) part = String.fromCharCode.apply(null, units);
    else if (count < 8) {
      part = '';
      for (let i = 0; i < count; i++) part += String.fromCharCode(units[i]!);
    } else part = String.fromCharCode.apply(null, units.slice(0, count));
    if (this.parts.push(part) === PARTS_PER_JOIN) this.fold();
  }

  private fold(): void {
    const parts = this.parts;
    // One part (a take after each delta) is popped: `length = 0` is a runtime call.
    this.joined += parts.length === 1 ? parts.pop()! : parts.join('');
    if (parts.length > 0) parts.length = 0;
  }
}
