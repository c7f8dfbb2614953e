import type { BlockIdentity } from '../../types.js';
import type { JsonListener } from '../json/tracker.js';

/** Keys of the arguments object, in order of preference. */
export const ARGUMENT_KEYS: readonly string[] = ['arguments', 'parameters'];

/**
 * Watches the JSON of a `<tool_call>` block for the call's identity: the
 * top-level `"name"` (a non-empty string) and `"id"` (a string or number).
 * The identity settles once the name is read and the arguments begin (or
 * the object closes, or an id is read): an `"id"` written after the
 * arguments could not be announced in time, so it is not the call id (it
 * stays in `fields`). Once settled it never changes, so the id a stream
 * announces is the id of the finished call.
 */
export class HermesWatcher implements JsonListener {
  /** The first top-level name, once read whole. */
  name: string | undefined;
  /** The call id, when written before the arguments. */
  id: string | undefined;
  /** The top-level value opened as something other than an object. */
  notObject = false;
  private argumentsBegan = false;
  private closed = false;
  /** The last key read directly in the top-level object. */
  private lastKey: string | undefined;

  /** Name and id once they can no longer change. */
  identity(): BlockIdentity | undefined {
    const toolName = this.name;
    if (toolName === undefined || (this.id === undefined && !this.argumentsBegan && !this.closed)) return undefined;
    return this.id === undefined ? { toolName } : { toolName, toolCallId: this.id };
  }

  open(depth: number, object: boolean): void {
    if (depth === 1 && !object) this.notObject = true;
  }

  close(depth: number): void {
    if (depth === 1) this.closed = true;
  }

  key(depth: number, key: string | undefined): void {
    if (depth !== 1) return;
    this.lastKey = key;
    if (key !== undefined && ARGUMENT_KEYS.includes(key)) this.argumentsBegan = true;
  }

  scalar(depth: number, value: string | number | boolean | null | undefined): void {
    if (depth !== 1 || this.notObject) return;
    if (this.lastKey === 'name' && this.name === undefined && typeof value === 'string' && value !== '') this.name = value;
    else if (this.lastKey === 'id' && this.id === undefined && !this.argumentsBegan && (typeof value === 'string' || typeof value === 'number')) {
      this.id = String(value);
    }
  }
}
