import type { WorkMeter } from '../../types.js';
import { isRecord } from '../../object.js';
import {
  isBlank,
  isBlankLine,
  isBlockScalarIndicator,
  isBodySeparator,
  isMultilineEnd,
  listItem,
  looksLikeYamlParam,
  multilineStart,
  splitParam,
  trimBlanks,
} from './grammar.js';
import { readCaretYaml } from './yaml.js';

/** The construct a line may continue. */
const enum Mode {
  /** `key:` with no value: YAML `- item` lines may follow. */
  List,
  /** `key ---` … `--- key` (shipped v1). */
  Multiline,
  /** `key: [` … `]`, one item per line (shipped v1). */
  Array,
  /** `key: |` / `key: >` YAML block scalar: indented lines. */
  Scalar,
  /** After a `---` line: content, or YAML parameters. */
  Body,
}

interface OpenConstruct {
  mode: Mode;
  key: string;
  /** Block line where the construct began (the opener is line 1). */
  line: number;
  /** Lines or items collected so far, without line breaks. */
  parts: string[];
  /** The block scalar's indicator (`|`, `>-`, …). */
  indicator?: string;
}

/** What a caret block's lines said. */
export interface CaretParamsResult {
  input: Record<string, unknown>;
  /** The first problem, with its block line; the block becomes `output-error`. */
  errorText?: string;
}

/**
 * Reads a caret block's parameters one completed line at a time, so that
 * streaming costs work per line, not per body.
 *
 * Header lines (v0 and shipped v1 grammar, freely mixed):
 * - `key: value`: split at the first colon, both sides trimmed, a string;
 * - `key:` then YAML `- item` lines: a list (`''` when no item follows);
 * - `key: |` / `key: >` then indented lines: a YAML block scalar;
 * - `key ---` … `--- key`: a multiline string, lines joined with `\n`;
 * - `key: [` … `]`: a list, one trimmed item per line, blank lines skipped;
 * - a blank line is skipped; a `---` line starts the body.
 * A key given twice collects its values into a list (lists are flattened).
 *
 * The body (after `---`) is YAML parameters when its first non-blank line is
 * `key:` at column 0 and the whole body parses as a YAML mapping (its
 * entries are merged into the input); otherwise its lines joined with `\n`
 * are `content` (`body` when the header already set `content`).
 *
 * Malformed input makes the block an `output-error` whose errorText names the
 * line: a header line that is none of the above, a YAML block scalar that
 * does not parse, and, when the block's closer was seen, a `key ---` or
 * `key: [` still open. (A block cut off by the end of input keeps what the
 * open value had read, without an error.) A body that looks like YAML but
 * does not parse is content, so nothing is lost.
 */
export class CaretParams {
  private readonly params = new Map<string, unknown>();
  private open: OpenConstruct | undefined;
  private error: string | undefined;
  /** Block line number of the next line: the opener is line 1. */
  private nextLine = 2;

  constructor(private readonly work?: WorkMeter) {}

  /** Takes one completed line, without its line break. */
  pushLine(line: string): void {
    const number = this.nextLine++;
    if (this.continueOpen(line)) return;
    this.headerLine(line, number);
  }

  /**
   * The parameters read so far, the open construct's value included (no errors reported).
   * `line`: the line being written (no line break yet), read as far as it already says something
   * (a value begun, a line of the open value), so a block cut off mid-line shows it.
   */
  snapshot(line = ''): Record<string, unknown> {
    const copy = new Map<string, unknown>();
    for (const [key, value] of this.params) copy.set(key, Array.isArray(value) ? value.slice() : value);
    const open = this.open;
    if (line === '') this.settle(copy, false, false);
    else if (open === undefined) this.peekHeaderLine(copy, line);
    else {
      // The open construct with the line as it would take it, settled into the copy only.
      this.open = { ...open, parts: this.partsWith(open, line) };
      try {
        this.settle(copy, false, false);
      } finally {
        this.open = open;
      }
    }
    return Object.fromEntries(copy);
  }

  /** The open construct's parts with the line being written, as far as it is a part already. */
  private partsWith(open: OpenConstruct, line: string): string[] {
    const { parts } = open;
    switch (open.mode) {
      case Mode.Body:
        return [...parts, line];
      case Mode.Multiline:
        // A line that may still become the end marker (`--- ke`) is not content yet.
        return `--- ${open.key}`.startsWith(line) ? parts : [...parts, line];
      case Mode.Array: {
        const item = trimBlanks(line);
        return item === '' || item === ']' ? parts : [...parts, item];
      }
      case Mode.List: {
        const item = listItem(line);
        return item === undefined || item === '' ? parts : [...parts, item];
      }
      case Mode.Scalar:
        return isBlank(line[0]) ? [...parts, line] : parts;
    }
  }

  /** A header line being written, into `target`: a `key: value` whose value has begun (not a construct's start). */
  private peekHeaderLine(target: Map<string, unknown>, line: string): void {
    const param = splitParam(line);
    if (!param || param.value === '' || param.value === '[' || isBlockScalarIndicator(param.value)) return;
    addParam(target, param.key, param.value);
  }

  /** The final parameters. `closed`: the block's closer was seen. Call once. */
  finish(closed: boolean): CaretParamsResult {
    this.settle(this.params, closed, true);
    this.open = undefined;
    const input = Object.fromEntries(this.params);
    return this.error === undefined ? { input } : { input, errorText: this.error };
  }

  /** Feeds a line to the open construct; `false` when the line ended it and is a header line. */
  private continueOpen(line: string): boolean {
    const open = this.open;
    if (!open) return false;
    switch (open.mode) {
      case Mode.Body:
        open.parts.push(line);
        return true;
      case Mode.Multiline:
        if (isMultilineEnd(line, open.key)) {
          addParam(this.params, open.key, open.parts.join('\n'));
          this.open = undefined;
        } else open.parts.push(line);
        return true;
      case Mode.Array: {
        const item = trimBlanks(line);
        if (item === ']') {
          addParam(this.params, open.key, open.parts);
          this.open = undefined;
        } else if (item !== '') open.parts.push(item);
        return true;
      }
      case Mode.List: {
        if (isBlankLine(line)) return true;
        const item = listItem(line);
        if (item !== undefined) {
          open.parts.push(item);
          return true;
        }
        this.settle(this.params, false, true);
        this.open = undefined;
        return false;
      }
      case Mode.Scalar:
        // YAML: the scalar runs while lines are blank or indented deeper than its key (column 0).
        if (isBlankLine(line) || isBlank(line[0])) {
          open.parts.push(line);
          return true;
        }
        this.settle(this.params, false, true);
        this.open = undefined;
        return false;
    }
  }

  /** A line in the header, outside any construct. */
  private headerLine(line: string, number: number): void {
    if (isBlankLine(line)) return;
    if (isBodySeparator(line)) {
      this.open = { mode: Mode.Body, key: '', line: number, parts: [] };
      return;
    }
    const multiline = multilineStart(line);
    if (multiline !== undefined) {
      this.open = { mode: Mode.Multiline, key: multiline, line: number, parts: [] };
      return;
    }
    const param = splitParam(line);
    if (!param) {
      this.fail(`line ${number}: expected "key: value", "key ---", "key: [" or "---", not ${excerpt(line)}`);
      return;
    }
    const { key, value } = param;
    if (value === '[') this.open = { mode: Mode.Array, key, line: number, parts: [] };
    else if (value === '') this.open = { mode: Mode.List, key, line: number, parts: [] };
    else if (isBlockScalarIndicator(value)) this.open = { mode: Mode.Scalar, key, line: number, parts: [], indicator: value };
    else addParam(this.params, key, value);
  }

  /**
   * Adds the open construct's value to `target`. `closed`: the block's closer
   * came while it was open; `report`: record errors (not for snapshots).
   */
  private settle(target: Map<string, unknown>, closed: boolean, report: boolean): void {
    const open = this.open;
    if (!open) return;
    const { key, parts } = open;
    switch (open.mode) {
      case Mode.List:
        addParam(target, key, parts.length > 0 ? parts.slice() : '');
        return;
      case Mode.Multiline:
        addParam(target, key, parts.join('\n'));
        if (closed && report) this.fail(`line ${open.line}: the multiline value "${key} ---" is not closed with "--- ${key}"`);
        return;
      case Mode.Array:
        addParam(target, key, parts.slice());
        if (closed && report) this.fail(`line ${open.line}: the list "${key}: [" is not closed with "]"`);
        return;
      case Mode.Scalar: {
        const text = `${key}: ${open.indicator}\n${linesWithBreaks(parts)}`;
        const parsed = readCaretYaml(text, open.line, this.work);
        if (parsed.ok && isRecord(parsed.value)) addParam(target, key, parsed.value[key]);
        else if (report) this.fail(parsed.ok ? `line ${open.line}: invalid YAML block scalar` : parsed.message);
        return;
      }
      case Mode.Body:
        addBody(target, parts, open.line + 1, this.work);
        return;
    }
  }

  private fail(message: string): void {
    this.error ??= message;
  }
}

/**
 * The body after `---`: YAML parameters merged into the input when it reads
 * as a YAML mapping starting with `key:`, else `content` (or `body`).
 */
function addBody(target: Map<string, unknown>, lines: readonly string[], firstLine: number, work: WorkMeter | undefined): void {
  if (lines.length === 0) return;
  const first = lines.find((line) => !isBlankLine(line));
  if (first !== undefined && looksLikeYamlParam(first)) {
    // The lines keep their line breaks, so a `key: |` value ends with one, as YAML says.
    const parsed = readCaretYaml(linesWithBreaks(lines), firstLine, work);
    if (parsed.ok && isRecord(parsed.value)) {
      for (const [key, value] of Object.entries(parsed.value)) addParam(target, key, value);
      return;
    }
  }
  addParam(target, target.has('content') ? 'body' : 'content', lines.join('\n'));
}

/** Sets `key`, or collects a repeated key's values into a list (lists are flattened into it). */
function addParam(target: Map<string, unknown>, key: string, value: unknown): void {
  if (!target.has(key)) {
    target.set(key, value);
    return;
  }
  const existing = target.get(key);
  // Arrays in the map are never handed out before `finish`, so appending in place is safe.
  const list: unknown[] = Array.isArray(existing) ? existing : [existing];
  if (Array.isArray(value)) for (const item of value) list.push(item);
  else list.push(value);
  target.set(key, list);
}

function linesWithBreaks(lines: readonly string[]): string {
  let text = '';
  for (const line of lines) text += `${line}\n`;
  return text;
}

/** A line quoted for an error message, cut to a readable length. */
function excerpt(line: string): string {
  return JSON.stringify(line.length > 60 ? `${line.slice(0, 57)}...` : line);
}
