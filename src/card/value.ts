import { formatPreview, formatValue } from './json.js';
import { sliceWhole } from './units.js';

/**
 * One block of a value as the card shows it: a text block (a string, with its real line breaks)
 * or a JSON block (anything else, indented by two spaces).
 */
export interface ValueBlock {
  kind: 'text' | 'json';
  /** The object field this block shows, when a value is split into fields; absent for a whole value. */
  field?: string;
  /** A hint for highlighters: `json` for JSON blocks; for text, guessed from the content or a file path (`text` when unknown). */
  language: string;
  /** The text, or its first `limit` characters when `complete` is false. */
  text: string;
  complete: boolean;
  /** What the block shows in full (the string, or the object of the other fields): for copying it whole. */
  source: unknown;
}

/**
 * How the card shows a value, as blocks in order:
 *
 * - a string: one text block, as written (a file body or a diff reads as itself);
 * - an object with multi-line string fields (`{path, content}`, `{command}` scripts, patches):
 *   a JSON block of its other fields, if any, then one text block per multi-line field, named by
 *   its key — so nothing is hidden, and nothing reads as `"#!/usr/bin/env python3\n…"`;
 * - anything else: one JSON block.
 *
 * Whole values (static HTML); see {@link displayValuePreview} for bounded work. Never throws
 * (cycles and BigInts show as `formatValue` shows them).
 */
export function displayValue(value: unknown): ValueBlock[] {
  return blocksOf(value, Infinity, (json) => ({ text: formatValue(json), complete: true }));
}

/**
 * {@link displayValue} with the work and the text of each block bounded by `limit` (a block
 * longer than it holds its start and `complete: false`): a huge value streaming in costs the same
 * per delta as a small one. (Separate from `displayValue` so that a bundle that only shows whole
 * values — the remark plugin — does not carry the bounded JSON writer.)
 */
export function displayValuePreview(value: unknown, limit: number): ValueBlock[] {
  return blocksOf(value, limit, formatPreview);
}

type JsonWriter = (value: unknown, limit: number) => { text: string; complete: boolean };

function blocksOf(value: unknown, limit: number, writeJson: JsonWriter): ValueBlock[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [textBlock(value, limit, guessLanguage(value))];
  const fields = multiLineFields(value, limit);
  if (!fields) return [jsonBlock(value, limit, writeJson)];
  const record = value as Record<string, unknown>;
  const rest: Record<string, unknown> = {};
  let hasRest = false;
  for (const key of Object.keys(record)) {
    if (fields.has(key)) continue;
    rest[key] = record[key];
    hasRest = true;
  }
  const blocks: ValueBlock[] = hasRest ? [jsonBlock(rest, limit, writeJson)] : [];
  const path = pathOf(record);
  for (const key of fields) {
    const text = record[key] as string;
    blocks.push({ ...textBlock(text, limit, guessLanguage(text, key, path)), field: key });
  }
  return blocks;
}

function textBlock(text: string, limit: number, language: string): ValueBlock {
  if (text.length <= limit) return { kind: 'text', language, text, complete: true, source: text };
  return { kind: 'text', language, text: sliceWhole(text, limit), complete: false, source: text };
}

function jsonBlock(value: unknown, limit: number, writeJson: JsonWriter): ValueBlock {
  const { text, complete } = writeJson(value, limit);
  return { kind: 'json', language: 'json', text, complete, source: value };
}

/** Own keys (of a plain object) whose values are strings with a line break in their first `limit` characters. */
function multiLineFields(value: unknown, limit: number): Set<string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return undefined;
  let fields: Set<string> | undefined;
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'string' && hasLineBreak(field, limit)) (fields ??= new Set()).add(key);
  }
  return fields;
}

function hasLineBreak(text: string, limit: number): boolean {
  const head = text.length > limit ? text.slice(0, limit) : text;
  return head.includes('\n') || head.includes('\r');
}

function pathOf(record: Record<string, unknown>): string | undefined {
  for (const key of ['path', 'file', 'filename', 'file_path', 'filePath', 'target_file']) {
    const value = record[key];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/**
 * `language=name name…` groups, `,`-separated, read once into a map (a bare `language` is its
 * own only name). A map, not an object: a path ending `.constructor` names no language.
 */
function languageTable(groups: string): ReadonlyMap<string, string> {
  const table = new Map<string, string>();
  for (const group of groups.split(',')) {
    const [language, names = language] = group.split('=') as [string, string?];
    for (const name of names.split(' ')) table.set(name, language);
  }
  return table;
}

/** A file's extension (lowered) to its language. */
const EXTENSIONS = /* @__PURE__ */ languageTable(
  'typescript=ts mts cts,tsx,javascript=js mjs cjs,jsx,python=py,ruby=rb,go,rust=rs,java,kotlin=kt,swift,c=c h,cpp=cpp cc hpp,csharp=cs,php,css,scss,html,vue,svelte,json,markdown=md,mdx,yaml=yaml yml,toml,sql,bash=sh bash zsh,xml,diff=diff patch',
);

/** A shebang's interpreter (its version digits dropped when not listed) to its language. */
const INTERPRETERS = /* @__PURE__ */ languageTable('python=python python3,javascript=node,bash=bash sh zsh,ruby,typescript=deno bun');

/**
 * A language for a text block, for highlighters: a diff by its markers or its field's name, a
 * script by its shebang, a file body by its path's extension, a shell command by its field's
 * name; `text` when nothing says.
 */
export function guessLanguage(text: string, field?: string, path?: string): string {
  const start = text.slice(0, 200);
  if (/^(diff --git |--- \S.*\n\+\+\+ |@@ -\d)/.test(start) || field === 'patch' || field === 'diff') return 'diff';
  const interpreter = shebangInterpreter(start);
  if (interpreter !== undefined) {
    const language = INTERPRETERS.get(interpreter) ?? INTERPRETERS.get(interpreter.replace(/[\d.]+$/, ''));
    if (language) return language;
  }
  if (path !== undefined) {
    const dot = path.lastIndexOf('.');
    const language = dot === -1 ? undefined : EXTENSIONS.get(path.slice(dot + 1).toLowerCase());
    if (language) return language;
  }
  if (field === 'command' || field === 'cmd' || field === 'script') return 'bash';
  return 'text';
}

/** `python3` of `#!/usr/bin/env python3`, `bash` of `#!/bin/bash`; undefined without a shebang. */
function shebangInterpreter(start: string): string | undefined {
  if (!start.startsWith('#!')) return undefined;
  const words = start.slice(2).split('\n', 1)[0]!.trim().split(/\s+/);
  const base = (word: string | undefined) => word?.slice(word.lastIndexOf('/') + 1);
  const first = base(words[0]);
  return first === 'env' ? base(words.slice(1).find((word) => !word.startsWith('-'))) : first;
}
