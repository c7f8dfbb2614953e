import type { WorkMeter } from '../../types.js';

/**
 * Longest JSON text parsed as a whole, in UTF-16 code units (16 MiB). `JSON.parse`
 * reads hundreds of MB a second, so this only stops texts that would hold the
 * page for long; a longer one is an error that says so.
 */
export const MAX_JSON_LENGTH = 16 * 1024 * 1024;

/**
 * Deepest nesting of JSON objects and arrays in a tool call's arguments. A
 * value nested deeper breaks `JSON.stringify`, `structuredClone` and the
 * renderers downstream (they recurse), and no tool's arguments need it: it
 * is an error naming the limit. The JSON syntax's incremental reader applies
 * the same limit as it reads, with the line and column where it is crossed.
 */
export const MAX_JSON_DEPTH = 100;

export type JsonResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * `JSON.parse` within the limits above, without throwing. The message of a
 * failure starts with what failed (`the JSON value is nested deeper than 100
 * levels`, or the engine's syntax error message). The text's length is added
 * to `work.json` when it is handed to `JSON.parse`.
 */
export function parseJson(text: string, work?: WorkMeter): JsonResult {
  if (text.length > MAX_JSON_LENGTH) {
    return { ok: false, message: `the JSON text is ${text.length} characters long, over the limit of ${MAX_JSON_LENGTH}` };
  }
  if (work) work.json += text.length;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: String((error as Error)?.message ?? error) };
  }
  if (tooDeep(value)) return { ok: false, message: `the JSON value is nested deeper than ${MAX_JSON_DEPTH} levels` };
  return { ok: true, value };
}

/** Whether a parsed value nests objects and arrays deeper than {@link MAX_JSON_DEPTH}. Iterative. */
export function tooDeep(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stack: Array<[object, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > limit) return true;
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}
