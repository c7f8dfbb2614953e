import { setOwn } from '../../object.js';
import { MAX_JSON_DEPTH } from '../shared/json.js';

/** What {@link readBareObject} read: the object, where it ended, and what is wrong with it. */
export interface BareObjectRead {
  value: Record<string, unknown>;
  /** Index just past the object's `}` (or the end of the text when it is cut off). */
  end: number;
  /** The text ended before the object closed. */
  cut: boolean;
  /** The first thing wrong (never set for a cut-off text), with its index. */
  problem?: { message: string; at: number };
}

const BLANK = ' \t\r\n';
const BARE_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Reads an object literal with bare keys and strings between a `quote` token, as Gemma 4
 * (`{city:<|"|>Paris<|"|>,n:1,ok:true,o:{…},l:[…]}`) and FunctionGemma (`<escape>`) write
 * arguments. `text[from]` must be `{`. Keys are bare up to `:` or quoted; values are quoted
 * strings, objects, arrays, or bare scalars up to `,`, `}` or `]`: `true`, `false`,
 * `null`/`none`/`nil`, numbers, anything else a string (trimmed). One pass, linear; nesting past
 * {@link MAX_JSON_DEPTH} is a problem. With `partial` (a value still streaming) a bare scalar
 * cut off at the end is left out, as it may still change type, and a string shows as far as it
 * goes, without a quote token's first units. A value in JSON quotes is a JSON string; with
 * `quotedScalars`, a quoted number or boolean is typed (FunctionGemma).
 */
export function readBareObject(text: string, from: number, quote: string, partial: boolean, quotedScalars = false): BareObjectRead {
  const reader = new BareReader(text, quote, partial, from, quotedScalars);
  const value = reader.object(1);
  const read: BareObjectRead = { value, end: reader.i, cut: reader.cut };
  if (reader.problem !== undefined && !reader.cut) read.problem = reader.problem;
  return read;
}

/** The token for a cut-off value left out while streaming. */
const WITHHELD = Symbol('withheld');

class BareReader {
  cut = false;
  problem: { message: string; at: number } | undefined;

  constructor(
    private readonly text: string,
    private readonly quote: string,
    private readonly partial: boolean,
    public i: number,
    private readonly quotedScalars: boolean,
  ) {}

  /** `{` at `i`: its entries up to the `}`. */
  object(depth: number): Record<string, unknown> {
    const { text } = this;
    const result: Record<string, unknown> = {};
    this.i++;
    while (this.ok()) {
      this.skip(BLANK + ',');
      if (this.i >= text.length) return this.cutOff(result);
      if (text[this.i] === '}') {
        this.i++;
        return result;
      }
      const key = this.key();
      if (key === undefined) return result;
      this.skip(BLANK);
      if (this.i >= text.length) return this.cutOff(result);
      const value = this.value(depth, '}');
      if (value !== WITHHELD) setOwn(result, key, value);
      if (!this.after()) return result;
    }
    return result;
  }

  private array(depth: number): unknown[] {
    const { text } = this;
    const items: unknown[] = [];
    this.i++;
    while (this.ok()) {
      this.skip(BLANK + ',');
      if (this.i >= text.length) return this.cutOff(items);
      if (text[this.i] === ']') {
        this.i++;
        return items;
      }
      const value = this.value(depth, ']');
      if (value !== WITHHELD) items.push(value);
      if (!this.after()) return items;
    }
    return items;
  }

  /** A value inside a container that `close` ends. */
  private value(depth: number, close: string): unknown {
    const { text } = this;
    if (text.startsWith(this.quote, this.i)) {
      const value = this.string();
      return this.quotedScalars && !this.cut ? quotedScalar(value) : value;
    }
    const unit = text[this.i];
    if (unit === '"') {
      const json = this.jsonString();
      if (json !== undefined) return json;
    }
    if (unit === '{' || unit === '[') {
      if (depth >= MAX_JSON_DEPTH) return this.fail(`the arguments are nested deeper than ${MAX_JSON_DEPTH} levels`);
      return unit === '{' ? this.object(depth + 1) : this.array(depth + 1);
    }
    const start = this.i;
    while (this.i < text.length && !',}]'.includes(text[this.i]!)) this.i++;
    // No value, and what stands here is the other container's closer (`[}`, `{a:]`): wrong.
    if (this.i === start && this.i < text.length && text[this.i] !== ',' && text[this.i] !== close) return this.fail(`unexpected ${JSON.stringify(text[this.i])}`);
    if (this.i >= text.length) {
      this.cut = true;
      if (this.partial) return WITHHELD;
    }
    return scalar(text.slice(start, this.i).trim());
  }

  /** A quoted string; cut off, what there is (without a trailing start of the quote token). */
  private string(): string {
    const { text, quote } = this;
    const start = this.i + quote.length;
    const end = text.indexOf(quote, start);
    if (end >= 0) {
      this.i = end + quote.length;
      return text.slice(start, end);
    }
    this.i = text.length;
    this.cut = true;
    let rest = text.slice(start);
    for (let length = Math.min(quote.length - 1, rest.length); length > 0; length--) {
      if (quote.startsWith(rest.slice(rest.length - length))) {
        rest = rest.slice(0, rest.length - length);
        break;
      }
    }
    return rest;
  }

  /** A JSON string (`"raw \\"quoted\\""`, as Gemma 4 sometimes writes one), or `undefined` (read as bare). */
  private jsonString(): string | undefined {
    const { text } = this;
    for (let j = this.i + 1; j < text.length; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === '"') {
        try {
          const value = JSON.parse(text.slice(this.i, j + 1)) as string;
          this.i = j + 1;
          return value;
        } catch {
          return undefined;
        }
      }
    }
    return undefined;
  }

  /** A key: quoted, or bare up to `:`; the `:` is read. `undefined` when there is none. */
  private key(): string | undefined {
    const { text } = this;
    let key: string;
    if (text.startsWith(this.quote, this.i)) {
      key = this.string();
      if (this.cut) return undefined;
      this.skip(BLANK);
    } else {
      const start = this.i;
      while (this.i < text.length && !':,{}[]'.includes(text[this.i]!)) this.i++;
      key = text.slice(start, this.i).trim();
    }
    if (this.i >= text.length) {
      this.cut = true;
      return undefined;
    }
    if (text[this.i] !== ':') return this.fail(`expected ":" after the key ${JSON.stringify(key)}`);
    this.i++;
    return key;
  }

  /**
   * After a value: blanks, then `,` or `close` (not read). A missing `,` is forgiven (FunctionGemma
   * writes `a:<escape>x<escape>b:…`): what follows must then read as the next key.
   */
  private after(): boolean {
    this.skip(BLANK);
    return this.i < this.text.length || !this.cut;
  }

  private skip(units: string): void {
    while (this.i < this.text.length && units.includes(this.text[this.i]!)) this.i++;
  }

  private ok(): boolean {
    return this.problem === undefined && !this.cut;
  }

  private cutOff<T>(value: T): T {
    this.cut = true;
    return value;
  }

  private fail(message: string): undefined {
    this.problem ??= { message, at: this.i };
    return undefined;
  }
}

/** A quoted value that reads as a number or boolean (FunctionGemma's reference parser types them). */
function quotedScalar(text: string): unknown {
  if (text === 'true' || text === 'false' || BARE_NUMBER.test(text)) return scalar(text);
  return text;
}

/** A bare scalar as Gemma's reference parser reads it. */
function scalar(raw: string): unknown {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  const lower = raw.toLowerCase();
  if (lower === 'null' || lower === 'none' || lower === 'nil') return null;
  if (BARE_NUMBER.test(raw)) return Number(raw);
  return raw;
}
