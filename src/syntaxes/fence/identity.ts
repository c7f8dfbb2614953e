import type { WorkMeter } from '../../types.js';
import { isSpaceOrTab } from '../../markdown/lines.js';
import { isRecord } from '../../object.js';
import { parseYaml } from '../shared/yaml.js';
import type { FenceInfo } from './info.js';

/** What an identity key of a fence body names: the call's id or its tool name. */
type Kind = 'id' | 'name';

const KINDS: readonly Kind[] = ['id', 'name'];

/** Keys of a fence body that may name the call's id, and its tool name (a `Map`: `constructor` is no key of it). */
const IDENTITY_KEY = new Map<string, Kind>([
  ['id', 'id'],
  ['toolCallId', 'id'],
  ['name', 'name'],
  ['toolName', 'name'],
]);

/**
 * The keys of a fence body that are the call's identity: the first `id` / `toolCallId` key and
 * the first `name` / `toolName` key written before any other top-level key. Every other key —
 * a later `id:` included — is an ordinary field.
 */
export type IdentityKeys = { [kind in Kind]?: string };

/** The identity keys of a parsed body, by the order of its keys (a body not read line by line: a flow mapping). */
export function identityKeysOf(value: Record<string, unknown>): IdentityKeys {
  const keys: IdentityKeys = {};
  for (const key of Object.keys(value)) {
    const kind = IDENTITY_KEY.get(key);
    if (kind === undefined || keys[kind] !== undefined) break;
    keys[kind] = key;
  }
  return keys;
}

/**
 * For an identity-kind key, whether it is an ordinary field (`keys` does not take it);
 * `undefined` for any other key.
 */
export function identityKeyIsField(key: string, keys: IdentityKeys): boolean | undefined {
  const kind = IDENTITY_KEY.get(key);
  return kind === undefined ? undefined : key !== keys[kind];
}

/** A value that continues on the next lines: nothing after the key, or a block scalar header. */
const VALUE_ON_NEXT_LINES = /^(?:#.*)?$|^[|>][-+0-9]*[ \t]*(?:#.*)?$/;

/** An id or name written below its key: known once the identity settles. */
const PENDING = Symbol('pending');

/** What one identity line said: a usable value, `null` (none usable), or {@link PENDING}. */
type LineValue = string | null | typeof PENDING;

/** The tool name and id a fence body gives (each `undefined` when it gives none). */
export interface BodyNames {
  toolName?: string;
  toolCallId?: string;
}

/** A fence body's identity, read line by line (see {@link fenceIdentity}). */
export interface FenceIdentity {
  /**
   * Reads one complete body line, `text[start, end)` (line break included; sliced only while the
   * identity is not settled). `before` gives the body text before this line (read only when an id
   * or name written below its key must be resolved).
   */
  line(text: string, start: number, end: number, before: () => string): void;
  /** Once the identity is settled (the call can be announced), the name and id the block gives; before, `undefined`. */
  settled(): BodyNames | undefined;
  /** The identity keys read from the lines, or `undefined` when the body is not read line by line. */
  keys(): IdentityKeys | undefined;
}

/**
 * Reads a fence body's identity line by line, as the lines complete, so that the stream can
 * announce the call before its closer — and the whole parse gives the same identity at every
 * split, because it reads the same lines.
 *
 * The body is read this way only when its first line is a `key:` line (a block mapping); the
 * top-level keys are the lines at that line's indentation. The identity **settles** at the
 * first top-level key that is not an identity key, or as soon as both the id and the name are
 * known (from the info string or the body); a block without an id then gets a generated one.
 * An id or name is read from its own line; one written below its key (a block scalar, a nested
 * value, a quoted string going on) is read when the identity settles, from the lines before.
 */
export function fenceIdentity(info: FenceInfo, work?: WorkMeter): FenceIdentity {
  let topIndent: number | undefined;
  /** Whether lines are read at all (the first content line was a `key:` line). */
  let byLines = true;
  /** The first top-level key that is not an identity key was seen: no more identity keys. */
  let done = false;
  const keys: IdentityKeys = {};
  /** The id and name known so far (`undefined`: not read): the info string's win over the body's. */
  const values: { [kind in Kind]?: LineValue } = { id: info.toolCallId, name: info.toolName };
  let names: BodyNames | undefined;

  const known = (kind: Kind) => values[kind] !== undefined && values[kind] !== PENDING;

  function settle(before: () => string): void {
    if (names !== undefined) return;
    if (values.id === PENDING || values.name === PENDING) {
      // A value written below its key: the lines so far say what it is.
      const parsed = parseYaml(before(), 2, 'core', work);
      const value = parsed.ok && isRecord(parsed.value) ? parsed.value : {};
      for (const kind of KINDS) if (values[kind] === PENDING) values[kind] = usable(value[keys[kind]!]);
    }
    names = { toolName: valueOf(values.name), toolCallId: valueOf(values.id) };
  }

  return {
    line(source, start, end, before) {
      if (done || !byLines) return;
      const text = source.slice(start, end).replace(/\r?\n?$/, '');
      let indent = 0;
      while (isSpaceOrTab(text[indent])) indent++;
      // Blank lines, comments, and a document start or directive before the first key say nothing.
      if (indent === text.length || text[indent] === '#') return;
      if (topIndent === undefined) {
        if (/^(?:---|%)/.test(text)) return;
        topIndent = indent;
      }
      if (indent !== topIndent) return;
      const entry = readKeyLine(text.slice(indent));
      if (!entry) {
        // The body is not a block mapping of plain keys (a flow mapping, a list): the parsed value decides, at the closer.
        if (keys.id === undefined && keys.name === undefined) byLines = false;
        return;
      }
      const kind = IDENTITY_KEY.get(entry.key);
      if (kind === undefined || keys[kind] !== undefined) {
        done = true;
        settle(before);
        return;
      }
      keys[kind] = entry.key;
      const value = readLineValue(entry.rest, work);
      if (values[kind] === undefined) values[kind] = value;
      if (known('id') && known('name')) settle(before);
    },
    settled: () => names,
    keys: () => (byLines && topIndent !== undefined ? keys : undefined),
  };
}

/**
 * A `key:` line (its indentation removed): a `"double"` (no escapes) or `'single'` quoted key, or
 * a plain one — not starting with a blank or a YAML indicator (`-`, `?` and `:` only before a
 * non-blank), running to the first `:` followed by a blank or the line end, unless a ` #` (a
 * comment) comes first. The alternatives never overlap, so it reads a line in one pass, however
 * long its runs of blanks.
 */
const KEY_LINE = /^(?:"([^"\\]*)"[ \t]*|'([^']*)'[ \t]*|((?![-?:](?:[ \t]|$))[^ \t#'"{}[\],&*!|>%@`](?:[^:#]|:(?![ \t]|$)|(?<![ \t])#)*)):(?=[ \t]|$)/;

/** The key of a `key: value` line and what follows its `:`, or `undefined` when the line is not one. */
function readKeyLine(line: string): { key: string; rest: string } | undefined {
  const match = KEY_LINE.exec(line);
  if (!match) return undefined;
  return { key: match[1] ?? match[2] ?? match[3]!.trimEnd(), rest: line.slice(match[0].length).trim() };
}

/** The value a line gave, once known. */
function valueOf(value: LineValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The value written after a key on its line. */
function readLineValue(rest: string, work: WorkMeter | undefined): LineValue {
  if (VALUE_ON_NEXT_LINES.test(rest)) return PENDING;
  const parsed = parseYaml(`v: ${rest}`, 1, 'core', work);
  // Not YAML on its own: a quoted string or a flow collection going on below.
  if (!parsed.ok || !isRecord(parsed.value)) return PENDING;
  return usable(parsed.value.v);
}

/** An id or name value the call can use: a non-empty string, or a number (as text); else `null`. */
function usable(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  return typeof value === 'number' ? String(value) : null;
}
