import type { FormatCall, SyntaxDescription, ToolSyntax } from '../../types.js';
import { defineMarkedSyntax } from '../kit/define.js';
import { trimLineBreaks } from '../kit/elements.js';
import { invokeFollows, invokeIdentity, keepLineBreaks, readInvokes, writeInvoke, type InvokeTags } from '../kit/invoke-body.js';
import { plainJson, pythonJson } from '../kit/python-json.js';
import { m3Follows, m3Identity, NS, readM3 } from './m3.js';

const OPEN = '<minimax:tool_call>';
const CLOSE = '</minimax:tool_call>';

/**
 * MiniMax-M2's tags. A value is its text without one line break at each end (how a value laid
 * out on its own lines reads; vLLM strips every surrounding blank, which no ported case tells
 * apart), typed later by the tool's schema.
 */
const tags: InvokeTags = { invoke: 'invoke', parameter: 'parameter', value: (text) => trimLineBreaks(text) };

/**
 * The rules, in the words of MiniMax-M2's chat template. Its skeleton call is fenced, so the
 * prompt itself holds no call (code is not a call) besides the tools' examples.
 */
const description: SyntaxDescription = {
  rules: [
    `Write each tool call in a ${OPEN} block. When making tool calls, use XML format to invoke tools and pass parameters:`,
    '',
    '```xml',
    OPEN,
    '<invoke name="tool-name-1">',
    '<parameter name="param-key-1">param-value-1</parameter>',
    '<parameter name="param-key-2">param-value-2</parameter>',
    '...',
    '</invoke>',
    CLOSE,
    '```',
    '',
    '- Several calls go in one block, one `<invoke>` each.',
    '- A string value is written as is; numbers, booleans, lists and objects as JSON.',
  ].join('\n'),
};

/**
 * Writes a call as MiniMax-M2's chat template does: the block, one `<invoke name="N">`, one
 * `<parameter name="K">` line per parameter (strings as is, other values as JSON), the closers.
 * Throws for a name or key that cannot sit in `name="…"`, an input that is not an object, or a
 * value holding `</parameter>`, `</invoke>` or the block's closer.
 */
function formatMiniMax(call: FormatCall): string {
  const input = call.input === undefined ? {} : plainJson(call.input, 'minimax');
  const invoke = writeInvoke('minimax', tags, call.toolName, input, (key, value) => {
    const text = typeof value === 'string' ? value : pythonJson(value);
    if (text.includes(CLOSE)) throw new Error(`minimax syntax: the value of ${key} contains ${CLOSE}, which would end the block early`);
    return { text: typeof value === 'string' ? keepLineBreaks('minimax', key, text) : text };
  });
  return `${OPEN}\n${invoke}\n${CLOSE}`;
}

/**
 * `<minimax:tool_call><invoke name="N"><parameter name="K">V</parameter>…</invoke>…</minimax:tool_call>`:
 * the tool-call format of MiniMax-M2 (and M2.1, M2.5), anywhere outside code, several invokes
 * per block. MiniMax-M3's block is read too: every tag prefixed with the namespace token
 * `]<]minimax[>[`, parameters as elements named after them, nested for objects, `<item>` for
 * lists (see `readM3`); `format` and `describe` write M2's. The block opens only when `<invoke` follows its marker (blanks allowed). Values
 * are text, one line break at each end dropped; with `tools` they are typed by the tool's schema
 * (`"5"` → 5 for an integer), without it they stay strings, as vLLM's parser keeps them. The
 * card is named once the first `<invoke name="…">` is read; values show as they stream.
 */
export function createMiniMaxSyntax(): ToolSyntax {
  return defineMarkedSyntax({
    name: 'minimax',
    openers: [
      { marker: OPEN, follows: invokeFollows('invoke'), close: CLOSE },
      { marker: `${NS}<tool_call>`, follows: m3Follows, close: `${NS}</tool_call>` },
    ],
    read: ({ body, partial, closed, marker, openerIndex }) =>
      openerIndex === 0 ? readInvokes(body, tags, partial, closed, marker.length) : readM3(body, partial, closed),
    identity: (body, opener) => (opener.marker === OPEN ? invokeIdentity(body, 'invoke') : m3Identity(body)),
    format: formatMiniMax,
    describe: description,
  });
}

/** The minimax syntax (MiniMax-M2 and M3). On by default. */
export const miniMaxSyntax: ToolSyntax = /* @__PURE__ */ createMiniMaxSyntax();
