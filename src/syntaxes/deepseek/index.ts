import type { FormatCall, ToolSyntax } from '../../types.js';
import { isRecord } from '../../object.js';
import { defineMarkedSyntax, type MarkedOpener } from '../kit/define.js';
import { plainJson } from '../kit/python-json.js';
import { deepSeekIdentity, readDeepSeek } from './read.js';

/** Options of {@link createDeepSeekSyntax}. */
export interface DeepSeekSyntaxOptions {
  /**
   * Which chat template `format` and `describe` follow: `v3.1` (default, also V3.2's non-DSML
   * form) writes `NAME<｜tool▁sep｜>{json}`; `v3` (V3 and R1) writes
   * `function<｜tool▁sep｜>NAME` and the JSON in a ```` ```json ```` fence. Both are read either way.
   */
  readonly version?: 'v3' | 'v3.1';
}

/** Every spelling of the section's end the servers accept. */
const CLOSERS = ['<｜tool▁calls▁end｜>', '<｜tool_calls_end｜>', '<｜tool calls end｜>', '<｜tool\\_calls\\_end｜>'];
/** The section's opener as DeepSeek writes it, and the spellings llama.cpp accepts from distilled models. */
const OPENERS: MarkedOpener[] = ['<｜tool▁calls▁begin｜>', '<｜tool_calls_begin｜>', '<｜tool calls begin｜>', '<｜tool\\_calls\\_begin｜>', '<｜tool▁calls｜>'].map(
  (marker) => ({ marker, close: CLOSERS }),
);

/** Writes a call the way the DeepSeek chat template of `version` shows an assistant's tool call. */
function formatDeepSeek(call: FormatCall, version: 'v3' | 'v3.1'): string {
  const name = call.toolName;
  if (typeof name !== 'string' || name === '') throw new Error('deepseek syntax: the tool name must be a non-empty string');
  if (/[\n<｜]/.test(name)) throw new Error('deepseek syntax: the tool name cannot hold a line break, `<` or `｜`');
  const input = call.input ?? {};
  if (!isRecord(input)) throw new Error('deepseek syntax: input must be an object (it is written as the arguments)');
  // `<｜` only occurs inside strings: escaped, no string can read as a special token (`<｜tool▁call▁end｜>`).
  const json = JSON.stringify(plainJson(input, 'deepseek')).replaceAll('<｜', '<\\uff5c');
  const body = version === 'v3' ? `function<｜tool▁sep｜>${name}\n\`\`\`json\n${json}\n\`\`\`` : `${name}<｜tool▁sep｜>${json}`;
  return `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>${body}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`;
}

/** The tool-use rules of the DeepSeek chat templates, in their words. */
function rules(version: 'v3' | 'v3.1'): string {
  const call =
    version === 'v3'
      ? '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>tool_call_name\n```json\ntool_call_arguments\n```<｜tool▁call▁end｜>{{additional_tool_calls}}<｜tool▁calls▁end｜>'
      : '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>tool_call_name<｜tool▁sep｜>tool_call_arguments<｜tool▁call▁end｜>{{additional_tool_calls}}<｜tool▁calls▁end｜>';
  // The template in a `~~~` fence: shown as code, it is no call itself (V3's holds ``` lines).
  return [
    'Write each tool call in this exact format. IMPORTANT: ALWAYS adhere to this exact format for tool use:',
    '~~~text',
    call,
    '~~~',
    '',
    'Where:',
    '- `tool_call_name` must be an exact match to one of the available tools',
    "- `tool_call_arguments` must be valid JSON that strictly follows the tool's Parameters Schema",
    '- For multiple tool calls, chain them directly without separators or spaces',
  ].join('\n');
}

/**
 * DeepSeek's tool calls, written with its special tokens (they reach the text when the server
 * does not strip them: raw completions, LM Studio, Ollama passthrough): V3 and R1
 * `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json\n{…}\n```<｜tool▁call▁end｜>…<｜tool▁calls▁end｜>`,
 * V3.1 `…<｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{…}<｜tool▁call▁end｜>…`, also with the spellings
 * llama.cpp accepts (`<｜tool calls begin｜>`, `<｜tool_calls_begin｜>`, `<｜tool\_calls\_begin｜>`,
 * `<｜tool▁calls｜>`). One block is the whole section; each call in it is a tool chunk (the first
 * carries the block's raw). The arguments are JSON: invalid JSON, or a value that is not an
 * object, makes that call an `output-error` with line and column. The first call is named as
 * soon as its name is complete, while its arguments stream. Step-3 writes the same section
 * and call tokens around `<steptml:invoke name="N"><steptml:parameter name="K">V</steptml:parameter></steptml:invoke>`
 * calls: read here too, each value its text as written (typed by the `tools` schema).
 */
export function createDeepSeekSyntax(options: DeepSeekSyntaxOptions = {}): ToolSyntax {
  const version = options.version ?? 'v3.1';
  return defineMarkedSyntax({
    name: 'deepseek',
    openers: OPENERS,
    read: (block) => readDeepSeek(block.body, block.partial, block.closed, block.work),
    identity: deepSeekIdentity,
    format: (call) => formatDeepSeek(call, version),
    describe: { rules: rules(version) },
  });
}

/** The deepseek syntax (V3.1 template for `format`). On by default. */
export const deepSeekSyntax: ToolSyntax = /* @__PURE__ */ createDeepSeekSyntax();
