/**
 * Reading a Python call list — `[get_weather(city='Paris', days=3), other()]`, or bare calls
 * one after another (`f(a=1)\ng(b=2)`) — the tool-call format of Llama 3.2 / 4 (pythonic),
 * LFM2 and OLMo-3, as vLLM's pythonic parsers read it with `ast`: keyword arguments whose
 * values are Python literals, turned into JSON values. One pass, never throws, linear.
 */
import type { ParsedCall } from '../../types.js';
import { setOwn } from '../../object.js';
import type { EndReader, EndReaderFactory } from './ends.js';
import { isRecord } from '../../object.js';

/** How {@link readPythonicCalls} reads a body. */
export interface PythonicReadOptions {
  /**
   * `bracketed`: one list `[…]`, calls separated by commas; `bare`: calls one after another,
   * separated by commas or line breaks; `either` (default): bracketed when the body (after
   * blanks) begins with `[`, else bare.
   */
  readonly list?: 'bracketed' | 'bare' | 'either';
  /** Still streaming: read as far as it goes — the calls so far, the last argument as far as it goes — and report no problem. */
  readonly partial?: boolean;
  /** Units before the body on its first line (the opener's), so error columns count from the block's start. Default 0. */
  readonly column?: number;
}

/** Nesting deeper than this is an error (as JSON's depth limit). */
const MAX_DEPTH = 100;

const BLANK = ' \t\r\n\f\v';

function isBlank(unit: string | undefined): boolean {
  return unit !== undefined && unit !== '' && BLANK.includes(unit);
}

/** A unit that may begin a Python identifier (ASCII letters, `_`, or any non-ASCII letter). */
function isIdentStart(unit: string | undefined): boolean {
  if (unit === undefined) return false;
  const code = unit.charCodeAt(0);
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || (code > 127 && /\p{L}/u.test(unit));
}

function isIdentPart(unit: string | undefined): boolean {
  if (unit === undefined) return false;
  const code = unit.charCodeAt(0);
  return isIdentStart(unit) || (code >= 48 && code <= 57) || (code > 127 && /[\p{N}\p{Mn}\p{Mc}]/u.test(unit));
}

/** A problem at an index of the body. */
class Problem {
  constructor(
    readonly at: number,
    readonly message: string,
    /** The call it broke, when its name was read. */
    readonly name?: string,
  ) {}
}

/** The body ended while a value was being read (a streaming body): `value` is what was read of it, when anything. */
class Cut {
  constructor(
    readonly value: unknown,
    readonly has: boolean,
  ) {}
}

/** Line and column of body indices asked in increasing order (each unit counted once). */
class Positions {
  private index = 0;
  private line = 1;
  private column: number;

  constructor(
    private readonly text: string,
    column: number,
  ) {
    this.column = column + 1;
  }

  at(index: number): string {
    const text = this.text;
    for (; this.index < index && this.index < text.length; this.index++) {
      const unit = text[this.index];
      if (unit === '\n' || (unit === '\r' && text[this.index + 1] !== '\n')) {
        this.line++;
        this.column = 1;
      } else if (unit !== '\r') this.column++;
    }
    return `at line ${this.line}, column ${this.column}`;
  }
}

/**
 * The calls a body of Python calls holds, each `{toolName, input}` (arguments by keyword,
 * values as JSON: `None` → null, `True`/`False` → booleans, tuples and sets → arrays, dict keys
 * as strings), or `{invalid, errorText}` saying what is wrong and where (line and column); a
 * call after a broken one is still read. Accepted as vLLM's parsers accept them, and a little
 * more: JSON's `true`/`false`/`null`, zero-padded integers (`07`), raw line breaks in strings,
 * and a quote of the string's own kind left unescaped inside it (`'sed -n '1,5p' f'`: a quote
 * ends a string only where the call can go on after it). Not accepted: positional arguments,
 * bytes and f-strings, complex and non-finite numbers, anything that is not a literal.
 */
export function readPythonicCalls(body: string, options: PythonicReadOptions = {}): ParsedCall[] {
  return new PythonicReader(body, options).read();
}

/**
 * What a marked syntax's `read` returns for a body of Python calls: a block still streaming
 * (`partial`) or cut off by the end of input (`closed: false`) read as far as it goes, and a
 * streaming one with no problem reported yet (a broken call shows its name until the block ends).
 */
export function readPythonicBlock(body: string, block: { partial: boolean; closed: boolean }, options: Omit<PythonicReadOptions, 'partial'> = {}): ParsedCall[] {
  const calls = readPythonicCalls(body, { ...options, partial: block.partial || !block.closed });
  if (!block.partial) return calls;
  return calls.map((call) => (call.invalid ? (call.toolName === undefined ? { input: {} } : { toolName: call.toolName, input: {} }) : call));
}

class PythonicReader {
  private i = 0;
  private readonly calls: ParsedCall[] = [];
  private readonly partial: boolean;
  private readonly positions: Positions;
  private depth = 0;

  constructor(
    private readonly s: string,
    private readonly options: PythonicReadOptions,
  ) {
    this.partial = options.partial === true;
    this.positions = new Positions(s, options.column ?? 0);
  }

  read(): ParsedCall[] {
    const s = this.s;
    this.blanks();
    const mode = this.options.list ?? 'either';
    const bracketed = mode === 'bracketed' || (mode === 'either' && s[this.i] === '[');
    try {
      if (bracketed) {
        if (s[this.i] !== '[') this.fail(this.i, 'expected "[" to begin the list of calls');
        this.i++;
        this.list(']');
        this.blanks();
        // Text after the list of a block cut off may be the start of its closer: read as far as it goes.
        if (this.i < s.length && !this.partial) this.fail(this.i, `unexpected ${show(s[this.i])} after the list of calls`);
      } else this.list(undefined);
    } catch (error) {
      if (error instanceof Problem) this.calls.push(this.invalid(error));
      else if (!(error instanceof Cut)) throw error;
    }
    return this.calls;
  }

  /** Calls up to `close` (`]`), or to the end of the body when bare. */
  private list(close: string | undefined): void {
    const s = this.s;
    for (;;) {
      this.blanks();
      if (this.i >= s.length) {
        if (close !== undefined) this.end(`the list of calls is not closed: expected "${close}"`);
        return;
      }
      if (s[this.i] === close) {
        this.i++;
        return;
      }
      const start = this.i;
      try {
        this.calls.push(this.call());
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        this.calls.push(this.invalid(error));
        // Read on after the broken call: past its balanced `)`, when it has one.
        const resume = skipCall(s, start);
        const next = resume < 0 ? undefined : s[close === undefined ? skipInlineBlanks(s, resume) : skipBlanks(s, resume)];
        const goesOn = next === undefined || next === ',' || next === close || (close === undefined && (next === ';' || next === '\n' || next === '\r'));
        if (resume < 0 || !goesOn) {
          // No clear end of the broken call: the rest of the list belongs to its error.
          this.i = s.length;
          return;
        }
        this.i = resume;
      }
      this.blanks(close === undefined);
      if (this.i >= s.length) continue;
      const unit = s[this.i]!;
      if (unit === ',') this.i++;
      else if (close === undefined && (unit === '\n' || unit === '\r' || unit === ';')) this.i++;
      else if (unit !== close) {
        // In a body still streaming or cut off, what follows a call may begin the closer: stop there.
        if (this.partial) return;
        this.fail(this.i, `unexpected ${show(unit)} after a call: expected ","${close === undefined ? ' or a line break' : ` or "${close}"`}`);
      }
    }
  }

  /** `NAME(k=v, …)`. */
  private call(): ParsedCall {
    const s = this.s;
    const start = this.i;
    const name = this.name();
    if (name === '') this.fail(start, `expected a function name, found ${show(s[start])}`);
    this.blanks();
    if (this.i >= s.length) this.end(`the call ${name} is cut off before "("`);
    if (s[this.i] !== '(') this.fail(this.i, `expected "(" after the function name ${name}, found ${show(s[this.i])}`);
    this.i++;
    const input: Record<string, unknown> = {};
    const call: ParsedCall = { toolName: name, input };
    try {
      this.arguments(name, input);
    } catch (error) {
      if (error instanceof Cut) {
        this.calls.push(call);
        throw error;
      }
      if (error instanceof Problem) throw new Problem(error.at, error.message, name);
      throw error;
    }
    return call;
  }

  private arguments(name: string, input: Record<string, unknown>): void {
    const s = this.s;
    const seen = new Set<string>();
    for (;;) {
      this.blanks();
      if (this.i >= s.length) this.end(`the call ${name} is not closed: expected ")"`);
      if (s[this.i] === ')') {
        this.i++;
        return;
      }
      const start = this.i;
      if (s.startsWith('**', start)) {
        // `**{'k': v}`: a dict literal's keys become arguments (a later one wins, as Python binds them).
        this.i += 2;
        let spread: unknown;
        try {
          spread = this.value(false);
        } catch (error) {
          if (error instanceof Cut && error.has && isRecord(error.value)) for (const key of Object.keys(error.value)) setOwn(input, key, error.value[key]);
          throw error;
        }
        if (!isRecord(spread)) this.fail(start, `** in the call ${name} must unpack a dict literal`);
        for (const key of Object.keys(spread)) setOwn(input, key, spread[key]);
        this.separator(')');
        continue;
      }
      const key = this.identifier();
      this.blanks();
      if (key === '' || (this.i < s.length && s[this.i] !== '=')) {
        this.fail(start, `positional argument in the call ${name}: write each argument as NAME=value`);
      }
      if (this.i >= s.length) this.end('');
      this.i++;
      if (seen.has(key)) this.fail(start, `the argument ${key} is repeated in the call ${name}`);
      seen.add(key);
      try {
        setOwn(input, key, this.value(true));
      } catch (error) {
        if (error instanceof Cut && error.has) setOwn(input, key, error.value);
        throw error;
      }
      this.blanks();
      if (this.i >= s.length) this.end('');
      const unit = s[this.i]!;
      if (unit === ',') this.i++;
      else if (unit !== ')') this.fail(this.i, `unexpected ${show(unit)} in the call ${name}: expected "," or ")"`);
    }
  }

  /** A Python literal. `argument`: directly a keyword argument's value (for where its strings may end). */
  private value(argument: boolean): unknown {
    const s = this.s;
    this.blanks();
    if (this.i >= s.length) this.end('');
    const unit = s[this.i]!;
    if (unit === '[' || unit === '(' || unit === '{') {
      if (++this.depth > MAX_DEPTH) this.fail(this.i, `values nested deeper than ${MAX_DEPTH} levels`);
      this.i++;
      try {
        return unit === '{' ? this.braces() : this.sequence(unit === '[' ? ']' : ')');
      } finally {
        this.depth--;
      }
    }
    if (unit === '"' || unit === "'") return this.string('', argument);
    if (unit === '-' || unit === '+' || unit === '.' || (unit >= '0' && unit <= '9')) return this.number();
    if (isIdentStart(unit)) {
      const start = this.i;
      const word = this.identifier();
      if (s[this.i] === '"' || s[this.i] === "'") return this.string(word, argument, start);
      if (this.i >= s.length && this.partial) throw new Cut(undefined, false);
      switch (word) {
        case 'True':
        case 'true':
          return true;
        case 'False':
        case 'false':
          return false;
        case 'None':
        case 'null':
          return null;
      }
      this.fail(start, `${word} is not a literal: values must be strings, numbers, True, False, None, lists, tuples or dicts`);
    }
    this.fail(this.i, `unexpected ${show(unit)}: expected a value`);
  }

  /** `[…]` or `(…)` after its opener: an array. */
  private sequence(close: string): unknown[] {
    const items: unknown[] = [];
    const s = this.s;
    try {
      for (;;) {
        this.blanks();
        if (this.i >= s.length) this.end('');
        if (s[this.i] === close) {
          this.i++;
          return items;
        }
        items.push(this.value(false));
        this.separator(close);
      }
    } catch (error) {
      throw this.cutWith(error, items);
    }
  }

  /** `{…}` after its `{`: a dict (an object, keys as JSON writes them) or a set (an array). */
  private braces(): unknown {
    const s = this.s;
    const object: Record<string, unknown> = {};
    let items: unknown[] | undefined;
    try {
      for (let first = true; ; first = false) {
        this.blanks();
        if (this.i >= s.length) this.end('');
        if (s[this.i] === '}') {
          this.i++;
          return items ?? object;
        }
        const at = this.i;
        const key = this.value(false);
        this.blanks();
        if (this.i >= s.length) this.end('');
        if (items === undefined && s[this.i] === ':') {
          this.i++;
          const name = dictKey(key);
          if (name === undefined) this.fail(at, 'a dict key must be a string, a number, True, False or None');
          try {
            setOwn(object, name, this.value(false));
          } catch (error) {
            if (error instanceof Cut && error.has) setOwn(object, name, error.value);
            throw error;
          }
        } else if (first || items !== undefined) (items ??= []).push(key);
        else this.fail(this.i, `unexpected ${show(s[this.i])} in a dict: expected ":"`);
        this.separator('}');
      }
    } catch (error) {
      throw this.cutWith(error, items ?? object);
    }
  }

  private separator(close: string): void {
    const s = this.s;
    this.blanks();
    if (this.i >= s.length) this.end('');
    const unit = s[this.i]!;
    if (unit === ',') this.i++;
    else if (unit !== close) this.fail(this.i, `unexpected ${show(unit)}: expected "," or "${close}"`);
  }

  /** A cut inside a container becomes a cut with the container (holding what was read). */
  private cutWith(error: unknown, container: unknown): unknown {
    if (!(error instanceof Cut)) return error;
    if (error.has && Array.isArray(container) && error.value !== undefined) container.push(error.value);
    return new Cut(container, true);
  }

  /**
   * A string literal from its opening quote, after its prefix (`r`, `u`, `f` without
   * placeholders; `b` is refused). A quote of its own kind ends a one-quote string only where
   * what follows can go on after a value (see {@link endsString}); triple-quoted strings end at
   * their triple quote.
   */
  private string(prefix: string, argument: boolean, start = this.i): string {
    const lower = prefix.toLowerCase();
    if (/b/.test(lower) || !/^(r|u|f|rf|fr|)$/.test(lower)) {
      this.fail(start, /b/.test(lower) ? 'bytes literals are not JSON data: use a string' : `unknown string prefix ${prefix}`);
    }
    const raw = lower.includes('r');
    const text = this.stringBody(raw, argument, start);
    if (!lower.includes('f')) return text;
    // An f-string without placeholders is a plain string (`{{` and `}}` are braces).
    const plain = text.replace(/\{\{|\}\}/g, '');
    if (plain.includes('{') || plain.includes('}')) this.fail(start, 'an f-string with a placeholder is not a literal');
    return text.replace(/\{\{/g, '{').replace(/\}\}/g, '}');
  }

  private stringBody(raw: boolean, argument: boolean, start: number): string {
    const s = this.s;
    const quote = s[this.i]!;
    const triple = s[this.i + 1] === quote && s[this.i + 2] === quote;
    this.i += triple ? 3 : 1;
    let out = '';
    let run = this.i;
    while (this.i < s.length) {
      const unit = s[this.i]!;
      if (unit === '\\') {
        out += s.slice(run, this.i);
        if (this.i + 1 >= s.length) break;
        const [text, length] = raw ? [s.slice(this.i, this.i + 2), 2] : escape(s, this.i);
        out += text;
        this.i += length;
        run = this.i;
        continue;
      }
      if (unit === quote) {
        if (triple) {
          if (s[this.i + 1] === quote && s[this.i + 2] === quote) {
            out += s.slice(run, this.i);
            this.i += 3;
            return out;
          }
        } else if (endsString(s, this.i + 1, argument)) {
          out += s.slice(run, this.i);
          this.i++;
          return out;
        }
      }
      this.i++;
    }
    out += s.slice(run, this.i);
    if (this.partial) throw new Cut(out, true);
    this.fail(start, 'the string is not closed');
  }

  /** A number, with its signs: ints (decimal, `0x`, `0o`, `0b`, `_` separators, zero-padded) and floats. */
  private number(): number {
    const s = this.s;
    const start = this.i;
    let negative = false;
    while (s[this.i] === '-' || s[this.i] === '+') {
      if (s[this.i] === '-') negative = !negative;
      this.i++;
      this.blanks();
    }
    const begin = this.i;
    while (this.i < s.length && /[\w.]/.test(s[this.i]!)) {
      const unit = s[this.i]!;
      this.i++;
      if ((unit === 'e' || unit === 'E') && (s[this.i] === '-' || s[this.i] === '+') && !/^0[xX]/.test(s.slice(begin, begin + 2))) this.i++;
    }
    const text = s.slice(begin, this.i).replaceAll('_', '');
    if (this.i >= s.length && this.partial) {
      const value = Number.parseFloat(text);
      throw Number.isFinite(value) ? new Cut(negative ? -value : value, true) : new Cut(undefined, false);
    }
    let value: number;
    if (/^0[xX][0-9a-fA-F]+$|^0[oO][0-7]+$|^0[bB][01]+$/.test(text)) value = Number(text);
    else if (/^(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) value = Number(text);
    else {
      this.fail(start, /[jJ]$/.test(text) ? `the complex number ${s.slice(start, this.i)} is not JSON data` : `${show(s.slice(start, this.i))} is not a number`);
    }
    if (!Number.isFinite(value)) this.fail(start, `the number ${s.slice(start, this.i)} is out of range`);
    return negative ? -value : value;
  }

  /** A dotted name (`grocery.orderIngredients`). */
  private name(): string {
    const s = this.s;
    let name = this.identifier();
    while (name !== '' && s[this.i] === '.' && isIdentStart(s[this.i + 1])) {
      this.i++;
      name += '.' + this.identifier();
    }
    if (this.i >= s.length && this.partial) throw new Cut(undefined, false);
    return name;
  }

  private identifier(): string {
    const s = this.s;
    const start = this.i;
    if (!isIdentStart(s[this.i])) return '';
    while (isIdentPart(s[this.i])) this.i++;
    return s.slice(start, this.i);
  }

  /** Skips blanks (line breaks too, unless `lineBreaks` is false). */
  private blanks(stopAtLineBreak = false): void {
    const s = this.s;
    while (this.i < s.length && isBlank(s[this.i])) {
      if (stopAtLineBreak && (s[this.i] === '\n' || s[this.i] === '\r')) return;
      this.i++;
    }
  }

  /** The body ended here: a cut while streaming, else the problem `message`. */
  private end(message: string): never {
    if (this.partial) throw new Cut(undefined, false);
    throw new Problem(this.s.length, message || 'the call list ends before its call is complete');
  }

  private fail(at: number, message: string): never {
    throw new Problem(at, message);
  }

  private invalid(problem: Problem): ParsedCall {
    const call: ParsedCall = { input: {}, invalid: true, errorText: `${this.positions.at(problem.at)}: ${problem.message}` };
    if (problem.name !== undefined) call.toolName = problem.name;
    return call;
  }
}

/**
 * Whether a quote at `from - 1` ends its one-quote string: what follows (after blanks) must be
 * able to go on after a value — `,`, `:`, `]`, `}` inside a container; for an argument's value,
 * `, NAME=` or `,` then `)`, or a `)` that ends the call (followed by `,`, `]`, a line break, `;`,
 * `<` or the end). The end of the body counts as going on (a streaming body). Reads at most
 * blanks and one name past the quote.
 */
function endsString(s: string, from: number, argument: boolean): boolean {
  let i = skipBlanks(s, from);
  if (i >= s.length) return true;
  const unit = s[i]!;
  if (!argument) return unit === ',' || unit === ':' || unit === ']' || unit === '}' || unit === ')';
  if (unit === ')') {
    i = skipInlineBlanks(s, i + 1);
    const next = s[i];
    return next === undefined || next === ',' || next === ']' || next === '\n' || next === '\r' || next === ';' || next === '<';
  }
  if (unit !== ',') return false;
  i = skipBlanks(s, i + 1);
  if (i >= s.length || s[i] === ')') return true;
  if (!isIdentStart(s[i])) return false;
  while (isIdentPart(s[i])) i++;
  i = skipBlanks(s, i);
  return i >= s.length || s[i] === '=';
}

function skipBlanks(s: string, i: number): number {
  while (i < s.length && isBlank(s[i])) i++;
  return i;
}

function skipInlineBlanks(s: string, i: number): number {
  while (s[i] === ' ' || s[i] === '\t') i++;
  return i;
}

/** The text and length of the escape at `s[i]` (a backslash), as Python reads it in a string. */
function escape(s: string, i: number): [string, number] {
  const next = s[i + 1]!;
  const simple = SIMPLE_ESCAPES[next];
  if (simple !== undefined) return [simple, 2];
  if (next === '\r') return ['', s[i + 2] === '\n' ? 3 : 2];
  if (next >= '0' && next <= '7') {
    let end = i + 1;
    while (end < i + 4 && s[end]! >= '0' && s[end]! <= '7') end++;
    return [String.fromCharCode(Number.parseInt(s.slice(i + 1, end), 8)), end - i];
  }
  const width = next === 'x' ? 2 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
  if (width > 0) {
    const hex = s.slice(i + 2, i + 2 + width);
    const code = hex.length === width && /^[0-9a-fA-F]+$/.test(hex) ? Number.parseInt(hex, 16) : -1;
    if (code >= 0 && code <= 0x10ffff) return [String.fromCodePoint(code), 2 + width];
  }
  // An unknown escape keeps its backslash, as Python does.
  return ['\\' + next, 2];
}

const SIMPLE_ESCAPES: Record<string, string | undefined> = {
  __proto__: null as never,
  '\n': '',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/** A dict key as JSON writes it (`json.dumps` turns keys into strings), or undefined for one it cannot. */
function dictKey(key: unknown): string | undefined {
  if (typeof key === 'string') return key;
  if (typeof key === 'number') return String(key);
  if (typeof key === 'boolean') return String(key);
  if (key === null) return 'null';
  return undefined;
}

function show(text: string | undefined): string {
  return text === undefined ? 'the end' : JSON.stringify(text);
}

/**
 * Where a broken call starting at `start` ends: past the `)` that balances its first `(`,
 * strings skipped (their quotes matched simply); -1 when the body ends first.
 */
function skipCall(s: string, start: number): number {
  let depth = 0;
  let quote = '';
  for (let i = start; i < s.length; i++) {
    const unit = s[i]!;
    if (quote !== '') {
      if (unit === '\\') i++;
      else if (unit === quote) quote = '';
      continue;
    }
    if (unit === '"' || unit === "'") quote = unit;
    else if (unit === '(' || unit === '[' || unit === '{') depth++;
    else if (unit === ')' || unit === ']' || unit === '}') {
      if (depth === 0) return i;
      if (--depth === 0) return i + 1;
    } else if (depth === 0 && (unit === ',' || unit === '\n')) return i;
  }
  return -1;
}

/**
 * Decides, unit by unit, whether `text` begins a Python call (for an opener's `follows`):
 * blanks (when `blanks`), a dotted name, `(`, then `)` or a keyword `NAME=` and the start of a
 * value — so a link `[see](x)` or prose `[note(s)]` is not a call. `true` once decided, `false` as soon as it
 * cannot be, `undefined` while it still may.
 */
export function beginsPythonicCall(text: string, blanks = true): boolean | undefined {
  let i = 0;
  if (blanks) while (i < text.length && isBlank(text[i])) i++;
  if (i >= text.length) return undefined;
  if (!isIdentStart(text[i])) return false;
  while (i < text.length && (isIdentPart(text[i]) || (text[i] === '.' && i + 1 < text.length && isIdentStart(text[i + 1])))) i++;
  if (i >= text.length || (text[i] === '.' && i + 1 >= text.length)) return undefined;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  if (i >= text.length) return undefined;
  if (text[i] !== '(') return false;
  i = skipBlanks(text, i + 1);
  if (i >= text.length) return undefined;
  if (text[i] === ')') return true;
  if (!isIdentStart(text[i])) return false;
  while (i < text.length && isIdentPart(text[i])) i++;
  i = skipBlanks(text, i);
  if (i >= text.length) return undefined;
  if (text[i] !== '=') return false;
  i = skipBlanks(text, i + 1);
  if (i >= text.length) return undefined;
  // A value must begin here (`==` and `=)` are not keyword arguments).
  const unit = text[i]!;
  return '\'"[{(-+.'.includes(unit) || (unit >= '0' && unit <= '9') || isIdentStart(unit);
}

/**
 * The first call's name, once its `(` is read (after blanks and an optional `[`): what a
 * marked syntax's `identity` returns while the body streams.
 */
export function pythonicCallName(body: string): string | undefined {
  let i = skipBlanks(body, 0);
  if (body[i] === '[') i = skipBlanks(body, i + 1);
  const start = i;
  while (i < body.length && (isIdentPart(body[i]) || body[i] === '.')) i++;
  const name = body.slice(start, i);
  while (body[i] === ' ' || body[i] === '\t') i++;
  return body[i] === '(' && name !== '' && isIdentStart(name[0]) && !name.endsWith('.') ? name : undefined;
}

/**
 * Ends a body at the `]` that balances its first `[` (the list of a bare pythonic block),
 * brackets inside strings skipped. A quote ends a one-quote string when the next unit that is
 * not a blank is `,`, `)`, `]`, `}` or `:` (the reader's rule, with one unit of lookahead), so
 * `'it's'` does not leave the list open; a blank line outside a triple-quoted string ends a
 * list left open (its body is then broken). The `]` is part of the body. `opened`: the `[` was
 * the opener's marker, not part of the body (the body starts inside the list).
 */
export function pythonicListEnd(opened = false): EndReaderFactory {
  return () => new ListEnd(opened ? 1 : 0);
}

const enum ListState {
  Code,
  /** One quote read: a string, or `''` / the start of a triple quote. */
  Quote1,
  Quote2,
  Single,
  SingleEscape,
  /** A quote of the string's kind read in a one-quote string: its end if what follows says so. */
  MaybeClosed,
  Triple,
  TripleEscape,
}

class ListEnd implements EndReader {
  readonly held = 0;
  private state = ListState.Code;
  private quote = '';
  /** Quotes of the kind read in a row inside a triple-quoted string. */
  private run = 0;
  /** Only blanks since the last line break. */
  private lineBlank = false;

  constructor(private depth: number) {}

  read(text: string, from: number, to: number): number {
    for (let i = from; i < to; i++) {
      const unit = text[i]!;
      // A blank line outside a triple-quoted string ends the list (broken: a string or bracket
      // left open), so an unbalanced quote in prose cannot take the rest of the document.
      if (unit === '\n' && this.state !== ListState.Triple && this.state !== ListState.TripleEscape) {
        if (this.lineBlank) return i + 1;
        this.lineBlank = true;
      } else if (unit !== ' ' && unit !== '\t' && unit !== '\r') this.lineBlank = false;
      if (this.unit(unit)) return i + 1;
    }
    return -1;
  }

  /** Reads one unit; `true` when it is the balancing `]`. */
  private unit(unit: string): boolean {
    switch (this.state) {
      case ListState.Code:
        if (unit === '"' || unit === "'") {
          this.quote = unit;
          this.state = ListState.Quote1;
        } else if (unit === '[' || unit === '(' || unit === '{') this.depth++;
        else if (unit === ']' || unit === ')' || unit === '}') {
          this.depth = Math.max(0, this.depth - 1);
          return unit === ']' && this.depth === 0;
        }
        return false;
      case ListState.Quote1:
        if (unit === this.quote) this.state = ListState.Quote2;
        else this.inSingle(unit);
        return false;
      case ListState.Quote2:
        if (unit === this.quote) {
          this.state = ListState.Triple;
          this.run = 0;
          return false;
        }
        this.state = ListState.Code;
        return this.unit(unit);
      case ListState.Single:
        this.inSingle(unit);
        return false;
      case ListState.SingleEscape:
        this.state = ListState.Single;
        return false;
      case ListState.MaybeClosed:
        if (isBlank(unit)) return false;
        if (unit === ',' || unit === ')' || unit === ']' || unit === '}' || unit === ':') {
          this.state = ListState.Code;
          return this.unit(unit);
        }
        this.inSingle(unit);
        return false;
      case ListState.Triple:
        if (unit === '\\') this.state = ListState.TripleEscape;
        else if (unit === this.quote) {
          if (++this.run === 3) this.state = ListState.Code;
        } else this.run = 0;
        return false;
      case ListState.TripleEscape:
        this.state = ListState.Triple;
        this.run = 0;
        return false;
    }
  }

  private inSingle(unit: string): void {
    this.state = unit === '\\' ? ListState.SingleEscape : unit === this.quote ? ListState.MaybeClosed : ListState.Single;
  }

  endOfInput(): boolean {
    return false;
  }
}

/**
 * A call written as Python: `name(a='x', n=1, flag=True, none=None, items=[1, 2], d={'k': 'v'})`,
 * values by Python's `repr` (strings in single quotes unless they hold one and no double quote).
 * Throws, naming `syntax`, for a name that is not a dotted Python name or an input that is not
 * an object with identifier keys.
 */
export function formatPythonicCall(name: string, input: unknown, syntax: string): string {
  if (typeof name !== 'string' || !/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(name)) {
    throw new Error(`${syntax} syntax: the tool name ${JSON.stringify(name)} is not a Python function name`);
  }
  const args = input ?? {};
  if (!isRecord(args)) throw new Error(`${syntax} syntax: input must be an object (its keys are written as keyword arguments)`);
  const parts: string[] = [];
  for (const key of Object.keys(args)) {
    if (!/^[A-Za-z_]\w*$/.test(key) || PYTHON_KEYWORDS.has(key)) throw new Error(`${syntax} syntax: the argument name ${JSON.stringify(key)} is not a Python keyword argument`);
    if (args[key] === undefined) continue;
    parts.push(`${key}=${pythonRepr(args[key], syntax)}`);
  }
  return `${name}(${parts.join(', ')})`;
}

const PYTHON_KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(' '),
);

/** A JSON value as Python's `repr` writes it (dict keys as strings). Iterative: any depth. */
export function pythonRepr(value: unknown, syntax = 'pythonic'): string {
  let out = '';
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Raw) {
      out += item.text;
      continue;
    }
    if (typeof item === 'string') out += pythonString(item);
    else if (typeof item === 'number') {
      if (!Number.isFinite(item)) throw new Error(`${syntax} syntax: the number ${item} cannot be written as a literal`);
      out += String(item);
    } else if (typeof item === 'boolean') out += item ? 'True' : 'False';
    else if (item === null || item === undefined) out += 'None';
    else if (Array.isArray(item) || isRecord(item)) {
      if (seen.has(item)) throw new Error(`${syntax} syntax: the input holds a cycle`);
      seen.add(item);
      const array = Array.isArray(item);
      const keys = array ? [] : Object.keys(item).filter((key) => item[key] !== undefined);
      const values = array ? item : keys.map((key) => item[key]);
      out += array ? '[' : '{';
      stack.push(new Raw(array ? ']' : '}'));
      for (let i = values.length - 1; i >= 0; i--) {
        stack.push(values[i]);
        stack.push(new Raw(`${i > 0 ? ', ' : ''}${array ? '' : `${pythonString(keys[i]!)}: `}`));
      }
    } else throw new Error(`${syntax} syntax: a ${typeof item} cannot be written as a Python literal`);
  }
  return out;
}

class Raw {
  constructor(readonly text: string) {}
}

/** A string as Python's `repr` writes it. */
export function pythonString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '\\') out += '\\\\';
    else if (char === quote) out += '\\' + quote;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += '\\x' + code.toString(16).padStart(2, '0');
    else if (code === 0x2028 || code === 0x2029 || (code >= 0xd800 && code <= 0xdfff)) out += '\\u' + code.toString(16).padStart(4, '0');
    else out += char;
  }
  return out + quote;
}
