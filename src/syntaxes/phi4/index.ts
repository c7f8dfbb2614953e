import type { FormatCall, SyntaxDescription, ToolSyntax } from '../../types.js';
import { defineMarkedSyntax } from '../kit/define.js';
import { jsonCallIdentity } from '../kit/json-identity.js';
import { jsonValueEnd } from '../kit/ends.js';
import { jsonCalls, jsonCallText, listOfObjectsFollows } from '../kit/json-calls.js';

/** The phi4 syntax's rules, in the words of Phi-4-mini's chat template. */
export const phi4Description: SyntaxDescription = {
  rules: [
    'Write each tool call as `functools` followed by a JSON list of the calls: `functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]`.',
    '- Several calls go in the one list; nothing closes it: it ends with its `]`.',
  ].join('\n'),
};

/** Writes a call as Phi-4-mini does: `functools[{"name": …, "arguments": {…}}]`. */
export function formatPhi4(call: FormatCall): string {
  return `functools[${jsonCallText(call, 'phi4')}]`;
}

/**
 * Phi-4-mini's (and FireFunction v2's) tool calls: `functools[{"name": …, "arguments": {…}}, …]`,
 * anywhere outside code. The marker counts only when `[` and then an object follow it at once
 * (`functools[0]` or `functools.partial` is text). No closer: the block ends with the list.
 */
export function createPhi4Syntax(): ToolSyntax {
  return defineMarkedSyntax({
    name: 'phi4',
    openers: [{ marker: 'functools', follows: (after) => (after[0] === '[' ? listOfObjectsFollows(after) : false), close: jsonValueEnd() }],
    read: (block) => jsonCalls(block.body, block, 'after functools'),
    identity: jsonCallIdentity,
    format: formatPhi4,
    describe: phi4Description,
  });
}

/** The phi4 syntax. On by default. */
export const phi4Syntax: ToolSyntax = /* @__PURE__ */ createPhi4Syntax();
