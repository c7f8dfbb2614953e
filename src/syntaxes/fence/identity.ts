import type { WorkMeter } from '../../types.js';
import { isRecord } from '../../object.js';
import { parseYaml } from '../shared/yaml.js';
import type { FenceInfo } from './info.js';

/** Keys of a fence body that may name the call's id, and its tool name. */
const ID_KEYS: ReadonlySet<string> = new Set(['id', 'toolCallId']);
const NAME_KEYS: ReadonlySet<string> = new Set(['name', 'toolName']);

/**
 * The keys of a fence body that are the call's identity: the first `id` / `toolCallId` key and
 * the first `name` / `toolName` key written before any other top-level key. Every other key —
 * a later `id:` included — is an ordinary field.
 */
export interface IdentityKeys {
  id?: string;
  name?: string;
}

/** The identity keys of a parsed body, by the order of its keys (a body not read line by line: a flow mapping). */
export function identityKeysOf(value: Record<string, unknown>): IdentityKeys {
  const keys: IdentityKeys = {};
  for (const key of Object.keys(value)) {
    if (ID_KEYS.has(key) && keys.id === undefined) keys.id = key;
    else if (NAME_KEYS.has(key) && keys.name === undefined) keys.name = key;
    else break;
  }
  return keys;
}

/** Whether `key` is an identity-kind key that `keys` does not take: then it is an ordinary field. */
export function isFieldKey(key: string, keys: IdentityKeys): boolean {
  if (ID_KEYS.has(key)) return key !== keys.id;
  if (NAME_KEYS.has(key)) return key !== keys.name;
  return false;
}

/** A value that continues on the next lines: nothing after the key, or a block scalar header. */
const VALUE_ON_NEXT_LINES = /^(?:#.*)?$|^[|>][-+0-9]*[ \t]*(?:#.*)?$/;

/** What one identity line said: a value (`undefined`: none usable), or `pending` when it is written below the line. */
type LineValue = { value: string | undefined } | 'pending';

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
export class FenceIdentity {
  private topIndent: number | undefined;
  /** Whether lines are read at all (the first content line was a `key:` line). */
  private byLines = true;
  /** The first top-level key that is not an identity key was seen: no more identity keys. */
  private done = false;
  private readonly keys: IdentityKeys = {};
  private id: LineValue | undefined;
  private name: LineValue | undefined;
  private isSettled = false;

  constructor(
    private readonly info: FenceInfo,
    private readonly work?: WorkMeter,
  ) {}

  /** Whether the identity is settled (the call can be announced). */
  get settled(): boolean {
    return this.isSettled;
  }

  /** The id the body gives once settled (`undefined`: none, a generated id). */
  get toolCallId(): string | undefined {
    return this.info.toolCallId ?? known(this.id);
  }

  /** The name the body gives once settled (`undefined`: none, `tool`). */
  get toolName(): string | undefined {
    return this.info.toolName ?? known(this.name);
  }

  /** The identity keys read from the lines, or `undefined` when the body is not read line by line. */
  identityKeys(): IdentityKeys | undefined {
    return this.byLines && this.topIndent !== undefined ? this.keys : undefined;
  }

  /**
   * Reads one complete body line (line break included). `before` gives the body text before
   * this line (read only when an id or name written below its key must be resolved).
   */
  line(line: string, before: () => string): void {
    if (this.done || !this.byLines) return;
    const text = line.replace(/\r?\n?$/, '');
    const indent = /^[ \t]*/.exec(text)![0].length;
    // Blank lines, comments, and a document start or directive before the first key say nothing.
    if (indent === text.length || text[indent] === '#') return;
    if (this.topIndent === undefined) {
      if (/^(?:---|%)/.test(text)) return;
      this.topIndent = indent;
    }
    if (indent !== this.topIndent) return;
    const entry = readKeyLine(text.slice(indent));
    if (!entry) {
      // The body is not a block mapping of plain keys (a flow mapping, a list): the parsed value decides, at the closer.
      if (!this.sawKey()) this.byLines = false;
      return;
    }
    const { key, rest } = entry;
    if (ID_KEYS.has(key) && this.keys.id === undefined) {
      this.keys.id = key;
      this.id = readLineValue(rest, this.work);
    } else if (NAME_KEYS.has(key) && this.keys.name === undefined) {
      this.keys.name = key;
      this.name = readLineValue(rest, this.work);
    } else {
      this.done = true;
      this.settle(before);
      return;
    }
    const idKnown = this.info.toolCallId !== undefined || (this.id !== undefined && this.id !== 'pending');
    const nameKnown = this.info.toolName !== undefined || (this.name !== undefined && this.name !== 'pending');
    if (idKnown && nameKnown) this.settle(before);
  }

  private sawKey(): boolean {
    return this.keys.id !== undefined || this.keys.name !== undefined;
  }

  private settle(before: () => string): void {
    if (this.isSettled) return;
    this.isSettled = true;
    if (this.id !== 'pending' && this.name !== 'pending') return;
    // A value written below its key: the lines so far say what it is.
    const parsed = parseYaml(before(), 2, 'core', this.work);
    const value = parsed.ok && isRecord(parsed.value) ? parsed.value : {};
    if (this.id === 'pending') this.id = { value: usable(value[this.keys.id!]) };
    if (this.name === 'pending') this.name = { value: usable(value[this.keys.name!]) };
  }
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
  let keyEnd: number;
  let colon: number;
  let key: string;
  if (first === '"' || first === "'") {
    keyEnd = line.indexOf(first, 1);
    if (keyEnd < 0) return undefined;
    key = line.slice(1, keyEnd);
    if (first === '"' && key.includes('\\')) return undefined;
    colon = keyEnd + 1;
    while (line[colon] === ' ' || line[colon] === '\t') colon++;
    if (line[colon] !== ':') return undefined;
  } else {
    if (first === ' ' || first === '\t' || NOT_PLAIN_START.has(first)) return undefined;
    if ((first === '-' || first === '?' || first === ':') && (line.length < 2 || line[1] === ' ' || line[1] === '\t')) return undefined;
    // The first `:` followed by a blank or the line end; a ` #` before it starts a comment.
    colon = -1;
    for (let i = 1; i < line.length; i++) {
      const c = line[i];
      if (c === '#' && (line[i - 1] === ' ' || line[i - 1] === '\t')) return undefined;
      if (c === ':' && (i + 1 === line.length || line[i + 1] === ' ' || line[i + 1] === '\t')) {
        colon = i;
        break;
      }
    }
    if (colon < 0) return undefined;
    key = line.slice(0, colon).trimEnd();
  }
  const after = colon + 1;
  if (after < line.length && line[after] !== ' ' && line[after] !== '\t') return undefined;
  return { key, rest: line.slice(after).trim() };
}

function known(value: LineValue | undefined): string | undefined {
  return value === undefined || value === 'pending' ? undefined : value.value;
}

/** The value written after a key on its line. */
function readLineValue(rest: string, work: WorkMeter | undefined): LineValue {
  if (VALUE_ON_NEXT_LINES.test(rest.trim())) return 'pending';
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
