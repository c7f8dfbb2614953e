import type { BlockIdentity, BlockReader, ParsedCall } from '../../types.js';
import { LeadingBreak } from '../shared/leading-break.js';
import { CONTENT_MARKERS } from './tokenizer.js';
import { trimOneLineBreak } from './value-text.js';

/** Shorthand tags whose body is one raw value. */
export type XmlShorthand = 'write_file' | 'run_bash';

/**
 * The body of `<write_file …>` or `<run_bash …>`: raw text up to the matching
 * close tag (any case, spaces allowed before its `>`); nothing inside is
 * markup, so HTML, `<![CDATA[` or `</tool>` in a file stay as written. One
 * line break at each edge is trimmed. The input is the opener's attributes
 * (minus `id`) plus the body under `field` (`content` / `command`); it grows
 * as the body streams. A body wrapped in content markers (`__START_CONTENT__`
 * … `__END_CONTENT__`, blanks around them allowed) is the text between them,
 * one line break trimmed at each inner edge.
 */
export class XmlRawBlock implements BlockReader {
  private readonly closer: string;
  private body = '';
  private delta = '';
  /** Units of the close tag matched so far, as written. */
  private held = '';
  /** Past `</name`: only spaces before `>` are still the close tag. */
  private inCloserTail = false;
  /** One line break right after the opener is not content. */
  private readonly leading = new LeadingBreak();
  /** While the body may still start with a content marker: the units held (blanks, then a marker's prefix). */
  private markerHeld: string | undefined = '';
  /** The units of `markerHeld` after its blanks. */
  private markerPart = '';
  /** The body started with this marker pair (the start marker is not in `body`). */
  private marker: readonly [string, string] | undefined;
  /** The one line break after the start marker is not content. */
  private readonly afterMarker = new LeadingBreak();

  constructor(
    private readonly toolName: XmlShorthand,
    private readonly field: string,
    private readonly attrs: ReadonlyArray<[string, string]>,
    private readonly toolCallId: string | undefined,
  ) {
    this.closer = `</${toolName}`;
  }

  read(text: string, from: number, to: number): number {
    let i = from;
    while (i < to) {
      if (this.held === '') {
        // Fast path: everything before the next `<` is body.
        let j = text.indexOf('<', i);
        if (j < 0 || j >= to) j = to;
        if (j > i) this.confirm(text.slice(i, j));
        if (j === to) break;
        this.held = '<';
        i = j + 1;
        continue;
      }
      const unit = text[i]!;
      if (this.advance(unit)) return i + 1;
      i++;
    }
    return -1;
  }

  endOfInput(): boolean {
    this.confirm(this.held);
    this.held = '';
    this.inCloserTail = false;
    return false;
  }

  identity(): BlockIdentity {
    return this.toolCallId === undefined ? { toolName: this.toolName } : { toolName: this.toolName, toolCallId: this.toolCallId };
  }

  takeInputDelta(): string {
    const delta = this.delta;
    this.delta = '';
    return delta;
  }

  partial(): ParsedCall[] {
    return [this.call(this.body)];
  }

  finish(): ParsedCall[] {
    if (this.markerHeld) {
      // Cut off while it could still have been a marker: it was body.
      this.body += this.markerHeld;
      this.markerHeld = undefined;
    }
    let body = this.body;
    const end = this.marker?.[1];
    if (end !== undefined) {
      const trimmed = body.trimEnd();
      if (trimmed.endsWith(end)) body = trimmed.slice(0, -end.length);
    }
    // The leading line break was never body; one trailing line break (before the closer or the end marker) is not either.
    return [this.call(trimOneLineBreak(`x${body}`).slice(1))];
  }

  private call(value: string): ParsedCall {
    // `{command, …attributes}` and `{path, …, content}`; the body wins over an attribute of its name.
    const input: Record<string, unknown> = {};
    if (this.toolName === 'run_bash') setKey(input, this.field, value);
    for (const [key, attrValue] of this.attrs) if (key !== this.field) setKey(input, key, attrValue);
    if (this.toolName === 'write_file') setKey(input, this.field, value);
    const call: ParsedCall = { toolName: this.toolName, input };
    if (this.toolCallId !== undefined) call.toolCallId = this.toolCallId;
    return call;
  }

  /** One unit of a possible close tag; `true` when it is complete. */
  private advance(unit: string): boolean {
    if (this.inCloserTail) {
      if (unit === '>') {
        this.held = '';
        this.inCloserTail = false;
        return true;
      }
      if (unit === ' ' || unit === '\t' || unit === '\n' || unit === '\r') {
        this.held += unit;
        return false;
      }
    } else {
      const at = this.held.length;
      if (unit.toLowerCase() === this.closer[at]) {
        this.held += unit;
        if (this.held.length === this.closer.length) this.inCloserTail = true;
        return false;
      }
    }
    // Not the close tag: what was held is body, and this unit may begin one.
    this.confirm(this.held);
    this.inCloserTail = false;
    if (unit === '<') this.held = '<';
    else {
      this.held = '';
      this.confirm(unit);
    }
    return false;
  }

  private confirm(units: string): void {
    if (units === '') return;
    this.delta += units;
    // Dropped as it arrives, so a partial never copies the body.
    let start = this.leading.skipIn(units);
    if (this.markerHeld !== undefined) start = this.startMarker(units, start);
    if (this.marker !== undefined && !this.afterMarker.done) start += this.afterMarker.skipIn(units.slice(start));
    this.body += start === 0 ? units : units.slice(start);
  }

  /**
   * Reads the start of the body for a content marker, from `units[start]`:
   * blanks and a marker's prefix are held; a complete marker is dropped; a
   * mismatch gives the held units back to the body. Returns where the body
   * units begin in `units`.
   */
  private startMarker(units: string, start: number): number {
    let i = start;
    for (; i < units.length && this.markerHeld !== undefined; i++) {
      const unit = units[i]!;
      if (this.markerPart === '' && (unit === ' ' || unit === '\t' || unit === '\n' || unit === '\r')) {
        this.markerHeld += unit;
        continue;
      }
      const part = this.markerPart + unit;
      const marker = CONTENT_MARKERS.find(([open]) => open.startsWith(part));
      if (marker === undefined) {
        this.body += this.markerHeld;
        this.markerHeld = undefined;
        return i;
      }
      this.markerHeld += unit;
      this.markerPart = part;
      if (part === marker[0]) {
        this.marker = marker;
        this.markerHeld = undefined;
      }
    }
    return i;
  }
}

/** Sets a key as an own property (so `__proto__` is an ordinary key). */
function setKey(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}
