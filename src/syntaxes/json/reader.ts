import type { BlockIdentity, BlockReader, OpenerReader, OpenerVerdict, ParsedCall, WorkMeter } from '../../types.js';
import { parseJson, repeatedKeys } from '../shared/json.js';
import { callsFromJson, firstCallFromJson, repairedValue } from './calls.js';
import { JsonTracker } from './tracker.js';
import { CallWatcher } from './watcher.js';
import { RebuildThrottle } from '../shared/throttle.js';
import { TextBuffer } from '../../scanner/text-buffer.js';

/**
 * Default longest opener, in UTF-16 code units: JSON read before its
 * signature is settled. A value that neither shows a signature nor ends
 * within it is text, and the scan resumes where reading stopped.
 */
export const DEFAULT_MAX_OPENER_LENGTH = 64 * 1024;

/** Llama 3's special token before a call (`<|python_tag|>{"name": …}`): part of the block's raw, not of its JSON. */
export const PYTHON_TAG = '<|python_tag|>';

/**
 * Reads a candidate JSON block from its `{` or `[` (or from a `<|python_tag|>` right before
 * one) until the signature decides (see {@link CallWatcher}). Rejections point at the
 * offending unit (the units before it are text, the scan resumes there), so no unit is read
 * more than twice; a value that closes without a signature is text as a whole.
 */
export class JsonOpener implements OpenerReader {
  private index = 0;
  /** Units of the `<|python_tag|>` prefix before the JSON (0 without one, else its length once matched). */
  private prefix = 0;
  private readonly watcher = new CallWatcher();
  private readonly tracker = new JsonTracker(this.watcher);

  constructor(
    private readonly maxLength: number,
    private readonly work?: WorkMeter,
  ) {
    this.watcher.attach(this.tracker.frames);
  }

  push(unit: string): OpenerVerdict {
    const index = this.index++;
    if (index === 0 && unit === '<') this.prefix = -1;
    if (this.prefix < 0) {
      // Still inside the tag: a mismatch leaves its first unit as text, the scan resumes after it.
      if (unit !== PYTHON_TAG[index]) return 1;
      if (index === PYTHON_TAG.length - 1) this.prefix = PYTHON_TAG.length;
      return undefined;
    }
    const at = index - this.prefix;
    if (at === 0 && unit !== '{' && unit !== '[') return Math.max(1, index);
    if (at >= this.maxLength) return Math.max(1, index);
    this.tracker.feed(unit, 0, 1);
    if (this.tracker.done) return index + 1;
    if (!this.tracker.valid || this.watcher.verdict === 'reject') return Math.max(1, index);
    if (this.watcher.verdict === 'accept') return { block: new JsonBlock(this.tracker, this.watcher, this.work) };
    return undefined;
  }

  end(): OpenerVerdict {
    // Cut off before the signature settled: text as a whole (rescanning it could be quadratic).
    return Math.max(1, this.index);
  }
}

/** Below this size the partial JSON is reparsed on every growth; past it, amortised (see {@link RebuildThrottle}). */
const SMALL_BODY = 4096;

/** Where a block stands after its first value: in a value, right after one, or after a `;` between values. */
const enum Stage {
  Value,
  After,
  Separator,
}

/**
 * A JSON block after its signature: read up to the end of the top-level
 * value (a balanced scan that honours strings and escapes), then parsed into
 * one call per item. A `;` right after the value (Llama 3's separator of
 * parallel calls, `{…};{…}` or `{…}; {…}`) continues the block: blanks after
 * it are skipped and the next `{` or `[` is one more value of the block; any
 * other unit ends the block there (the `;` and blanks belong to it). So the
 * block's end is decided one unit after its value closes, whatever the split.
 * While open, the partial calls come from the repaired JSON of the first
 * value, reparsed with an amortised throttle.
 */
class JsonBlock implements BlockReader {
  /** Body units not yet taken as an input delta. */
  private readonly delta = new TextBuffer();
  private readonly throttle = new RebuildThrottle(SMALL_BODY);
  private lastPartial: ParsedCall[] = [{ input: {} }];
  /** The first call was read after its object closed (see {@link partial}). */
  private firstCallRead = false;
  /** {@link lastPartial} with the announced identity, until either changes (it was copied on every read). */
  private shownPartial: { from: ParsedCall[]; identity: BlockIdentity | undefined; calls: ParsedCall[] } | undefined;
  /** The values of the block: the first (watched for the signature and identity), then one per `;`. */
  private readonly values: JsonTracker[];
  private stage = Stage.Value;

  constructor(
    private readonly tracker: JsonTracker,
    private readonly watcher: CallWatcher,
    private readonly work?: WorkMeter,
  ) {
    this.values = [tracker];
  }

  read(text: string, from: number, to: number): number {
    let at = from;
    for (;;) {
      if (this.stage === Stage.Value) {
        const end = this.values[this.values.length - 1]!.feed(text, at, to);
        if (end < 0) break;
        at = end;
        this.stage = Stage.After;
      }
      if (at >= to) break;
      if (this.stage === Stage.After) {
        if (text[at] !== ';') return this.ended(text, from, at);
        at++;
        this.stage = Stage.Separator;
      }
      while (at < to && isBlank(text.charCodeAt(at))) at++;
      if (at >= to) break;
      const unit = text[at];
      if (unit !== '{' && unit !== '[') return this.ended(text, from, at);
      this.values.push(new JsonTracker());
      this.stage = Stage.Value;
    }
    this.delta.append(text.slice(from, to));
    return -1;
  }

  /** The block ends at `end`: what was read of this delta up to it is body. */
  private ended(text: string, from: number, end: number): number {
    this.delta.append(text.slice(from, end));
    return end;
  }

  endOfInput(): boolean {
    // After a value (or its `;`) the block is complete; inside one it was cut off.
    return this.stage !== Stage.Value;
  }

  identity(): BlockIdentity | undefined {
    return this.watcher.identity();
  }

  takeInputDelta(): string {
    return this.delta.take();
  }

  /**
   * The open block's first call (the later calls of a list start at its closer). Once the first
   * call's object has closed and was read, it cannot change: the rest of the list is not re-read.
   */
  partial(): ParsedCall[] {
    if (!this.firstCallRead && this.throttle.due(this.tracker.length)) {
      const closed = this.watcher.firstCallClosed;
      const value = repairedValue(this.tracker, this.work);
      if (value !== undefined) {
        this.lastPartial = [firstCallFromJson(value, this.work)];
        this.firstCallRead = closed;
      }
    }
    const identity = this.watcher.identity();
    const shown = this.shownPartial;
    if (shown?.from === this.lastPartial && sameIdentity(shown.identity, identity)) return shown.calls;
    const calls = this.withIdentity(this.lastPartial);
    this.shownPartial = { from: this.lastPartial, identity, calls };
    return calls;
  }

  finish(_closed: boolean): ParsedCall[] {
    const values = this.values;
    const calls: ParsedCall[] = [];
    values.forEach((tracker, index) => {
      const prefix = values.length > 1 ? `value ${index + 1}: ` : '';
      for (const call of this.valueCalls(tracker, prefix)) calls.push(call);
    });
    return this.withIdentity(calls);
  }

  /** The calls of one value: invalid JSON an error, a value cut off by the end of input read as far as it goes. */
  private valueCalls(tracker: JsonTracker, prefix: string): ParsedCall[] {
    const problem = tracker.problem;
    if (problem !== undefined) {
      const errorText = `${prefix}invalid JSON at line ${problem.line}, column ${problem.column}: ${problem.message}`;
      return [{ input: {}, invalid: true, errorText }];
    }
    if (!tracker.done) {
      // Cut off by the end of input: read as far as it goes (best effort, no error).
      const value = repairedValue(tracker, this.work);
      return value === undefined ? [{ input: {} }] : callsFromJson(value, false, this.work);
    }
    const parsed = parseJson(tracker.source, this.work);
    if (!parsed.ok) return [{ input: {}, invalid: true, errorText: `${prefix}invalid JSON: ${parsed.message}` }];
    return callsFromJson(parsed.value, true, this.work, repeatedKeys(tracker.source));
  }

  /** The identity the stream announced is binding for the first call. */
  private withIdentity(calls: ParsedCall[]): ParsedCall[] {
    const identity = this.watcher.identity();
    if (identity === undefined) return calls;
    const { toolCallId: _id, ...first } = calls[0]!;
    const call: ParsedCall = { ...first, toolName: identity.toolName };
    if (identity.toolCallId !== undefined) call.toolCallId = identity.toolCallId;
    const shown = calls.slice();
    shown[0] = call;
    return shown;
  }
}

/** Space, tab, line feed or carriage return. */
function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

function sameIdentity(a: BlockIdentity | undefined, b: BlockIdentity | undefined): boolean {
  return a?.toolName === b?.toolName && a?.toolCallId === b?.toolCallId;
}
