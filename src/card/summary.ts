import { sliceWhole } from './units.js';

/** Characters of the header's input summary at most (the header's CSS ellipsizes it further). */
export const SUMMARY_CHARS = 120;

/**
 * The input on one line, for the card's header: `key: value` pairs joined by `, ` (a string's
 * first line, a list of scalars joined by spaces, `{…}` / `[n]` for nested values), or a string
 * input's first line; at most {@link SUMMARY_CHARS} characters, in work bounded by that too
 * (a huge input costs no more than a small one). Empty for an empty input.
 */
export function summarizeInput(input: unknown, max = SUMMARY_CHARS): string {
  if (typeof input !== 'object' || input === null) return clip(scalar(input), max);
  if (Array.isArray(input)) return clip(list(input), max);
  let out = '';
  // `for…in` over own keys stops early: no key list of a huge object is built.
  for (const key in input) {
    if (!Object.hasOwn(input, key)) continue;
    const value = (input as Record<string, unknown>)[key];
    if (value === undefined) continue;
    out += `${out === '' ? '' : ', '}${key}: ${Array.isArray(value) ? list(value) : scalar(value)}`;
    if (out.length > max) break;
  }
  return clip(out, max);
}

function scalar(value: unknown): string {
  if (typeof value === 'string') {
    // The first line only; a multi-line value says there is more.
    const head = value.slice(0, SUMMARY_CHARS + 1);
    const end = head.search(/[\r\n]/);
    return end === -1 ? head : `${head.slice(0, end)}…`;
  }
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'object') return Array.isArray(value) ? `[${value.length}]` : '{…}';
  return '';
}

function list(values: readonly unknown[]): string {
  let out = '';
  for (let i = 0; i < values.length && out.length <= SUMMARY_CHARS; i++) {
    const value = values[i];
    out += `${i === 0 ? '' : ' '}${typeof value === 'object' && value !== null ? (Array.isArray(value) ? `[${value.length}]` : '{…}') : scalar(value)}`;
  }
  return out;
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${sliceWhole(flat, max - 1)}…`;
}
