import type { WorkMeter } from '../../types.js';
import { parseJson } from '../shared/json.js';
import { Collector } from './collector.js';
import type { ContainerFrame, ElementFrame, Frame, ValueFrame } from './frames.js';
import { describeOpen, where } from './messages.js';
import type { SourcePieces } from './source-pieces.js';
import type { OpenTag } from './tokenizer.js';
import { betweenMarkers, trimOneLineBreak, ValueText } from './value-text.js';

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
 * The arguments of a `<tool>` block as its elements open and close: the stack of open elements,
 * the input their finished values go to, and the first problem. It knows how values, containers
 * (objects and arrays of `<arg>` / `<item>`) and legacy elements are built; which element a token
 * opens or closes is the block's to decide.
 */
export class ArgumentTree {
  readonly input = new Collector();
  readonly stack: Frame[] = [];
  /** The first problem: later ones are usually its consequences. */
  error: string | undefined;

  /**
   * @param source the body as read, for mixed content.
   * @param expectContentMarker told the close tag of a value that opens (its content may be
   *   wrapped in content markers).
   */
  constructor(
    private readonly source: SourcePieces,
    private readonly work: WorkMeter | undefined,
    private readonly expectContentMarker: (closeName: string) => void,
  ) {}

  /** The innermost open element. */
  top(): Frame | undefined {
    return this.stack[this.stack.length - 1];
  }

  /** Keeps the first problem. */
  fail(message: string): void {
    this.error ??= message;
  }

  /**
   * For `<arg>` / `<param>` / `<param:k>`: the value's key and close tag;
   * `undefined` for other elements. A missing name is reported when `report`.
   */
  valueKey(tag: OpenTag, report = true): { key: string | undefined; closeName: string } | undefined {
    if (tag.lower.startsWith('param:') && tag.lower.length > 'param:'.length) {
      return { key: tag.name.slice('param:'.length), closeName: tag.lower };
    }
    if (tag.lower !== 'arg' && tag.lower !== 'param') return undefined;
    const key = tag.attr('name');
    if (key === undefined && report) this.fail(`<${tag.name}> without a name attribute at ${where(tag.at)}`);
    return { key, closeName: tag.lower };
  }

  /** A value element opens: read raw (or between content markers) up to its close tag. */
  openValue(tag: OpenTag, key: string | undefined, item: boolean, closeName: string): void {
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
    this.expectContentMarker(closeName);
  }

  /** The value frame on top of the stack becomes a container (its blanks so far are not content). */
  toContainer(frame: ValueFrame): ContainerFrame {
    const { tag, key, item, closeName } = frame;
    const container: ContainerFrame = { kind: 'container', tag, key, item, closeName, object: undefined, array: undefined };
    this.stack[this.stack.length - 1] = container;
    return container;
  }

  /** A child of a container: an `<item>` of an array or an `<arg name>` of an object, never both. */
  openChild(container: ContainerFrame, tag: OpenTag): void {
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

  openElement(tag: OpenTag): void {
    const frame: ElementFrame = { kind: 'element', tag, text: new ValueText(), children: undefined, hasText: false };
    if (tag.selfClosing) this.addElement(frame, tag.end);
    else this.stack.push(frame);
  }

  /** A child of a legacy element: the element's value becomes an object of its children. */
  openChildElement(parent: ElementFrame, tag: OpenTag): void {
    parent.children ??= new Collector();
    this.openElement(tag);
  }

  /** A container is complete: its object or array goes where its value belongs. */
  addContainer(frame: ContainerFrame): void {
    this.deliver(frame, frame.array ?? frame.object?.object ?? {});
  }

  addValue(frame: ValueFrame): void {
    if (frame.key === undefined && !frame.item) return;
    if (frame.verbatim !== undefined) {
      // Cut off between the content markers: what was read is the value.
      frame.value.cdata(betweenMarkers(frame.verbatim.toString()));
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
  addElement(frame: ElementFrame, end: number): void {
    let value: unknown;
    if (frame.children === undefined) value = frame.text.finish();
    else if (frame.hasText) value = new MixedContent(frame.tag.end, end);
    else value = frame.children.object;
    const parent = this.top();
    if (parent?.kind === 'element') parent.children!.add(frame.tag.name, value);
    else this.input.add(frame.tag.name, this.resolve(value));
  }

  /**
   * Finishes every open element as if it closed at the end of the body read. `soFar`: for the
   * partial input, where a value with nothing written yet and an empty element are left out.
   */
  closeAll(soFar: boolean): void {
    while (this.stack.length > 0) {
      const frame = this.stack.pop()!;
      if (frame.kind === 'value') {
        // Past the end marker (blanks, the close tag begun): the value ended there.
        if (!soFar || !frame.blank || frame.markerEnd !== undefined) this.addValue(frame);
      } else if (frame.kind === 'container') this.addContainer(frame);
      else if (frame.kind === 'element') {
        if (!soFar || frame.hasText || frame.children !== undefined) this.addElement(frame, this.source.length);
      }
    }
  }

  /** A finished value goes to the enclosing container, or to the input. */
  private deliver(frame: { key: string | undefined; item: boolean }, value: unknown): void {
    const parent = this.top();
    if (parent?.kind === 'container') {
      if (frame.item) parent.array!.push(value);
      else if (frame.key !== undefined) parent.object!.add(frame.key, value);
    } else if (frame.key !== undefined) this.input.add(frame.key, value);
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
}
