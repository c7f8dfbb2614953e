import type { BlockIdentity, BlockReader, ParsedCall, WorkMeter } from '../../types.js';
import { identityOf } from '../shared/identity.js';
import { TextBuffer } from '../../scanner/text-buffer.js';
import { ArgumentTree } from './argument-tree.js';
import { describeOpen, firstNonBlank, where } from './messages.js';
import { PartialInput } from './partial-input.js';
import { SourcePieces } from './source-pieces.js';
import { XmlTokenizer, type CloseTag, type OpenTag, type Position, type TokenSink } from './tokenizer.js';
import { TopText } from './top-text.js';
import { betweenMarkers, PiecedText } from './value-text.js';

/** What the opener settled for a `<tool name="N">` or `<tool:N>` block. */
export interface XmlToolHeader {
  toolName: string;
  toolCallId: string | undefined;
  /** Lower-case name of the closing tag: `tool` or `tool:n`. */
  closer: string;
  /** Other opener attributes, kept as `fields`. */
  fields: ReadonlyArray<[string, string]>;
  /** Units of the opener, for positions in error messages. */
  openerLength: number;
}

/**
 * Deepest nesting of elements in a `<tool>` block (`<arguments>` counts). Values
 * nested deeper break `JSON.stringify` and the renderers downstream, and no
 * tool's arguments need them: a deeper element is an error naming where.
 */
export const MAX_XML_DEPTH = 100;

/**
 * The body of a `<tool name="N">` or `<tool:N>` block, up to `</tool>` /
 * `</tool:N>` (any case; `</tool>` closes even inside an open value, so an
 * unclosed `<arg>` is reported there). Inside, at the top or in `<arguments>`:
 *
 * - `<arg name="k">v</arg>`, `<param name="k">v</param>`, `<param:k>v</param:k>`:
 *   the value is the text as written up to its close tag (markup inside
 *   kept), CDATA unwrapped, one line break trimmed at each edge; with
 *   `type="json"` the text is parsed as JSON;
 * - a value wrapped in `__START_CONTENT__` … `__END_CONTENT__` (or
 *   `__START_PATCH__` … `__END_PATCH__`) is the text between the markers,
 *   verbatim (tags, `</arg>` and CDATA included), minus one line break after
 *   the start marker and one before the end marker;
 * - an `<arg>` whose first child is `<arg name="…">` is an object of those
 *   args, one whose first child is `<item>` an array of the items (each a
 *   value again, so they nest to {@link MAX_XML_DEPTH});
 * - in `<tool name="N">`, any other `<k>…</k>`: text, or an object of its
 *   child elements; `<tool:N>` takes only `<param:k>` (and `<param name>`);
 * - a name given again makes an array.
 *
 * A body of text only that starts with `{` is read as JSON arguments. Other
 * text outside an element, a stray or mismatched close tag, an `<arg>`
 * without a name or an element still open at the closer make the block an
 * `output-error` naming what and where (line and column counted from the
 * opener's `<`). The partial input shows the values read so far and the one being written, read
 * at points fixed by the body's text (see {@link ReadPoints}): a message caught mid-stream shows
 * what the same text streamed in any pieces shows.
 */
export class XmlToolBlock implements BlockReader, TokenSink {
  private readonly tokenizer: XmlTokenizer;
  /** The body as read (slices of it are kept for mixed content). */
  private readonly source: SourcePieces;
  private readonly tree: ArgumentTree;
  /** Body units not yet taken as an input delta. */
  private readonly delta = new TextBuffer();
  /** Text at the top level, outside any element. */
  private readonly topText = new TopText();
  /** The last unit read was `\r`. */
  private afterCR = false;
  private sawElement = false;
  private readonly partialInput = new PartialInput();

  constructor(
    private readonly header: XmlToolHeader,
    private readonly work?: WorkMeter,
  ) {
    this.tokenizer = new XmlTokenizer(this, header.openerLength);
    this.source = new SourcePieces(work);
    this.tree = new ArgumentTree(this.source, work, (closeName) => this.tokenizer.expectContentMarker(closeName));
  }

  read(text: string, from: number, to: number): number {
    // The source first: a close tag in this piece slices content that may start in it.
    this.source.append(text.slice(from, to));
    return this.tokenizer.read(text, from, to);
  }

  endOfInput(): boolean {
    this.delta.append(this.tokenizer.pending());
    return false;
  }

  identity(): BlockIdentity {
    return identityOf(this.header.toolName, this.header.toolCallId);
  }

  takeInputDelta(): string {
    return this.delta.take();
  }

  partial(): ParsedCall[] {
    // Units still held (a tag being read, a possible end marker) are not read yet, as in the input
    // delta: a reader of the deltas asks for the partial input when they grow.
    const read = this.source.length - this.tokenizer.pendingLength();
    return [this.call(this.partialInput.read(read, (length) => this.inputUpTo(length)))];
  }

  /**
   * The input the body's first `length` units show, a function of that text alone (never of how
   * it arrived): read again by a block of its own, then cut off there (see {@link inputSoFar}).
   * Costs about `length`; the read points keep the reads of a block amortised linear.
   */
  private inputUpTo(length: number): Record<string, unknown> {
    const prefix = new XmlToolBlock(this.header, this.work);
    // In the pieces it arrived in: a slice across them would copy the body at every read.
    this.source.eachPiece(length, (piece, from, to) => prefix.read(piece, from, to));
    return prefix.inputSoFar();
  }

  /**
   * The input with what is still open as if it closed here (this block is spent after): a value
   * being written shows its text so far; a tag, a CDATA section or an end marker's start not
   * complete yet is left out (it is not text), and so is a value with nothing written yet or a
   * JSON value that does not parse yet.
   */
  private inputSoFar(): Record<string, unknown> {
    if (this.tree.error === undefined) this.tree.closeAll(true);
    return this.tree.input.object;
  }

  finish(closed: boolean): ParsedCall[] {
    if (!closed) this.unwind();
    const call = this.call(this.tree.input.object);
    if (this.tree.error === undefined) {
      const read = this.topText.read(this.sawElement, this.work);
      if (read !== undefined) {
        if ('error' in read) this.tree.fail(read.error);
        else call.input = read.input;
      }
    }
    const error = this.tree.error;
    if (error !== undefined) return [{ ...call, invalid: true, errorText: error }];
    return [call];
  }

  // -- tokens ---------------------------------------------------------------

  text(raw: string, at: Position): void {
    this.delta.append(raw);
    const afterCR = this.afterCR;
    this.afterCR = raw[raw.length - 1] === '\r';
    this.addText(raw, at, afterCR);
  }

  /**
   * Text in the structure: a value's, an element's, or top-level text.
   * `afterCR`: the unit before it was `\r` (a `\n` first is then the same line break).
   */
  private addText(raw: string, at: Position, afterCR: boolean): void {
    const tree = this.tree;
    if (tree.error !== undefined) return;
    const frame = tree.top();
    if (frame === undefined) {
      this.topText.add(raw, at, afterCR);
    } else if (frame.kind === 'value') {
      const blank = raw.trim() === '';
      if (frame.markerEnd !== undefined) {
        if (!blank) tree.fail(`text after ${frame.markerEnd} at ${where(firstNonBlank(raw, at, afterCR))}: expected the close tag of ${describeOpen(frame.tag)}`);
        return;
      }
      if (!blank) frame.blank = false;
      frame.value.text(raw);
    } else if (frame.kind === 'container') {
      if (raw.trim() !== '') tree.fail(`text inside ${describeOpen(frame.tag)} at ${where(firstNonBlank(raw, at, afterCR))}: expected <item> or <arg name="…"> elements`);
    } else if (frame.kind === 'element') {
      if (raw.trim() !== '') frame.hasText = true;
      if (frame.children === undefined) frame.text.text(raw);
    } else if (raw.trim() !== '') tree.fail(`text inside <arguments> at ${where(firstNonBlank(raw, at, afterCR))}: expected <arg name="…"> elements`);
  }

  cdata(content: string, raw: string, at: Position): void {
    this.delta.append(raw);
    this.afterCR = false;
    const tree = this.tree;
    if (tree.error !== undefined) return;
    const frame = tree.top();
    if (frame === undefined) {
      this.topText.addCdata(content, at);
    } else if (frame.kind === 'value') {
      if (frame.markerEnd !== undefined) {
        tree.fail(`a CDATA section after ${frame.markerEnd} at ${where(at)}: expected the close tag of ${describeOpen(frame.tag)}`);
        return;
      }
      frame.blank = false;
      frame.value.cdata(content);
    } else if (frame.kind === 'container') {
      tree.fail(`a CDATA section inside ${describeOpen(frame.tag)} at ${where(at)}: expected <item> or <arg name="…"> elements`);
    } else if (frame.kind === 'element') {
      if (content !== '') frame.hasText = true;
      if (frame.children === undefined) frame.text.cdata(content);
    } else tree.fail(`a CDATA section inside <arguments> at ${where(at)}: expected <arg name="…"> elements`);
  }

  open(tag: OpenTag): void {
    this.delta.append(tag.raw);
    this.afterCR = false;
    if (tag.selfClosing) this.partialInput.event(tag.end);
    const tree = this.tree;
    if (tree.error !== undefined) return;
    let frame = tree.top();
    if (frame?.kind === 'value') {
      if (!frame.blank || (tag.lower !== 'item' && tree.valueKey(tag, false) === undefined)) {
        frame.value.text(tag.raw);
        frame.blank = false;
        return;
      }
      // The first child is an <arg> or an <item>: the value is an object or an array of them.
      frame = tree.toContainer(frame);
    }
    if (tree.stack.length >= MAX_XML_DEPTH && !tag.selfClosing) {
      tree.fail(`${describeOpen(tag)} at ${where(tag.at)} is nested deeper than ${MAX_XML_DEPTH} elements`);
      return;
    }
    if (frame?.kind === 'element') {
      tree.openChildElement(frame, tag);
      return;
    }
    if (frame?.kind === 'container') {
      tree.openChild(frame, tag);
      return;
    }
    this.sawElement = true;
    const paramStyle = this.header.closer !== 'tool';
    if (tag.lower === 'arguments' && !paramStyle) {
      if (frame !== undefined) tree.fail(`<arguments> inside <arguments> at ${where(tag.at)}`);
      else if (!tag.selfClosing) tree.stack.push({ kind: 'arguments', tag });
      return;
    }
    if (paramStyle && tag.lower !== 'param' && !tag.lower.startsWith('param:')) {
      tree.fail(`${describeOpen(tag)} at ${where(tag.at)} inside <tool:${this.header.toolName}>: expected <param:KEY> elements`);
      return;
    }
    const valueKey = tree.valueKey(tag);
    if (valueKey === undefined) {
      tree.openElement(tag);
      return;
    }
    tree.openValue(tag, valueKey.key, false, valueKey.closeName);
  }

  contentStart(raw: string, at: Position): void {
    this.delta.append(raw);
    this.afterCR = false;
    const frame = this.tree.top();
    if (this.tree.error !== undefined || frame?.kind !== 'value') return;
    if (!frame.blank) {
      this.tree.fail(`a content marker at ${where(at)} after the start of the value of ${describeOpen(frame.tag)}`);
      return;
    }
    frame.blank = false;
    frame.verbatim = new PiecedText();
  }

  verbatim(text: string): void {
    this.delta.append(text);
    const frame = this.tree.top();
    if (frame?.kind === 'value' && frame.verbatim !== undefined) frame.verbatim.append(text);
  }

  contentEnd(raw: string): void {
    this.delta.append(raw);
    this.afterCR = false;
    const frame = this.tree.top();
    if (frame?.kind !== 'value' || frame.verbatim === undefined) return;
    frame.value.cdata(betweenMarkers(frame.verbatim.toString()));
    frame.verbatim = undefined;
    frame.markerEnd = raw;
  }

  close(tag: CloseTag): boolean {
    this.afterCR = false;
    const tree = this.tree;
    if (tag.lower === this.header.closer) {
      const open = tree.top();
      if (open !== undefined && tree.error === undefined) {
        tree.fail(`${describeOpen(open.tag)} opened at ${where(open.tag.at)} is not closed before ${tag.raw} at ${where(tag.at)}`);
      }
      return true;
    }
    this.delta.append(tag.raw);
    if (tree.error !== undefined) return false;
    const frame = tree.top();
    if (frame === undefined) {
      tree.fail(`stray close tag ${tag.raw} at ${where(tag.at)}`);
    } else if (frame.kind === 'value') {
      if (tag.lower !== frame.closeName) {
        frame.value.text(tag.raw);
        frame.blank = false;
      } else {
        tree.stack.pop();
        tree.addValue(frame);
        this.partialInput.event(tag.start + tag.raw.length);
      }
    } else if (frame.kind === 'container') {
      if (tag.lower !== frame.closeName) {
        tree.fail(`close tag ${tag.raw} at ${where(tag.at)} does not match ${describeOpen(frame.tag)} opened at ${where(frame.tag.at)}`);
      } else {
        tree.stack.pop();
        tree.addContainer(frame);
        this.partialInput.event(tag.start + tag.raw.length);
      }
    } else if (tag.lower !== frame.tag.lower) {
      tree.fail(`close tag ${tag.raw} at ${where(tag.at)} does not match ${describeOpen(frame.tag)} opened at ${where(frame.tag.at)}`);
    } else if (frame.kind === 'arguments') {
      tree.stack.pop();
    } else {
      tree.stack.pop();
      tree.addElement(frame, tag.start);
      this.partialInput.event(tag.start + tag.raw.length);
    }
    return false;
  }

  /** The input ended inside the block: what is open is finished as if closed (best effort). */
  private unwind(): void {
    const pending = this.tokenizer.pending();
    if (this.tree.error !== undefined) return;
    if (pending !== '') {
      const top = this.tree.top();
      // (The pending units are in the delta already: endOfInput added them.)
      if (this.tokenizer.inVerbatim && top?.kind === 'value' && top.verbatim !== undefined) top.verbatim.append(pending);
      // Cut off just past an end marker (and blanks, or part of the close tag): best effort, it was the end.
      else if (!this.tokenizer.afterEndMarker) this.addText(pending, this.tokenizer.position(), this.afterCR);
    }
    this.tree.closeAll(false);
  }

  private call(input: Record<string, unknown>): ParsedCall {
    const { toolName, toolCallId, fields } = this.header;
    const call: ParsedCall = { toolName, input };
    if (toolCallId !== undefined) call.toolCallId = toolCallId;
    if (fields.length > 0) call.fields = Object.fromEntries(fields);
    return call;
  }
}
