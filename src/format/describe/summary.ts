import type { JsonSchema } from '../../types.js';
import { isRecord } from '../../object.js';
import { branches, itemSchema, objectSchema, propertiesOf, requiredOf } from '../../json-schema/read.js';

/**
 * The parameter list of a tool for a prompt: one line per parameter with its
 * type, whether it is required, its enum, const, default, format and bounds,
 * and its description; the properties of a nested object (or of the objects
 * in an array) one level down, indented below it. `Parameters: none.` when
 * the schema has no properties.
 */
export function summariseParameters(schema: JsonSchema | undefined): string {
  const lines = propertyLines(schema, '', true);
  return lines.length === 0 ? 'Parameters: none.' : `Parameters:\n${lines.join('\n')}`;
}

function propertyLines(schema: JsonSchema | undefined, indent: string, nest: boolean): string[] {
  const required = requiredOf(schema);
  const lines: string[] = [];
  for (const [key, property] of propertiesOf(schema)) {
    lines.push(`${indent}- ${propertyLine(key, property, required.has(key))}`);
    if (!nest) continue;
    const nested = objectSchema(property) ?? objectSchema(itemSchema(property));
    if (nested) lines.push(...propertyLines(nested, `${indent}  `, false));
  }
  return lines;
}

function propertyLine(key: string, schema: JsonSchema, required: boolean): string {
  const facts = [`${typeLabel(schema)}, ${required ? 'required' : 'optional'}`, ...constraints(schema)];
  const description = typeof schema.description === 'string' ? oneLine(schema.description) : '';
  return `\`${key}\` (${facts.join('; ')})${description === '' ? '' : `: ${description}`}`;
}

/** `string`, `integer | null`, `string[]`, `object[]`, `any`: a compact type. */
function typeLabel(schema: JsonSchema | undefined, depth = 0): string {
  if (!isRecord(schema) || depth > 3) return 'any';
  const labels = new Set<string>();
  const { type } = schema;
  const names = typeof type === 'string' ? [type] : Array.isArray(type) ? type : [];
  for (const name of names) labels.add(name === 'array' ? `${itemLabel(schema, depth)}[]` : String(name));
  if (names.length === 0) {
    for (const branch of branches(schema)) labels.add(typeLabel(branch, depth + 1));
    if (labels.size === 0 && Array.isArray(schema.enum)) for (const value of schema.enum) labels.add(valueLabel(value));
    if (labels.size === 0 && 'const' in schema) labels.add(valueLabel(schema.const));
    if (labels.size === 0 && isRecord(schema.properties)) labels.add('object');
    if (labels.size === 0 && schema.items !== undefined) labels.add(`${itemLabel(schema, depth)}[]`);
  }
  return labels.size === 0 ? 'any' : [...labels].join(' | ');
}

function itemLabel(schema: JsonSchema, depth: number): string {
  const item = itemSchema(schema);
  const label = item ? typeLabel(item, depth + 1) : 'any';
  return label.includes(' ') ? `(${label})` : label;
}

function valueLabel(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

function constraints(schema: JsonSchema): string[] {
  const facts: string[] = [];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) facts.push(`one of ${schema.enum.map(json).join(', ')}`);
  if ('const' in schema && schema.const !== undefined) facts.push(`always ${json(schema.const)}`);
  if (schema.default !== undefined) facts.push(`default ${json(schema.default)}`);
  if (typeof schema.format === 'string') facts.push(`format ${schema.format}`);
  if (typeof schema.minimum === 'number') facts.push(`minimum ${schema.minimum}`);
  if (typeof schema.maximum === 'number') facts.push(`maximum ${schema.maximum}`);
  if (typeof schema.minItems === 'number' && schema.minItems > 0) facts.push(`at least ${schema.minItems} items`);
  return facts;
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A description on one line: its lines trimmed and joined with spaces, blank ones dropped. */
function oneLine(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ');
}
