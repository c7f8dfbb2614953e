import type { FormatCall } from '../../types.js';
import { isRecord } from '../../object.js';
import {
  isBlockScalarIndicator,
  isCloserLine,
  isMultilineEnd,
  isToolName,
  looksLikeYamlParam,
  trimBlanks,
} from './grammar.js';
import { writeCaretYaml } from './yaml.js';

/** Which caret grammar `format` writes. */
export type CaretGrammar = 'v1' | 'v0';

/**
 * Writes a call as a caret block. Every input value becomes a string or a
 * list of strings, the only values caret parameters carry: numbers, booleans
 * and `null` as `String(value)`, objects (and objects inside lists) as JSON;
 * `undefined` values are left out. The call id, output, errorText and state
 * have no place in the grammar and are not written.
 *
 * `v1` (the shipped grammar): `key: value` for a single-line string,
 * `key ---` … `--- key` for a multiline one, `key: [` … `]` for a list of
 * single-line strings. `v0` (the seed draft): `key: value` header lines,
 * lists as YAML `- item` lines, and after a `---` line the `content` as
 * raw text or, for everything else, YAML `key: |` parameters.
 *
 * Each value gets the first form that reads back exactly; a value no caret
 * line form can hold (a line that is just `^^^` or `--- key`, a `\r`, an
 * item with surrounding spaces) goes to YAML parameters after `---`, which
 * can hold any string. Throws for a tool name or key that is not
 * `[A-Za-z0-9_]+` and for an input that is not an object.
 */
export function formatCaret(call: FormatCall, grammar: CaretGrammar = 'v1'): string {
  const name = checkName('tool name', call.toolName);
  const input = call.input ?? {};
  if (!isRecord(input)) throw new Error('caret syntax: input must be an object of parameters');
  const lines = [`^^^${name}`];
  const yamlParams: Array<[string, string | string[]]> = [];
  for (const key of Object.keys(input)) {
    if (input[key] === undefined) continue;
    checkName('parameter key', key);
    const value = Array.isArray(input[key]) ? input[key].map(asCaretString) : asCaretString(input[key]);
    const written = headerLines(key, value, grammar);
    if (written) lines.push(...written);
    else yamlParams.push([key, value]);
  }
  lines.push(...writeBody(yamlParams, grammar), '^^^');
  return lines.join('\n');
}

/** `name` when it is `[A-Za-z0-9_]+`; else throws, naming what it is (`what`). */
function checkName(what: string, name: string): string {
  if (!isToolName(name)) throw new Error(`caret syntax: ${what} ${JSON.stringify(name)} must match [A-Za-z0-9_]+`);
  return name;
}

/** A value as caret parameters carry it: numbers, booleans and `null` as `String` writes them, objects as JSON. */
function asCaretString(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/**
 * Header lines for a parameter in `grammar`, or `undefined` when it must go to YAML after `---`.
 * A one-line string is `key: value` in both; v1 writes other strings as `key ---` … `--- key`
 * and lists as `key: [` … `]`, v0 lists as YAML `- item` lines.
 */
function headerLines(key: string, value: string | string[], grammar: CaretGrammar): string[] | undefined {
  if (!Array.isArray(value)) {
    // `[` and `|`, `>-`, … would start a list or a YAML block scalar.
    if (isOneLine(value) && value !== '[' && !isBlockScalarIndicator(value)) return [value === '' ? `${key}:` : `${key}: ${value}`];
    const valueLines = value.split('\n');
    if (grammar === 'v0' || value.includes('\r') || valueLines.some((line) => isCloserLine(line) || isMultilineEnd(line, key))) return undefined;
    return [`${key} ---`, ...valueLines, `--- ${key}`];
  }
  if (!value.every(isOneLine)) return undefined;
  // v1: items are indented so an item `^^^` is not the closer; the reader trims them.
  if (grammar === 'v1') return value.includes('') || value.includes(']') ? undefined : [`${key}: [`, ...value.map((item) => `  ${item}`), ']'];
  // v0: `key:` with no item reads as '', so an empty list needs YAML.
  return value.length === 0 ? undefined : [`${key}:`, ...value.map((item) => (item === '' ? '  -' : `  - ${item}`))];
}

/**
 * The `---` body: in v0 a lone `content` goes there as raw text when it reads
 * back as such; everything else is written as YAML parameters.
 */
function writeBody(params: Array<[string, string | string[]]>, grammar: CaretGrammar): string[] {
  if (params.length === 0) return [];
  const [key, value] = params[0]!;
  if (grammar === 'v0' && params.length === 1 && key === 'content' && typeof value === 'string' && isRawBodySafe(value)) return ['---', ...value.split('\n')];
  const yaml = writeCaretYaml(Object.fromEntries(params));
  return ['---', ...yaml.slice(0, yaml.endsWith('\n') ? -1 : undefined).split('\n')];
}

/** A string a header line gives back: one line, no surrounding spaces or tabs (the reader trims). */
function isOneLine(value: string): boolean {
  return !/[\r\n]/.test(value) && trimBlanks(value) === value;
}

/**
 * Raw content after `---` reads back exactly when it has no `\r`, no `^^^`
 * line, does not start like YAML parameters, and is not empty (an empty body
 * gives no content at all).
 */
function isRawBodySafe(value: string): boolean {
  if (value === '' || value.includes('\r')) return false;
  const lines = value.split('\n');
  if (lines.some(isCloserLine)) return false;
  const first = lines.find((line) => trimBlanks(line) !== '');
  return first === undefined || !looksLikeYamlParam(first);
}
