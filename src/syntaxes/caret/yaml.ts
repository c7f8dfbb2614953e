import { parseDocument, stringify } from 'yaml';

/**
 * YAML as caret blocks use it: the failsafe schema, so every scalar is a
 * string (`count: 3` gives `"3"`, as a `count: 3` header line does) and
 * mappings and sequences are plain objects and arrays.
 */
const READ_OPTIONS = { schema: 'failsafe', uniqueKeys: true, strict: true, prettyErrors: true } as const;
const MAX_ALIAS_COUNT = 100;

/** A parsed YAML value, or what is wrong and where. */
export type CaretYaml = { ok: true; value: unknown } | { ok: false; message: string };

/** Characters handed to the YAML parser so far: the tests read it to prove partial re-parses are amortised. */
export const caretYamlWork = { characters: 0 };

/**
 * Parses YAML without throwing. `firstLine` is the block line of the text's
 * first line (the opener is line 1), so errors point at the block as written.
 */
export function readCaretYaml(text: string, firstLine: number): CaretYaml {
  caretYamlWork.characters += text.length;
  try {
    const doc = parseDocument(text, READ_OPTIONS);
    const error = doc.errors[0];
    if (error) {
      const position = error.linePos?.[0];
      const where = position ? ` at line ${position.line + firstLine - 1}, column ${position.col}` : '';
      return { ok: false, message: `invalid YAML${where}: ${firstSentence(error.message)}` };
    }
    return { ok: true, value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (error) {
    return { ok: false, message: `invalid YAML: ${firstSentence(String((error as Error)?.message ?? error))}` };
  }
}

/**
 * Writes a mapping as YAML the reader gives back exactly: failsafe schema (no
 * quoting of `true` or `123` keys for the reader's sake), no line folding.
 */
export function writeCaretYaml(value: Record<string, unknown>): string {
  return stringify(value, { schema: 'failsafe', lineWidth: 0, aliasDuplicateObjects: false });
}

/** The first line of a library error message, without its position suffix. */
function firstSentence(message: string): string {
  const line = message.split('\n')[0]!;
  const at = line.lastIndexOf(' at line ');
  return (at >= 0 ? line.slice(0, at) : line).trim();
}
