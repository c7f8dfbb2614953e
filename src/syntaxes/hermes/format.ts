import type { FormatCall } from '../../types.js';
import { isRecord } from '../../object.js';
import { jsonString as json, pythonJson as spaced } from '../kit/python-json.js';

/**
 * Writes a call the way Hermes and Qwen chat templates show it:
 * `<tool_call>`, a line with `{"name": "N", "arguments": {…}}` (the id, when
 * given, between the two), and `</tool_call>`. The JSON uses `", "` and
 * `": "` separators, as those templates (Python's `json.dumps`) do, and
 * writes `</` as `<\/` so no string can read as the closer. Output,
 * errorText and state have no place in the format and are not written.
 * A string input (read from `"arguments": "hello"`, as vLLM passes it on) is
 * written as that JSON string. Throws for an empty tool name, an id that is
 * not a string, an input that is not an object (or a string that reads back
 * as itself) or that JSON cannot write.
 */
export function formatHermes(call: FormatCall): string {
  const name = call.toolName;
  if (typeof name !== 'string' || name === '') throw new Error('hermes syntax: the tool name must be a non-empty string');
  if (call.toolCallId !== undefined && typeof call.toolCallId !== 'string') throw new Error('hermes syntax: the tool call id must be a string');
  const input = call.input ?? {};
  const id = call.toolCallId === undefined ? '' : `"id": ${json(call.toolCallId)}, `;
  if (typeof input === 'string') {
    // Blank or `{…}` text would read back as arguments, not as this string.
    const first = input.trimStart()[0];
    if (first === undefined || first === '{') throw new Error('hermes syntax: a string input must not be blank or start with "{" (it would read back as JSON arguments)');
    return `<tool_call>\n{"name": ${json(name)}, ${id}"arguments": ${json(input)}}\n</tool_call>`;
  }
  if (!isRecord(input)) throw new Error('hermes syntax: input must be an object (it is written as the arguments)');
  let plain: unknown;
  try {
    plain = JSON.parse(JSON.stringify(input) ?? '{}');
  } catch (error) {
    throw new Error(`hermes syntax: the input cannot be written as JSON: ${(error as Error).message}`);
  }
  return `<tool_call>\n{"name": ${json(name)}, ${id}"arguments": ${spaced(plain)}}\n</tool_call>`;
}
