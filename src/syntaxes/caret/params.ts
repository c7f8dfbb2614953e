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

/** What a line is to the open construct when it is not one of its parts. */
const enum Verdict {
  /** The construct's end marker (`--- key`, `]`): the construct is settled. */
  End,
  /** Nothing (a blank line between items, a line that may yet become the end marker). */
  Skip,
  /** A header line: the construct is settled and the line read as a header line. */
  Out,
}

interface OpenConstruct {
  mode: Mode;
  key: string;
  /** Block line where the construct began (the opener is line 1). */
  line: number;
  /** Lines or items collected so far, without line breaks. */
  parts: string[];
  /** The header value that opened it: for a block scalar its indicator (`|`, `>-`, …). */
  indicator: string;
}

/**
 * What `line` is to the open construct: one of its parts (the part's text), or a {@link Verdict}.
 * `writing`: the line is still being written (a snapshot), so what may yet change is not a part
 * yet: a `--- ke` that may become the end marker, a lone `-` that may become an item.
 */
function lineIn(open: OpenConstruct, line: string, writing: boolean): string | Verdict {
  switch (open.mode) {
    case Mode.Body:
      return line;
    case Mode.Multiline:
      if (writing) return `--- ${open.key}`.startsWith(line) ? Verdict.Skip : line;
      return isMultilineEnd(line, open.key) ? Verdict.End : line;
    case Mode.Array: {
      const item = trimBlanks(line);
      return item === ']' ? Verdict.End : item === '' ? Verdict.Skip : item;
    }
    case Mode.List: {
      if (isBlankLine(line)) return Verdict.Skip;
      const item = listItem(line);
      return item === undefined ? Verdict.Out : item === '' && writing ? Verdict.Skip : item;
    }
    case Mode.Scalar:
      // YAML: the scalar runs while lines are blank or indented deeper than its key (column 0).
      return line === '' || isBlank(line[0]) ? line : Verdict.Out;
  }
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
export interface CaretParams {
  /** Takes one completed line, without its line break. */
  pushLine(line: string): void;
  /**
   * The parameters read so far, the open construct's value included (no errors reported).
   * `line`: the line being written (no line break yet), read as far as it already says something
   * (a value begun, a line of the open value), so a block cut off mid-line shows it.
   */
  snapshot(line?: string): Record<string, unknown>;
  /** The final parameters. `closed`: the block's closer was seen. Call once. */
  finish(closed: boolean): CaretParamsResult;
}

/** A reader of one block's parameters (see {@link CaretParams}). */
export function caretParams(work?: WorkMeter): CaretParams {
  const params = new Map<string, unknown>();
  let open: OpenConstruct | undefined;
  let error: string | undefined;
  /** Block line number of the next line: the opener is line 1. */
  let nextLine = 2;

  const fail = (message: string): void => {
    error ??= message;
  };

  /**
   * A line in the header, outside any construct, into `target`. `writing`: the line is still
   * being written, so only a `key: value` whose value has begun counts (not a construct's start).
   */
  function headerLine(line: string, number: number, target: Map<string, unknown>, writing: boolean): void {
    const param = splitParam(line);
    const value = param?.value ?? '';
    if (param && value !== '' && value !== '[' && !isBlockScalarIndicator(value)) addParam(target, param.key, value);
    else if (writing || isBlankLine(line)) return;
    else {
      const body = isBodySeparator(line);
      const key = body ? '' : (param?.key ?? multilineStart(line));
      // Written out (not `fail`): `??=` builds the message only for the first error, and a block of broken lines has one per line.
      if (key === undefined) error ??= `line ${number}: expected "key: value", "key ---", "key: [" or "---", not ${excerpt(line)}`;
      else {
        const mode = body ? Mode.Body : !param ? Mode.Multiline : value === '[' ? Mode.Array : value === '' ? Mode.List : Mode.Scalar;
        open = { mode, key, line: number, parts: [], indicator: value };
      }
    }
  }

  /**
   * Adds the construct's value to `target`. `closed`: the block's closer
   * came while it was open; `report`: record errors (not for snapshots).
   */
  function settle(construct: OpenConstruct, target: Map<string, unknown>, closed: boolean, report: boolean): void {
    const { mode, key, parts, line } = construct;
    if (mode === Mode.Body) addBody(target, parts, line + 1, work);
    else if (mode === Mode.Scalar) {
      const parsed = readCaretYaml([`${key}: ${construct.indicator}`, ...parts, ''].join('\n'), line, work);
      if (parsed.ok && isRecord(parsed.value)) addParam(target, key, parsed.value[key]);
      else if (report) fail(parsed.ok ? `line ${line}: invalid YAML block scalar` : parsed.message);
    } else {
      addParam(target, key, mode === Mode.Multiline ? parts.join('\n') : mode === Mode.Array || parts.length > 0 ? parts.slice() : '');
      if (closed && report && mode !== Mode.List) {
        fail(
          mode === Mode.Multiline
            ? `line ${line}: the multiline value "${key} ---" is not closed with "--- ${key}"`
            : `line ${line}: the list "${key}: [" is not closed with "]"`,
        );
      }
    }
  }

  return {
    pushLine(line) {
      const number = nextLine++;
      const construct = open;
      const part = construct ? lineIn(construct, line, false) : Verdict.Out;
      if (typeof part === 'string') construct!.parts.push(part);
      else if (part !== Verdict.Skip && construct) {
        settle(construct, params, false, true);
        open = undefined;
      }
      if (part === Verdict.Out) headerLine(line, number, params, false);
    },
    snapshot(line = '') {
      const copy = new Map<string, unknown>();
      for (const [key, value] of params) copy.set(key, Array.isArray(value) ? value.slice() : value);
      if (open) {
        const part = line === '' ? Verdict.Skip : lineIn(open, line, true);
        settle(typeof part === 'string' ? { ...open, parts: [...open.parts, part] } : open, copy, false, false);
      } else if (line !== '') headerLine(line, 0, copy, true);
      return Object.fromEntries(copy);
    },
    finish(closed) {
      if (open) settle(open, params, closed, true);
      return { input: Object.fromEntries(params), errorText: error };
    },
  };
}

/**
 * The body after `---`: YAML parameters merged into the input when it reads
 * as a YAML mapping starting with `key:`, else `content` (or `body`).
 */
function addBody(target: Map<string, unknown>, lines: readonly string[], firstLine: number, work: WorkMeter | undefined): void {
  if (lines.length === 0) return;
  if (looksLikeYamlParam(lines.find((line) => !isBlankLine(line)) ?? '')) {
    // The lines keep their line breaks, so a `key: |` value ends with one, as YAML says.
    const parsed = readCaretYaml(`${lines.join('\n')}\n`, firstLine, work);
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

/** A line quoted for an error message, cut to a readable length. */
function excerpt(line: string): string {
  return JSON.stringify(line.length > 60 ? `${line.slice(0, 57)}...` : line);
}
