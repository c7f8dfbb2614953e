import type { JsonSchema } from '../../types.js';
import { isRecord } from '../../object.js';
import { itemSchema, propertiesOf, requiredOf, schemaTypes } from '../../json-schema/read.js';

/**
 * How the named parameters of a tool map onto a syntax that carries only
 * positional words and one body (the emoji syntax's `{args, body}`).
 */
export interface PositionalLayout {
  /** Parameters filled by the header words, in order: required ones first, then optional ones. */
  args: string[];
  /** An array parameter that takes every remaining word, after `args`. */
  rest?: string;
  /** The string parameter written as the body. */
  body?: string;
}

/** Parameter names that hold long text, in order of preference for the body. */
const BODY_NAMES: readonly string[] = [
  'body',
  'content',
  'text',
  'code',
  'command',
  'script',
  'patch',
  'diff',
  'message',
  'prompt',
  'query',
];

/**
 * The positional layout of a tool's input schema: the body is the first
 * string parameter named as in {@link BODY_NAMES}; the other scalar
 * parameters are header words (required first, each group in schema order);
 * one array of scalars may take the remaining words. Throws a clear error
 * for what words cannot carry: an object parameter, an array of objects, or
 * a second array.
 */
export function positionalLayout(schema: JsonSchema | undefined, toolName: string): PositionalLayout {
  const properties = propertiesOf(schema);
  const required = requiredOf(schema);
  const layout: PositionalLayout = { args: [] };
  const bodyName = BODY_NAMES.find((name) => properties.some(([key, value]) => key === name && isStringParam(value)));
  if (bodyName !== undefined) layout.body = bodyName;
  const words: string[] = [];
  for (const [key, value] of properties) {
    if (key === bodyName) continue;
    const types = schemaTypes(value);
    if (types.has('object')) throw cannotCarry(toolName, key, 'an object');
    if (types.has('array')) {
      const items = schemaTypes(itemSchema(value));
      if (items.has('object') || items.has('array')) throw cannotCarry(toolName, key, 'an array of objects or arrays');
      if (layout.rest !== undefined) throw cannotCarry(toolName, key, `a second array (after "${layout.rest}")`);
      layout.rest = key;
      continue;
    }
    words.push(key);
  }
  layout.args = [...words.filter((key) => required.has(key)), ...words.filter((key) => !required.has(key))];
  return layout;
}

function isStringParam(schema: JsonSchema): boolean {
  const types = schemaTypes(schema);
  return types.has('string') && !types.has('object') && !types.has('array');
}

function cannotCarry(toolName: string, key: string, what: string): Error {
  return new Error(
    `emoji syntax: tool ${JSON.stringify(toolName)} cannot be written as 🛠️[name args] blocks: its parameter ${JSON.stringify(key)} is ${what}, and the header carries only words (use another syntax for this tool)`,
  );
}

/**
 * Maps an emoji block's `{args, body}` onto named parameters by `layout`.
 * Words beyond the layout stay in `args`; a body with no body parameter stays
 * in `body`; an empty body for an optional body parameter is left out.
 */
export function fromPositional(input: { args: readonly string[]; body: string }, layout: PositionalLayout, required: ReadonlySet<string>): Record<string, unknown> {
  const entries: Array<[string, unknown]> = [];
  const { args } = input;
  const count = Math.min(args.length, layout.args.length);
  for (let i = 0; i < count; i++) entries.push([layout.args[i]!, args[i]]);
  const extra = args.slice(count);
  if (layout.rest !== undefined && count === layout.args.length) {
    if (extra.length > 0 || required.has(layout.rest)) entries.push([layout.rest, extra]);
  } else if (extra.length > 0) {
    entries.push(['args', extra]);
  }
  if (layout.body !== undefined) {
    if (input.body !== '' || required.has(layout.body)) entries.push([layout.body, input.body]);
  } else if (input.body !== '') {
    entries.push(['body', input.body]);
  }
  return Object.fromEntries(entries);
}

/**
 * Writes named parameters as `{args, body}` by `layout`: words stop at the
 * first parameter left out (later ones could not be told apart). Values are
 * written with `String` (objects are not in a positional layout).
 */
export function toPositional(input: Record<string, unknown>, layout: PositionalLayout): { args: string[]; body?: string } {
  const args: string[] = [];
  let complete = true;
  for (const key of layout.args) {
    if (!Object.hasOwn(input, key) || input[key] === undefined) {
      complete = false;
      break;
    }
    args.push(String(input[key]));
  }
  if (complete && layout.rest !== undefined && Array.isArray(input[layout.rest])) {
    args.push(...(input[layout.rest] as unknown[]).map(String));
  }
  const result: { args: string[]; body?: string } = { args };
  if (layout.body !== undefined && typeof input[layout.body] === 'string') result.body = input[layout.body] as string;
  return result;
}

/** Whether an input has the emoji syntax's shape: keys among `args` (a list of strings) and `body` (a string). */
export function isPositionalInput(input: unknown): input is { args: string[]; body: string } {
  if (!isRecord(input)) return false;
  const { args, body, ...rest } = input;
  return Object.keys(rest).length === 0 && Array.isArray(args) && args.every((arg) => typeof arg === 'string') && typeof body === 'string';
}
