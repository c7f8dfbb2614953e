import type { FormatCall, SyntaxDescription, ToolSyntax } from '../../types.js';
import { isRecord } from '../../object.js';
import { defineMarkedSyntax } from '../kit/define.js';
import { jsonValueEnd } from '../kit/ends.js';
import { plainJson, pythonJson } from '../kit/python-json.js';
import { beforeJson, followsToolCalls, mistralIdentity, NAME_UNIT, readMistral } from './read.js';

/** The mistral syntax's rules, in the words of Mistral's chat templates. */
export const mistralDescription: SyntaxDescription = {
  rules: [
    'Write each tool call as `[TOOL_CALLS]`, the tool name, `[ARGS]` and the arguments as a JSON object: `[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}`.',
    '- Several calls follow one another, each with its own `[TOOL_CALLS]`. Nothing closes a call: it ends with its JSON object.',
  ].join('\n'),
};

/**
 * Writes a call the way Mistral's v11+ templates do: `[TOOL_CALLS]NAME[ARGS]{json}`, with
 * `[CALL_ID]ID` before `[ARGS]` when the call has an id (Mistral Small 3.2), the JSON with `", "`
 * and `": "` separators. Throws for a name or id Mistral cannot write (empty, or with units
 * other than letters, digits, `_`, `-`, `.`, `:`), and an input that is not a JSON object.
 */
export function formatMistral(call: FormatCall): string {
  const name = call.toolName;
  if (!isToken(name)) throw new Error('mistral syntax: the tool name must be non-empty letters, digits, "_", "-", "." or ":"');
  const id = call.toolCallId;
  if (id !== undefined && !isToken(id)) throw new Error('mistral syntax: the tool call id must be non-empty letters, digits, "_", "-", "." or ":"');
  const input = call.input ?? {};
  if (!isRecord(input)) throw new Error('mistral syntax: input must be an object (it is written as the arguments)');
  return `[TOOL_CALLS]${name}${id === undefined ? '' : `[CALL_ID]${id}`}[ARGS]${pythonJson(plainJson(input, 'mistral'))}`;
}

function isToken(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  for (const unit of value) if (!NAME_UNIT.test(unit)) return false;
  return true;
}

/**
 * Mistral's tool calls, anywhere outside code: `[TOOL_CALLS]NAME[ARGS]{json}` (v11+ tokenizers:
 * Mistral Small 3.2, Devstral, Magistral, Ministral), `[TOOL_CALLS]NAME[CALL_ID]ID[ARGS]{json}`,
 * `[TOOL_CALLS]NAME{json}` (servers that drop the special tokens), and the JSON list
 * `[TOOL_CALLS] [{"name": …, "arguments": {…}, "id"?: …}, …]` of Mistral 7B v0.3 and Nemo.
 * Nothing closes a block: it ends with its JSON value, and text after it is text. Several calls
 * in a row are several blocks. A `[TOOL_CALLS]` not followed by one of these shapes is text.
 */
export function createMistralSyntax(): ToolSyntax {
  return defineMarkedSyntax({
    name: 'mistral',
    openers: [{ marker: '[TOOL_CALLS]', follows: followsToolCalls, lookahead: 160, close: jsonValueEnd(beforeJson) }],
    read: readMistral,
    identity: mistralIdentity,
    format: formatMistral,
    describe: mistralDescription,
  });
}

/** The mistral syntax. On by default. */
export const mistralSyntax: ToolSyntax = /* @__PURE__ */ createMistralSyntax();
