import type { FormatCall } from '../../types.js';
import { isRecord } from '../../object.js';
import { pythonJson } from '../kit/python-json.js';

/**
 * The form `format` writes: `openai` for `{"tool_calls":[{"id","type":"function","function":{"name","arguments"}}]}`
 * (arguments as a JSON string, as the OpenAI API sends them), `gemini` for
 * `{"id","name","args"}`, `default` for `{"id","tool":{"function","parameters"}}`,
 * `llama` for Llama 3.1–3.3's `{"name": N, "parameters": {…}}` (as their chat template writes a
 * call, `json.dumps` spacing, no id), `xlam` for xLAM's list `[{"name": N, "arguments": {…}}]`.
 */
export type JsonStyle = 'openai' | 'gemini' | 'default' | 'llama' | 'xlam';

/**
 * Writes a call as one line of JSON in the chosen form; the id (when given)
 * comes first, where the reader takes it for every form. Output, errorText
 * and state have no place in these forms and are not written. Throws for an
 * empty tool name, an input that is not an object or that JSON cannot write,
 * and (for `gemini` and `default`) an id (and name) so long that the
 * signature would not be settled within `maxOpenerLength`.
 */
export function formatJson(call: FormatCall, style: JsonStyle, maxOpenerLength: number): string {
  const name = call.toolName;
  if (typeof name !== 'string' || name === '') throw new Error('json syntax: the tool name must be a non-empty string');
  const input = call.input ?? {};
  if (!isRecord(input)) throw new Error('json syntax: input must be an object (it is written as the arguments)');
  if (call.toolCallId !== undefined && typeof call.toolCallId !== 'string') throw new Error('json syntax: the tool call id must be a string');
  const id = call.toolCallId === undefined ? {} : { id: call.toolCallId };
  if (style === 'llama' || style === 'xlam') {
    // The templates write no id: the reader would not take one written after the name anyway.
    const call = style === 'llama' ? { name, parameters: input } : { name, arguments: input };
    const text = templateJson(call);
    return style === 'llama' ? text : `[${text}]`;
  }
  const args = stringify(input);
  if (style === 'openai') {
    return `{"tool_calls":[${JSON.stringify({ ...id, type: 'function', function: { name, arguments: args } })}]}`;
  }
  // Gemini and default: what precedes the signature must fit in the opener the reader holds back.
  const head = JSON.stringify(style === 'gemini' ? { ...id, name } : id).slice(0, -1);
  const signature = style === 'gemini' ? `${head},"args"` : `${head}${head === '{' ? '' : ','}"tool":{`;
  if (signature.length > maxOpenerLength) {
    throw new Error(
      `json syntax: the id${style === 'gemini' ? ' and name' : ''} take ${signature.length} characters before the signature, more than maxOpenerLength (${maxOpenerLength})`,
    );
  }
  if (style === 'gemini') return `${signature}:${args}}`;
  return `${signature}"function":${JSON.stringify(name)},"parameters":${args}}}`;
}

function stringify(input: Record<string, unknown>): string {
  try {
    return JSON.stringify(input);
  } catch (error) {
    throw new Error(`json syntax: the input cannot be written as JSON: ${(error as Error).message}`);
  }
}

/** `value` as the chat templates write it (`tojson`: `", "` and `": "`), with the same errors as {@link stringify}. */
function templateJson(value: Record<string, unknown>): string {
  try {
    return pythonJson(JSON.parse(JSON.stringify(value)) as unknown);
  } catch (error) {
    throw new Error(`json syntax: the input cannot be written as JSON: ${(error as Error).message}`);
  }
}
