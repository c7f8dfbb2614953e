import { JsonTracker } from '../json/tracker.js';
import { isBlank } from '../shared/units.js';

/**
 * Finds where a block's body ends, fed the body's units in order across deltas. A marked
 * syntax's opener names one ({@link closeAt}, {@link jsonValueEnd} or a reader of its own).
 */
export interface EndReader {
  /** Reads `text[from..to)`: the index just past the block's end (its closer included), or -1 while it goes on. */
  read(text: string, from: number, to: number): number;
  /**
   * Units at the end of what was read that are not body: the closer once the block ended, the
   * units that may still begin one while it is open (held back from the input deltas).
   */
  readonly held: number;
  /** The input ended: whether what was read completes the block (its closer is then the last `held` units). */
  endOfInput?(): boolean;
}

/** Makes an {@link EndReader} for one block. */
export type EndReaderFactory = () => EndReader;

/** ASCII letters lowered, every other unit kept: the length never changes (`toLowerCase` may). */
export function asciiLower(text: string): string {
  return /[A-Z]/.test(text) ? text.replace(/[A-Z]+/g, (run) => run.toLowerCase()) : text;
}

/**
 * The body ends at the first of `markers` (a closing tag or token, matched across deltas and
 * split anywhere; ASCII case ignored with `ignoreCase`). Each read looks at the delta and the
 * last units of the previous one that could begin a marker: linear.
 */
export function closeAt(markers: string | readonly string[], options: { ignoreCase?: boolean } = {}): EndReaderFactory {
  const list = (typeof markers === 'string' ? [markers] : [...markers]).map((marker) => (options.ignoreCase ? asciiLower(marker) : marker));
  if (list.length === 0 || list.some((marker) => marker === '')) throw new Error('tool-transcript kit: closeAt needs non-empty markers');
  const ignoreCase = options.ignoreCase === true;
  const keep = Math.max(...list.map((marker) => marker.length)) - 1;
  return () => new MarkerEnd(list, ignoreCase, keep);
}

class MarkerEnd implements EndReader {
  held = 0;
  /** The last units read (at most `keep`), lowered when case is ignored. */
  private tail = '';

  constructor(
    private readonly markers: readonly string[],
    private readonly ignoreCase: boolean,
    private readonly keep: number,
  ) {}

  read(text: string, from: number, to: number): number {
    // Searched in place up to the first marker, never by slicing (and lowering) all of
    // text[from..to): a whole input read at once (`parseTranscript`) made every block copy the
    // rest of the input, quadratic over many blocks. (Fix made with the pythonic syntaxes.)
    const lower = this.ignoreCase ? asciiLower : (units: string) => units;
    if (this.tail !== '') {
      // A marker that begins in the last units of the previous read.
      const window = this.tail + lower(text.slice(from, Math.min(to, from + this.keep)));
      let best = -1;
      let length = 0;
      for (const marker of this.markers) {
        const at = window.indexOf(marker);
        if (at >= 0 && at < this.tail.length && (best < 0 || at < best)) {
          best = at;
          length = marker.length;
        }
      }
      if (best >= 0) {
        this.held = length;
        return from + best + length - this.tail.length;
      }
    }
    for (let i = from; i < to; i++) {
      let unit = text[i]!;
      if (this.ignoreCase && unit >= 'A' && unit <= 'Z') unit = unit.toLowerCase();
      for (const marker of this.markers) {
        if (marker[0] !== unit || i + marker.length > to) continue;
        if (lower(text.slice(i, i + marker.length)) === marker) {
          this.held = marker.length;
          return i + marker.length;
        }
      }
    }
    this.tail = this.keep === 0 ? '' : (this.tail + lower(text.slice(Math.max(from, to - this.keep), to))).slice(-this.keep);
    this.held = this.possibleStart(this.tail);
    return -1;
  }

  /** The longest end of `tail` that begins a marker. */
  private possibleStart(tail: string): number {
    for (let length = Math.min(tail.length, this.keep); length > 0; length--) {
      const end = tail.slice(tail.length - length);
      if (this.markers.some((marker) => marker.startsWith(end))) return length;
    }
    return 0;
  }

  endOfInput(): boolean {
    this.held = 0;
    return false;
  }
}

/**
 * The body is a prefix the `before` test accepts unit by unit (a name, `[ARGS]`, blanks), then
 * one JSON value, and ends where the value does (Mistral's `[TOOL_CALLS]name[ARGS]{…}`, Llama's
 * bare JSON). `before` is asked first, so a `{` or `[` it accepts is prefix; the first it refuses
 * starts the JSON. Another unit `before` refuses ends the block before it, as does the end of a line
 * once the JSON is found invalid (brackets are then balanced to find its end, see
 * {@link JsonTracker}).
 */
export function jsonValueEnd(before: (unit: string, prefix: string) => boolean = isBlank): EndReaderFactory {
  return () => new JsonValueEnd(before);
}

class JsonValueEnd implements EndReader {
  readonly held = 0;
  private prefix = '';
  private tracker: JsonTracker | undefined;

  constructor(private readonly before: (unit: string, prefix: string) => boolean) {}

  read(text: string, from: number, to: number): number {
    let i = from;
    while (this.tracker === undefined) {
      if (i >= to) return -1;
      const unit = text[i]!;
      // `before` is asked first: a `[` it accepts is prefix (Mistral's `[ARGS]` after a name), not JSON.
      if (this.before(unit, this.prefix)) {
        this.prefix += unit;
        i++;
      } else if (unit === '{' || unit === '[') this.tracker = new JsonTracker();
      else return i;
    }
    const end = this.tracker.feed(text, i, to);
    return end;
  }

  endOfInput(): boolean {
    return this.tracker?.done === true;
  }
}
