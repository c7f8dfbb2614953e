import type { BlockIdentity, BlockReader, ParsedCall, WorkMeter } from '../../types.js';
import { identityOf } from '../shared/identity.js';
import { parseJson } from '../shared/json.js';
import { isRecord } from '../../object.js';
import { Collector } from './collector.js';
import { SourcePieces } from './source-pieces.js';
import { XmlTokenizer, type CloseTag, type OpenTag, type Position, type TokenSink } from './tokenizer.js';
import { betweenMarkers, trimOneLineBreak, ValueText } from './value-text.js';
import { ReadPoints } from '../shared/read-points.js';
import { TextBuffer } from '../../scanner/text-buffer.js';

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

/** `<arguments>`: a container of args. */
interface ArgumentsFrame {
  kind: 'arguments';
  tag: OpenTag;
}

/**
 * `<arg name="k">`, `<param name="k">`, `<param:k>`, or an `<item>` of an
 * array: a value written raw up to its close tag — unless its first child is
 * an `<arg>` or `<item>`, which makes it a {@link ContainerFrame}.
 */
interface ValueFrame {
  kind: 'value';
  tag: OpenTag;
  /** `undefined` for an `<item>`, or an `<arg>` without a name (already reported). */
  key: string | undefined;
  /** An `<item>`: its value is the next item of the enclosing array. */
  item: boolean;
  closeName: string;
  /** `type="json"`: the text is a JSON value. */
  json: boolean;
  value: ValueText;
  /** Only blanks so far: a child `<arg>` or `<item>` would make it a container. */
  blank: boolean;
  /** Between content markers: the verbatim text so far. */
  verbatim: string | undefined;
  /** Past the end content marker: its text (only blanks may follow). */
  markerEnd: string | undefined;
}

/** An `<arg>` (or `<item>`) holding `<arg name>` children (an object) or `<item>` children (an array). */
interface ContainerFrame {
  kind: 'container';
  tag: OpenTag;
  key: string | undefined;
  item: boolean;
  closeName: string;
  object: Collector | undefined;
  array: unknown[] | undefined;
}

/** A legacy child `<k>…</k>`: text, or child elements (an object). */
interface ElementFrame {
  kind: 'element';
  tag: OpenTag;
  text: ValueText;
  children: Collector | undefined;
  /** Non-blank text was seen (with children, the content is kept as written). */
  hasText: boolean;
}

type Frame = ArgumentsFrame | ValueFrame | ContainerFrame | ElementFrame;

/**
 * The mixed content of an element (text and child elements, kept as written),
 * sliced from the source only when its value reaches the input: an enclosing
 * element with text of its own keeps its whole content instead, so nested
 * mixed content is sliced once, not once per level.
 */
class MixedContent {
  constructor(
    readonly start: number,
    readonly end: number,
  ) {}
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
  private readonly input = new Collector();
  private readonly stack: Frame[] = [];
  /** The body as read (slices of it are kept for mixed content). */
  private readonly source: SourcePieces;
  /** Body units not yet taken as an input delta. */
  private readonly delta = new TextBuffer();
  private error: string | undefined;
  /** Text at the top level, outside any element. */
  private topText = '';
  private topTextAt: Position | undefined;
  /** The last unit read was `\r`. */
  private afterCR = false;
  private sawElement = false;
  private snapshot: Record<string, unknown> = {};
  /** Where the partial input is read: value closes and steps within a value (see {@link ReadPoints}). */
  private readonly points = new ReadPoints();
  /** The body length the partial input was last read at. */
  private readAt = 0;

  constructor(
    private readonly header: XmlToolHeader,
    private readonly work?: WorkMeter,
  ) {
    this.tokenizer = new XmlTokenizer(this, header.openerLength);
    this.source = new SourcePieces(work);
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
    const at = this.points.latest(this.source.length - this.tokenizer.pendingLength());
    if (at > this.readAt) {
      this.readAt = at;
      this.snapshot = this.inputUpTo(at);
    }
    return [this.call(this.snapshot)];
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
    if (this.error === undefined) {
      // Past the end marker (blanks, the close tag begun): the value ended there.
      while (this.stack.length > 0) {
        const frame = this.stack.pop()!;
        if (frame.kind === 'value') {
          if (!frame.blank || frame.markerEnd !== undefined) this.addValue(frame);
        } else if (frame.kind === 'container') this.deliver(frame, frame.array ?? frame.object?.object ?? {});
        else if (frame.kind === 'element') {
          if (frame.hasText || frame.children !== undefined) this.addElement(frame, this.source.length);
        }
      }
    }
    return this.input.object;
  }

  finish(closed: boolean): ParsedCall[] {
    if (!closed) this.unwind();
    const call = this.call(this.input.object);
    if (this.error === undefined) this.readTopText(call);
    if (this.error !== undefined) return [{ ...call, invalid: true, errorText: this.error }];
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
    if (this.error !== undefined) return;
    const frame = this.stack[this.stack.length - 1];
    if (frame === undefined) {
      if (this.topTextAt === undefined && raw.trim() !== '') this.topTextAt = firstNonBlank(raw, at, afterCR);
      this.topText += raw;
    } else if (frame.kind === 'value') {
      const blank = raw.trim() === '';
      if (frame.markerEnd !== undefined) {
        if (!blank) this.fail(`text after ${frame.markerEnd} at ${where(firstNonBlank(raw, at, afterCR))}: expected the close tag of ${describeOpen(frame.tag)}`);
        return;
      }
      if (!blank) frame.blank = false;
      frame.value.text(raw);
    } else if (frame.kind === 'container') {
      if (raw.trim() !== '') this.fail(`text inside ${describeOpen(frame.tag)} at ${where(firstNonBlank(raw, at, afterCR))}: expected <item> or <arg name="…"> elements`);
    } else if (frame.kind === 'element') {
      if (raw.trim() !== '') frame.hasText = true;
      if (frame.children === undefined) frame.text.text(raw);
    } else if (raw.trim() !== '') this.fail(`text inside <arguments> at ${where(firstNonBlank(raw, at, afterCR))}: expected <arg name="…"> elements`);
  }

  cdata(content: string, raw: string, at: Position): void {
    this.delta.append(raw);
    this.afterCR = false;
    if (this.error !== undefined) return;
    const frame = this.stack[this.stack.length - 1];
    if (frame === undefined) {
      this.topTextAt ??= at;
      this.topText += content;
    } else if (frame.kind === 'value') {
      if (frame.markerEnd !== undefined) {
        this.fail(`a CDATA section after ${frame.markerEnd} at ${where(at)}: expected the close tag of ${describeOpen(frame.tag)}`);
        return;
      }
      frame.blank = false;
      frame.value.cdata(content);
    } else if (frame.kind === 'container') {
      this.fail(`a CDATA section inside ${describeOpen(frame.tag)} at ${where(at)}: expected <item> or <arg name="…"> elements`);
    } else if (frame.kind === 'element') {
      if (content !== '') frame.hasText = true;
      if (frame.children === undefined) frame.text.cdata(content);
    } else this.fail(`a CDATA section inside <arguments> at ${where(at)}: expected <arg name="…"> elements`);
  }

  open(tag: OpenTag): void {
    this.delta.append(tag.raw);
    this.afterCR = false;
    if (tag.selfClosing) this.points.event(tag.end);
    if (this.error !== undefined) return;
    let frame = this.stack[this.stack.length - 1];
    if (frame?.kind === 'value') {
      if (!frame.blank || (tag.lower !== 'item' && this.valueKey(tag, false) === undefined)) {
        frame.value.text(tag.raw);
        frame.blank = false;
        return;
      }
      // The first child is an <arg> or an <item>: the value is an object or an array of them.
      frame = this.toContainer(frame);
    }
    if (this.stack.length >= MAX_XML_DEPTH && !tag.selfClosing) {
      this.fail(`${describeOpen(tag)} at ${where(tag.at)} is nested deeper than ${MAX_XML_DEPTH} elements`);
      return;
    }
    if (frame?.kind === 'element') {
      frame.children ??= new Collector();
      this.openElement(tag);
      return;
    }
    if (frame?.kind === 'container') {
      this.openChild(frame, tag);
      return;
    }
    this.sawElement = true;
    const paramStyle = this.header.closer !== 'tool';
    if (tag.lower === 'arguments' && !paramStyle) {
      if (frame !== undefined) this.fail(`<arguments> inside <arguments> at ${where(tag.at)}`);
      else if (!tag.selfClosing) this.stack.push({ kind: 'arguments', tag });
      return;
    }
    if (paramStyle && tag.lower !== 'param' && !tag.lower.startsWith('param:')) {
      this.fail(`${describeOpen(tag)} at ${where(tag.at)} inside <tool:${this.header.toolName}>: expected <param:KEY> elements`);
      return;
    }
    const valueKey = this.valueKey(tag);
    if (valueKey === undefined) {
      this.openElement(tag);
      return;
    }
    this.openValue(tag, valueKey.key, false, valueKey.closeName);
  }

  contentStart(raw: string, at: Position): void {
    this.delta.append(raw);
    this.afterCR = false;
    const frame = this.stack[this.stack.length - 1];
    if (this.error !== undefined || frame?.kind !== 'value') return;
    if (!frame.blank) {
      this.fail(`a content marker at ${where(at)} after the start of the value of ${describeOpen(frame.tag)}`);
      return;
    }
    frame.blank = false;
    frame.verbatim = '';
  }

  verbatim(text: string): void {
    this.delta.append(text);
    const frame = this.stack[this.stack.length - 1];
    if (frame?.kind === 'value' && frame.verbatim !== undefined) frame.verbatim += text;
  }

  contentEnd(raw: string): void {
    this.delta.append(raw);
    this.afterCR = false;
    const frame = this.stack[this.stack.length - 1];
    if (frame?.kind !== 'value' || frame.verbatim === undefined) return;
    frame.value.cdata(betweenMarkers(frame.verbatim));
    frame.verbatim = undefined;
    frame.markerEnd = raw;
  }

  close(tag: CloseTag): boolean {
    this.afterCR = false;
    if (tag.lower === this.header.closer) {
      const open = this.stack[this.stack.length - 1];
      if (open !== undefined && this.error === undefined) {
        this.fail(`${describeOpen(open.tag)} opened at ${where(open.tag.at)} is not closed before ${tag.raw} at ${where(tag.at)}`);
      }
      return true;
    }
    this.delta.append(tag.raw);
    if (this.error !== undefined) return false;
    const frame = this.stack[this.stack.length - 1];
    if (frame === undefined) {
      this.fail(`stray close tag ${tag.raw} at ${where(tag.at)}`);
    } else if (frame.kind === 'value') {
      if (tag.lower !== frame.closeName) {
        frame.value.text(tag.raw);
        frame.blank = false;
      } else {
        this.stack.pop();
        this.addValue(frame);
        this.points.event(tag.start + tag.raw.length);
      }
    } else if (frame.kind === 'container') {
      if (tag.lower !== frame.closeName) {
        this.fail(`close tag ${tag.raw} at ${where(tag.at)} does not match ${describeOpen(frame.tag)} opened at ${where(frame.tag.at)}`);
      } else {
        this.stack.pop();
        this.deliver(frame, frame.array ?? frame.object?.object ?? {});
        this.points.event(tag.start + tag.raw.length);
      }
    } else if (tag.lower !== frame.tag.lower) {
      this.fail(`close tag ${tag.raw} at ${where(tag.at)} does not match ${describeOpen(frame.tag)} opened at ${where(frame.tag.at)}`);
    } else if (frame.kind === 'arguments') {
      this.stack.pop();
    } else {
      this.stack.pop();
      this.addElement(frame, tag.start);
      this.points.event(tag.start + tag.raw.length);
    }
    return false;
  }

  // -- structure ------------------------------------------------------------

  /**
   * For `<arg>` / `<param>` / `<param:k>`: the value's key and close tag;
   * `undefined` for other elements. A missing name is reported when `report`.
   */
  private valueKey(tag: OpenTag, report = true): { key: string | undefined; closeName: string } | undefined {
    if (tag.lower.startsWith('param:') && tag.lower.length > 'param:'.length) {
      return { key: tag.name.slice('param:'.length), closeName: tag.lower };
    }
    if (tag.lower !== 'arg' && tag.lower !== 'param') return undefined;
    const key = tag.attr('name');
    if (key === undefined && report) this.fail(`<${tag.name}> without a name attribute at ${where(tag.at)}`);
    return { key, closeName: tag.lower };
  }

  /** A value element opens: read raw (or between content markers) up to its close tag. */
  private openValue(tag: OpenTag, key: string | undefined, item: boolean, closeName: string): void {
    const json = tag.attr('type')?.toLowerCase() === 'json';
    const value: ValueFrame = {
      kind: 'value',
      tag,
      key,
      item,
      closeName,
      json,
      value: new ValueText(),
      blank: true,
      verbatim: undefined,
      markerEnd: undefined,
    };
    if (tag.selfClosing) {
      this.addValue(value);
      return;
    }
    this.stack.push(value);
    this.tokenizer.expectContentMarker(closeName);
  }

  /** The value frame on top of the stack becomes a container (its blanks so far are not content). */
  private toContainer(frame: ValueFrame): ContainerFrame {
    const { tag, key, item, closeName } = frame;
    const container: ContainerFrame = { kind: 'container', tag, key, item, closeName, object: undefined, array: undefined };
    this.stack[this.stack.length - 1] = container;
    return container;
  }

  /** A child of a container: an `<item>` of an array or an `<arg name>` of an object, never both. */
  private openChild(container: ContainerFrame, tag: OpenTag): void {
    const item = tag.lower === 'item';
    const valueKey = item ? undefined : this.valueKey(tag);
    if (!item && valueKey === undefined) {
      this.fail(`${describeOpen(tag)} at ${where(tag.at)} inside ${describeOpen(container.tag)}: expected <item> or <arg name="…"> elements`);
      return;
    }
    if (item ? container.object !== undefined : container.array !== undefined) {
      this.fail(`${describeOpen(tag)} at ${where(tag.at)}: ${describeOpen(container.tag)} mixes <item> and <arg> children`);
      return;
    }
    if (item) container.array ??= [];
    else container.object ??= new Collector();
    this.openValue(tag, valueKey?.key, item, item ? 'item' : valueKey!.closeName);
  }

  /** A finished value goes to the enclosing container, or to the input. */
  private deliver(frame: { key: string | undefined; item: boolean }, value: unknown): void {
    const parent = this.stack[this.stack.length - 1];
    if (parent?.kind === 'container') {
      if (frame.item) parent.array!.push(value);
      else if (frame.key !== undefined) parent.object!.add(frame.key, value);
    } else if (frame.key !== undefined) this.input.add(frame.key, value);
  }

  private openElement(tag: OpenTag): void {
    const frame: ElementFrame = { kind: 'element', tag, text: new ValueText(), children: undefined, hasText: false };
    if (tag.selfClosing) this.addElement(frame, tag.end);
    else this.stack.push(frame);
  }

  private addValue(frame: ValueFrame): void {
    if (frame.key === undefined && !frame.item) return;
    if (frame.verbatim !== undefined) {
      // Cut off between the content markers: what was read is the value.
      frame.value.cdata(betweenMarkers(frame.verbatim));
      frame.verbatim = undefined;
    }
    const text = frame.value.finish();
    if (!frame.json) {
      this.deliver(frame, text);
      return;
    }
    const parsed = parseJson(text, this.work);
    if (parsed.ok) this.deliver(frame, parsed.value);
    else this.fail(`the value of ${describeOpen(frame.tag)} at ${where(frame.tag.at)} is not valid JSON: ${parsed.message}`);
  }

  /**
   * A legacy element is complete (its content ends at `end` in the body): its
   * value goes to the enclosing element, or to the input. Only mixed content
   * (text and child elements) is sliced from the source, as written.
   */
  private addElement(frame: ElementFrame, end: number): void {
    let value: unknown;
    if (frame.children === undefined) value = frame.text.finish();
    else if (frame.hasText) value = new MixedContent(frame.tag.end, end);
    else value = frame.children.object;
    const parent = this.stack[this.stack.length - 1];
    if (parent?.kind === 'element') parent.children!.add(frame.tag.name, value);
    else this.input.add(frame.tag.name, this.resolve(value));
  }

  /** A value with its mixed content sliced from the source (in place: the objects are this block's own). */
  private resolve(value: unknown): unknown {
    if (value instanceof MixedContent) return this.slice(value);
    if (typeof value !== 'object' || value === null) return value;
    const stack: Array<Record<string, unknown> | unknown[]> = [value as Record<string, unknown>];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      const container = node as Record<string, unknown>;
      for (const key of Object.keys(container)) {
        const child = container[key];
        if (child instanceof MixedContent) container[key] = this.slice(child);
        else if (typeof child === 'object' && child !== null) stack.push(child as Record<string, unknown>);
      }
    }
    return value;
  }

  private slice(content: MixedContent): string {
    return trimOneLineBreak(this.source.slice(content.start, content.end));
  }

  /** The input ended inside the block: what is open is finished as if closed (best effort). */
  private unwind(): void {
    const pending = this.tokenizer.pending();
    if (this.error !== undefined) return;
    if (pending !== '') {
      const top = this.stack[this.stack.length - 1];
      // (The pending units are in the delta already: endOfInput added them.)
      if (this.tokenizer.inVerbatim && top?.kind === 'value' && top.verbatim !== undefined) top.verbatim += pending;
      // Cut off just past an end marker (and blanks, or part of the close tag): best effort, it was the end.
      else if (!this.tokenizer.afterEndMarker) this.addText(pending, this.tokenizer.position(), this.afterCR);
    }
    while (this.stack.length > 0) {
      const frame = this.stack.pop()!;
      if (frame.kind === 'value') this.addValue(frame);
      else if (frame.kind === 'container') this.deliver(frame, frame.array ?? frame.object?.object ?? {});
      else if (frame.kind === 'element') this.addElement(frame, this.source.length);
    }
  }

  /** Top-level text: a JSON object of arguments when it is all there is, else an error. */
  private readTopText(call: ParsedCall): void {
    const text = this.topText.trim();
    if (text === '') return;
    const at = where(this.topTextAt!);
    if (this.sawElement || !text.startsWith('{')) {
      this.fail(`text ${excerpt(text)} outside an element at ${at}: expected <arg name="…">, <param:…> or <name> elements`);
      return;
    }
    const parsed = parseJson(text, this.work);
    if (!parsed.ok) this.fail(`the body at ${at} is not valid JSON arguments: ${parsed.message}`);
    else if (isRecord(parsed.value)) call.input = parsed.value;
    else this.fail(`the JSON body at ${at} must be an object of arguments`);
  }

  private call(input: Record<string, unknown>): ParsedCall {
    const { toolName, toolCallId, fields } = this.header;
    const call: ParsedCall = { toolName, input };
    if (toolCallId !== undefined) call.toolCallId = toolCallId;
    if (fields.length > 0) call.fields = Object.fromEntries(fields);
    return call;
  }

  /** Keeps the first problem: later ones are usually its consequences. */
  private fail(message: string): void {
    this.error ??= message;
  }
}

/**
 * The position of the first unit of `text` that `trim()` keeps (so whether text
 * is blank and where it starts agree, however the text was split), `text`
 * starting at `at`; `afterCR`: the unit before `text` was `\r`.
 */
function firstNonBlank(text: string, at: Position, afterCR: boolean): Position {
  let { line, column } = at;
  for (let i = 0; i < text.length; i++) {
    const unit = text[i]!;
    const crBefore = i === 0 ? afterCR : text[i - 1] === '\r';
    if (unit === '\r' || (unit === '\n' && !crBefore)) {
      line++;
      column = 1;
    } else if (unit === '\n') continue;
    else if (WHITESPACE.test(unit)) column++;
    else break;
  }
  return { line, column };
}

/** A unit `String.prototype.trim` removes. */
const WHITESPACE = /\s/;

function where(at: Position): string {
  return `line ${at.line}, column ${at.column}`;
}

function describeOpen(tag: OpenTag): string {
  const name = tag.attr('name');
  return name === undefined || tag.lower.includes(':') ? `<${tag.name}>` : `<${tag.name} name=${JSON.stringify(name)}>`;
}

/** A short quote of some text for an error message. */
function excerpt(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}
