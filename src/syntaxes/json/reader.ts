import type { BlockIdentity, BlockReader, OpenerReader, OpenerVerdict, ParsedCall, WorkMeter } from '../../types.js';
import { parseJson } from '../shared/json.js';
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

/**
 * Reads a candidate JSON block from its `{` or `[` until the signature
 * decides (see {@link CallWatcher}). Rejections point at the offending unit
 * (the units before it are text, the scan resumes there), so no unit is read
 * more than twice; a value that closes without a signature is text as a whole.
 */
export class JsonOpener implements OpenerReader {
  private index = 0;
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
    if (index >= this.maxLength) return Math.max(1, index);
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

/**
 * A JSON block after its signature: read up to the end of the top-level
 * value (a balanced scan that honours strings and escapes), then parsed into
 * one call per item. While open, the partial calls come from the repaired
 * JSON, reparsed with an amortised throttle.
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

  constructor(
    private readonly tracker: JsonTracker,
    private readonly watcher: CallWatcher,
    private readonly work?: WorkMeter,
  ) {}

  read(text: string, from: number, to: number): number {
    const end = this.tracker.feed(text, from, to);
    this.delta.append(text.slice(from, end < 0 ? to : end));
    return end;
  }

  endOfInput(): boolean {
    return false;
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

  finish(closed: boolean): ParsedCall[] {
    const tracker = this.tracker;
    const problem = tracker.problem;
    if (problem !== undefined) {
      const errorText = `invalid JSON at line ${problem.line}, column ${problem.column}: ${problem.message}`;
      return this.withIdentity([{ input: {}, invalid: true, errorText }]);
    }
    if (!closed) {
      // Cut off by the end of input: read as far as it goes (best effort, no error).
      const value = repairedValue(tracker, this.work);
      return this.withIdentity(value === undefined ? [{ input: {} }] : callsFromJson(value, false, this.work));
    }
    const parsed = parseJson(tracker.source, this.work);
    if (!parsed.ok) return this.withIdentity([{ input: {}, invalid: true, errorText: `invalid JSON: ${parsed.message}` }]);
    return this.withIdentity(callsFromJson(parsed.value, true, this.work));
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

function sameIdentity(a: BlockIdentity | undefined, b: BlockIdentity | undefined): boolean {
  return a?.toolName === b?.toolName && a?.toolCallId === b?.toolCallId;
}
