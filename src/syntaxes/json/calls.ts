import type { ParsedCall, WorkMeter } from '../../types.js';
import { parseJson, repeatedCallKey, repeatedKeyMessage, type RepeatedKey } from '../shared/json.js';
import { isRecord } from '../../object.js';
import { describeValue, withProblem } from '../shared/problem.js';
import { JsonTracker } from './tracker.js';

/** Keys of a call object that are not extra `fields`. */
const CALL_KEYS = new Set(['id', 'type', 'function', 'tool', 'name', 'args', 'arguments', 'parameters']);

/**
 * The calls a block's JSON value holds: a top-level array of calls, the list
 * under `tool_calls` / `tools`, or the value itself as one call. Each call is
 *
 * - OpenAI: `{"id", "type": "function", "function": {"name", "arguments"}}`
 *   (also `"tool": {"name", "arguments"}`), the id kept;
 * - default: `{"tool": {"function": "name", "parameters" | "arguments": {…}}}`;
 * - both wrappers: `{"tool": {"function": {"name", "arguments"}}}`;
 * - Gemini and flat: `{"name", "args" | "arguments" | "parameters"}`, with
 *   an `id` only when it is written before the name.
 *
 * Arguments given as a JSON string are parsed (a blank string is no
 * arguments). With `strict` (a finished
 * block) what does not fit makes that call invalid with an errorText saying
 * what; without it (a block still streaming) the value is read as far as it
 * goes and a string of arguments is repaired like partial JSON.
 *
 * `repeats` are the keys the JSON text wrote twice in one object (`repeatedKeys` of the
 * text `value` was parsed from): a call-level one (`name`, `arguments`, … twice in a call object
 * or its `function` / `tool` wrapper, `tool_calls` twice in the list's wrapper) makes that call
 * invalid — see `CALL_LEVEL_KEYS` in shared/json.ts; repeated keys inside the arguments keep the last, as
 * `JSON.parse` does.
 */
export function callsFromJson(value: unknown, strict: boolean, work?: WorkMeter, repeats: readonly RepeatedKey[] = []): ParsedCall[] {
  const { items, path } = callItems(value);
  if (items.length === 0) return [withProblem({ input: {} }, 'the list of tool calls is empty', strict)];
  // `{"tool_calls": [a], "tool_calls": [b]}` states calls a and b: JSON.parse kept only b.
  const wrapper = path !== undefined && path.length > 0 ? repeatedCallKey(repeats, [[]]) : undefined;
  return items.map((item, index) => {
    const prefix = items.length > 1 ? `call ${index + 1}: ` : '';
    const call = itemCall(item, prefix, strict, work);
    const itemPath = path === undefined ? [] : [...path, index];
    const repeat = wrapper ?? repeatedCallKey(repeats, [itemPath, [...itemPath, 'function'], [...itemPath, 'tool'], [...itemPath, 'tool', 'function']]);
    return repeat === undefined ? call : withProblem({ ...call, input: {} }, `${prefix}${repeatedKeyMessage(repeat)}`, strict);
  });
}

/**
 * The first call of a block's value, read as far as it goes (not strict): what an open block
 * shows — its later calls start at its closer.
 */
export function firstCallFromJson(value: unknown, work?: WorkMeter): ParsedCall {
  const { items } = callItems(value);
  return items.length === 0 ? { input: {} } : itemCall(items[0], '', false, work);
}

/** JSON text that may be cut off anywhere, completed and parsed; `undefined` when nothing is usable. */
export function parsePartialJson(text: string, work?: WorkMeter): unknown {
  const tracker = new JsonTracker();
  tracker.feed(text, 0, text.length);
  return repairedValue(tracker, work);
}

/**
 * The JSON a tracker has read so far, completed (see {@link JsonTracker.repaired}) and parsed:
 * what an open block shows. `undefined` when nothing is usable yet.
 */
export function repairedValue(tracker: JsonTracker, work?: WorkMeter): unknown {
  const repaired = tracker.repaired();
  if (repaired === undefined) return undefined;
  const parsed = parseJson(repaired, work);
  return parsed.ok ? parsed.value : undefined;
}

/** The call items of a block's value, and the path of their list (`undefined`: the value is the one call). */
function callItems(value: unknown): { items: unknown[]; path?: Array<string | number> } {
  if (Array.isArray(value)) return { items: value, path: [] };
  if (isRecord(value)) {
    if (Array.isArray(value.tool_calls)) return { items: value.tool_calls, path: ['tool_calls'] };
    if (Array.isArray(value.tools)) return { items: value.tools, path: ['tools'] };
  }
  return { items: [value] };
}

function itemCall(item: unknown, prefix: string, strict: boolean, work: WorkMeter | undefined): ParsedCall {
  if (!isRecord(item)) return withProblem({ input: {} }, `${prefix}expected a tool call object, not ${describeValue(item)}`, strict);
  const call: ParsedCall = { input: {} };
  let name: unknown;
  let nameKey: string;
  let args: { key: string; value: unknown } | undefined;
  let id: unknown;
  const { function: fn, tool } = item;
  if (isRecord(fn)) {
    name = fn.name;
    nameKey = '"function.name"';
    args = firstOf(fn, ['arguments', 'parameters', 'args']);
    id = item.id;
  } else if (isRecord(tool) && isRecord(tool.function)) {
    // Both wrappers at once: `{"tool": {"function": {"name", "arguments"}}}`.
    name = tool.function.name;
    nameKey = '"tool.function.name"';
    args = firstOf(tool.function, ['arguments', 'parameters', 'args']);
    id = item.id;
  } else if (isRecord(tool)) {
    const defaultForm = typeof tool.function === 'string';
    name = defaultForm ? tool.function : tool.name;
    nameKey = defaultForm ? '"tool.function"' : '"tool.name"';
    args = firstOf(tool, defaultForm ? ['parameters', 'arguments', 'args'] : ['arguments', 'parameters', 'args']);
    id = item.id;
  } else {
    name = item.name;
    nameKey = '"name"';
    args = firstOf(item, ['args', 'arguments', 'parameters']);
    // A flat call's id counts only before its name: the stream settles the identity at the name.
    const keys = Object.keys(item);
    if (keys.includes('id') && keys.indexOf('id') < keys.indexOf('name')) id = item.id;
  }
  if (typeof id === 'string' || typeof id === 'number') call.toolCallId = String(id);
  // An id that is not the call id (after a flat call's name, or not a string or number) is kept as a field.
  const extra = Object.keys(item).filter((key) => !CALL_KEYS.has(key) || (key === 'id' && call.toolCallId === undefined));
  if (extra.length > 0) call.fields = Object.fromEntries(extra.map((key) => [key, item[key]]));
  if (typeof name === 'string' && name !== '') call.toolName = name;
  const input = readArguments(args, prefix, strict, work);
  if (typeof input === 'string') return withProblem(call, input, strict);
  call.input = input;
  if (call.toolName === undefined) return withProblem(call, `${prefix}no tool name: expected a non-empty string ${nameKey}`, strict);
  return call;
}

/**
 * The arguments object, or the text of what is wrong with it: `null`, a blank
 * string or no arguments are `{}`, a JSON string is parsed (repaired when not
 * `strict`), anything else but an object is wrong (`{}` when not `strict`).
 */
export function readArguments(
  args: { key: string; value: unknown } | undefined,
  prefix: string,
  strict: boolean,
  work?: WorkMeter,
): Record<string, unknown> | string {
  if (args === undefined || args.value === null) return {};
  let value: unknown = args.value;
  // `"arguments": ""` is how some models write a call without arguments.
  if (typeof value === 'string' && value.trim() === '') return {};
  if (typeof value === 'string') {
    if (!strict) value = parsePartialJson(value, work) ?? {};
    else {
      const parsed = parseJson(value, work);
      if (!parsed.ok) return `${prefix}the "${args.key}" string is not valid JSON: ${parsed.message}`;
      value = parsed.value;
    }
  }
  if (isRecord(value)) return value;
  return strict ? `${prefix}"${args.key}" must be a JSON object, not ${describeValue(value)}` : {};
}

/** The first of `keys` that `object` has as its own, with its value. */
export function firstOf(object: Record<string, unknown>, keys: readonly string[]): { key: string; value: unknown } | undefined {
  for (const key of keys) if (Object.hasOwn(object, key)) return { key, value: object[key] };
  return undefined;
}
