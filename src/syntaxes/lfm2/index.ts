import type { FormatCall, ParsedCall, SyntaxDescription, ToolSyntax } from '../../types.js';
import { readJsonBody } from '../kit/json-body.js';
import { defineMarkedSyntax, type MarkedBlock } from '../kit/define.js';
import { formatPythonicCall, pythonicCallName, readPythonicBlock } from '../kit/pythonic.js';

const START = '<|tool_call_start|>';

/**
 * The calls of a block: Python calls (`[f(a=1), g()]`, or without the brackets, as Ollama
 * reads them), or JSON (`[{"name": …, "arguments": {…}}]`) when the body begins with `{` or `[{`,
 * as LFM2 writes when told to answer in JSON.
 */
function readLfm2(block: MarkedBlock): ParsedCall[] {
  const { body } = block;
  const trimmed = body.trimStart();
  const json = trimmed[0] === '{' || (trimmed[0] === '[' && trimmed.slice(1).trimStart()[0] === '{');
  return json ? readJsonBody(block) : readPythonicBlock(body, block, { column: block.marker.length });
}

/** The LFM2 syntax's rules, in the words of LFM2's chat template. */
export const lfm2Description: SyntaxDescription = {
  rules: [
    'Write each tool call as a Python function call in a list between `<|tool_call_start|>` and `<|tool_call_end|>`: `<|tool_call_start|>[func_name(param_name="value", other_param=1)]<|tool_call_end|>`.',
    '- Several calls go in one list, separated by commas. Values are Python literals: strings in quotes, numbers, True, False, None, lists and dicts.',
  ].join('\n'),
};

/**
 * `<|tool_call_start|>[get_weather(city='Paris')]<|tool_call_end|>`: the tool-call format of
 * Liquid AI's LFM2 and LFM2.5 (vLLM's `lfm2` parser, Ollama's, llama.cpp's), anywhere in a line.
 * The body is a list of Python calls (see {@link readPythonicCalls}; the brackets may be left
 * out), or JSON `[{"name": …, "arguments": {…}}]`, which LFM2 writes when its system prompt asks
 * for JSON. On by default: the special tokens do not occur in prose.
 */
export function createLfm2Syntax(): ToolSyntax {
  return defineMarkedSyntax({
    name: 'lfm2',
    openers: [{ marker: START, close: '<|tool_call_end|>' }],
    read: readLfm2,
    identity: (body) => {
      const toolName = pythonicCallName(body);
      return toolName === undefined ? undefined : { toolName };
    },
    format: (call: FormatCall) => `${START}[${formatPythonicCall(call.toolName, call.input, 'lfm2')}]<|tool_call_end|>`,
    describe: lfm2Description,
  });
}

/** The LFM2 syntax. On by default. */
export const lfm2Syntax: ToolSyntax = /* @__PURE__ */ createLfm2Syntax();
