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
  const name = call.toolName;
  if (!isToolName(name)) {
    throw new Error(`caret syntax: tool name ${JSON.stringify(name)} must match [A-Za-z0-9_]+`);
  }
  const input = call.input ?? {};
  if (!isRecord(input)) throw new Error('caret syntax: input must be an object of parameters');
  const lines = [`^^^${name}`];
  const yamlParams: Array<[string, string | string[]]> = [];
  for (const key of Object.keys(input)) {
    if (input[key] === undefined) continue;
    if (!isToolName(key)) {
      throw new Error(`caret syntax: parameter key ${JSON.stringify(key)} must match [A-Za-z0-9_]+`);
    }
    const value = asCaretValue(input[key]);
    const written = grammar === 'v0' ? writeV0(key, value) : writeV1(key, value);
    if (written) lines.push(...written);
    else yamlParams.push([key, value]);
  }
  lines.push(...writeBody(yamlParams, grammar));
  lines.push('^^^');
  return lines.join('\n');
}

/** A value as caret parameters carry it: a string or a list of strings. */
function asCaretValue(value: unknown): string | string[] {
  if (Array.isArray(value)) return value.map(asCaretString);
  return asCaretString(value);
}

function asCaretString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** v1 header lines for a parameter, or `undefined` when it must go to YAML after `---`. */
function writeV1(key: string, value: string | string[]): string[] | undefined {
  if (Array.isArray(value)) {
    if (!value.every(isListItemSafe)) return undefined;
    // Items are indented so an item `^^^` is not the closer; the reader trims them.
    return [`${key}: [`, ...value.map((item) => `  ${item}`), ']'];
  }
  if (isLineValueSafe(value)) return [paramLine(key, value)];
  const valueLines = value.split('\n');
  if (value.includes('\r') || valueLines.some((line) => isCloserLine(line) || isMultilineEnd(line, key))) return undefined;
  return [`${key} ---`, ...valueLines, `--- ${key}`];
}

/** v0 header lines for a parameter, or `undefined` when it must go after `---`. */
function writeV0(key: string, value: string | string[]): string[] | undefined {
  if (Array.isArray(value)) {
    // `key:` with no item reads as '', so an empty list needs YAML.
    if (value.length === 0 || !value.every(isYamlItemSafe)) return undefined;
    return [`${key}:`, ...value.map((item) => (item === '' ? '  -' : `  - ${item}`))];
  }
  return isLineValueSafe(value) ? [paramLine(key, value)] : undefined;
}

/**
 * The `---` body: in v0 a lone `content` goes there as raw text when it reads
 * back as such; everything else is written as YAML parameters.
 */
function writeBody(params: Array<[string, string | string[]]>, grammar: CaretGrammar): string[] {
  if (params.length === 0) return [];
  if (grammar === 'v0' && params.length === 1) {
    const [key, value] = params[0]!;
    if (key === 'content' && typeof value === 'string' && isRawBodySafe(value)) return ['---', ...value.split('\n')];
  }
  const yaml = writeCaretYaml(Object.fromEntries(params));
  return ['---', ...yaml.slice(0, yaml.endsWith('\n') ? -1 : undefined).split('\n')];
}

/** `key: value`, or `key:` for an empty value. */
function paramLine(key: string, value: string): string {
  return value === '' ? `${key}:` : `${key}: ${value}`;
}

/**
 * A string `key: value` gives back: one line, no surrounding spaces or tabs
 * (the reader trims), and not a value the reader treats as the start of a
 * list (`[`) or of a YAML block scalar (`|`, `>-`, …). `''` is written `key:`.
 */
function isLineValueSafe(value: string): boolean {
  if (value.includes('\n') || value.includes('\r')) return false;
  if (trimBlanks(value) !== value) return false;
  return value !== '[' && !isBlockScalarIndicator(value);
}

/** An item of a `key: [` list: one line, not blank, no surrounding spaces, not `]`. */
function isListItemSafe(item: string): boolean {
  if (item === '' || item === ']' || item.includes('\n') || item.includes('\r')) return false;
  return trimBlanks(item) === item;
}

/** An item of a YAML `- item` header list: one line, no surrounding spaces. */
function isYamlItemSafe(item: string): boolean {
  return !item.includes('\n') && !item.includes('\r') && trimBlanks(item) === item;
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
