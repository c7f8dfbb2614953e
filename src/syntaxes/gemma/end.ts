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
  /** The arguments closed: only a closer may follow. */
  private closed = false;
  /** Units read after the arguments closed. */
  private after = 0;

  constructor(
    private readonly quote: string,
    private readonly closers: readonly string[],
  ) {
    this.keep = Math.max(quote.length, ...closers.map((closer) => closer.length));
  }

  read(text: string, from: number, to: number): number {
    for (let i = from; i < to; i++) {
      const unit = text[i]!;
      this.recent = (this.recent + unit).slice(-this.keep);
      if (this.closed) this.after++;
      const closer = this.closers.find((candidate) => this.recent.endsWith(candidate));
      if (closer !== undefined && (!this.closed || this.after === closer.length)) {
        this.held = closer.length;
        return i + 1;
      }
      if (this.closed) {
        // After the `}`: a closer, unit by unit; anything else ends the block before this unit.
        if (!this.closers.some((candidate) => candidate.startsWith(this.recent.slice(-this.after)))) {
          this.held = 0;
          return i;
        }
        this.held = this.after;
        continue;
      }
      if (this.recent.endsWith(this.quote)) this.inString = !this.inString;
      else if (!this.inString) {
        if (unit === '{' || unit === '[') this.depth++;
        else if ((unit === '}' || unit === ']') && this.depth > 0 && --this.depth === 0) this.closed = true;
      }
      this.held = this.possibleCloser();
    }
    return -1;
  }

  endOfInput(): boolean {
    const complete = this.closed && this.after === 0;
    this.held = 0;
    return complete;
  }

  /** The longest end of what was read that begins a closer. */
  private possibleCloser(): number {
    for (let length = Math.min(this.recent.length, this.keep - 1); length > 0; length--) {
      const end = this.recent.slice(this.recent.length - length);
      if (this.closers.some((closer) => closer.startsWith(end))) return length;
    }
    return 0;
  }
}
