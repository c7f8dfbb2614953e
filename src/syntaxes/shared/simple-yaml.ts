import { isScalar, Schema, type ScalarTag } from 'yaml';
import { setOwn } from '../../object.js';

/**
 * A reader for the YAML a tool block body almost always is — nested block mappings and block
 * sequences (`- item` lines) whose values are plain scalars, simple quoted strings, `|` / `|-`
 * literal blocks or mappings (`- key: value`) — that gives exactly what the yaml library gives for
 * such text, without it.
 *
 * Why: the library builds a syntax tree, then a document, then the value, at ~250 bytes of
 * garbage per byte of YAML. A 200 KB body was read at 3 MB/s, a third of it in the garbage
 * collector, and the larger the body the larger the share (the tree outlives the young
 * generation). This reader makes only the value.
 *
 * It answers only for text wholly inside that subset and otherwise returns `undefined`, so the
 * caller hands the text to the library: a comment, an empty or nested sequence item (`-` alone,
 * `- - x`, `- |`), a document that is a sequence, a flow collection, an anchor, a tag, an escape,
 * a folded or indented-indicator block, a tab outside a literal block, a CR, a control character,
 * a key that is not a plain name, a value that goes on over lines, odd indentation or nesting near
 * the depth limit. Plain scalars are resolved
 * with the library's own schema tags (`core` or `failsafe`), so `1`, `true`, `~` or `.inf` mean
 * what they mean there. A repeated key is reported as the full check reports it: the first map in
 * document order that repeats a key, at that key.
 */
export type SimpleYaml = { value: Record<string, unknown> | null } | { duplicate: { line: number; column: number; key: string } };

/** Nesting kept under the library's limit (its error names the place; this reader leaves it the text). */
const MAX_SIMPLE_DEPTH = 64;

/**
 * `key:` then the rest of the line: a plain name (letters, digits, `_`, `-`) as models write them,
 * at most 1024 units (the library's limit for an implicit key). The rest is taken whole and its
 * spaces trimmed by {@link trimSpaces}: a pattern that split it into spaces and a value would try
 * every split of a long run of spaces.
 */
const KEY_LINE = /^( *)([A-Za-z_][\w-]{0,1023}):(.*)$/;
/** `- ` then the rest of the line (an item of a block sequence); `-` alone is left to the library. */
const ITEM_LINE = /^( *)- (.*)$/;
/** A plain scalar every schema reads as written: no indicator first, no `: `, ` #` or tab in it. */
const PLAIN = /^(?:[^\s\-?:,[\]{}#&*!|>'"%@`]|-(?=[^\s]))(?:(?!: | #)[^\t])*$/;
/** Quoted strings without escapes or quotes of their own kind. */
const DOUBLE_QUOTED = /^"([^"\\]*)"$/;
const SINGLE_QUOTED = /^'([^']*)'$/;
/**
 * Text the library may treat specially or reject: CR, C0/C1 controls other than tab and LF, BOM,
 * noncharacters, and U+2028/U+2029 (line ends to a regular expression's `.`, not to YAML).
 */
const UNUSUAL = /[\0-\x08\v-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]/;
/** `text` without its leading and trailing spaces (only spaces: YAML keeps other blanks), in one pass each way. */
function trimSpaces(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 32) start++;
  while (end > start && text.charCodeAt(end - 1) === 32) end--;
  return text.slice(start, end);
}

/** A line of spaces only (other whitespace is left to the library). */
const BLANK = /^ *$/;

/** The spaces a line starts with. */
const indentOf = (line: string): number => /^ */.exec(line)![0].length;

interface OpenMap {
  kind: 'map';
  /** The column of its keys. */
  indent: number;
  value: Record<string, unknown>;
  keys: Set<string>;
  /** The first repeated key of this map (a repeat is only an error, so the value stays as it was). */
  duplicate?: { line: number; column: number; key: string };
}

interface OpenSequence {
  kind: 'sequence';
  /** The column of its `-`. */
  indent: number;
  value: unknown[];
}

const newMap = (indent: number): OpenMap => ({ kind: 'map', indent, value: {}, keys: new Set() });

const schemas = new Map<string, readonly ScalarTag[]>();

/** The scalar tags a plain scalar is tested against, in the library's order. */
function scalarTags(schema: 'core' | 'failsafe'): readonly ScalarTag[] {
  let tags = schemas.get(schema);
  if (!tags) {
    tags = new Schema({ schema }).tags.filter((tag): tag is ScalarTag => tag.default === true && 'test' in tag && tag.test !== undefined);
    schemas.set(schema, tags);
  }
  return tags;
}

/** What the library's schema makes of a plain scalar: `undefined` when it is not a plain string of the subset. */
function resolvePlain(text: string, tags: readonly ScalarTag[]): { value: unknown } | undefined {
  for (const tag of tags) {
    if (!tag.test!.test(text)) continue;
    let failed = false;
    const resolved = tag.resolve(text, () => (failed = true), {});
    return failed ? undefined : { value: isScalar(resolved) ? resolved.value : resolved };
  }
  return { value: text };
}

/** The subset's value of `text`, or `undefined` when it is not wholly in the subset (see {@link SimpleYaml}). */
export function readSimpleYaml(text: string, schema: 'core' | 'failsafe'): SimpleYaml | undefined {
  if (UNUSUAL.test(text)) return undefined;
  const tags = scalarTags(schema);
  const lines = text.split('\n');
  const root = newMap(0);
  const open: Array<OpenMap | OpenSequence> = [root];
  /** Maps in document order: the full check reports the first one with a repeated key. */
  const maps: OpenMap[] = [root];
  /** The key of a `key:` line (of the map on top) whose value, a map or a sequence, has not started yet. */
  let nested: string | undefined;
  /** `nested` had nothing under it: the empty scalar (`null` in the core schema, `""` in failsafe). */
  const settleEmpty = (): void => {
    if (nested !== undefined) setOwn((open[open.length - 1] as OpenMap).value, nested, resolvePlain('', tags)!.value);
    nested = undefined;
  };
  /** Opens `child` as the value of `nested` in the map on top; `false` past the depth kept. */
  const openNested = (child: OpenMap | OpenSequence): boolean => {
    if (open.length >= MAX_SIMPLE_DEPTH) return false;
    setOwn((open[open.length - 1] as OpenMap).value, nested!, child.value);
    open.push(child);
    nested = undefined;
    return true;
  };
  /** A scalar written after `key: ` or `- `: plain, quoted or a literal block (which reads on from line `index`). */
  const scalar = (rest: string, index: number, indent: number): { value: unknown; end: number } | undefined => {
    if (rest === '|' || rest === '|-') return literalBlock(lines, index + 1, indent, rest === '|');
    const quoted = DOUBLE_QUOTED.exec(rest) ?? SINGLE_QUOTED.exec(rest);
    const plain = quoted ? { value: quoted[1] } : PLAIN.test(rest) && !rest.endsWith(':') ? resolvePlain(rest, tags) : undefined;
    return plain && { value: plain.value, end: index + 1 };
  };

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (BLANK.test(line)) continue;
    /** The key line to read: the line, or what follows an item's `- ` (then `indent` is its column). */
    let match = KEY_LINE.exec(line);
    let indent: number;
    // Key lines are most lines: an item is looked for only when a line is not one (the two cannot both match).
    const item = match ? null : ITEM_LINE.exec(line);
    if (item) {
      const dash = item[1]!.length;
      let top = open[open.length - 1]!;
      // A sequence as a key's value may start at the key's own column.
      if (nested !== undefined && dash >= top.indent) {
        if (!openNested({ kind: 'sequence', indent: dash, value: [] })) return undefined;
      } else {
        settleEmpty();
        while (dash < top.indent) {
          open.pop();
          top = open[open.length - 1]!;
        }
        if (top.kind !== 'sequence' || dash !== top.indent) return undefined;
      }
      const sequence = open[open.length - 1] as OpenSequence;
      const content = item[2]!;
      match = KEY_LINE.exec(content);
      if (!match) {
        // A scalar item; a block scalar, an empty item or a nested one is left to the library.
        const rest = trimSpaces(content);
        const value = rest === '' || rest[0] === '|' ? undefined : scalar(rest, index, dash);
        if (!value) return undefined;
        sequence.value.push(value.value);
        continue;
      }
      // `- key: …` starts a map whose keys are at this key's column: the rest is read as its key line.
      if (open.length >= MAX_SIMPLE_DEPTH) return undefined;
      indent = dash + 2 + match[1]!.length;
      const map = newMap(indent);
      sequence.value.push(map.value);
      open.push(map);
      maps.push(map);
    } else {
      if (!match) return undefined;
      indent = match[1]!.length;
    }
    let top = open[open.length - 1]!;
    if (nested !== undefined && indent > top.indent) {
      const child = newMap(indent);
      if (!openNested(child)) return undefined;
      maps.push(child);
      top = child;
    } else settleEmpty();
    // A key line ends the sequences at its column or deeper, and the maps deeper than it.
    while (top.kind === 'sequence' ? indent <= top.indent : indent < top.indent) {
      open.pop();
      top = open[open.length - 1]!;
    }
    if (top.kind !== 'map' || indent !== top.indent) return undefined;
    const key = match[2]!;
    if (resolvePlain(key, tags)?.value !== key) return undefined;
    if (top.keys.has(key)) top.duplicate ??= { line: index + 1, column: indent + 1, key };
    top.keys.add(key);
    const after = match[3]!;
    // `key:value` is no key line to the library (a plain scalar): the subset leaves it.
    if (after !== '' && after[0] !== ' ') return undefined;
    const rest = trimSpaces(after);
    if (rest === '') {
      nested = key;
      continue;
    }
    const value = scalar(rest, index, indent);
    if (!value) return undefined;
    setOwn(top.value, key, value.value);
    index = value.end - 1;
  }
  settleEmpty();
  // No key: every line was blank (any other line is a key line, an item, or left to the library),
  // an empty document, `null` (an open block's body is often still empty when its input is read).
  if (root.keys.size === 0) return { value: null };
  const repeated = maps.find((map) => map.duplicate)?.duplicate;
  return repeated ? { duplicate: repeated } : { value: root.value };
}

/**
 * A `|` (clip: one final line break) or `|-` (strip: none) literal block starting at line
 * `start`, under a key at `keyIndent`: its lines up to the first one indented no deeper than the
 * key. `undefined` for what the subset leaves to the library: no content, blank lines before the
 * first content line, a line less indented than the first but deeper than the key, and
 * whitespace-only lines with more spaces than the block's indentation.
 */
function literalBlock(lines: readonly string[], start: number, keyIndent: number, clip: boolean): { value: string; end: number } | undefined {
  const first = lines[start];
  if (first === undefined || BLANK.test(first)) return undefined;
  const indent = indentOf(first);
  if (indent <= keyIndent || first[indent] === '\t') return undefined;
  const content: string[] = [];
  let end = start;
  let kept = 0;
  for (; end < lines.length; end++) {
    const line = lines[end]!;
    if (BLANK.test(line)) {
      if (line.length > indent) return undefined;
      content.push('');
      continue;
    }
    const lineIndent = indentOf(line);
    if (lineIndent <= keyIndent) break;
    if (lineIndent < indent) return undefined;
    content.push(line.slice(indent));
    kept = content.length;
  }
  // Blank lines at the end belong to what follows (clip and strip both drop them).
  const body = content.slice(0, kept).join('\n');
  return { value: clip ? `${body}\n` : body, end: end - (content.length - kept) };
}
