import type { EndReader, EndReaderFactory } from '../kit/ends.js';

/**
 * Where a Gemma call ends: at a closer (`<tool_call|>`, or `<turn|>` that Gemma 4 sometimes
 * writes instead), wherever it stands; or, when the arguments' `{…}` has closed and what follows
 * cannot begin a closer, right after the `}`. Braces and brackets are counted outside the
 * `quote` strings. Each unit is looked at once, with the last few for the tokens: linear.
 */
export function gemmaEnd(quote: string, closers: readonly string[]): EndReaderFactory {
  return () => new GemmaEnd(quote, closers);
}

class GemmaEnd implements EndReader {
  held = 0;
  /** The last units read, as long as the longest token. */
  private recent = '';
  private readonly keep: number;
  private depth = 0;
  private inString = false;
  /** Units read since the arguments' `}` closed them (only a closer may follow); -1 while they are open. */
  private after = -1;

  constructor(
    private readonly quote: string,
    private readonly closers: readonly string[],
  ) {
    this.keep = Math.max(quote.length, ...closers.map((closer) => closer.length));
  }

  read(text: string, from: number, to: number): number {
    for (let i = from; i < to; i++) {
      const unit = text[i]!;
      const recent = (this.recent = (this.recent + unit).slice(-this.keep));
      const after = this.after < 0 ? -1 : ++this.after;
      const closer = this.closers.find((candidate) => recent.endsWith(candidate));
      if (closer !== undefined && (after < 0 || after === closer.length)) {
        this.held = closer.length;
        return i + 1;
      }
      if (after < 0) {
        if (recent.endsWith(this.quote)) this.inString = !this.inString;
        else if (!this.inString) {
          if (unit === '{' || unit === '[') this.depth++;
          else if ((unit === '}' || unit === ']') && this.depth > 0 && --this.depth === 0) this.after = 0;
        }
      }
      // Open: the longest end of what was read that begins a closer. After the `}`: a closer,
      // unit by unit; anything else ends the block before this unit.
      this.held = 0;
      for (let length = after > 0 ? after : Math.min(recent.length, this.keep - 1); length > 0 && this.held === 0; length--) {
        const end = recent.slice(recent.length - length);
        if (this.closers.some((candidate) => candidate.startsWith(end))) this.held = length;
        else if (after > 0) return i;
      }
    }
    return -1;
  }

  endOfInput(): boolean {
    this.held = 0;
    return this.after === 0;
  }
}
