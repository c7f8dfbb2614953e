import type { FormatCall } from '../../types.js';
import { isRecord } from '../../object.js';

/** A tool or parameter name that can stand as a tag name. */
const NAME = /^[A-Za-z_][\w.-]*$/;

/**
 * Writes a call as Cline's prompt lays one out: the tool's element, one child element per
 * parameter, each on its own line; a value holding a line break goes on lines of its own
 * (`<content>\nline 1\nline 2\n</content>`), which the reader takes off again. Strings are
 * written as they are; other values as JSON text (the `tools` schema types them back when read);
 * an array of strings as the parameter repeated. Throws for a name that is no tag name, a value
 * holding its own closing tag or the tool's, and one ending in a carriage return.
 */
export function formatToolTags(call: FormatCall): string {
  const name = call.toolName;
  if (typeof name !== 'string' || !NAME.test(name)) throw new Error(`tooltags syntax: the tool name ${JSON.stringify(name)} is not an XML tag name`);
  const input = call.input ?? {};
  if (!isRecord(input)) throw new Error('tooltags syntax: input must be an object (each key is written as a parameter element)');
  let out = `<${name}>\n`;
  for (const [key, value] of Object.entries(input)) {
    if (!NAME.test(key)) throw new Error(`tooltags syntax: the parameter name ${JSON.stringify(key)} is not an XML tag name`);
    const values = Array.isArray(value) && value.length > 1 && value.every((item) => typeof item === 'string') ? value : [value];
    for (const item of values) out += `<${key}>${text(item, key, name)}</${key}>\n`;
  }
  return `${out}</${name}>`;
}

function text(value: unknown, key: string, tool: string): string {
  const written = typeof value === 'string' ? value : JSON.stringify(value) ?? 'null';
  for (const closer of [`</${key}>`, `</${tool}>`]) {
    if (written.includes(closer)) throw new Error(`tooltags syntax: the value of ${key} contains ${closer}, which would end it`);
  }
  if (written.endsWith('\r')) throw new Error(`tooltags syntax: the value of ${key} ends in a carriage return, which the reader would take off`);
  return /[\r\n]/.test(written) ? `\n${written}\n` : written;
}
