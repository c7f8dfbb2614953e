/**
 * Example values made from a JSON Schema: what `describeTools` shows as a tool's example call
 * and what the emoji syntax fills its positional words with. Pure schema reading, so it lives
 * beside `read.ts` in this leaf.
 */
import type { JsonSchema, JsonSchemaType } from '../types.js';
import { isRecord } from '../object.js';
import { branches, itemSchema, objectSchema, propertiesOf, requiredOf } from './read.js';

/** Deeper objects are written `{}` in examples. */
const MAX_DEPTH = 4;

/** Placeholders for string formats. */
const FORMAT_EXAMPLES: Readonly<Record<string, string>> = {
  uri: 'https://example.com',
  url: 'https://example.com',
  email: 'user@example.com',
  date: '2025-01-31',
  'date-time': '2025-01-31T12:00:00Z',
  time: '12:00:00',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
};

/**
 * The example input of a tool: the schema's own first `examples` entry when
 * it is an object, else an object of the required parameters (and of the
 * optional ones that carry `examples`), each from {@link exampleValue}.
 */
export function exampleInput(schema: JsonSchema | undefined): Record<string, unknown> {
  if (isRecord(schema) && Array.isArray(schema.examples) && isRecord(schema.examples[0])) return { ...schema.examples[0] };
  return exampleObject(schema, 0);
}

/**
 * An example value for a schema: its first `examples` entry, its `default`,
 * its `const`, its first `enum` value, or one made from its type (a string
 * placeholder from the parameter name in capitals, `1`, `true`, `null`, a
 * one-item array, an object of the required properties).
 */
export function exampleValue(schema: JsonSchema | undefined, name: string, depth = 0): unknown {
  if (!isRecord(schema)) return placeholder(name);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if ('const' in schema && schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (mainType(schema)) {
    case 'object':
      return depth >= MAX_DEPTH ? {} : exampleObject(schema, depth + 1);
    case 'array': {
      if (depth >= MAX_DEPTH) return [];
      const item = itemSchema(schema);
      const count = itemCount(schema);
      return Array.from({ length: count }, (_, index) => exampleItem(item, singular(name), count === 1 ? undefined : index, depth + 1));
    }
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : 1;
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return (typeof schema.format === 'string' && FORMAT_EXAMPLES[schema.format]) || placeholder(name);
  }
}

/** Two items show how arrays are written; fewer or more when `maxItems` / `minItems` (up to 3) say so. */
function itemCount(schema: JsonSchema): number {
  const min = typeof schema.minItems === 'number' ? Math.ceil(schema.minItems) : 0;
  const max = typeof schema.maxItems === 'number' ? Math.floor(schema.maxItems) : Infinity;
  return Math.max(1, Math.min(3, max, Math.max(2, min)));
}

/**
 * Item `index` of an example array: distinct examples or enum values where
 * there are, numbered placeholders, counting numbers, alternating booleans
 * (`index` is `undefined` for the only item).
 */
function exampleItem(schema: JsonSchema | undefined, name: string, index: number | undefined, depth: number): unknown {
  if (index === undefined) return exampleValue(schema, name, depth);
  if (isRecord(schema)) {
    const values = Array.isArray(schema.examples) && schema.examples.length > 0 ? schema.examples : schema.enum;
    if (Array.isArray(values) && values.length > 0) return values[index % values.length];
  }
  const value = exampleValue(schema, name, depth);
  if (typeof value === 'string' && value === placeholder(name)) return `${value}_${index + 1}`;
  if (typeof value === 'number' && isRecord(schema) && schema.default === undefined) return value + index;
  if (typeof value === 'boolean' && isRecord(schema) && schema.default === undefined) return index % 2 === 0;
  return value;
}

function exampleObject(schema: JsonSchema | undefined, depth: number): Record<string, unknown> {
  const required = requiredOf(schema);
  const entries: Array<[string, unknown]> = [];
  for (const [key, property] of propertiesOf(schema)) {
    const shown = required.has(key) || (Array.isArray(property.examples) && property.examples.length > 0);
    if (shown) entries.push([key, exampleValue(property, key, depth)]);
  }
  return Object.fromEntries(entries);
}

/** The type an example is made of: the first non-null type of the schema, else of its first branch, else `null` if that is all. */
function mainType(schema: JsonSchema): JsonSchemaType | undefined {
  const lists = [schema, ...branches(schema)].map(ownTypes);
  for (const types of lists) {
    const found = types.find((type) => type !== 'null');
    if (found) return found;
  }
  if (objectSchema(schema)) return 'object';
  if (itemSchema(schema)) return 'array';
  return lists.some((types) => types.includes('null')) ? 'null' : undefined;
}

function ownTypes(schema: JsonSchema): JsonSchemaType[] {
  const { type } = schema;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? (type.filter((name) => typeof name === 'string') as JsonSchemaType[]) : [];
}

/** A placeholder string: the parameter name in capitals (`path` → `PATH`), `TEXT` without one. */
export function placeholder(name: string): string {
  const word = name.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  return word === '' ? 'TEXT' : word.toUpperCase();
}

/** `paths` → `path`, `entries` → `entry`: the name of one item. */
function singular(name: string): string {
  if (name.endsWith('ies') && name.length > 3) return `${name.slice(0, -3)}y`;
  if (name.endsWith('s') && !name.endsWith('ss') && name.length > 1) return name.slice(0, -1);
  return name;
}
