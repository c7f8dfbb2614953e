import type { ParsedCall } from '../../types.js';

/** What kind of value `value` is, for an error message: `a list`, `null`, `an object`, `a string`, `a number`, … */
export function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * `call` with a problem: marked invalid with `errorText` when `strict` (a finished block), as it
 * was read when not (a block still streaming, or cut off, shows what it has).
 */
export function withProblem(call: ParsedCall, errorText: string, strict: boolean): ParsedCall {
  return strict ? { ...call, invalid: true, errorText } : call;
}
