import { sliceWhole } from './units.js';

/** A value as the card shows it: strings as they are, anything else as indented JSON. Never throws. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2) ?? String(value);
  } catch {
    // Circular structures and the like.
    return String(value);
  }
}

/**
 * Values whose text is longer than this (64 Ki characters) are shown as a
 * preview until asked for in full: megabytes of text in the DOM at once stall
 * the page, and formatting a growing input in full on every delta costs the
 * square of its size.
 */
export const HUGE_CHARS = 64 * 1024;

/** Characters of a huge value's preview (4 Ki). */
export const PREVIEW_CHARS = 4 * 1024;

/** The start of a value's text, and whether it is all of it. */
export interface ValuePreview {
  text: string;
  complete: boolean;
}

/**
 * The first `limit` characters of `formatValue(value)`, and whether that is
 * all of it, in work proportional to `limit` (and to the objects and arrays
 * walked), not to the size of the value: a string of megabytes is sliced
 * before it is quoted. Values JSON cannot hold as they are (cycles, BigInt
 * objects) fall back to `formatValue`.
 */
export function formatPreview(value: unknown, limit: number): ValuePreview {
  if (typeof value === 'string') return { text: value.slice(0, limit), complete: value.length <= limit };
  if (value === undefined) return { text: '', complete: true };
  try {
    const text = new BoundedJson(limit).write(value);
    if (text !== undefined) return text.length > limit ? { text: text.slice(0, limit), complete: false } : { text, complete: true };
  } catch {
    // Cycles and the like: what formatValue says.
  }
  const text = formatValue(value);
  return { text: text.slice(0, limit), complete: text.length <= limit };
}

interface Frame {
  holder: object;
  keys: string[] | undefined;
  index: number;
  indent: string;
  opened: boolean;
}

/** `JSON.stringify(value, bigintReplacer, 2)` written only until it is longer than a limit. */
class BoundedJson {
  private readonly out: string[] = [];
  private length = 0;
  private readonly ancestors = new Set<object>();

  constructor(private readonly limit: number) {}

  /** The text, cut a little past the limit; `undefined` where JSON.stringify gives undefined. */
  write(root: unknown): string | undefined {
    const first = this.prepare(root, '');
    if (first === undefined) return undefined;
    const stack: Frame[] = [];
    if (this.value(first, '', stack)) return this.text();
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const { holder, keys, indent } = frame;
      const count = keys ? keys.length : (holder as unknown[]).length;
      if (frame.index >= count) {
        stack.pop();
        this.ancestors.delete(holder);
        const closer = keys ? '}' : ']';
        if (this.push(frame.opened ? `\n${indent}${closer}` : keys ? '{}' : '[]')) return this.text();
        continue;
      }
      const key = keys ? keys[frame.index]! : String(frame.index);
      frame.index++;
      const child = this.prepare((holder as Record<string, unknown>)[key], key);
      if (child === undefined && keys) continue;
      const inner = `${indent}  `;
      let lead = frame.opened ? `,\n${inner}` : `${keys ? '{' : '['}\n${inner}`;
      frame.opened = true;
      if (keys) lead += `${JSON.stringify(key)}: `;
      if (this.push(lead)) return this.text();
      if (this.value(child === undefined ? null : child, inner, stack)) return this.text();
    }
    return this.text();
  }

  private text(): string {
    return this.out.join('');
  }

  /** Adds text; `true` once past the limit. */
  private push(text: string): boolean {
    this.out.push(text);
    this.length += text.length;
    return this.length > this.limit;
  }

  /** A property's value as JSON.stringify sees it: toJSON, the BigInt replacer, unboxed primitives. */
  private prepare(value: unknown, key: string): unknown {
    if (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
      value = (value as { toJSON(key: string): unknown }).toJSON.call(value, key);
    }
    if (typeof value === 'bigint') value = value.toString();
    if (value instanceof Number) value = Number(value);
    else if (value instanceof String) value = String(value);
    else if (value instanceof Boolean) value = value.valueOf();
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
    return value;
  }

  /** Writes a prepared value (containers open a frame); `true` once past the limit. */
  private value(value: unknown, indent: string, stack: Frame[]): boolean {
    // Prepared, a value is null, a boolean, a number, a string or an object; JSON.stringify
    // writes the first three as this writer must (a non-finite number as null).
    if (typeof value !== 'object' || value === null) return this.push(typeof value === 'string' ? this.quote(value) : JSON.stringify(value));
    if (this.ancestors.has(value) || value instanceof BigInt) throw new TypeError('not JSON: a cycle or a BigInt object');
    this.ancestors.add(value);
    stack.push({ holder: value, keys: Array.isArray(value) ? undefined : Object.keys(value), index: 0, indent, opened: false });
    return false;
  }

  /** A quoted string, of a long string only as much as the limit still needs (never ending inside a pair). */
  private quote(text: string): string {
    const room = this.limit - this.length + 2;
    if (text.length <= room) return JSON.stringify(text);
    return JSON.stringify(sliceWhole(text, room));
  }
}
