import type { WorkMeter } from '../../types.js';
import { isRecord } from '../../object.js';
import { parseJson } from '../shared/json.js';
import { ReadPoints } from '../shared/read-points.js';
import { Collector } from './collector.js';
import { describeOpen, excerpt, where } from './messages.js';
import type { SourcePieces } from './source-pieces.js';
import type { Position, TagReader } from './tag.js';
import type { TokenSink } from './tokenizer.js';
import { betweenMarkers, PiecedText, trimOneLineBreak, ValueText } from './value-text.js';

/**
 * Deepest nesting of elements in a `<tool>` block (`<arguments>` counts). Values
 * nested deeper break `JSON.stringify` and the renderers downstream, and no
 * tool's arguments need them: a deeper element is an error naming where.
 */
export const MAX_XML_DEPTH = 100;

const enum Kind {
  /** `<arguments>`: a container of args. */
  Arguments,
  /**
   * `<arg name="k">`, `<param name="k">`, `<param:k>`, or an `<item>` of an array: a value
   * written raw up to its close tag — unless its first child is an `<arg>` or `<item>`, which
   * makes it a container.
   */
  Value,
  /** An `<arg>` (or `<item>`) holding `<arg name>` children (an object) or `<item>` children (an array). */
  Container,
  /** A legacy child `<k>…</k>`: text, or child elements (an object). */
  Element,
}

/** An element open in a `<tool>` block; which fields it uses depends on its kind. */
interface Frame {
  kind: Kind;
  tag: TagReader;
  /** Value, container: the key; `undefined` for an `<item>`, or an `<arg>` without a name (already reported). */
  key?: string | undefined;
  /** Value, container: an `<item>`, its value the next item of the enclosing array. */
  item?: boolean;
  /** Value: `type="json"`, the text is a JSON value. */
  json?: boolean;
  /** Value, element: the text so far. */
  text?: ValueText;
  /**
   * Value: only blanks so far (a child `<arg>` or `<item>` would make it a container). Element:
   * no text yet (with children, text makes the content mixed, kept as written).
   */
  blank?: boolean;
  /** Value: between content markers, the verbatim text so far. */
  verbatim?: PiecedText | undefined;
  /** Value: past the end content marker, its text (only blanks may follow). */
  markerEnd?: string | undefined;
  /** Container: its `<arg name>` children; element: its child elements. */
  object?: Collector | undefined;
  /** Container: its `<item>` children. */
  array?: unknown[] | undefined;
}

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

const ITEMS_OR_ARGS = 'expected <item> or <arg name="…"> elements';

/**
 * The arguments of a `<tool>` block, built from its tokens: the stack of open elements, the input
 * their finished values go to, the text outside every element, and the first problem (later ones
 * are usually its consequences). Values, containers (objects and arrays of `<arg>` / `<item>`) and
 * legacy elements are built here; the block around it reads and streams.
 */
export class ArgumentTree implements TokenSink {
  readonly input = new Collector();
  private readonly stack: Frame[] = [];
  error: string | undefined;
  /** Where the partial input is read again: at the closes of values and elements. */
  readonly points = new ReadPoints();
  /** Offset of the block's closer in the body, once it is read. */
  closerAt = -1;
  private sawElement = false;
  /** Text outside every element, and where its first non-blank unit is. */
  private topText = '';
  private topAt: Position | undefined;

  /**
   * @param source the body as read, for mixed content.
   * @param expectContentMarker told the close tag of a value that opens (its content may be
   *   wrapped in content markers).
   */
  constructor(
    /** `tool` or `tool:n`: the block's closer, lower case. */
    private readonly closer: string,
    private readonly toolName: string,
    private readonly source: SourcePieces,
    private readonly work: WorkMeter | undefined,
    private readonly expectContentMarker: (closeName: string) => void,
  ) {}

  /** The innermost open element. */
  private top(): Frame | undefined {
    return this.stack[this.stack.length - 1];
  }

  private fail(message: string): void {
    this.error ??= message;
  }

  // -- tokens ---------------------------------------------------------------

  text(raw: string, at: Position | undefined): void {
    this.content(raw, false, at);
  }

  cdata(content: string, at: Position): void {
    this.content(content, true, at);
  }

  /**
   * Text, or a CDATA section's content, in the structure: a value's, an element's, or text outside
   * the elements. `at`: where its first significant unit is; `undefined` when it has none (blank
   * text; a CDATA section always has, even empty).
   */
  private content(text: string, cdata: boolean, at: Position | undefined): void {
    const frame = this.top();
    if (this.error !== undefined) return;
    if (frame === undefined) {
      this.topAt ??= at;
      this.topText += text;
    } else if (frame.kind === Kind.Value && frame.markerEnd === undefined) {
      if (at) frame.blank = false;
      frame.text!.add(text, cdata);
    } else if (frame.kind === Kind.Element) {
      if (cdata ? text !== '' : at) frame.blank = false;
      if (frame.object === undefined) frame.text!.add(text, cdata);
    } else if (at) {
      const what = cdata ? 'a CDATA section' : 'text';
      if (frame.kind === Kind.Value) {
        this.fail(`${what} after ${frame.markerEnd} at ${where(at)}: expected the close tag of ${describeOpen(frame.tag)}`);
      } else {
        const container = frame.kind === Kind.Container;
        this.fail(`${what} inside ${container ? describeOpen(frame.tag) : '<arguments>'} at ${where(at)}: ${container ? ITEMS_OR_ARGS : 'expected <arg name="…"> elements'}`);
      }
    }
  }

  open(tag: TagReader): void {
    if (tag.selfClosing) this.points.event(tag.end);
    let frame = this.top();
    if (this.error !== undefined) return;
    if (frame?.kind === Kind.Value) {
      if (!frame.blank || (tag.lower !== 'item' && this.valueKey(tag, false) === false)) {
        frame.text!.add(tag.raw, false);
        frame.blank = false;
        return;
      }
      // The first child is an <arg> or an <item>: the value is an object or an array of them.
      frame.kind = Kind.Container;
    }
    if (this.stack.length >= MAX_XML_DEPTH && !tag.selfClosing) {
      this.fail(`${describeOpen(tag)} at ${where(tag.at)} is nested deeper than ${MAX_XML_DEPTH} elements`);
    } else if (frame?.kind === Kind.Element) {
      frame.object ??= new Collector();
      this.openElement(tag);
    } else if (frame?.kind === Kind.Container) {
      this.openChild(frame, tag);
    } else {
      this.sawElement = true;
      const paramStyle = this.closer !== 'tool';
      if (tag.lower === 'arguments' && !paramStyle) {
        if (frame !== undefined) this.fail(`<arguments> inside <arguments> at ${where(tag.at)}`);
        else if (!tag.selfClosing) this.stack.push({ kind: Kind.Arguments, tag });
      } else if (paramStyle && tag.lower !== 'param' && !tag.lower.startsWith('param:')) {
        this.fail(`${describeOpen(tag)} at ${where(tag.at)} inside <tool:${this.toolName}>: expected <param:KEY> elements`);
      } else {
        const key = this.valueKey(tag);
        if (key === false) this.openElement(tag);
        else this.openValue(tag, key, false);
      }
    }
  }

  /** A start content marker: the value's text is what comes before the end marker, verbatim. */
  contentStart(): void {
    const frame = this.top()!;
    frame.blank = false;
    frame.verbatim = new PiecedText();
  }

  verbatim(text: string): void {
    this.top()?.verbatim?.append(text);
  }

  contentEnd(raw: string): void {
    const frame = this.top();
    if (frame?.verbatim === undefined) return;
    this.endVerbatim(frame);
    frame.markerEnd = raw;
  }

  close(tag: TagReader): boolean {
    const frame = this.top();
    if (tag.lower === this.closer) {
      if (frame !== undefined && this.error === undefined) {
        this.fail(`${describeOpen(frame.tag)} opened at ${where(frame.tag.at)} is not closed before ${tag.raw} at ${where(tag.at)}`);
      }
      this.closerAt = tag.start;
      return true;
    }
    if (this.error !== undefined) return false;
    if (frame === undefined) {
      this.fail(`stray close tag ${tag.raw} at ${where(tag.at)}`);
    } else if (tag.lower !== frame.tag.lower) {
      if (frame.kind !== Kind.Value) {
        this.fail(`close tag ${tag.raw} at ${where(tag.at)} does not match ${describeOpen(frame.tag)} opened at ${where(frame.tag.at)}`);
        return false;
      }
      frame.text!.add(tag.raw, false);
      frame.blank = false;
    } else {
      this.stack.pop();
      if (frame.kind !== Kind.Arguments) {
        this.add(frame, tag.start);
        this.points.event(tag.start + tag.raw.length);
      }
    }
    return false;
  }

  // -- building ---------------------------------------------------------------

  /**
   * For `<arg>` / `<param>` / `<param:k>`: the value's key (`undefined` for a missing name,
   * reported when `report`); `false` for other elements.
   */
  private valueKey(tag: TagReader, report = true): string | undefined | false {
    if (tag.lower.startsWith('param:') && tag.lower.length > 6) return tag.name.slice(6);
    if (tag.lower !== 'arg' && tag.lower !== 'param') return false;
    const key = tag.attr('name');
    if (key === undefined && report) this.fail(`<${tag.name}> without a name attribute at ${where(tag.at)}`);
    return key;
  }

  /** A value element opens: read raw (or between content markers) up to its close tag. */
  private openValue(tag: TagReader, key: string | undefined, item: boolean): void {
    const json = tag.attr('type')?.toLowerCase() === 'json';
    const frame: Frame = { kind: Kind.Value, tag, key, item, json, text: new ValueText(), blank: true };
    if (tag.selfClosing) this.add(frame, tag.end);
    else {
      this.stack.push(frame);
      this.expectContentMarker(tag.lower);
    }
  }

  /** A child of a container: an `<item>` of an array or an `<arg name>` of an object, never both. */
  private openChild(container: Frame, tag: TagReader): void {
    const item = tag.lower === 'item';
    const key = item ? undefined : this.valueKey(tag);
    if (key === false) {
      this.fail(`${describeOpen(tag)} at ${where(tag.at)} inside ${describeOpen(container.tag)}: ${ITEMS_OR_ARGS}`);
    } else if (item ? container.object !== undefined : container.array !== undefined) {
      this.fail(`${describeOpen(tag)} at ${where(tag.at)}: ${describeOpen(container.tag)} mixes <item> and <arg> children`);
    } else {
      if (item) container.array ??= [];
      else container.object ??= new Collector();
      this.openValue(tag, key, item);
    }
  }

  private openElement(tag: TagReader): void {
    const frame: Frame = { kind: Kind.Element, tag, text: new ValueText(), blank: true };
    if (tag.selfClosing) this.add(frame, tag.end);
    else this.stack.push(frame);
  }

  /** Cut off between the content markers: what was read is the value. */
  private endVerbatim(frame: Frame): void {
    frame.text!.add(betweenMarkers(frame.verbatim!.toString()), true);
    frame.verbatim = undefined;
  }

  /** An element is complete (its content ends at `end` in the body): its value goes where it belongs. */
  private add(frame: Frame, end: number): void {
    if (frame.kind === Kind.Container) {
      this.deliver(frame, frame.array ?? frame.object?.object ?? {});
    } else if (frame.kind === Kind.Element) {
      // Only mixed content (text and child elements) is sliced from the source, as written.
      const value = frame.object === undefined ? frame.text!.finish() : frame.blank ? frame.object.object : new MixedContent(frame.tag.end, end);
      const parent = this.top();
      if (parent?.kind === Kind.Element) parent.object!.add(frame.tag.name, value);
      else this.input.add(frame.tag.name, this.resolve(value));
    } else if (frame.kind === Kind.Value && (frame.key !== undefined || frame.item)) {
      if (frame.verbatim !== undefined) this.endVerbatim(frame);
      const text = frame.text!.finish();
      if (!frame.json) return this.deliver(frame, text);
      const parsed = parseJson(text, this.work);
      if (parsed.ok) this.deliver(frame, parsed.value);
      else this.fail(`the value of ${describeOpen(frame.tag)} at ${where(frame.tag.at)} is not valid JSON: ${parsed.message}`);
    }
  }

  /**
   * Finishes every open element as if it closed at the end of the body read. `soFar`: for the
   * partial input, where a value with nothing written yet and an empty element are left out (a
   * value past its end marker ended there).
   */
  closeAll(soFar: boolean): void {
    for (let frame = this.stack.pop(); frame !== undefined; frame = this.stack.pop()) {
      if (!soFar || frame.kind === Kind.Container || !frame.blank || frame.markerEnd !== undefined || frame.object !== undefined) {
        this.add(frame, this.source.length);
      }
    }
  }

  /** A finished value goes to the enclosing container, or to the input. */
  private deliver(frame: Frame, value: unknown): void {
    const parent = this.top();
    if (parent?.kind === Kind.Container) {
      if (frame.item) parent.array!.push(value);
      else if (frame.key !== undefined) parent.object!.add(frame.key, value);
    } else if (frame.key !== undefined) this.input.add(frame.key, value);
  }

  /** A value with its mixed content sliced from the source (in place: the objects are this block's own). */
  private resolve(value: unknown): unknown {
    if (value instanceof MixedContent) return this.slice(value);
    if (typeof value !== 'object' || value === null) return value;
    const stack: Array<Record<string, unknown>> = [value as Record<string, unknown>];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      for (const key of Object.keys(node)) {
        const child = node[key];
        if (child instanceof MixedContent) node[key] = this.slice(child);
        else if (typeof child === 'object' && child !== null) stack.push(child as Record<string, unknown>);
      }
    }
    return value;
  }

  private slice(content: MixedContent): string {
    return trimOneLineBreak(this.source.slice(content.start, content.end));
  }

  /**
   * The input when the block is finished: the values read, or, for a body of text only that is
   * a JSON object, that object; or the problem, in {@link error}.
   */
  finishedInput(): Record<string, unknown> {
    const text = this.topText.trim();
    if (this.error !== undefined || text === '') return this.input.object;
    const at = where(this.topAt!);
    if (this.sawElement || !text.startsWith('{')) {
      this.fail(`text ${excerpt(text)} outside an element at ${at}: expected <arg name="…">, <param:…> or <name> elements`);
      return this.input.object;
    }
    const parsed = parseJson(text, this.work);
    if (!parsed.ok) this.fail(`the body at ${at} is not valid JSON arguments: ${parsed.message}`);
    else if (isRecord(parsed.value)) return parsed.value;
    else this.fail(`the JSON body at ${at} must be an object of arguments`);
    return this.input.object;
  }
}
