import type { FormatCall } from '../../types.js';
import { isRecord } from '../../object.js';
import { plainJson, pythonJson } from '../kit/python-json.js';

/**
 * Writes a call as the Qwen3-Coder chat template does: `<tool_call>`, `<function=NAME>`, each
 * argument as `<parameter=K>`, its value on the lines between, `</parameter>`, then
 * `</function>` and `</tool_call>`, each tag on its own line. Strings are written as they are;
 * objects and arrays as JSON (the template's `tojson`), numbers, booleans and `null` as JSON
 * (the template's `| string` would write Python's `True`). Throws for an empty name or one
 * holding a line break, `<`, `>`, a brace or blanks around it, an input that is not an object, a key holding `>` or a
 * line break or blanks around it, and a value holding `</parameter>` (a value has no escape). The string `null` reads back
 * as `null` unless the tool's schema says the parameter is a string.
 */
export function formatQwen3Coder(call: FormatCall): string {
  const name = call.toolName;
  if (typeof name !== 'string' || !/^[^<>{}\r\n]+$/.test(name) || name.trim() !== name) {
    throw new Error('qwen3coder syntax: the tool name must be a non-empty string without line breaks, "<", ">", braces or blanks around it');
  }
  const input = call.input ?? {};
  if (!isRecord(input)) throw new Error('qwen3coder syntax: input must be an object (its keys are written as parameters)');
  let out = `<tool_call>\n<function=${name}>\n`;
  for (const [key, value] of Object.entries(plainJson(input, 'qwen3coder') as Record<string, unknown>)) {
    if (!/^[^>\r\n]+$/.test(key) || key.trim() !== key) throw new Error(`qwen3coder syntax: the parameter name ${JSON.stringify(key)} cannot be written (empty, blanks around it, or holds ">" or a line break)`);
    const text = typeof value === 'string' ? value : pythonJson(value);
    if (text.includes('</parameter>')) throw new Error(`qwen3coder syntax: the value of ${key} holds "</parameter>", which would end it`);
    out += `<parameter=${key}>\n${text}\n</parameter>\n`;
  }
  return `${out}</function>\n</tool_call>`;
}
