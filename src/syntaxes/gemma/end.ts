import type { EndReader, EndReaderFactory } from '../kit/ends.js';

/**
 * Where a Gemma call ends: at a closer (`<tool_call|>`, or `<turn|>` that Gemma 4 sometimes
 * writes instead), wherever it stands; or, when the arguments' `{…}` has closed and what follows
 * cannot begin a closer, right after the `}`. Braces and brackets are counted outside the
 * `quote` strings. Each unit is looked at once, with the last few for the tokens: linear.
 */
export function gemmaEnd(quote: string, closers: readonly string[]): EndReaderFactory {
  const keep = Math.max(quote.length, ...closers.map((closer) => closer.length));
  return () => {
    /** The last units read, as long as the longest token. */
    let recent = '';
    let depth = 0;
    let inString = false;
    /** Units read since the arguments' `}` closed them (only a closer may follow); -1 while they are open. */
    let after = -1;
    const end: { held: number } & EndReader = {
      held: 0,
      read(text, from, to) {
        for (let i = from; i < to; i++) {
          const unit = text[i]!;
          recent = (recent + unit).slice(-keep);
          if (after >= 0) after++;
          const closer = closers.find((candidate) => recent.endsWith(candidate));
          if (closer !== undefined && (after < 0 || after === closer.length)) {
            end.held = closer.length;
            return i + 1;
          }
          if (after < 0) {
            if (recent.endsWith(quote)) inString = !inString;
            else if (!inString) {
              if (unit === '{' || unit === '[') depth++;
              else if ((unit === '}' || unit === ']') && depth > 0 && --depth === 0) after = 0;
            }
          }
          // Open: the longest end of what was read that begins a closer. After the `}`: a closer,
          // unit by unit; anything else ends the block before this unit.
          end.held = 0;
          for (let length = after > 0 ? after : Math.min(recent.length, keep - 1); length > 0 && end.held === 0; length--) {
            if (closers.some((candidate) => candidate.startsWith(recent.slice(recent.length - length)))) end.held = length;
            else if (after > 0) return i;
          }
        }
        return -1;
      },
      endOfInput() {
        end.held = 0;
        return after === 0;
      },
    };
    return end;
  };
}
