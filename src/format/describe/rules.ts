import type { SyntaxName } from '../../types.js';

/**
 * The general rules of each built-in syntax as prompt text: how a call is
 * framed, and how arrays, multiline values and special characters are
 * written in it. Each matches what the syntax's default instance `format`s
 * (and its reader reads); a customised instance (`createFenceSyntax({ word })`,
 * caret `v0`, XML `param` style, …) needs its own rules via the `rules` option.
 */
export const SYNTAX_RULES: Readonly<Record<SyntaxName, string>> = {
  hermes: [
    'Write each tool call as `<tool_call>`, a JSON object `{"name": …, "arguments": {…}}` on one line, and `</tool_call>`.',
    '- `arguments` is a JSON object of the parameters; strings are JSON strings, with `\\n` for a line break and `\\"` for a quote.',
  ].join('\n'),
  fence: [
    'Write each tool call as a fenced block: a line `` ```tool `` followed by the tool name, the call as YAML, and a closing line `` ``` ``.',
    '- The parameters go under `input:`, indented by two spaces, one `key: value` per line.',
    '- Arrays: one `- item` line per item, indented under their key.',
    '- Nested objects: their keys on the following lines, indented two more spaces.',
    '- Multiline text: `key: |`, then the text on the following lines, indented two spaces more than the key.',
    '- Put a string in double quotes when it starts with one of `: # - [ ] { } & * ! | > \' " % @` or a backtick, contains `: ` or ` #`, or would read as a number, `true`, `false` or `null`; inside double quotes write `\\"` for `"` and `\\\\` for `\\`.',
    '- When a value holds a line of three backticks, open and close the block with four.',
  ].join('\n'),
  caret: [
    'Write each tool call as a caret block: a line `^^^` followed by the tool name, one parameter per line, and a closing line `^^^`, each at the start of a line.',
    '- `key: value` for a value on one line, written as is: no quotes, no escaping. Numbers and booleans are written the same way.',
    '- Multiline text: a line `key ---`, the text as is on the lines that follow, and a line `--- key`.',
    '- Arrays: a line `key: [`, one item per line, and a line `]`.',
    '- Nested objects: JSON on one line, `key: {"name": "value"}`.',
    '- Parameter names are letters, digits and `_`.',
  ].join('\n'),
  emoji: [
    'Write each tool call as `🛠️[` followed by the tool name, its arguments and `]`, a line break, the body, and `🛠️[/end]`.',
    '- The arguments are words separated by spaces, in the order each tool lists them below; a word cannot hold a space or `]`. Numbers and booleans are written as words.',
    '- An optional argument can be left out only when every argument after it is left out too.',
    '- An array argument comes last: one word per item.',
    '- The body is the text up to `🛠️[/end]`, written as is, on as many lines as it needs, with no escaping.',
    '- A call without a body can be written `🛠️[name arguments /]`.',
  ].join('\n'),
  sentinel: [
    'Write each tool call as `[[SEG_START {"type":"tool","tool_name":"NAME","arguments":{…}}]][[SEG_END]]`: the header between `[[SEG_START` and `]]` is one JSON object.',
    '- The arguments are JSON: strings in double quotes, with `\\"` for `"`, `\\\\` for `\\` and `\\n` for a line break; arrays as `[…]`; numbers, booleans and null unquoted; nested objects as `{…}`.',
    '- write_file, edit_file and run_bash calls put their content, patch or command between the markers instead: the header line (its type is the tool name, its other fields are the other arguments), the text as is on the lines that follow, and `[[SEG_END]]` on a line of its own.',
  ].join('\n'),
  xml: [
    'Write each tool call as `<tool name="NAME"><arguments>…</arguments></tool>`, with one `<arg name="KEY">value</arg>` per parameter.',
    '- A value is written as is, with no escaping: `<`, `>`, `&` and quotes stay as they are, and it may span lines. A value that holds `</` goes inside `<![CDATA[` and `]]>`.',
    '- Arrays: repeat the `<arg>` with the same name once per item.',
    '- Numbers, booleans, null and nested objects: JSON inside an arg marked `type="json"`, as in `<arg name="limit" type="json">10</arg>`.',
  ].join('\n'),
  json: [
    'Write each tool call as one JSON object, starting at the beginning of a line, in the envelope the examples show.',
    '- Standard JSON: strings in double quotes, with `\\"` for `"`, `\\\\` for `\\` and `\\n` for a line break; arrays as `[…]`; numbers, booleans and null unquoted; nested objects as `{…}`.',
    '- Where `arguments` is a string (the `tool_calls` envelope), it holds the arguments as JSON text, with its quotes escaped as `\\"`.',
    '- Write nothing inside the object but the call.',
  ].join('\n'),
};

/** Rules for a syntax without rules of its own (a custom syntax): the examples are the reference. */
export const GENERIC_RULES = 'Write each tool call exactly in the form of the examples below.';
