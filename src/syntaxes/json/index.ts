import type { ToolSyntax } from '../../types.js';
import { jsonDescription } from './describe.js';
import { formatJson, type JsonStyle } from './format.js';
import { choiceOption, lengthOption } from '../shared/options.js';
import { DEFAULT_MAX_OPENER_LENGTH, JsonOpener } from './reader.js';

export type { JsonStyle } from './format.js';

/** Options of {@link createJsonSyntax}. */
export interface JsonSyntaxOptions {
  /**
   * The form `format` writes: `openai` (default) for
   * `{"tool_calls":[{"id","type":"function","function":{"name","arguments"}}]}`,
   * `gemini` for `{"name","args"}`, `default` for `{"tool":{"function","parameters"}}`,
   * `llama` for Llama 3.1–3.3's `{"name": N, "parameters": {…}}` (and `describe` in their
   * template's words), `xlam` for xLAM's `[{"name": N, "arguments": {…}}]`.
   * Reading accepts every form.
   */
  style?: JsonStyle;
  /**
   * Where a bare JSON call opens: `line-start` (default) at the start of a line only;
   * `inline` anywhere outside code, as vLLM's `llama3_json` and `xlam` parsers read them
   * (`Here is the result: {"name": …}`, `</think>[{"name": …}]`, `{…} ; {…}`), and a
   * `<|python_tag|>` right before the JSON is part of the block (Llama 3.1's special token).
   */
  placement?: 'line-start' | 'inline';
  /**
   * Longest JSON, in UTF-16 code units, read before the signature must be
   * settled; a value that neither shows one nor ends within it is text. Default 64 KiB.
   */
  maxOpenerLength?: number;
}

/**
 * JSON tool calls at the start of a line (after at most three spaces, outside
 * code; not inside list items or block quotes): an object or array that is
 *
 * - OpenAI: `{"tool_calls": [{"id", "type": "function", "function": {"name", "arguments"}}]}`
 *   (or `"tools"`), or one such call object (also with `"tool": {"name", "arguments"}`,
 *   or both wrappers: `"tool": {"function": {"name", "arguments"}}`);
 * - Gemini and flat: `{"name": …, "args" | "arguments" | "parameters": {…}}`;
 * - default: `{"tool": {"function": "name", "parameters" | "arguments": {…}}}`;
 * - an array of these (xLAM: `[{"name", "arguments"}, …]`);
 * - Llama 3.1–3.3: the flat form, after an optional `<|python_tag|>` with
 *   `placement: 'inline'`, parallel calls separated by `;`
 *   (`{…};{…}`, `{…}; {…}`: one block, see below). The arguments may come before the name.
 *
 * Several calls in one block give several tool chunks (the first carries the
 * block's raw). `arguments` given as a JSON string is parsed (a string that is
 * not valid JSON makes that call an `output-error`); the id is the call's `id`
 * (for a flat call, only when written before its name). The block ends where
 * the top-level value ends (a balanced scan honouring strings and escapes),
 * unless a `;` follows at once: then blanks and one more `{`/`[` value after it
 * belong to the block too (Llama 3's separator), and any other unit ends it;
 * invalid JSON after the signature is an `output-error` with line and column.
 * JSON that is none of these forms stays text: the opener reads until the
 * signature decides (`{"tool_calls":[`, `"name"` then `"args"`, …), at most
 * `maxOpenerLength` units. While streaming, the partial JSON is repaired the
 * way the AI SDK's `fixJson` does (arguments strings too). Not on by default:
 * prose and examples often hold JSON objects at line starts.
 */
export function createJsonSyntax(options: JsonSyntaxOptions = {}): ToolSyntax {
  const style = choiceOption('json', 'style', options.style, ['openai', 'gemini', 'default', 'llama', 'xlam']);
  const placement = choiceOption('json', 'placement', options.placement, ['line-start', 'inline']);
  const maxOpenerLength = lengthOption('json', 'maxOpenerLength', options.maxOpenerLength, DEFAULT_MAX_OPENER_LENGTH, 16);
  return {
    name: 'json',
    // `<|python_tag|>` only where a call may open anywhere: at a line start, a `<` trigger would
    // also stand for every HTML tag opening a line.
    triggers: placement === 'inline' ? '{[<' : '{[',
    placement,
    startOpener: (work) => new JsonOpener(maxOpenerLength, work),
    format: (call) => formatJson(call, style, maxOpenerLength),
    describe: jsonDescription(style),
  };
}

/** The JSON syntax with default options (formats the OpenAI form). Opt-in: not in `defaultSyntaxes`. */
export const jsonSyntax: ToolSyntax = /* @__PURE__ */ createJsonSyntax();
