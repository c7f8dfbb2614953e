import { useRef } from 'react';

/**
 * Returns the previous value while the new one is structurally the same, so
 * props written inline (`tools={{ search: Search }}`, `remarkPlugins={[gfm]}`)
 * do not change identity on every render and re-render every item.
 * Arrays and plain objects are compared element by element (a few levels
 * deep, `depth` levels); functions, components, class instances and everything
 * else by identity.
 */
export function useStableValue<T>(value: T, depth = 4): T {
  const ref = useRef(value);
  if (!sameStructure(ref.current, value, depth)) ref.current = value;
  return ref.current;
}

function sameStructure(a: unknown, b: unknown, depth: number): boolean {
  if (Object.is(a, b)) return true;
  if (depth === 0 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameStructure(item, b[index], depth - 1));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameStructure(a[key], b[key], depth - 1));
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
