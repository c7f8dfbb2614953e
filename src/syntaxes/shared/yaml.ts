import { parseDocument } from 'yaml';

/** Bounds that keep hostile YAML (alias bombs, deep nesting) cheap to reject. */
const YAML_OPTIONS = { uniqueKeys: true, prettyErrors: true, strict: true } as const;
const MAX_ALIAS_COUNT = 100;

export type YamlResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Parses one YAML document without throwing. `firstLine` is the line number of
 * the text's first line in the block, so errors point at the block as written.
 */
export function parseYaml(text: string, firstLine = 1): YamlResult {
  try {
    const doc = parseDocument(text, YAML_OPTIONS);
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

/** The first line of a library error message, without its position suffix. */
function firstSentence(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '').trim();
}
