import { stringify } from 'yaml';
import type { WorkMeter } from '../../types.js';
import { parseYamlWithLibrary, type YamlResult } from '../shared/yaml.js';

/**
 * Reads YAML as caret blocks use it: the failsafe schema, so every scalar is a
 * string (`count: 3` gives `"3"`, as a `count: 3` header line does) and
 * mappings and sequences are plain objects and arrays. `firstLine` is the
 * block line of the text's first line (the opener is line 1).
 */
export function readCaretYaml(text: string, firstLine: number, work?: WorkMeter): YamlResult {
  // The library alone: the subset reader (shared/simple-yaml.ts, 1.1 kB min + gzip) is a fence's
  // cost, where YAML is the whole body; caret reads its header lines itself and YAML only for block
  // scalars and the `---` body (which can be long in the v0 grammar: left for a measured need).
  return parseYamlWithLibrary(text, firstLine, 'failsafe', work);
}

/**
 * Writes a mapping as YAML the reader gives back exactly: failsafe schema (no
 * quoting of `true` or `123` keys for the reader's sake), no line folding.
 * Block scalars read best, but the yaml library writes some of them wrongly
 * (a `|+` scalar whose first line is only spaces loses its indentation
 * indicator, and the spaces with it), so the text is read back and, when it
 * differs, written again with double-quoted scalars, and as JSON flow values when even those
 * do not read back.
 */
export function writeCaretYaml(value: Record<string, unknown>): string {
  const options = { schema: 'failsafe', lineWidth: 0, aliasDuplicateObjects: false } as const;
  const block = stringify(value, options);
  if (readsBackAs(block, value)) return block;
  const quoted = stringify(value, { ...options, blockQuote: false });
  if (readsBackAs(quoted, value)) return quoted;
  // The library's folded double-quoted lines can lose a line of only blanks too: a JSON value is a
  // YAML flow value, one line, escapes and all, that always reads back as written.
  return Object.entries(value)
    .map(([key, item]) => `${key}: ${JSON.stringify(item)}\n`)
    .join('');
}

/** Whether `yaml` reads back as `value`. */
function readsBackAs(yaml: string, value: Record<string, unknown>): boolean {
  const back = readCaretYaml(yaml, 1);
  // Failsafe YAML holds only strings, arrays and mappings in written order: JSON equality is exact here.
  return back.ok && JSON.stringify(back.value) === JSON.stringify(value);
}
