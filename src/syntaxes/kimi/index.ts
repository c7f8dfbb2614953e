import type { FormatCall, ToolSyntax } from '../../types.js';
import { isRecord } from '../../object.js';
import { defineMarkedSyntax } from '../kit/define.js';
import { plainJson } from '../kit/python-json.js';
import { kimiIdentity, kimiName, readKimi } from './read.js';

const CLOSERS = ['<|tool_calls_section_end|>', '<|tool_call_section_end|>'];

/**
 * Writes a call the way the Kimi K2 chat template does: `functions.NAME:IDX` as the call id
 * (the given id when it is one for this name, else index 0), the arguments as JSON.
 */
function formatKimi(call: FormatCall): string {
  const name = call.toolName;
  if (typeof name !== 'string' || name === '') throw new Error('kimi syntax: the tool name must be a non-empty string');
  if (/[\s:<|]/.test(name)) throw new Error('kimi syntax: the tool name cannot hold blanks, `:`, `<` or `|` (it is written in the call id functions.NAME:0)');
  const input = call.input ?? {};
  if (!isRecord(input)) throw new Error('kimi syntax: input must be an object (it is written as the arguments)');
  // `<|` only occurs inside strings: escaped, no string can read as a special token (`<|tool_call_end|>`).
  const json = JSON.stringify(plainJson(input, 'kimi')).replaceAll('<|', '<\\u007c');
  const given = call.toolCallId;
  const id = typeof given === 'string' && /^functions\.[^\s<]*:\d+$/.test(given) && kimiName(given) === name ? given : `functions.${name}:0`;
  return `<|tool_calls_section_begin|><|tool_call_begin|>${id}<|tool_call_argument_begin|>${json}<|tool_call_end|><|tool_calls_section_end|>`;
}

const RULES = [
  'Write each tool call inside a tool calls section: `<|tool_calls_section_begin|>`, then for each call `<|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>` followed by the arguments as one JSON object and `<|tool_call_end|>`, and finally `<|tool_calls_section_end|>`.',
  '- `functions.NAME:IDX` is the call id: NAME is the tool name, IDX counts the calls of the conversation from 0.',
  '- The arguments are valid JSON following the tool\'s parameters schema; strings are JSON strings, with `\\n` for a line break.',
].join('\n');

/**
 * Kimi K2 / K2.5's tool calls, written with its special tokens (they reach the text when the
 * server does not strip them): `<|tool_calls_section_begin|>` (or the singular
 * `<|tool_call_section_begin|>`), then `<|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>{json}<|tool_call_end|>`
 * per call, then `<|tool_calls_section_end|>`. One block is the whole section; each call is a
 * tool chunk (the first carries the raw). The call id `functions.NAME:0` is the `toolCallId`, as
 * the servers keep it; the name is between `functions.` (optional) and `:IDX`. Another id (a bare
 * counter `0`, a client's `call_3`) names no tool: the call is `tool` with that id (the servers
 * guess the tool from the schemas, or drop the call). Invalid JSON arguments make that call an
 * `output-error` with line and column. The first call is named once its
 * `<|tool_call_argument_begin|>` arrives, and its arguments show while they stream.
 */
export function createKimiSyntax(): ToolSyntax {
  return defineMarkedSyntax({
    name: 'kimi',
    openers: [
      { marker: '<|tool_calls_section_begin|>', close: CLOSERS },
      { marker: '<|tool_call_section_begin|>', close: CLOSERS },
    ],
    read: (block) => readKimi(block.body, block.partial, block.closed, block.work),
    identity: kimiIdentity,
    format: formatKimi,
    describe: { rules: RULES },
  });
}

/** The kimi syntax. On by default. */
export const kimiSyntax: ToolSyntax = /* @__PURE__ */ createKimiSyntax();
