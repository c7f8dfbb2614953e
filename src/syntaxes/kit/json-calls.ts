import type { FormatCall, ParsedCall } from '../../types.js';
import type { MarkedBlock } from './define.js';
import { isRecord } from '../../object.js';
import { callsFromJson, parsePartialJson } from '../json/calls.js';
import { parseJson, repeatedKeys } from '../shared/json.js';
import { plainJson, jsonString, pythonJson } from './python-json.js';

/**
 * The calls a JSON value written after a marker holds (`[{"name", "arguments"}, …]`, one such
 * object, or the OpenAI forms {@link callsFromJson} reads): strict for a finished block, repaired
 * as far as it goes for one still streaming or cut off. `where` names the place in errors
 * (`after <|tool_call|>`).
 */
export function jsonCalls(json: string, block: MarkedBlock, where: string): ParsedCall[] {
  const strict = block.closed && !block.partial;
  if (!strict) return callsFromJson(parsePartialJson(json, block.work) ?? [], false, block.work);
  if (json.trim() === '') return [{ input: {}, invalid: true, errorText: `expected a JSON list of tool calls ${where}` }];
  const parsed = parseJson(json, block.work);
  if (!parsed.ok) {
    // The name, when the repaired JSON shows one, still heads the error card.
    const toolName = callsFromJson(parsePartialJson(json, block.work) ?? [], false)[0]?.toolName;
    const call: ParsedCall = { input: {}, invalid: true, errorText: `invalid JSON ${where}: ${parsed.message}` };
    return [toolName === undefined ? call : { ...call, toolName }];
  }
  return callsFromJson(parsed.value, true, block.work, repeatedKeys(json));
}

/**
 * `{"name": N, "arguments": {…}}` as chat templates write it with `json.dumps` (`", "` and `": "`),
 * for a syntax's `format`; throws naming `syntax` for an empty name or an input that is not an object.
 */
export function jsonCallText(call: FormatCall, syntax: string): string {
  const name = call.toolName;
  if (typeof name !== 'string' || name === '') throw new Error(`${syntax} syntax: the tool name must be a non-empty string`);
  const input = call.input ?? {};
  if (!isRecord(input)) throw new Error(`${syntax} syntax: input must be an object (it is written as the arguments)`);
  return `{"name": ${jsonString(name)}, "arguments": ${pythonJson(plainJson(input, syntax))}}`;
}

/** Whether `after` is blanks then `[` then blanks then `{` so far: `true` at the `{`, `undefined` while it may still be, else `false`. */
export function listOfObjectsFollows(after: string): boolean | undefined {
  let i = 0;
  while (i < after.length && /[ \t\r\n]/.test(after[i]!)) i++;
  if (i === after.length) return undefined;
  if (after[i] !== '[') return false;
  i++;
  while (i < after.length && /[ \t\r\n]/.test(after[i]!)) i++;
  if (i === after.length) return undefined;
  return after[i] === '{';
}
