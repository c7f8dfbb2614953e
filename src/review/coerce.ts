import type { JsonSchema, JsonSchemaType } from '../types.js';
import { isRecord } from '../object.js';
import { admits, itemSchema, objectSchema, schemaTypes } from '../json-schema/read.js';

/** Deeper values are left as they are (a guard against self-referencing schemas built in code). */
const MAX_DEPTH = 64;

/** `1`, `-2.5`, `.5`, `3e8`: a JSON-like number literal. Linear (no nested quantifiers). */
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Coerces a value to what its JSON Schema asks for, the way models write
 * values in text syntaxes (where every value may be a string):
 *
 * - a string becomes a number, integer, boolean (`true`/`false`, any case) or
 *   `null` (`null`) when the schema admits that and not strings; a string
 *   holding JSON becomes the object or array the schema asks for;
 * - a number or boolean becomes a string when the schema admits only strings;
 * - a single value becomes a one-item array when the schema asks for an array
 *   (and not for the value's own type); items are coerced by `items`;
 * - object properties are coerced by `properties`, recursively; a key not in
 *   `properties` whose plural (`+s`, `+es`, `y`→`ies`) is an array property the
 *   object lacks is moved there (`path: a` → `paths: ['a']`);
 * - everything else (unknown keys, values that do not convert, schemas
 *   without types) is left as it is. `anyOf` / `oneOf` branches count one
 *   level deep; `$ref` is not resolved.
 *
 * Never throws; returns new objects and arrays, never mutates `value`.
 */
export function coerceInput(value: unknown, schema: JsonSchema | undefined): unknown {
  return coerce(value, schema, 0);
}

function coerce(value: unknown, schema: JsonSchema | undefined, depth: number): unknown {
  if (!isRecord(schema) || depth > MAX_DEPTH) return value;
  const types = schemaTypes(schema);
  if (types.size === 0) return value;
  if (Array.isArray(value)) return types.has('array') ? value.map((item) => coerce(item, itemSchema(schema), depth + 1)) : value;
  if (isRecord(value)) {
    if (types.has('object')) return coerceObject(value, schema, depth);
    return types.has('array') ? [coerce(value, itemSchema(schema), depth + 1)] : value;
  }
  if (admits(types, value)) return value;
  if (typeof value === 'string') return fromString(value, schema, types, depth);
  if ((typeof value === 'number' || typeof value === 'boolean') && types.has('string')) return String(value);
  if (value !== null && value !== undefined && types.has('array')) return [coerce(value, itemSchema(schema), depth + 1)];
  return value;
}

/** A string where the schema does not admit strings. */
function fromString(text: string, schema: JsonSchema, types: ReadonlySet<JsonSchemaType>, depth: number): unknown {
  const trimmed = text.trim();
  if ((types.has('number') || types.has('integer')) && NUMBER.test(trimmed)) {
    const number = Number(trimmed);
    if (Number.isFinite(number) && (types.has('number') || Number.isInteger(number))) return number;
  }
  if (types.has('boolean')) {
    const lower = trimmed.toLowerCase();
    if (lower === 'true' || lower === 'false') return lower === 'true';
  }
  if (types.has('null') && trimmed === 'null') return null;
  const json = types.has('object') || types.has('array') ? parseJson(trimmed) : undefined;
  if (json !== undefined && types.has(Array.isArray(json) ? 'array' : 'object')) return coerce(json, schema, depth);
  if (types.has('array')) return [coerce(text, itemSchema(schema), depth + 1)];
  return text;
}

/** A JSON object or array written as a string, else `undefined`. */
function parseJson(text: string): unknown {
  const first = text[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) || Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function coerceObject(value: Record<string, unknown>, schema: JsonSchema, depth: number): Record<string, unknown> {
  const object = objectSchema(schema);
  const properties = object && isRecord(object.properties) ? object.properties : undefined;
  if (!properties) return { ...value };
  const entries: Array<[string, unknown]> = [];
  const taken = new Set(Object.keys(value));
  for (const [key, item] of Object.entries(value)) {
    if (Object.hasOwn(properties, key)) {
      entries.push([key, coerce(item, properties[key], depth + 1)]);
      continue;
    }
    const plural = pluralProperty(key, properties, taken);
    if (plural === undefined) {
      entries.push([key, item]);
      continue;
    }
    taken.add(plural);
    entries.push([plural, coerce(item, properties[plural], depth + 1)]);
  }
  // `Object.fromEntries` defines own properties, so a `__proto__` key stays a key.
  return Object.fromEntries(entries);
}

/** The array property a singular key stands for, when the object does not set it itself. */
function pluralProperty(key: string, properties: Readonly<Record<string, JsonSchema>>, taken: ReadonlySet<string>): string | undefined {
  const candidates = [`${key}s`, `${key}es`];
  if (key.endsWith('y')) candidates.push(`${key.slice(0, -1)}ies`);
  return candidates.find(
    (name) => Object.hasOwn(properties, name) && !taken.has(name) && schemaTypes(properties[name]).has('array'),
  );
}
