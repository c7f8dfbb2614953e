import type { BlockIdentity } from '../../types.js';
import type { JsonFrame, JsonListener } from './tracker.js';

/** Keys of an envelope holding a list of calls: `{"tool_calls": [...]}`. */
const ENVELOPE_KEYS = new Set(['tool_calls', 'tools']);
/** Keys of a call wrapping its name and arguments in an object: `{"function": {...}}`, `{"tool": {...}}`. */
const WRAPPER_KEYS = new Set(['function', 'tool']);
/** Keys of the arguments of a flat call (`{"name", "args"}`). */
const ARGUMENT_KEYS = new Set(['args', 'arguments', 'parameters']);
/** Keys that may come before the signature without deciding anything. */
const PREAMBLE_KEYS = new Set(['id', 'type', 'role', 'content', 'index', 'call_id']);

/** Where the signature stands. */
export type SignatureVerdict = 'reading' | 'accept' | 'reject';

/**
 * Watches the JSON structure of a candidate block: first its signature (is
 * this a tool call at all?), then the identity of its first call.
 *
 * Signature: the top-level object (or the first object of a top-level array)
 * is a call when, after optional `id` / `type` / `role` / `content` /
 * `index` / `call_id` keys, it has `"tool_calls": [` or `"tools": [` (an
 * envelope), `"function": {` or `"tool": {` (a wrapped call), or a string
 * `"name"` followed by `"args"`, `"arguments"` or `"parameters"` (a flat
 * call). Any other key, a value of the wrong kind, or the object closing
 * first rejects.
 *
 * Identity: the first call's name and id. A flat call's id counts only when
 * written before its name (so the name settles the identity at once); a
 * wrapped call's id may come anywhere in it, so its identity settles at the
 * id or when the call object closes. Once settled it never changes.
 */
export class CallWatcher implements JsonListener {
  verdict: SignatureVerdict = 'reading';
  private frames: readonly JsonFrame[] = [];
  /** Depth of the first call's object (0 before the top value opens). */
  private itemDepth = 0;
  private itemOpen = false;
  private itemClosed = false;
  private name: string | undefined;
  private id: string | undefined;
  private idBeforeName = false;
  /** Whether the first call is flat (`name` at its top) or wrapped; unknown until its name is read. */
  private flat: boolean | undefined;

  /** The tracker's open containers, to read keys and indexes of the path. */
  attach(frames: readonly JsonFrame[]): void {
    this.frames = frames;
  }

  /** Whether the first call's object has closed: what it says can no longer change. */
  get firstCallClosed(): boolean {
    return this.itemClosed;
  }

  /** The first call's name and id, once they can no longer change. */
  identity(): BlockIdentity | undefined {
    const toolName = this.name;
    if (toolName === undefined) return undefined;
    if (this.flat) return this.idBeforeName && this.id !== undefined ? { toolName, toolCallId: this.id } : { toolName };
    if (this.id !== undefined) return { toolName, toolCallId: this.id };
    return this.itemClosed ? { toolName } : undefined;
  }

  open(depth: number, object: boolean): void {
    if (depth === 1) {
      this.itemDepth = object ? 1 : 2;
      this.itemOpen = object;
      return;
    }
    if (depth === this.itemDepth && !this.itemOpen && this.frames[depth - 2]!.index === 0) {
      if (object) this.itemOpen = true;
      else if (this.verdict === 'reading') this.verdict = 'reject';
      return;
    }
    if (depth !== this.itemDepth + 1 || !this.inFirstItem() || this.verdict !== 'reading') return;
    const key = this.frames[this.itemDepth - 1]!.key;
    if (key !== undefined && ENVELOPE_KEYS.has(key) && this.itemDepth === 1) {
      if (object) this.verdict = 'reject';
      else this.acceptEnvelope();
    } else if (key !== undefined && WRAPPER_KEYS.has(key)) {
      this.verdict = object ? 'accept' : 'reject';
    } else if (key === 'name') this.verdict = 'reject';
  }

  close(depth: number): void {
    if (depth === this.itemDepth && this.inFirstItem()) {
      this.itemClosed = true;
      if (this.verdict === 'reading') this.verdict = 'reject';
    }
    if (depth === 1 && this.verdict === 'reading') this.verdict = 'reject';
  }

  key(depth: number, key: string | undefined): void {
    if (depth !== this.itemDepth || !this.inFirstItem() || this.verdict !== 'reading') return;
    if (key === undefined) this.verdict = 'reject';
    else if (ARGUMENT_KEYS.has(key)) {
      if (this.name === undefined) this.verdict = 'reject';
      else {
        this.flat = true;
        this.verdict = 'accept';
      }
    } else if (!(ENVELOPE_KEYS.has(key) && this.itemDepth === 1) && !WRAPPER_KEYS.has(key) && key !== 'name' && !PREAMBLE_KEYS.has(key)) {
      this.verdict = 'reject';
    }
  }

  scalar(depth: number, value: string | number | boolean | null | undefined): void {
    // `[1, …`: a top-level array whose first item is not an object is no call list.
    if (this.verdict === 'reading' && !this.itemOpen && depth === this.itemDepth - 1) this.verdict = 'reject';
    if (!this.inFirstItem()) return;
    if (depth === this.itemDepth) this.itemScalar(this.frames[depth - 1]!.key, value);
    else if (depth === this.itemDepth + 1 && typeof value === 'string' && this.name === undefined && this.flat !== true) {
      // Inside a wrapper: `function.name`, `tool.name` or the default form's `tool.function`.
      const wrapper = this.frames[this.itemDepth - 1]!.key;
      const inner = this.frames[depth - 1]!.key;
      if ((wrapper === 'function' || wrapper === 'tool') && (inner === 'name' || (wrapper === 'tool' && inner === 'function'))) {
        if (value !== '') this.setName(value, false);
      }
    } else if (depth === this.itemDepth + 2 && typeof value === 'string' && this.name === undefined && this.flat !== true) {
      // Both wrappers: `tool.function.name`.
      const path = [this.itemDepth - 1, this.itemDepth, depth - 1].map((index) => this.frames[index]!.key);
      if (path[0] === 'tool' && path[1] === 'function' && path[2] === 'name' && value !== '') this.setName(value, false);
    }
  }

  /** A scalar directly in the first call object. */
  private itemScalar(key: string | undefined, value: string | number | boolean | null | undefined): void {
    if (this.verdict === 'reading' && key !== undefined && (ENVELOPE_KEYS.has(key) || WRAPPER_KEYS.has(key))) {
      this.verdict = 'reject';
      return;
    }
    if (key === 'name' && this.name === undefined && this.flat !== false) {
      if (typeof value === 'string' && value !== '') this.setName(value, true);
      else if (this.verdict === 'reading') this.verdict = 'reject';
    } else if (key === 'id' && this.id === undefined && (typeof value === 'string' || typeof value === 'number')) {
      this.id = String(value);
      this.idBeforeName = this.name === undefined;
    }
  }

  private setName(name: string, flat: boolean): void {
    this.name = name;
    this.flat ??= flat;
  }

  /** `{"tool_calls": [`: the calls are the array's objects; the first one is watched from scratch. */
  private acceptEnvelope(): void {
    this.verdict = 'accept';
    this.itemDepth = 3;
    this.itemOpen = false;
    this.name = undefined;
    this.id = undefined;
    this.idBeforeName = false;
    this.flat = undefined;
  }

  /** Whether the event is inside the first call object, which is still open. */
  private inFirstItem(): boolean {
    return this.itemOpen && !this.itemClosed && this.frames.length >= this.itemDepth;
  }
}
