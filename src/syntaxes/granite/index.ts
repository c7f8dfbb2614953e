import type { FormatCall, SyntaxDescription, ToolSyntax } from '../../types.js';
import { defineMarkedSyntax } from '../kit/define.js';
import { jsonCallIdentity } from '../kit/json-identity.js';
import { jsonValueEnd } from '../kit/ends.js';
import { jsonCalls, jsonCallText, listOfObjectsFollows } from '../kit/json-calls.js';

/** The granite syntax's rules, in the words of Granite's chat template. */
export const graniteDescription: SyntaxDescription = {
  rules: [
    'Write each tool call as `<|tool_call|>` followed by a JSON list of the calls: `<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}]`.',
    '- Several calls go in the one list; nothing closes it: it ends with its `]`.',
  ].join('\n'),
};

/** Writes a call as Granite 3.x templates do: `<|tool_call|>[{"name": …, "arguments": {…}}]`. */
export function formatGranite(call: FormatCall): string {
  return `<|tool_call|>[${jsonCallText(call, 'granite')}]`;
}

/**
 * IBM Granite 3.x tool calls, anywhere outside code: `<|tool_call|>` (Granite 3.0, 3.2, 3.3) or
 * `<tool_call>` (Granite 3.1) followed by a JSON list `[{"name": …, "arguments": {…}}, …]`. No
 * closer: the block ends with the list. A `<tool_call>` followed by an object is hermes' (Granite 4
 * writes that form, `<tool_call>{…}</tool_call>`, read by the hermes syntax); one followed by a
 * list is this syntax's.
 */
export function createGraniteSyntax(): ToolSyntax {
  return defineMarkedSyntax({
    name: 'granite',
    openers: [
      { marker: '<|tool_call|>', follows: listOfObjectsFollows, close: jsonValueEnd() },
      { marker: '<tool_call>', ignoreCase: true, follows: listOfObjectsFollows, close: jsonValueEnd() },
    ],
    read: (block) => jsonCalls(block.body, block, `after ${block.marker}`),
    identity: jsonCallIdentity,
    format: formatGranite,
    describe: graniteDescription,
  });
}

/** The granite syntax. On by default. */
export const graniteSyntax: ToolSyntax = /* @__PURE__ */ createGraniteSyntax();
