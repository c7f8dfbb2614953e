import { stringify } from 'yaml';
import { parseYaml, type YamlResult } from '../shared/yaml.js';

/**
 * Reads YAML as caret blocks use it: the failsafe schema, so every scalar is a
 * string (`count: 3` gives `"3"`, as a `count: 3` header line does) and
 * mappings and sequences are plain objects and arrays. `firstLine` is the
 * block line of the text's first line (the opener is line 1).
 */
export function readCaretYaml(text: string, firstLine: number): YamlResult {
  return parseYaml(text, firstLine, 'failsafe');
}

/**
 * Writes a mapping as YAML the reader gives back exactly: failsafe schema (no
 * quoting of `true` or `123` keys for the reader's sake), no line folding.
 */
export function writeCaretYaml(value: Record<string, unknown>): string {
  return stringify(value, { schema: 'failsafe', lineWidth: 0, aliasDuplicateObjects: false });
}
