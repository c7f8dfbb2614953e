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

/**
 * Whether two values are the same data: equal primitives, or arrays and plain objects whose
 * items and own keys are the same data, `depth` levels deep. Anything else (functions, class
 * instances such as a Date or a Map) is the same only as the same object.
 */
export function sameValue(a: unknown, b: unknown, depth = Infinity): boolean {
  if (Object.is(a, b)) return true;
  if (depth === 0 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!sameValue(a[index], b[index], depth - 1)) return false;
    return true;
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (!Object.hasOwn(b, key) || !sameValue(a[key], b[key], depth - 1)) return false;
  return true;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** The entries of `record` whose value is not `undefined` (an option or label left undefined keeps its default). */
export function withoutUndefined<T extends object>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Partial<T>;
}
