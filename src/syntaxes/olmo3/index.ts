import type { FormatCall, SyntaxDescription, ToolSyntax } from '../../types.js';
import { defineMarkedSyntax } from '../kit/define.js';
import { beginsPythonicCall, formatPythonicCall, pythonicCallName, readPythonicBlock } from '../kit/pythonic.js';

const START = '<function_calls>';

/** The OLMo-3 syntax's rules, in the words of OLMo 3's chat template. */
export const olmo3Description: SyntaxDescription = {
  rules: [
    'Write each tool call as a Python function call inside <function_calls></function_calls>, one call per line: `<function_calls>func_name(param_name="value", other_param=1)</function_calls>`.',
    '- Arguments are keyword arguments; values are Python literals: strings in quotes, numbers, True, False, None, lists and dicts.',
  ].join('\n'),
};

/**
 * `<function_calls>get_weather(city='Paris')\nother()</function_calls>`: the tool-call format of
 * AI2's OLMo 3 (vLLM's and Ollama's `olmo3` parsers): Python calls one per line (see
 * {@link readPythonicCalls}; JSON's `true`/`false`/`null` read too), anywhere in a line. The
 * opener is shared with the invoke XML dialect (`<function_calls><invoke name=…>`): this
 * syntax opens only when a call (`NAME(` then `)` or `NAME=`) follows, blanks allowed.
 */
export function createOlmo3Syntax(): ToolSyntax {
  return defineMarkedSyntax({
    name: 'olmo3',
    openers: [{ marker: START, follows: (after) => beginsPythonicCall(after), close: '</function_calls>' }],
    read: (block) => readPythonicBlock(block.body, block, { list: 'bare', column: block.marker.length }),
    identity: (body) => {
      const toolName = pythonicCallName(body);
      return toolName === undefined ? undefined : { toolName };
    },
    format: (call: FormatCall) => `${START}${formatPythonicCall(call.toolName, call.input, 'olmo3')}</function_calls>`,
    describe: olmo3Description,
  });
}

/** The OLMo-3 syntax. On by default. */
export const olmo3Syntax: ToolSyntax = /* @__PURE__ */ createOlmo3Syntax();
