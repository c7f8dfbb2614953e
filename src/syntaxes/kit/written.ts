import type { JsonSchemaType, ToolDefinition } from '../../types.js';
import { isRecord } from '../../object.js';
import { schemaTypes } from '../../json-schema/read.js';

/**
 * The text each parameter value had as written, kept beside the input a format's `read` made
 * (which types values without a schema, as the format's reference parser does), so the
 * format's `mapInput`, which sees the tool's schema, can type them again from the text: a
 * Qwen3-Coder `null` kept as the string `"null"` for a string parameter, a GLM string
 * parameter kept untrimmed and undecoded. Added to the kit for the formats that write values
 * as text (Qwen3-Coder, GLM).
 */
export interface WrittenValues {
  /** Keeps `written` (parameter name → text) for the `input` object just read. */
  remember(input: object, written: ReadonlyMap<string, string>): void;
  /**
   * A `mapInput`: each parameter of `input` that has a text and a schema property is handed to
   * `retype` (its text, its schema's types, its value as read); the value returned replaces it.
   */
  mapInput(input: unknown, tool: ToolDefinition): unknown;
}

/** {@link WrittenValues} whose `mapInput` calls `retype` per parameter. */
export function writtenValues(retype: (text: string, types: ReadonlySet<JsonSchemaType>, value: unknown) => unknown): WrittenValues {
  const byInput = new WeakMap<object, ReadonlyMap<string, string>>();
  return {
    remember: (input, written) => void byInput.set(input, written),
    mapInput(input, tool) {
      const written = isRecord(input) ? byInput.get(input) : undefined;
      const properties = isRecord(tool.inputSchema) && isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : undefined;
      if (!written || !properties) return input;
      const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
      for (const key of Object.keys(out)) {
        const text = written.get(key);
        if (text === undefined || !Object.hasOwn(properties, key)) continue;
        out[key] = retype(text, schemaTypes(properties[key]), out[key]);
      }
      return out;
    },
  };
}
