/**
 * Plain-object helpers every room uses (syntaxes, the review, the prompt side, JSON Schema
 * reading): a leaf that imports nothing.
 */
/** A plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets `key` as an own enumerable property, so a key such as `__proto__` is an ordinary key, not the prototype. */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}
