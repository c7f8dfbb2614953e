import type { FormatCall } from '../../types.js';
import { isRecord } from '../../object.js';

/**
 * The form `format` writes: `tool` for `<tool name="N"><arguments><arg name="k">v</arg></arguments></tool>`,
 * `param` for `<tool:N><param:k>v</param:k></tool:N>`.
 */
export type XmlStyle = 'tool' | 'param';

/** A NAME in `<tool:NAME>` or `<param:NAME>`. */
const TAG_NAME_PART = /^[A-Za-z0-9_.-]+$/;

/**
 * Writes a call as an XML block. Each input entry is one value element
 * (`undefined` entries are left out):
 *
 * - a string is written as is, or as CDATA when it holds `</`, `<!` or `]]>`,
 *   starts or ends with a line break, or starts (after blanks) with `<` or
 *   `__START_` (a `]]>` inside is split across two CDATA sections);
 * - an array of two or more items is the element repeated, one per item;
 * - anything else (numbers, booleans, null, objects, shorter arrays) is JSON
 *   in an element with `type="json"`, which the reader parses back.
 *
 * The call id goes in an `id` attribute; output, errorText and state have no
 * place in the format and are not written. Throws for an empty tool name, an
 * input that is not an object, a name, id or key that cannot be a quoted
 * attribute (a line break, `<`, or both quote characters), a `param`-style
 * tool name that is not `[A-Za-z0-9_.-]+`, a value JSON cannot write, and an
 * opener longer than `maxOpenerLength`.
 */
export function formatXml(call: FormatCall, style: XmlStyle, maxOpenerLength: number): string {
  const name = call.toolName;
  if (typeof name !== 'string' || name === '') throw refusal('the tool name must be a non-empty string');
  const input = call.input ?? {};
  if (!isRecord(input)) throw refusal('input must be an object (each entry is written as one argument)');
  const id = call.toolCallId === undefined ? '' : ` id=${quote(call.toolCallId, 'the tool call id')}`;
  const param = style === 'param';
  if (param && !TAG_NAME_PART.test(name)) {
    throw refusal(`the tool name ${JSON.stringify(name)} cannot be written as <tool:NAME> (only [A-Za-z0-9_.-]); use style "tool"`);
  }
  const opener = param ? `<tool:${name}${id}>` : `<tool name=${quote(name, 'the tool name')}${id}>`;
  if (opener.length > maxOpenerLength) {
    throw refusal(`the opener would be ${opener.length} characters, longer than maxOpenerLength (${maxOpenerLength})`);
  }
  let values = '';
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const repeated = Array.isArray(value) && value.length >= 2;
    for (const item of repeated ? value : [value]) values += element(style, key, item, repeated);
  }
  return param ? `${opener}${values}</tool:${name}>` : `${opener}<arguments>${values}</arguments></tool>`;
}

/** One value element; `value` is one item of a repeated array when `repeated`. */
function element(style: XmlStyle, key: string, value: unknown, repeated: boolean): string {
  const json = typeof value !== 'string';
  const text = json ? jsonText(key, value, repeated) : value;
  const type = json ? ' type="json"' : '';
  const body = needsCdata(text) ? cdata(text) : text;
  if (style === 'tool') return `<arg name=${quote(key, 'an input key')}${type}>${body}</arg>`;
  if (TAG_NAME_PART.test(key)) return `<param:${key}${type}>${body}</param:${key}>`;
  return `<param name=${quote(key, 'an input key')}${type}>${body}</param>`;
}

function jsonText(key: string, value: unknown, repeated: boolean): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw refusal(`the value of ${JSON.stringify(key)} cannot be written as JSON: ${(error as Error).message}`);
  }
  if (text === undefined) throw refusal(`${repeated ? 'an item of' : 'the value of'} ${JSON.stringify(key)} (${typeof value}) cannot be written as JSON`);
  return text;
}

/** What `format` throws: the message names the syntax. */
function refusal(message: string): Error {
  return new Error(`xml syntax: ${message}`);
}

/**
 * Text the reader would not give back as written: a close or CDATA tag,
 * `]]>`, a line break at an edge (trimmed), or a start that reads as
 * structure — a tag (a child `<arg>` or `<item>` makes an object or array)
 * or a content marker (`__START_CONTENT__`), after blanks.
 */
function needsCdata(text: string): boolean {
  return text.includes('</') || text.includes('<!') || text.includes(']]>') || /^[\r\n]|[\r\n]$|^\s*(?:<|__START_)/.test(text);
}

/** CDATA around `text`; a `]]>` inside ends one section after `]]` and starts the next with `>`. */
function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** A quoted attribute value: `"` unless it holds one, else `'`. */
function quote(value: string, what: string): string {
  if (typeof value !== 'string') throw refusal(`${what} must be a string`);
  if (/[\r\n<]/.test(value)) throw refusal(`${what} ${JSON.stringify(value)} cannot hold a line break or "<" (it is an attribute)`);
  if (!value.includes('"')) return `"${value}"`;
  if (!value.includes("'")) return `'${value}'`;
  throw refusal(`${what} ${JSON.stringify(value)} cannot hold both quote characters (it is an attribute)`);
}
