import type { ParsedCall, WorkMeter } from '../../types.js';
import { firstOf, readArguments } from '../json/calls.js';
import { isRecord, setOwn } from '../../object.js';
import { describeValue, withProblem } from '../shared/problem.js';
import { repeatedCallKey, repeatedKeyMessage, type RepeatedKey } from '../shared/json.js';
import { ARGUMENT_KEYS, type HermesWatcher } from './watcher.js';

/**
 * The call a `<tool_call>` block's JSON value describes: `{"name", "arguments"}`
 * (or `"parameters"`), the name and id as the {@link HermesWatcher} read
 * them, the arguments as an object (a JSON string of arguments is parsed),
 * any other key in `fields`. With `strict` (a finished block) what does not
 * fit makes the call invalid with an errorText saying what; without it (a
 * block still streaming or cut off) the value is read as far as it goes. A string of arguments
 * that does not hold a JSON object (`"arguments": "hello"`) is the input as written, as vLLM's
 * hermes parser passes it on (`json.dumps` of the value: the client reads the string back); one
 * that starts with `{` is JSON arguments, parsed (an error when it is not valid). A call-level key the
 * JSON text wrote twice (`repeats`, see `CALL_LEVEL_KEYS` in shared/json.ts) makes the call invalid.
 */
export function hermesCall(value: unknown, watcher: HermesWatcher, strict: boolean, work?: WorkMeter, repeats: readonly RepeatedKey[] = []): ParsedCall {
  const call: ParsedCall = { input: {} };
  if (watcher.name !== undefined) call.toolName = watcher.name;
  if (watcher.id !== undefined) call.toolCallId = watcher.id;
  if (!isRecord(value)) {
    return withProblem(call, `the tool call must be a JSON object {"name": …, "arguments": {…}}, not ${describeValue(value)}`, strict);
  }
  const repeat = repeatedCallKey(repeats, [[]]);
  if (repeat !== undefined) return withProblem(call, repeatedKeyMessage(repeat), strict);
  const args = firstOf(value, ARGUMENT_KEYS);
  for (const key of Object.keys(value)) {
    if (key === 'name' || key === args?.key || (key === 'id' && call.toolCallId !== undefined)) continue;
    setOwn((call.fields ??= {}), key, value[key]);
  }
  if (args !== undefined && isPlainString(args.value)) {
    call.input = args.value;
    return call.toolName === undefined ? withProblem(call, 'no tool name: expected a non-empty string "name"', strict) : call;
  }
  const input = readArguments(args, '', strict, work);
  if (typeof input === 'string') return withProblem(call, input, strict);
  call.input = input;
  if (call.toolName === undefined) return withProblem(call, 'no tool name: expected a non-empty string "name"', strict);
  return call;
}

/** A non-blank string of arguments that is not JSON object text: passed through as written. */
function isPlainString(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const first = value.trimStart()[0];
  return first !== undefined && first !== '{';
}
