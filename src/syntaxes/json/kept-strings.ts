/**
 * Which strings a {@link JsonTracker} keeps for its listener: keys, and the values that name and
 * identify a call (`name`, `id`, `function`), only near the top — enough for every call envelope,
 * and nothing of big arguments.
 */

/** Keys and strings are kept only this deep. */
const KEEP_DEPTH = 5;
/** String values kept (under these keys). */
const KEPT_VALUES = new Set(['name', 'id', 'function']);

/**
 * Whether a string starting at `depth` (open containers) is kept: a key, or a value under a kept
 * key of an object (`objectKey`: the current key of the enclosing object, `undefined` in an array
 * or before a key).
 */
export function keepsString(depth: number, isKey: boolean, objectKey: string | undefined): boolean {
  return depth <= KEEP_DEPTH && (isKey || (objectKey !== undefined && KEPT_VALUES.has(objectKey)));
}

/** A kept string's content as written (escapes included) decoded; `undefined` if it does not decode. */
export function decodeKept(kept: string): string | undefined {
  try {
    return JSON.parse(`"${kept}"`) as string;
  } catch {
    return undefined;
  }
}
