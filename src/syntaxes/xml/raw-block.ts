import type { BlockIdentity, BlockReader, ParsedCall } from '../../types.js';
import { CloseStep, CloseTagMatcher } from '../shared/close-tag.js';
import { identityOf } from '../shared/identity.js';
import { LeadingBreak } from '../shared/leading-break.js';
import { setOwn } from '../../object.js';
import { MarkerStart } from './tokenizer.js';
import { trimOneLineBreak } from './value-text.js';
import { TextBuffer } from '../../scanner/text-buffer.js';

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
 * minus one line break right after the start marker.
 */
export class XmlRawBlock implements BlockReader {
  private readonly closer: CloseTagMatcher;
  private body = '';
  /** Body units not yet taken as an input delta. */
  private readonly delta = new TextBuffer();
  /** One line break right after the opener is not content. */
  private readonly leading = new LeadingBreak();
  /** While the body may still start with a content marker: its start read so far. */
  private markerStart: MarkerStart | undefined = new MarkerStart();
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
    this.closer = new CloseTagMatcher(toolName);
  }

  read(text: string, from: number, to: number): number {
    const closer = this.closer;
    let i = from;
    while (i < to) {
      if (closer.held === '') {
        // Fast path: everything before the next `<` is body.
        let j = text.indexOf('<', i);
        if (j < 0 || j >= to) j = to;
        if (j > i) this.confirm(text.slice(i, j));
        if (j === to) break;
        closer.start();
        i = j + 1;
        continue;
      }
      const step = closer.push(text[i]!);
      if (step === CloseStep.Done) return i + 1;
      if (step === CloseStep.More) i++;
      // Not the close tag: what was held is body, and this unit is read again.
      else this.confirm(closer.release());
    }
    return -1;
  }

  endOfInput(): boolean {
    this.confirm(this.closer.release());
    return false;
  }

  identity(): BlockIdentity {
    return identityOf(this.toolName, this.toolCallId);
  }

  takeInputDelta(): string {
    return this.delta.take();
  }

  partial(): ParsedCall[] {
    return [this.call(this.body)];
  }

  finish(): ParsedCall[] {
    if (this.markerStart) {
      // Cut off while it could still have been a marker: it was body.
      this.body += this.markerStart.held;
      this.markerStart = undefined;
    }
    let body = this.body;
    const end = this.marker?.[1];
    if (end !== undefined) {
      // Between the markers the text is verbatim (its line break after the start marker was
      // dropped as it arrived): the end marker counts only right before the closer, blanks
      // between allowed — one mentioned in the content is content — and the line break before
      // it is the content's own.
      const trimmed = body.trimEnd();
      return [this.call(trimmed.endsWith(end) ? trimmed.slice(0, -end.length) : body)];
    }
    // The leading line break was never body; one trailing line break (before the closer) is not either.
    return [this.call(trimOneLineBreak(`x${body}`).slice(1))];
  }

  private call(value: string): ParsedCall {
    // `{command, …attributes}` and `{path, …, content}`; the body wins over an attribute of its name.
    const input: Record<string, unknown> = {};
    if (this.toolName === 'run_bash') setOwn(input, this.field, value);
    for (const [key, attrValue] of this.attrs) if (key !== this.field) setOwn(input, key, attrValue);
    if (this.toolName === 'write_file') setOwn(input, this.field, value);
    const call: ParsedCall = { toolName: this.toolName, input };
    if (this.toolCallId !== undefined) call.toolCallId = this.toolCallId;
    return call;
  }

  private confirm(units: string): void {
    if (units === '') return;
    this.delta.append(units);
    // Dropped as it arrives, so a partial never copies the body.
    let start = this.leading.skipIn(units);
    if (this.markerStart) start = this.startMarker(units, start);
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
    for (; i < units.length && this.markerStart; i++) {
      const marker = this.markerStart.push(units[i]!);
      if (marker === false) {
        this.body += this.markerStart.held;
        this.markerStart = undefined;
        return i;
      }
      if (marker !== undefined) {
        this.marker = marker;
        this.markerStart = undefined;
      }
    }
    return i;
  }
}
