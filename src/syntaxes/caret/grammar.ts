/**
 * The line-level grammar of caret blocks, shared by the reader and the
 * formatter so that what one writes the other reads back. Every check here
 * walks its line once: the regular expressions are anchored and cannot
 * backtrack more than once over a run (no nested or adjacent overlapping
 * repeats), so they stay linear on unbounded lines.
 */

import { isBlank } from '../shared/units.js';

/** A tool name: `[A-Za-z0-9_]+` (`\w` is exactly that class). */
export const isToolName = (text: string): boolean => /^\w+$/.test(text);

/**
 * A parameter key as the reader accepts it: `[A-Za-z0-9_][A-Za-z0-9_-]*`
 * (models write `file-path` too). The formatter only writes {@link isToolName} keys.
 */
const isParamKey = (text: string): boolean => /^\w[\w-]*$/.test(text);

/**
 * A blank: a space or a tab where the grammar reads it, since the lines it is given never hold a
 * line break (the reader splits them off; the formatter checks for `\r` and `\n` first).
 */
export { isBlank };

/**
 * `text` without leading and trailing spaces and tabs (and nothing else: other whitespace is
 * content). A loop, not a regex: `/[ \t]+$/` retries every blank of a long inner run.
 */
export function trimBlanks(text: string): string {
  return trimmedSlice(text, 0, text.length);
}

/** `text.slice(from, to)` without leading and trailing spaces and tabs, sliced once (see {@link trimBlanks}). */
function trimmedSlice(text: string, from: number, to: number): string {
  let start = from;
  let end = to;
  while (start < end && isBlank(text[start])) start++;
  while (end > start && isBlank(text[end - 1])) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Only spaces and tabs (or nothing). */
export const isBlankLine = (line: string): boolean => /^[ \t]*$/.test(line);

/** The closing line of a block: `^^^` at column 0, then only spaces or tabs. */
export const isCloserLine = (line: string): boolean => /^\^{3}[ \t]*$/.test(line);

/** The line that starts the body: `---`, then only spaces or tabs. */
export const isBodySeparator = (line: string): boolean => /^---[ \t]*$/.test(line);

/** `key ---` (shipped multiline form): the key, or `undefined` when the line is something else. */
export function multilineStart(line: string): string | undefined {
  return /^(\w[\w-]*)[ \t]+---[ \t]*$/.exec(line)?.[1];
}

/** Whether `line` closes the multiline value of `key`: `--- key` at column 0, trailing spaces or tabs allowed. */
export function isMultilineEnd(line: string, key: string): boolean {
  return line.startsWith('---') && isBlank(line[3]) && trimBlanks(line.slice(3)) === key;
}

/** A YAML block scalar indicator as a header value: `|`, `>`, with optional chomping and indentation indicators. */
export const isBlockScalarIndicator = (value: string): boolean => /^[|>](?:[-+]?[1-9]?|[1-9][-+])$/.test(value);

/** `key: value` split at the first colon, both sides trimmed; `undefined` when the key is not a parameter key. */
export function splitParam(line: string): { key: string; value: string } | undefined {
  const colon = line.indexOf(':');
  const key = colon < 0 ? '' : trimmedSlice(line, 0, colon);
  if (!isParamKey(key)) return undefined;
  return { key, value: trimmedSlice(line, colon + 1, line.length) };
}

/** A YAML list item line `- item` (any indentation): the trimmed item, or `undefined`. */
export function listItem(line: string): string | undefined {
  const trimmed = trimBlanks(line);
  if (trimmed === '-') return '';
  if (trimmed[0] !== '-' || !isBlank(trimmed[1])) return undefined;
  return trimBlanks(trimmed.slice(2));
}

/** A line starting the body that reads as YAML parameters: `key:` at column 0 followed by a blank or the line end. */
export const looksLikeYamlParam = (line: string): boolean => /^\w[\w-]*:(?:[ \t]|$)/.test(line);
