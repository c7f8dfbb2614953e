/**
 * Reading the JSON Schemas of tool definitions: which types a schema admits, its properties,
 * required names and item schema, through `anyOf` / `oneOf` branches one level deep. Both
 * sides of the library read schemas this way: the prompt side (`format/`: parameter summaries,
 * example calls), the parse-time review (`review/`: input coercion) and syntaxes that lay
 * parameters out themselves (emoji). This room is a leaf: it imports nothing but types and the
 * plain-object helpers (`src/object.ts`), so any room may use it without pulling in another.
 */
import { isRecord } from '../object.js';
import type { JsonSchema, JsonSchemaType } from '../types.js';

/** The JSON Schema type of a value (`integer` for whole numbers, which are numbers too). */
function valueType(value: unknown): JsonSchemaType | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return isRecord(value) ? 'object' : undefined;
}

/**
 * The types a schema admits: its `type`, the types of its `enum` / `const`
 * values, and those of its `anyOf` / `oneOf` branches (one level). Empty when
 * the schema says nothing about types.
 */
export function schemaTypes(schema: JsonSchema | undefined): Set<JsonSchemaType> {
  const types = new Set<JsonSchemaType>();
  if (!isRecord(schema)) return types;
  addTypes(schema, types);
  for (const branch of branches(schema)) addTypes(branch, types);
  return types;
}

function addTypes(schema: JsonSchema, types: Set<JsonSchemaType>): void {
  const { type } = schema;
  if (typeof type === 'string') types.add(type);
  else if (Array.isArray(type)) for (const name of type) if (typeof name === 'string') types.add(name as JsonSchemaType);
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : [];
  for (const value of values) {
    const found = valueType(value);
    if (found) types.add(found === 'integer' ? 'number' : found);
  }
  if (schema.type === undefined && isRecord(schema.properties)) types.add('object');
  if (schema.type === undefined && schema.items !== undefined) types.add('array');
}

/** The `anyOf` / `oneOf` branches of a schema that are schemas. */
export function branches(schema: JsonSchema): JsonSchema[] {
  const list = [...(Array.isArray(schema.anyOf) ? schema.anyOf : []), ...(Array.isArray(schema.oneOf) ? schema.oneOf : [])];
  return list.filter(isRecord) as JsonSchema[];
}

/** Whether `value` has a type the schema admits (any value when the schema names none). */
export function admits(types: ReadonlySet<JsonSchemaType>, value: unknown): boolean {
  if (types.size === 0) return true;
  const type = valueType(value);
  if (type === undefined) return false;
  return types.has(type) || (type === 'integer' && types.has('number'));
}

/** The schema itself or the first branch that is an object schema with properties. */
export function objectSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!isRecord(schema)) return undefined;
  if (isRecord(schema.properties)) return schema;
  return branches(schema).find((branch) => isRecord(branch.properties));
}

/** The item schema of an array schema (of its first array branch), if any. */
export function itemSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!isRecord(schema)) return undefined;
  const own = firstItem(schema.items);
  if (own) return own;
  for (const branch of branches(schema)) {
    const item = firstItem(branch.items);
    if (item) return item;
  }
  return undefined;
}

function firstItem(items: JsonSchema['items']): JsonSchema | undefined {
  const item = Array.isArray(items) ? items[0] : items;
  return isRecord(item) ? (item as JsonSchema) : undefined;
}

/** The properties of an object schema, in schema order (empty for anything else). */
export function propertiesOf(schema: JsonSchema | undefined): Array<[string, JsonSchema]> {
  const object = objectSchema(schema);
  if (!object || !isRecord(object.properties)) return [];
  return Object.entries(object.properties).map(([key, value]) => [key, isRecord(value) ? (value as JsonSchema) : {}]);
}

/** The required property names of an object schema. */
export function requiredOf(schema: JsonSchema | undefined): Set<string> {
  const object = objectSchema(schema);
  const required = object?.required;
  return new Set(Array.isArray(required) ? required.filter((key): key is string => typeof key === 'string') : []);
}
