import type { BlockIdentity, BlockReader, ParsedCall } from '../../types.js';
import { CloseStep, CloseTagMatcher } from '../shared/close-tag.js';
import { identityOf } from '../shared/identity.js';
import { LeadingBreak } from '../shared/leading-break.js';
import { setOwn } from '../../object.js';
import { xmlCall } from './call.js';
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

  /** The input key of the body: `content` or `command`. */
  private readonly field: string;

  constructor(
    private readonly toolName: XmlShorthand,
    private readonly attrs: ReadonlyArray<readonly [string, string]>,
    private readonly toolCallId: string | undefined,
  ) {
    this.closer = new CloseTagMatcher(toolName);
    this.field = toolName === 'run_bash' ? 'command' : 'content';
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
    return xmlCall(this.toolName, this.toolCallId, input);
  }

  private confirm(units: string): void {
    if (units === '') return;
    this.delta.append(units);
    // Dropped as they arrive, so a partial never copies the body: the line break after the
    // opener, a start content marker with the blanks before it, and the line break after that.
    let start = this.leading.skipIn(units);
    for (; start < units.length && this.markerStart; start++) {
      const marker = this.markerStart.push(units[start]!);
      if (marker === false) {
        // No marker: the units held are body, and so is this one.
        this.body += this.markerStart.held;
        this.markerStart = undefined;
        break;
      }
      if (marker !== undefined) {
        this.marker = marker;
        this.markerStart = undefined;
      }
    }
    if (this.marker !== undefined && !this.afterMarker.done) start += this.afterMarker.skipIn(units.slice(start));
    this.body += units.slice(start);
  }
}
