import type { FormatCall, SyntaxDescription, ToolSyntax } from '../../types.js';
import { parseJson } from '../shared/json.js';
import { defineMarkedSyntax } from '../kit/define.js';
import { trimLineBreaks } from '../kit/elements.js';
import { invokeFollows, invokeIdentity, keepLineBreaks, readInvokes, writeInvoke, type InvokeTags } from '../kit/invoke-body.js';
import { plainJson, pythonJson } from '../kit/python-json.js';

const OPEN = '<function_calls>';
const CLOSE = '</function_calls>';

/**
 * A value is its text as written, one line break at each end dropped. The prompt asks for lists
 * and objects in JSON, so a value that is a JSON object or array is read as one; a scalar stays
 * text (`02139`, `1.10` are strings as often as numbers) until a tool's schema types it.
 */
function value(text: string, _attributes: string, partial: boolean): unknown {
  const written = trimLineBreaks(text);
  const first = written.trimStart()[0];
  if (partial || (first !== '{' && first !== '[')) return written;
  const parsed = parseJson(written);
  return parsed.ok && typeof parsed.value === 'object' && parsed.value !== null ? parsed.value : written;
}

const tags: InvokeTags = { invoke: 'invoke', parameter: 'parameter', value };
/** Muse Glimmer's namespaced variant (`<atem:function_calls><atem:invoke name="N"><atem:parameter name="K">`), as Ollama's parser reads it. */
const atem: InvokeTags = { invoke: 'atem:invoke', parameter: 'atem:parameter', value };
const variants = [
  { marker: OPEN, close: CLOSE, tags },
  { marker: '<atem:function_calls>', close: '</atem:function_calls>', tags: atem },
];

/** The rules, in the words of the prompt that teaches this format; the skeleton is fenced so the prompt itself holds no call. */
const description: SyntaxDescription = {
  rules: [
    `Write each tool call in a "${OPEN}" block. You can invoke functions by writing a "${OPEN}" block like the following as part of your reply to the user:`,
    '',
    '```xml',
    OPEN,
    '<invoke name="$FUNCTION_NAME">',
    '<parameter name="$PARAMETER_NAME">$PARAMETER_VALUE</parameter>',
    '...',
    '</invoke>',
    '<invoke name="$FUNCTION_NAME2">',
    '...',
    '</invoke>',
    CLOSE,
    '```',
    '',
    'String and scalar parameters should be specified as is, while lists and objects should use JSON format.',
  ].join('\n'),
};

/**
 * Writes a call as that prompt shows it: strings as is, other values as JSON. Throws for a name
 * or key that cannot sit in `name="…"`, an input that is not an object, a value holding
 * `</parameter>`, `</invoke>` or `</function_calls>`, or a string that would read back as JSON.
 */
function formatInvoke(call: FormatCall): string {
  const input = call.input === undefined ? {} : plainJson(call.input, 'invoke');
  const invoke = writeInvoke('invoke', tags, call.toolName, input, (key, value) => {
    const text = typeof value === 'string' ? value : pythonJson(value);
    if (text.includes(CLOSE)) throw new Error(`invoke syntax: the value of ${key} contains ${CLOSE}, which would end the block early`);
    if (typeof value === 'string' && typeof tags.value(text, '', false) !== 'string')
      throw new Error(`invoke syntax: the string value of ${key} is JSON text and would read back as ${value.trimStart()[0] === '[' ? 'a list' : 'an object'}`);
    if (typeof value === 'string') return { text: keepLineBreaks('invoke', key, text) };
    return { text };
  });
  return `${OPEN}\n${invoke}\n${CLOSE}`;
}

/**
 * `<function_calls><invoke name="N"><parameter name="K">V</parameter></invoke>…</function_calls>`:
 * what models write when tools are described in the prompt in this shape (the Claude-style
 * tool-use prompt), anywhere outside code, several invokes per block. The block opens only when
 * `<invoke` follows the marker (blanks allowed): `<function_calls>` holding pythonic calls
 * (OLMo-3) is another format's. Values are text, one line break at each end dropped; a JSON
 * object or array value is parsed; with `tools` the values are typed by the tool's schema.
 * Muse Glimmer's `atem:`-prefixed block (`<atem:function_calls><atem:invoke name="N">…`) is
 * read too; `format` writes the unprefixed one.
 */
export function createInvokeSyntax(): ToolSyntax {
  return defineMarkedSyntax({
    name: 'invoke',
    openers: variants.map(({ marker, close, tags }) => ({ marker, follows: invokeFollows(tags.invoke), close })),
    read: ({ body, partial, closed, marker, openerIndex }) => readInvokes(body, variants[openerIndex]!.tags, partial, closed, marker.length),
    identity: (body, opener) => invokeIdentity(body, (opener.marker === OPEN ? tags : atem).invoke),
    format: formatInvoke,
    describe: description,
  });
}

/** The invoke syntax. On by default. */
export const invokeSyntax: ToolSyntax = /* @__PURE__ */ createInvokeSyntax();
