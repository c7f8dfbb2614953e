import { useRef } from 'react';
import { sameValue } from '../object.js';

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
  if (!sameValue(ref.current, value, depth)) ref.current = value;
  return ref.current;
}
