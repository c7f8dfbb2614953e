import { isMap, isScalar, LineCounter, parseDocument, visit, type Document } from 'yaml';

/**
 * The library's own `uniqueKeys` check compares every key with every other
 * (3.4 s for a 20,000-key mapping here): it is off, and {@link duplicateKey}
 * does the same check in one pass.
 */
const YAML_OPTIONS = { uniqueKeys: false, prettyErrors: true, strict: true } as const;
/** Bounds alias expansion, so an alias bomb fails fast with a clear error. */
const MAX_ALIAS_COUNT = 100;

/** Characters handed to the YAML parser so far: the tests read it to prove partial parsing is amortised. */
export const yamlWork = { characters: 0 };

export type YamlResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Parses one YAML document without throwing. `firstLine` is the line number of
 * the text's first line in the block, so errors point at the block as written.
 * `schema: 'failsafe'` reads every scalar as a string (caret blocks).
 */
export function parseYaml(text: string, firstLine = 1, schema: 'core' | 'failsafe' = 'core'): YamlResult {
  yamlWork.characters += text.length;
  try {
    const lineCounter = new LineCounter();
    const doc = parseDocument(text, { ...YAML_OPTIONS, schema, lineCounter });
    const error = doc.errors[0];
    if (error) {
      const position = error.linePos?.[0];
      return { ok: false, message: `invalid YAML${where(position, firstLine)}: ${firstSentence(error.message)}` };
    }
    const duplicate = duplicateKey(doc);
    if (duplicate) {
      const position = lineCounter.linePos(duplicate.offset);
      return { ok: false, message: `invalid YAML${where(position, firstLine)}: duplicate key ${JSON.stringify(duplicate.key)}` };
    }
    return { ok: true, value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (error) {
    return { ok: false, message: `invalid YAML: ${firstSentence(String((error as Error)?.message ?? error))}` };
  }
}

/** The first scalar key that repeats within its mapping, with its source offset. */
function duplicateKey(doc: Document): { key: string; offset: number } | undefined {
  let found: { key: string; offset: number } | undefined;
  visit(doc, {
    Map(_, map) {
      if (!isMap(map)) return undefined;
      const seen = new Set<string>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        if (seen.has(key)) {
          found = { key, offset: pair.key.range?.[0] ?? 0 };
          return visit.BREAK;
        }
        seen.add(key);
      }
      return undefined;
    },
  });
  return found;
}

function where(position: { line: number; col: number } | undefined, firstLine: number): string {
  return position ? ` at line ${position.line + firstLine - 1}, column ${position.col}` : '';
}

/** The first line of a library error message, without its position suffix. */
function firstSentence(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '').trim();
}
