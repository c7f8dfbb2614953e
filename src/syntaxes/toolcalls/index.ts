import type { FormatCall, SyntaxDescription, ToolSyntax } from '../../types.js';
import { defineMarkedSyntax } from '../kit/define.js';
import { jsonCallIdentity } from '../kit/json-identity.js';
import { jsonCalls, jsonCallText, listOfObjectsFollows } from '../kit/json-calls.js';

/** The toolcalls syntax's rules, in the words of the Jamba and Hunyuan chat templates. */
export const toolcallsDescription: SyntaxDescription = {
  rules: [
    'Write each tool call in a JSON list between `<tool_calls>` and `</tool_calls>`: `<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</tool_calls>`.',
    '- Several calls go in the one list.',
  ].join('\n'),
};

/** Writes a call as the Jamba template does: `<tool_calls>[{"name": …, "arguments": {…}}]</tool_calls>`. */
export function formatToolcalls(call: FormatCall): string {
  return `<tool_calls>[${jsonCallText(call, 'toolcalls')}]</tool_calls>`;
}

/**
 * `<tool_calls>[{"name": …, "arguments": {…}}, …]</tool_calls>` (AI21 Jamba, Tencent Hunyuan
 * A13B, Apriel), anywhere outside code, tags in any case. The opener counts only when a JSON list
 * of objects follows (`<tool_calls>` before anything else, as MiniMax-M1's JSON lines, is not
 * this syntax's).
 */
export function createToolcallsSyntax(): ToolSyntax {
  return defineMarkedSyntax({
    name: 'toolcalls',
    openers: [{ marker: '<tool_calls>', ignoreCase: true, follows: listOfObjectsFollows, close: '</tool_calls>' }],
    read: (block) => jsonCalls(block.body, block, 'in <tool_calls>'),
    identity: jsonCallIdentity,
    format: formatToolcalls,
    describe: toolcallsDescription,
  });
}

/** The toolcalls syntax. On by default. */
export const toolcallsSyntax: ToolSyntax = /* @__PURE__ */ createToolcallsSyntax();
