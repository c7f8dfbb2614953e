import type { FormatCall, SyntaxDescription, ToolSyntax } from '../../types.js';
import { isRecord } from '../../object.js';
import { defineMarkedSyntax } from '../kit/define.js';
import { jsonCallIdentity } from '../kit/json-identity.js';
import { readJsonBody } from '../kit/json-body.js';
import { plainJson, pythonJson } from '../kit/python-json.js';

const START = '<|action_start|><|plugin|>';
const END = '<|action_end|>';

/** The InternLM syntax's rules, in the words of InternLM2's chat template. */
export const internlmDescription: SyntaxDescription = {
  rules: [
    'Write each tool call as `<|action_start|><|plugin|>`, a line with a JSON object `{"name": …, "parameters": {…}}`, and `<|action_end|>`.',
    '- `parameters` is a JSON object of the arguments; call one tool at a time.',
  ].join('\n'),
};

/**
 * `<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {"city": "Paris"}}<|action_end|>`:
 * the tool-call format of InternLM2 / InternLM2.5 (vLLM's `internlm` parser), anywhere in a
 * line. The body is one JSON object (`parameters`, or `arguments`; a JSON string of arguments
 * is parsed); invalid JSON is an `output-error` saying where. On by default: the special tokens
 * do not occur in prose.
 */
export function createInternlmSyntax(): ToolSyntax {
  return defineMarkedSyntax({
    name: 'internlm',
    openers: [{ marker: START, close: END }],
    read: readJsonBody,
    identity: jsonCallIdentity,
    format: (call: FormatCall) => {
      if (typeof call.toolName !== 'string' || call.toolName === '') throw new Error('internlm syntax: the tool name must be a non-empty string');
      const input = call.input ?? {};
      if (!isRecord(input)) throw new Error('internlm syntax: input must be an object (it is written as the parameters)');
      return `${START}\n${pythonJson({ name: call.toolName, parameters: plainJson(input, 'internlm') })}${END}`;
    },
    describe: internlmDescription,
  });
}

/** The InternLM syntax. On by default. */
export const internlmSyntax: ToolSyntax = /* @__PURE__ */ createInternlmSyntax();
