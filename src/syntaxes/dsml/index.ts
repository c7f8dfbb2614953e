import type { FormatCall, SyntaxDescription, ToolSyntax } from '../../types.js';
import { parseJson } from '../shared/json.js';
import { defineMarkedSyntax } from '../kit/define.js';
import { attribute } from '../kit/elements.js';
import { invokeFollows, invokeIdentity, readInvokes, writeInvoke, type InvokeTags } from '../kit/invoke-body.js';
import { plainJson, pythonJson } from '../kit/python-json.js';

/** The DSML token: a fullwidth bar (U+FF5C) on each side of `DSML`. */
const DSML = '｜DSML｜';

/** Options of {@link createDsmlSyntax}. */
export interface DsmlSyntaxOptions {
  /**
   * The block `format` writes and `describe` teaches: `function_calls` (DeepSeek-V3.2, the
   * default) or `tool_calls` (DeepSeek-V4). Both are read either way.
   */
  block?: 'function_calls' | 'tool_calls';
}

/**
 * A value: `string="true"` (or no `string` attribute) keeps the text as written; any other
 * spelling is JSON (`42`, `true`, `[…]`, `{…}`), its text kept (trimmed) when it is not valid
 * JSON — the rule of DeepSeek's encoder and the servers' parsers. While it streams, it is text.
 */
const tags: InvokeTags = {
  invoke: `${DSML}invoke`,
  parameter: `${DSML}parameter`,
  jsonBody: true,
  value(text, attributes, partial) {
    const string = attribute(attributes, 'string');
    if (string === undefined || string === 'true') return text;
    const trimmed = text.trim();
    if (partial || trimmed === '') return trimmed;
    const parsed = parseJson(trimmed);
    return parsed.ok ? parsed.value : trimmed;
  },
};

/**
 * `<｜DSML｜function_calls><｜DSML｜invoke name="N"><｜DSML｜parameter name="K" string="true|false">V</｜DSML｜parameter>…`:
 * the tool-call format of DeepSeek-V3.2 (`function_calls`) and DeepSeek-V4 (`tool_calls`),
 * anywhere outside code, several invokes per block. A block opens only when `<｜DSML｜invoke`
 * follows its marker (blanks allowed); its markers are matched unit by unit, so a split inside
 * the fullwidth bars changes nothing. `string="false"` values are JSON; with `tools`, values are
 * also typed by the tool's schema. The card is named once the first invoke's tag is read.
 */
export function createDsmlSyntax(options: DsmlSyntaxOptions = {}): ToolSyntax {
  const block = options.block ?? 'function_calls';
  const open = `<${DSML}${block}>`;
  const close = `</${DSML}${block}>`;
  // DeepSeek's template words; the skeleton is fenced so the prompt itself holds no call.
  const description: SyntaxDescription = {
    rules: [
      `Write each tool call in a "${open}" block. You can invoke functions by writing a "${open}" block like the following as part of your reply to the user:`,
      '',
      '```xml',
      open,
      `<${DSML}invoke name="$FUNCTION_NAME">`,
      `<${DSML}parameter name="$PARAMETER_NAME" string="true|false">$PARAMETER_VALUE</${DSML}parameter>`,
      '...',
      `</${DSML}invoke>`,
      `<${DSML}invoke name="$FUNCTION_NAME2">`,
      '...',
      `</${DSML}invoke>`,
      close,
      '```',
      '',
      'String and scalar parameters should be specified as is without any escaping or quotes, while lists and objects should use JSON format. The "string" attribute should be set to "true" for string type parameters and "false" for other types (numbers, booleans, arrays, objects).',
    ].join('\n'),
  };
  /**
   * Writes a call as DeepSeek's encoder does: strings as is with `string="true"`, every other
   * value as JSON with `string="false"`. Throws for a name or key that cannot sit in `name="…"`,
   * an input that is not an object, or a string holding a closing DSML tag.
   */
  const format = (call: FormatCall): string => {
    const input = call.input === undefined ? {} : plainJson(call.input, 'dsml');
    const invoke = writeInvoke('dsml', tags, call.toolName, input, (key, value) => {
      const isString = typeof value === 'string';
      const text = isString ? value : pythonJson(value);
      if (text.includes(`</${DSML}`)) throw new Error(`dsml syntax: the value of ${key} contains a closing DSML tag, which would end it early`);
      return { attributes: ` string="${isString}"`, text };
    }, '\n');
    return `${open}\n${invoke}\n${close}`;
  };
  return defineMarkedSyntax({
    name: 'dsml',
    openers: ['function_calls', 'tool_calls'].map((name) => ({
      marker: `<${DSML}${name}>`,
      follows: invokeFollows(tags.invoke),
      close: `</${DSML}${name}>`,
    })),
    read: ({ body, partial, closed, marker }) => readInvokes(body, tags, partial, closed, marker.length),
    identity: (body) => invokeIdentity(body, tags.invoke),
    format,
    describe: description,
  });
}

/** The dsml syntax (DeepSeek-V3.2 / V4). On by default. */
export const dsmlSyntax: ToolSyntax = /* @__PURE__ */ createDsmlSyntax();
