import type { BlockIdentity, BlockReader, OpenerReader, OpenerVerdict, ParsedCall, WorkMeter } from '../../types.js';
import { repairedValue } from '../json/calls.js';
import { JsonTracker } from '../json/tracker.js';
import { CloseStep, CloseTagMatcher } from '../shared/close-tag.js';
import { parseJson, repeatedKeys } from '../shared/json.js';
import { growthPoint } from '../shared/read-points.js';
import { isBlank } from '../shared/units.js';
import { hermesCall } from './call.js';
import { HermesWatcher } from './watcher.js';
import { TextBuffer } from '../../scanner/text-buffer.js';

/** The opener's name after `<`, and the closer's after `</` (matched in any ASCII case). */
const TAG = 'tool_call';

/** Below this many units of JSON the partial call is rebuilt on every growth. */
const SMALL_BODY = 4096;

const NON_BLANK = /[^ \t\r\n]/;

/**
 * Reads `<tool_call>` (any case, spaces or tabs allowed before the `>`) and
 * the blanks after it up to the `{` that starts the JSON: a `<tool_call>`
 * that prose mentions, not followed by an object, stays text. Inside the
 * fixed `<tool_call` a mismatch rescans from the next unit; after it, from
 * the offending unit.
 */
export class HermesOpener implements OpenerReader {
  private index = 0;
  /** Units of the opener tag, once its `>` is read. */
  private tagLength = 0;
  /** The units after the `>` (blanks, then the `{`). */
  private afterTag = '';

  constructor(private readonly work?: WorkMeter) {}

  push(unit: string): OpenerVerdict {
    const index = this.index++;
    if (index === 0) return unit === '<' ? undefined : 1;
    if (index <= TAG.length) return unit.toLowerCase() === TAG[index - 1] ? undefined : 1;
    if (this.tagLength === 0) {
      if (unit === '>') this.tagLength = index + 1;
      return unit === '>' || unit === ' ' || unit === '\t' ? undefined : index;
    }
    this.afterTag += unit;
    if (isBlank(unit)) return undefined;
    if (unit !== '{') return index;
    const block = new HermesBlock(this.tagLength, this.work);
    block.read(this.afterTag, 0, this.afterTag.length);
    // Those units are the opener's text (the stream sends the opener itself first): the body's
    // input deltas start after them, so opener + deltas is the block's source exactly once.
    block.takeInputDelta();
    return { block };
  }

  end(): OpenerVerdict {
    // Cut off by the end of input: text as a whole (rescanning it could be quadratic).
    return this.index <= TAG.length ? 1 : this.index;
  }
}

/**
 * The body of a `<tool_call>` block: one JSON value, blanks around it, up to
 * `</tool_call>` (any case, blanks allowed before its `>`). The JSON is read
 * incrementally (see {@link JsonTracker}), so the closer is recognised only
 * outside JSON strings while the JSON is valid — `"</tool_call>"` inside an
 * argument is content — and anywhere once it is not (a broken block still
 * ends at its closer). Text after the value, an empty block and invalid JSON
 * make the block an `output-error` with line and column (counted from the
 * opener's `<`). While open, the partial call comes from the repaired JSON.
 */
class HermesBlock implements BlockReader {
  private readonly watcher = new HermesWatcher();
  private readonly tracker: JsonTracker;
  /** The JSON length the partial call was last read at (see {@link growthPoint}). */
  private readAt = -1;
  /** Body units not yet taken as an input delta. */
  private readonly delta = new TextBuffer();
  /** A possible `</tool_call>` being matched. */
  private readonly closer = new CloseTagMatcher(TAG);
  /** Where the first non-blank unit after the value stands, once there is one. */
  private trailing: { line: number; column: number; unit: string } | undefined;
  /** Line and column of the next unit after the value (while looking for trailing text). */
  private after: { line: number; column: number; afterCR: boolean } | undefined;
  /** A unit other than a blank was read (the block is not empty). */
  private nonBlank = false;
  private lastPartial: ParsedCall[] = [{ input: {} }];

  /** @param openerLength units of `<tool_call>`, for the columns of line 1. */
  constructor(
    openerLength: number,
    private readonly work?: WorkMeter,
  ) {
    this.tracker = new JsonTracker(this.watcher, openerLength + 1);
  }

  read(text: string, from: number, to: number): number {
    let i = from;
    const closer = this.closer;
    while (i < to) {
      if (closer.held !== '') {
        const step = closer.push(text[i]!);
        if (step === CloseStep.Done) return i + 1;
        if (step === CloseStep.More) {
          i++;
          continue;
        }
        // Not the closer: what was held is content, and this unit is read again.
        const held = closer.release();
        this.content(held, 0, held.length);
        continue;
      }
      let j = text.indexOf('<', i);
      if (j < 0 || j >= to) j = to;
      if (j > i) this.content(text, i, j);
      if (j === to) break;
      if (this.tracker.inString && !this.tracker.done) this.content(text, j, j + 1);
      else closer.start();
      i = j + 1;
    }
    return -1;
  }

  endOfInput(): boolean {
    const held = this.closer.release();
    this.content(held, 0, held.length);
    return false;
  }

  identity(): BlockIdentity | undefined {
    return this.watcher.identity();
  }

  takeInputDelta(): string {
    return this.delta.take();
  }

  partial(): ParsedCall[] {
    // Read at points fixed by the JSON's length (every growth while small, then every quarter),
    // the JSON up to the point: a whole parse and any split show the same call (#22).
    const length = this.tracker.length;
    const at = growthPoint(length, SMALL_BODY, 0.25);
    if (at > this.readAt) {
      this.readAt = at;
      const value = repairedValue(at === length ? this.tracker : this.trackerUpTo(at), this.work);
      if (value !== undefined) this.lastPartial = [this.withIdentity(hermesCall(value, this.watcher, false, this.work))];
    }
    return this.lastPartial;
  }

  /** A tracker of the JSON's first `length` units only (costs about `length`; the points keep it amortised). */
  private trackerUpTo(length: number): JsonTracker {
    const tracker = new JsonTracker();
    tracker.feed(this.tracker.source, 0, length);
    return tracker;
  }

  finish(closed: boolean): ParsedCall[] {
    const { tracker, watcher } = this;
    const named: ParsedCall = watcher.name === undefined ? { input: {} } : { toolName: watcher.name, input: {} };
    const problem = tracker.problem;
    if (problem !== undefined) {
      return [this.withIdentity({ ...named, invalid: true, errorText: `invalid JSON at line ${problem.line}, column ${problem.column}: ${problem.message}` })];
    }
    if (!closed) {
      // Cut off by the end of input: read as far as it goes (best effort, no error).
      const value = repairedValue(tracker, this.work);
      return [this.withIdentity(value === undefined ? named : hermesCall(value, watcher, false, this.work))];
    }
    if (!this.nonBlank) {
      return [{ ...named, invalid: true, errorText: 'the tool call is empty: expected a JSON object {"name": …, "arguments": {…}} before </tool_call>' }];
    }
    if (!tracker.done) {
      const { line, column } = tracker.position;
      return [this.withIdentity({ ...named, invalid: true, errorText: `invalid JSON at line ${line}, column ${column}: the JSON value is not complete before </tool_call>` })];
    }
    const trailing = this.trailing;
    if (trailing !== undefined) {
      const errorText = `unexpected ${JSON.stringify(trailing.unit)} after the JSON object at line ${trailing.line}, column ${trailing.column}: a tool call holds one JSON object`;
      return [this.withIdentity({ ...named, invalid: true, errorText })];
    }
    const parsed = parseJson(tracker.source, this.work);
    if (!parsed.ok) return [this.withIdentity({ ...named, invalid: true, errorText: `invalid JSON: ${parsed.message}` })];
    return [this.withIdentity(hermesCall(parsed.value, watcher, true, this.work, repeatedKeys(tracker.source)))];
  }

  /** Body units that are not the closer: JSON while the value is open, else checked for trailing text. */
  private content(text: string, from: number, to: number): void {
    if (from >= to) return;
    const units = text.slice(from, to);
    this.delta.append(units);
    this.nonBlank ||= NON_BLANK.test(units);
    const tracker = this.tracker;
    if (!tracker.valid) return;
    let start = from;
    if (!tracker.done) {
      const end = tracker.feed(text, from, to);
      if (end < 0) return;
      start = end;
      const { line, column } = tracker.position;
      this.after = { line, column, afterCR: text[end - 1] === '\r' };
    }
    this.findTrailing(text, start, to);
  }

  /** Records the first non-blank unit after the value, with its position. */
  private findTrailing(text: string, from: number, to: number): void {
    const after = this.after;
    if (this.trailing !== undefined || after === undefined) return;
    for (let i = from; i < to; i++) {
      const unit = text[i]!;
      if (!isBlank(unit)) {
        this.trailing = { line: after.line, column: after.column, unit };
        return;
      }
      if (unit === '\r' || (unit === '\n' && !after.afterCR)) {
        after.line++;
        after.column = 1;
      } else if (unit !== '\n') after.column++;
      after.afterCR = unit === '\r';
    }
  }

  /** The identity the stream announced is binding. */
  private withIdentity(call: ParsedCall): ParsedCall {
    const identity = this.watcher.identity();
    if (identity === undefined) return call;
    const settled: ParsedCall = { ...call, toolName: identity.toolName };
    if (identity.toolCallId === undefined) delete settled.toolCallId;
    else settled.toolCallId = identity.toolCallId;
    return settled;
  }
}
