import type { FormatCall } from '../../types.js';
import { isRecord } from '../../object.js';
import { plainJson, pythonJson } from '../kit/python-json.js';

/** Which GLM chat template's layout {@link formatGlm} writes. */
export type GlmTemplate = '4.5' | '4.7';

/**
 * Writes a call as the GLM chat templates do: `<tool_call>NAME`, then per argument
 * `<arg_key>K</arg_key>` and `<arg_value>V</arg_value>`, then `</tool_call>`. GLM-4.5/4.6 put a
 * line break after the name and after each tag pair; GLM-4.7 and later write it all on one line.
 * Strings are written as they are, other values as JSON (the template's `tojson`). Throws for a
 * name that is empty or holds `<` or a line break, an input that is not an object, a key
 * that is empty, has blanks around it or holds `</arg_key>`, and a value holding `</arg_value>` (values have no escape).
 */
export function formatGlm(call: FormatCall, template: GlmTemplate): string {
  const name = call.toolName;
  if (typeof name !== 'string' || !/^[^<\r\n]+$/.test(name) || name.trim() !== name) {
    throw new Error('glm syntax: the tool name must be a non-empty string without "<", line breaks or blanks around it');
  }
  const input = call.input ?? {};
  if (!isRecord(input)) throw new Error('glm syntax: input must be an object (its keys are written as <arg_key>)');
  const line = template === '4.5' ? '\n' : '';
  let out = `<tool_call>${name}${line}`;
  for (const [key, value] of Object.entries(plainJson(input, 'glm') as Record<string, unknown>)) {
    if (key === '' || key.includes('</arg_key>') || key.trim() !== key) throw new Error(`glm syntax: the key ${JSON.stringify(key)} cannot be written (empty, blanks around it, or holds "</arg_key>")`);
    const text = typeof value === 'string' ? value : pythonJson(value);
    if (text.includes('</arg_value>')) throw new Error(`glm syntax: the value of ${key} holds "</arg_value>", which would end it`);
    out += `<arg_key>${key}</arg_key>${line}<arg_value>${text}</arg_value>${line}`;
  }
  return `${out}</tool_call>`;
}
