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

/** A key written twice in one JSON object, where (line and column of its second writing). */
export interface RepeatedKey {
  /** Keys and list indexes from the root to the object holding the key (`[]`: the root object). */
  path: ReadonlyArray<string | number>;
  key: string;
  line: number;
  column: number;
}

/**
 * The rule for repeated keys in the JSON of a tool call, one for every JSON-bodied syntax:
 * `JSON.parse` keeps the last of repeated keys, which is fine inside the arguments (a model that
 * writes `"city"` twice corrected itself) but not at the call object's own level — `{"name": "a",
 * "arguments": {…}, "name": "b", "arguments": {…}}` states two calls in one object, and executing
 * either (or the first name with the last arguments) is a guess. Such a key makes the call an
 * `output-error` naming it ({@link repeatedKeyMessage}). These are the keys that say which tool
 * is called, with what and under which id (a repeated unknown key is a `field`, the last kept).
 */
export const CALL_LEVEL_KEYS: ReadonlySet<string> = new Set([
  'name', 'arguments', 'parameters', 'args', 'input', 'function', 'tool', 'id', 'tool_call_id', 'tool_name', 'type', 'tool_calls', 'tools',
]);

/** The error text of a repeated call-level key (see {@link CALL_LEVEL_KEYS}). */
export function repeatedKeyMessage(repeat: RepeatedKey, where = 'the JSON'): string {
  return (
    `repeated key ${JSON.stringify(repeat.key)} in the tool call object at line ${repeat.line}, column ${repeat.column} of ${where}: ` +
    'the object states two calls (or two values for one), and neither is executed as a guess'
  );
}

/**
 * The keys written more than once in objects of a JSON text that `JSON.parse` accepted (which
 * keeps only the last of them), in objects at most `maxDepth` levels deep (1: the root object),
 * where a call's own keys are. One forward pass, linear in the text (strings are skipped with
 * `indexOf`); lines are counted from 1 at `line`, columns in UTF-16 units.
 */
export function repeatedKeys(text: string, maxDepth = 4, line = 1): RepeatedKey[] {
  const repeats: RepeatedKey[] = [];
  interface Frame {
    keys: Set<string> | undefined;
    /** Objects: the key being read; lists: the item's index. */
    at: string | number;
    expectKey: boolean;
  }
  const stack: Frame[] = [];
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34 /* " */) {
      let end = text.indexOf('"', i + 1);
      while (end > 0 && escaped(text, end)) end = text.indexOf('"', end + 1);
      if (end < 0) return repeats; // not JSON after all: nothing more to say
      const top = stack[stack.length - 1];
      if (top?.expectKey) {
        const written = text.slice(i + 1, end);
        const key = written.includes('\\') ? (JSON.parse(`"${written}"`) as string) : written;
        if (top.keys !== undefined) {
          if (top.keys.has(key)) repeats.push({ path: stack.slice(0, -1).map((frame) => frame.at), key, line, column: i - lineStart + 1 });
          else top.keys.add(key);
        }
        top.at = key;
        top.expectKey = false;
      }
      i = end;
    } else if (code === 123 /* { */) {
      stack.push({ keys: stack.length < maxDepth ? new Set() : undefined, at: '', expectKey: true });
    } else if (code === 91 /* [ */) {
      stack.push({ keys: undefined, at: 0, expectKey: false });
    } else if (code === 125 /* } */ || code === 93 /* ] */) {
      stack.pop();
    } else if (code === 44 /* , */) {
      const top = stack[stack.length - 1];
      if (top === undefined) continue;
      if (typeof top.at === 'number') top.at++;
      else top.expectKey = true;
    } else if (code === 10 /* \n */ || (code === 13 /* \r */ && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return repeats;
}

/** Whether the quote at `quote` is escaped (an odd number of backslashes before it). */
function escaped(text: string, quote: number): boolean {
  let backslashes = 0;
  for (let i = quote - 1; i >= 0 && text.charCodeAt(i) === 92; i--) backslashes++;
  return backslashes % 2 === 1;
}

/**
 * The first repeated call-level key (one of `keys`, by default {@link CALL_LEVEL_KEYS}) of the
 * object at one of `paths`.
 */
export function repeatedCallKey(
  repeats: readonly RepeatedKey[],
  paths: ReadonlyArray<ReadonlyArray<string | number>>,
  keys: ReadonlySet<string> = CALL_LEVEL_KEYS,
): RepeatedKey | undefined {
  return repeats.find(
    (repeat) => keys.has(repeat.key) && paths.some((path) => path.length === repeat.path.length && path.every((step, i) => step === repeat.path[i])),
  );
}
