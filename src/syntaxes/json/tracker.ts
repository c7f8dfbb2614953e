import { MAX_JSON_DEPTH } from '../shared/json.js';
import { SourcePosition } from '../shared/position.js';
import { TextBuffer } from '../../scanner/text-buffer.js';
import { decodeKept, keepsString } from './kept-strings.js';
import { completedAt } from './repair.js';
import { completeLiteral, completeNumber, continuesNumber, isNumber, literalValue } from './scalars.js';

/**
 * An incremental JSON scanner: fed code units in order, it follows the JSON
 * grammar with a stack of open containers, tells where the top-level value
 * ends, reports structure to a listener (for the call signature and the
 * call's identity), and keeps the last point where the text read so far can
 * be completed into valid JSON — so a partial value costs O(depth) to repair
 * (see `repair.ts`). Which strings it keeps is `kept-strings.ts`'s to say, what a
 * number or literal is `scalars.ts`'s.
 *
 * After the first grammar error it only balances brackets outside strings
 * (escapes honoured) to find the end of the value.
 */

/** Structure seen by a {@link JsonTracker}; `depth` is the number of open containers. */
export interface JsonListener {
  /** A container opened; `depth` counts it. */
  open(depth: number, object: boolean): void;
  /** The container at `depth` closed. */
  close(depth: number): void;
  /** A key of the object at `depth` was read (`undefined` when too deep to keep). */
  key(depth: number, key: string | undefined): void;
  /** A scalar value inside the container at `depth` was read (strings only when kept, else `undefined`). */
  scalar(depth: number, value: string | number | boolean | null | undefined): void;
}

/** A grammar error: what and where (line and column counted from the value's first unit). */
export interface JsonProblem {
  message: string;
  line: number;
  column: number;
}

const enum Mode {
  Normal,
  String,
  Escape,
  Unicode,
  Number,
  Literal,
  Done,
}

const enum Expect {
  Value,
  ValueOrEnd,
  KeyOrEnd,
  Key,
  Colon,
  CommaOrEnd,
}

/** One open container. */
export interface JsonFrame {
  readonly object: boolean;
  expect: Expect;
  /** The current key of an object (`undefined` before the first, or when too deep to keep). */
  key: string | undefined;
  /** The current element index of an array. */
  index: number;
}

const ESCAPES = '"\\/bfnrtu';

const NO_LISTENER: JsonListener = { open() {}, close() {}, key() {}, scalar() {} };

export class JsonTracker {
  /** The open containers, outermost first. */
  readonly frames: JsonFrame[] = [];
  /**
   * Everything fed so far, gathered in a {@link TextBuffer}: `source += delta` made a rope node
   * per delta that lived as long as the block, and a 2 MB block in 4-unit deltas spent half its
   * time in the garbage collector copying them.
   */
  private readonly fed = new TextBuffer();
  /** The first grammar error, once there is one. */
  problem: JsonProblem | undefined;

  private mode = Mode.Normal;
  /** Containers open in the bracket-balancing mode after an error. */
  private looseDepth = 0;

  /** Offset, line and column of the next unit. */
  private readonly at: SourcePosition;

  private stringIsKey = false;
  private keep = false;
  private kept = '';
  private unicodeLeft = 0;
  private escapeStart = 0;
  private token = '';
  private tokenStart = 0;
  private tokenLine = 1;
  private tokenColumn = 1;

  private safeEnd = 0;
  private safeDepth = 0;

  /**
   * @param listener told about the structure as it is read.
   * @param column the column of the first unit fed (after an opener on the same line), for error positions.
   */
  constructor(
    private readonly listener: JsonListener = NO_LISTENER,
    column = 1,
  ) {
    this.at = new SourcePosition(column);
  }

  /** Everything fed so far. */
  get source(): string {
    return this.fed.toString();
  }

  /** Whether the top-level value is complete. */
  get done(): boolean {
    return this.mode === Mode.Done;
  }

  get valid(): boolean {
    return this.problem === undefined;
  }

  /** Feeds `text[from..to)`; returns the index just past the end of the top-level value, or -1. */
  feed(text: string, from: number, to: number): number {
    let i = from;
    while (i < to) {
      if (this.mode === Mode.String && !this.keep) {
        // Fast path: string content up to a quote, a backslash or a control character.
        let j = i;
        while (j < to) {
          const code = text.charCodeAt(j);
          if (code === 34 || code === 92 || code < 32) break;
          j++;
        }
        this.at.skip(j - i);
        i = j;
        if (i >= to) break;
      }
      this.unit(text[i]!);
      i++;
      if (this.mode === Mode.Done) {
        this.fed.append(text.slice(from, i));
        return i;
      }
    }
    this.fed.append(text.slice(from, to));
    return -1;
  }

  /**
   * The text so far completed into valid JSON the way `fixJson` does: a
   * string value being written is closed, a partial literal completed, a
   * partial number cut to its valid part, a dangling key, colon or comma
   * dropped, open containers closed. `undefined` before anything usable.
   */
  repaired(): string | undefined {
    if (this.valid) {
      const depth = this.frames.length;
      if (this.mode === Mode.String || this.mode === Mode.Escape || this.mode === Mode.Unicode) {
        if (!this.stringIsKey) {
          const end = this.mode === Mode.String ? this.at.offset : this.escapeStart;
          return completedAt(this.source, end, '"', this.frames, depth);
        }
      } else if (this.mode === Mode.Number) {
        const number = completeNumber(this.token);
        if (number !== undefined) return completedAt(this.source, this.tokenStart, number, this.frames, depth);
      } else if (this.mode === Mode.Literal) {
        const literal = completeLiteral(this.token);
        if (literal !== undefined) return completedAt(this.source, this.tokenStart, literal, this.frames, depth);
      }
    }
    if (this.safeEnd === 0) return undefined;
    return completedAt(this.source, this.safeEnd, '', this.frames, this.safeDepth);
  }

  /** Units fed so far. */
  get length(): number {
    return this.at.offset;
  }

  /** Whether the next unit falls inside a string (or an escape in one) of valid JSON. */
  get inString(): boolean {
    return this.valid && (this.mode === Mode.String || this.mode === Mode.Escape || this.mode === Mode.Unicode);
  }

  /** Line and column of the next unit. */
  get position(): { line: number; column: number } {
    return { line: this.at.line, column: this.at.column };
  }

  private unit(unit: string): void {
    switch (this.mode) {
      case Mode.String:
        this.stringUnit(unit);
        break;
      case Mode.Escape:
        if (this.valid && !ESCAPES.includes(unit)) this.fail(`invalid escape "\\${unit}" in a string`);
        if (this.keep) this.kept += `\\${unit}`;
        if (unit === 'u' && this.valid) {
          this.mode = Mode.Unicode;
          this.unicodeLeft = 4;
        } else this.mode = Mode.String;
        break;
      case Mode.Unicode:
        if (!/[0-9A-Fa-f]/.test(unit)) {
          this.fail(`invalid unicode escape in a string`);
          this.mode = Mode.String;
          this.stringUnit(unit);
          return;
        }
        if (this.keep) this.kept += unit;
        if (--this.unicodeLeft === 0) this.mode = Mode.String;
        break;
      case Mode.Number:
        if (continuesNumber(unit)) this.token += unit;
        else {
          this.endNumber();
          this.normal(unit);
        }
        break;
      case Mode.Literal:
        if (unit >= 'a' && unit <= 'z') this.token += unit;
        else {
          this.endLiteral();
          this.normal(unit);
        }
        break;
      case Mode.Normal:
        this.normal(unit);
        break;
      case Mode.Done:
        return;
    }
    this.at.advance(unit);
  }

  private stringUnit(unit: string): void {
    if (unit === '"') {
      this.mode = Mode.Normal;
      if (this.valid) this.endString();
    } else if (unit === '\\') {
      this.mode = Mode.Escape;
      this.escapeStart = this.at.offset;
    } else if (unit.charCodeAt(0) < 32) {
      this.fail('a control character (such as a line break) inside a string');
    } else if (this.keep) this.kept += unit;
  }

  private endString(): void {
    const value = this.keep ? decodeKept(this.kept) : undefined;
    this.kept = '';
    const depth = this.frames.length;
    if (this.stringIsKey) {
      const top = this.frames[depth - 1]!;
      top.key = value;
      top.expect = Expect.Colon;
      this.listener.key(depth, value);
      return;
    }
    this.listener.scalar(depth, value);
    this.valueDone(this.at.offset + 1);
  }

  private endNumber(): void {
    this.mode = Mode.Normal;
    if (!isNumber(this.token)) {
      this.failAt(`invalid number ${JSON.stringify(this.token.slice(0, 20))}`, this.tokenLine, this.tokenColumn);
      return;
    }
    this.listener.scalar(this.frames.length, Number(this.token));
    this.valueDone(this.tokenStart + this.token.length);
  }

  private endLiteral(): void {
    this.mode = Mode.Normal;
    const value = literalValue(this.token);
    if (value === undefined) {
      this.failAt(`unexpected ${JSON.stringify(this.token.slice(0, 20))}`, this.tokenLine, this.tokenColumn);
      return;
    }
    this.listener.scalar(this.frames.length, value);
    this.valueDone(this.tokenStart + this.token.length);
  }

  /** A unit outside strings, numbers and literals. */
  private normal(unit: string): void {
    if (!this.valid) {
      this.loose(unit);
      return;
    }
    if (unit === ' ' || unit === '\t' || unit === '\n' || unit === '\r') return;
    const top = this.frames[this.frames.length - 1];
    const expect = top === undefined ? Expect.Value : top.expect;
    switch (expect) {
      case Expect.Value:
      case Expect.ValueOrEnd:
        if (unit === ']' && expect === Expect.ValueOrEnd) this.closeContainer();
        else this.startValue(unit);
        return;
      case Expect.KeyOrEnd:
      case Expect.Key:
        if (unit === '"') this.startString(true);
        else if (unit === '}' && expect === Expect.KeyOrEnd) this.closeContainer();
        else this.unexpected(unit, 'a key in double quotes');
        return;
      case Expect.Colon:
        if (unit === ':') top!.expect = Expect.Value;
        else this.unexpected(unit, '":"');
        return;
      case Expect.CommaOrEnd:
        if (unit === ',') {
          if (top!.object) top!.expect = Expect.Key;
          else {
            top!.expect = Expect.Value;
            top!.index++;
          }
        } else if (unit === (top!.object ? '}' : ']')) this.closeContainer();
        else this.unexpected(unit, top!.object ? '"," or "}"' : '"," or "]"');
        return;
    }
  }

  private startValue(unit: string): void {
    if (unit === '{' || unit === '[') {
      if (this.frames.length >= MAX_JSON_DEPTH) {
        this.fail(`objects and arrays nested deeper than ${MAX_JSON_DEPTH} levels`);
        this.loose(unit);
        return;
      }
      const object = unit === '{';
      this.frames.push({ object, expect: object ? Expect.KeyOrEnd : Expect.ValueOrEnd, key: undefined, index: 0 });
      this.listener.open(this.frames.length, object);
      this.markSafe(this.at.offset + 1);
    } else if (unit === '"') this.startString(false);
    else if (unit === '-' || (unit >= '0' && unit <= '9')) this.startToken(Mode.Number, unit);
    else if (unit === 't' || unit === 'f' || unit === 'n') this.startToken(Mode.Literal, unit);
    else this.unexpected(unit, 'a value');
  }

  private startString(isKey: boolean): void {
    const depth = this.frames.length;
    const top = this.frames[depth - 1];
    this.mode = Mode.String;
    this.stringIsKey = isKey;
    this.keep = keepsString(depth, isKey, top !== undefined && top.object ? top.key : undefined);
    this.kept = '';
  }

  private startToken(mode: Mode, unit: string): void {
    this.mode = mode;
    this.token = unit;
    this.tokenStart = this.at.offset;
    this.tokenLine = this.at.line;
    this.tokenColumn = this.at.column;
  }

  private closeContainer(): void {
    this.listener.close(this.frames.length);
    this.frames.pop();
    this.valueDone(this.at.offset + 1);
  }

  /** A value ended at `end`: its container waits for a comma or its end; the top-level value is the block's end. */
  private valueDone(end: number): void {
    const top = this.frames[this.frames.length - 1];
    if (top === undefined) this.mode = Mode.Done;
    else top.expect = Expect.CommaOrEnd;
    this.markSafe(end);
  }

  private markSafe(end: number): void {
    this.safeEnd = end;
    this.safeDepth = this.frames.length;
  }

  /** After an error: only strings and bracket balance matter. */
  private loose(unit: string): void {
    if (unit === '"') {
      this.mode = Mode.String;
      this.stringIsKey = false;
      this.keep = false;
    } else if (unit === '{' || unit === '[') this.looseDepth++;
    else if ((unit === '}' || unit === ']') && --this.looseDepth <= 0) this.mode = Mode.Done;
  }

  private unexpected(unit: string, expected: string): void {
    this.fail(`unexpected ${JSON.stringify(unit)}, expected ${expected}`);
    this.loose(unit);
  }

  private fail(message: string): void {
    this.failAt(message, this.at.line, this.at.column);
  }

  private failAt(message: string, line: number, column: number): void {
    if (this.problem !== undefined) return;
    this.problem = { message, line, column };
    this.looseDepth = this.frames.length;
  }

}
