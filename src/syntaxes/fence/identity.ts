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

/** What one identity line said: a value (`undefined`: none usable), or `pending` when it is written below the line. */
type LineValue = { value: string | undefined } | 'pending';

/** The tool name and id a fence body gives (each `undefined` when it gives none). */
export interface BodyNames {
  toolName?: string;
  toolCallId?: string;
}

/** A fence body's identity, read line by line (see {@link fenceIdentity}). */
export interface FenceIdentity {
  /**
   * Reads one complete body line (line break included). `before` gives the body text before
   * this line (read only when an id or name written below its key must be resolved).
   */
  line(line: string, before: () => string): void;
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
  const given: BodyNames = { toolCallId: info.toolCallId, toolName: info.toolName };
  const givenOf = (kind: Kind) => (kind === 'id' ? given.toolCallId : given.toolName);
  let topIndent: number | undefined;
  /** Whether lines are read at all (the first content line was a `key:` line). */
  let byLines = true;
  /** The first top-level key that is not an identity key was seen: no more identity keys. */
  let done = false;
  const keys: IdentityKeys = {};
  const values: { [kind in Kind]?: LineValue } = {};
  let names: BodyNames | undefined;

  const known = (kind: Kind) => givenOf(kind) !== undefined || (values[kind] !== undefined && values[kind] !== 'pending');
  const valueOf = (kind: Kind) => {
    const value = values[kind];
    return givenOf(kind) ?? (value === undefined || value === 'pending' ? undefined : value.value);
  };

  function settle(before: () => string): void {
    if (names !== undefined) return;
    if (values.id === 'pending' || values.name === 'pending') {
      // A value written below its key: the lines so far say what it is.
      const parsed = parseYaml(before(), 2, 'core', work);
      const value = parsed.ok && isRecord(parsed.value) ? parsed.value : {};
      for (const kind of KINDS) if (values[kind] === 'pending') values[kind] = { value: usable(value[keys[kind]!]) };
    }
    names = { toolName: valueOf('name'), toolCallId: valueOf('id') };
  }

  return {
    line(line, before) {
      if (done || !byLines) return;
      const text = line.replace(/\r?\n?$/, '');
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
      values[kind] = readLineValue(entry.rest, work);
      if (known('id') && known('name')) settle(before);
    },
    settled: () => names,
    keys: () => (byLines && topIndent !== undefined ? keys : undefined),
  };
}

/** Characters that cannot begin a plain key (YAML indicators); `-`, `?` and `:` can when a non-blank follows. */
const NOT_PLAIN_START = new Set(['#', "'", '"', '{', '}', '[', ']', ',', '&', '*', '!', '|', '>', '%', '@', '`']);

/**
 * A `key: value` line (its indentation removed): a plain, `"double"` (no escapes) or `'single'`
 * quoted key, then `:` and a blank or the line end; `rest` is what follows. One pass over the
 * line (a regular expression for this backtracked quadratically on long runs of blanks).
 */
function readKeyLine(line: string): { key: string; rest: string } | undefined {
  const first = line[0];
  if (first === undefined) return undefined;
  let colon: number;
  let key: string;
  if (first === '"' || first === "'") {
    const keyEnd = line.indexOf(first, 1);
    if (keyEnd < 0) return undefined;
    key = line.slice(1, keyEnd);
    if (first === '"' && key.includes('\\')) return undefined;
    colon = keyEnd + 1;
    while (isSpaceOrTab(line[colon])) colon++;
    if (line[colon] !== ':') return undefined;
  } else {
    if (isSpaceOrTab(first) || NOT_PLAIN_START.has(first)) return undefined;
    if ((first === '-' || first === '?' || first === ':') && (line.length < 2 || isSpaceOrTab(line[1]))) return undefined;
    // The first `:` followed by a blank or the line end; a ` #` before it starts a comment.
    colon = 1;
    for (; colon < line.length; colon++) {
      const c = line[colon];
      if (c === '#' && isSpaceOrTab(line[colon - 1])) return undefined;
      if (c === ':' && (colon + 1 === line.length || isSpaceOrTab(line[colon + 1]))) break;
    }
    if (colon === line.length) return undefined;
    key = line.slice(0, colon).trimEnd();
  }
  const after = colon + 1;
  if (after < line.length && !isSpaceOrTab(line[after])) return undefined;
  return { key, rest: line.slice(after).trim() };
}

/** The value written after a key on its line. */
function readLineValue(rest: string, work: WorkMeter | undefined): LineValue {
  if (VALUE_ON_NEXT_LINES.test(rest)) return 'pending';
  const parsed = parseYaml(`v: ${rest}`, 1, 'core', work);
  // Not YAML on its own: a quoted string or a flow collection going on below.
  if (!parsed.ok || !isRecord(parsed.value)) return 'pending';
  return { value: usable(parsed.value.v) };
}

/** An id or name value the call can use: a non-empty string, or a number (as text). */
function usable(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}
