import { TextBuffer } from '../../scanner/text-buffer.js';

/**
 * Recognises a closing line incrementally, one unit at a time from the start
 * of a line (line breaks excluded).
 */
export interface LineCloser {
  /** A new line begins. */
  reset(): void;
  /** Takes the next unit of the line; `false` once the line can no longer be a closer. */
  push(unit: string): boolean;
  /** Whether the units pushed so far form a complete closer line. */
  complete(): boolean;
}

/**
 * The body of a line-based block (fence, caret): lines up to a closing line.
 * A line that may still be the closer is held back; every other unit is
 * confirmed body at once. The line break after the closer is not part of the
 * block (it belongs to the following text).
 */
export class LineBody {
  private readonly confirmed = new TextBuffer();
  /** Confirmed text not yet taken (a whole parse never takes it: kept out of a rope, like the body). */
  private readonly delta = new TextBuffer();
  /** Units of the current line held while it may be the closer. */
  private pending = '';
  private maybeCloser = true;
  private afterCR: boolean;
  /** The opener's `\r\n` is split: its `\n` is not body. */
  private skipFirstLF: boolean;
  /** The current line's confirmed units (kept apart: slicing the whole body per line would flatten it, quadratically). */
  private line = '';
  private completeLength = 0;
  /**
   * Whole lines confirmed since the last append, as one stretch `runStart`–`runEnd` of `runText`
   * (a whole parse reads the body out of one text): appended as one slice when something else is
   * confirmed or the body is read, where a piece per line was joined into the buffers and the
   * joined body copied again to be read.
   */
  private runText = '';
  private runStart = 0;
  private runEnd = 0;

  /**
   * @param closer recognises the closing line
   * @param onLine called with each complete body line: `text[start, end)`, its line break the last unit (a range, so
   *   that a reader slices only what it reads)
   * @param openerEndedWithCR the opener's line ended with `\r`: a `\n` right after it is still the opener's
   */
  constructor(
    private readonly closer: LineCloser,
    private readonly onLine?: (text: string, start: number, end: number) => void,
    openerEndedWithCR = false,
  ) {
    this.afterCR = openerEndedWithCR;
    this.skipFirstLF = openerEndedWithCR;
    closer.reset();
  }

  /** Confirmed body text. */
  get text(): string {
    this.appendRun();
    return this.confirmed.toString();
  }

  /** See {@link BlockReader.read}: -1 while open, else the index where the block ends. */
  read(text: string, from: number, to: number): number {
    let i = from;
    while (i < to) {
      const unit = text[i]!;
      if (unit === '\n' && this.afterCR) {
        this.afterCR = false;
        if (this.skipFirstLF) this.skipFirstLF = false;
        else this.confirm('\n');
        this.line = '';
        this.completeLength = this.length;
        i++;
        continue;
      }
      this.afterCR = false;
      this.skipFirstLF = false;
      if (unit === '\n' || unit === '\r') {
        if (this.maybeCloser && this.closer.complete()) return i;
        this.endLine(unit);
        i++;
        continue;
      }
      if (this.maybeCloser && this.pending === '') {
        const end = this.wholeLine(text, i, to);
        if (end > i) {
          i = end;
          continue;
        }
      }
      if (this.maybeCloser) {
        this.pending += unit;
        if (!this.closer.push(unit)) {
          this.maybeCloser = false;
          this.confirm(this.pending);
          this.pending = '';
        }
        i++;
        continue;
      }
      // Not a closer line: confirm everything up to the next line break at once.
      let j = i + 1;
      while (j < to) {
        const c = text.charCodeAt(j);
        if (c === 10 || c === 13) break;
        j++;
      }
      this.confirm(text.slice(i, j));
      i = j;
    }
    return -1;
  }

  /** End of input: `true` when the held line is a complete closer. */
  endOfInput(): boolean {
    if (this.maybeCloser && this.pending !== '' && this.closer.complete()) return true;
    this.confirm(this.pending);
    this.pending = '';
    return false;
  }

  /** Confirmed body text since the previous call. */
  takeDelta(): string {
    this.appendRun();
    return this.delta.take();
  }

  /** Length of the body up to its last complete line. */
  completeLinesLength(): number {
    return this.completeLength;
  }

  /** Length of the confirmed body: the complete lines and the current line's confirmed units. */
  get length(): number {
    return this.confirmed.length + this.runEnd - this.runStart;
  }

  /**
   * The line starting at `start`, taken in one piece when it is all before `to` (its `\n`
   * included), has no `\r` and is no closer: one slice for the body, the delta and `onLine`, where
   * the unit-by-unit path made a held string, three pieces and a rope per line (a whole parse reads
   * every line here). Returns the index after the line, or `start` to leave the line to that path.
   */
  private wholeLine(text: string, start: number, to: number): number {
    let end = start;
    while (end < to) {
      const code = text.charCodeAt(end);
      if (code === 10) break;
      if (code === 13) return start;
      end++;
    }
    if (end === to) return start;
    let k = start;
    while (k < end && this.closer.push(text[k]!)) k++;
    this.closer.reset();
    // Every unit could begin a closer: the unit-by-unit path decides (pushing them again).
    if (k === end) return start;
    if (text !== this.runText || start !== this.runEnd) {
      this.appendRun();
      this.runText = text;
      this.runStart = start;
    }
    this.runEnd = end + 1;
    this.onLine?.(text, start, end + 1);
    this.completeLength = this.length;
    return end + 1;
  }

  /** Appends the stretch of whole lines taken since the last append (see {@link runText}). */
  private appendRun(): void {
    if (this.runEnd === this.runStart) return;
    const run = this.runText.slice(this.runStart, this.runEnd);
    this.runStart = this.runEnd;
    this.confirmed.append(run);
    this.delta.append(run);
  }

  private endLine(lineBreak: string): void {
    this.confirm(this.pending + lineBreak);
    this.pending = '';
    this.onLine?.(this.line, 0, this.line.length);
    this.line = '';
    this.completeLength = this.length;
    this.maybeCloser = true;
    this.afterCR = lineBreak === '\r';
    this.closer.reset();
  }

  private confirm(units: string): void {
    if (units === '') return;
    this.appendRun();
    this.confirmed.append(units);
    this.delta.append(units);
    this.line += units;
  }
}
