/**
 * The partial call of an open fence's first units, a function of that text alone (never of what
 * was read before), by `read` (a YAML text to its call, `undefined` when it is none): its line
 * being written included (a value shows as it is typed, and a body cut off mid-line shows its
 * last line), else its complete lines. A last line that only opens a value below it (`input:`,
 * `text: |`) is left out: read, it would show an empty value.
 */
export function partialText<T>(text: string, read: (yaml: string) => T | undefined): T | undefined {
  // No text after such a start makes YAML of it: not read (the yaml library read all of it at every read point).
  if (RESERVED_START.test(text)) return undefined;
  let complete = lineStartBefore(text, text.length);
  if (complete === text.length) {
    if (OPENS_VALUE.test(text)) complete = lineStartBefore(text, withoutLineBreak(text, complete));
  } else if (readsAsWritten(text, complete)) {
    const call = read(text);
    if (call !== undefined) return call;
  }
  return read(text.slice(0, complete));
}

/**
 * A body whose first node starts with `` ` `` or `@`, the indicators YAML reserves: a plain scalar
 * cannot start with them, and nothing before the first node (blank and comment lines) or after it
 * changes that (a nested code fence written inside a tool fence reads so).
 */
const RESERVED_START = /^(?:[ \t]*(?:#[^\r\n]*)?\r?\n)*[ \t]*[`@]/;

/**
 * A line whose value is written on the lines below it (`input:`, `- args:`, `text: |`): reading
 * the body up to its end would show nothing new but an empty value, so it is read without it.
 */
const OPENS_VALUE = /:[ \t]*(?:[|>][-+0-9]*[ \t]*)?\r?\n?$/;
/** A line being written whose value has begun: `key: v…` or a list item `- v…` (`key: ` alone would read as null). */
const VALUE_BEGUN = /^[ \t]*(?:-[ \t]+\S|[^\s#][^#]*?:[ \t]+\S)/;
/** A line ending with a block scalar header (`text: |`, `- >-`). */
const BLOCK_SCALAR_HEADER = /(?:^|[ \t:-])[|>][-+0-9]*[ \t]*\r?\n?$/;

/** Where the line holding `text[index - 1]` starts (after the last line break before `index`); `index` itself when that unit is a line break. */
function lineStartBefore(text: string, index: number): number {
  let i = index;
  while (i > 0) {
    const unit = text.charCodeAt(i - 1);
    if (unit === 10 || unit === 13) break;
    i--;
  }
  return i;
}

/** `end` moved back over one line break (`\n`, `\r` or `\r\n`) ending there. */
function withoutLineBreak(text: string, end: number): number {
  if (text.charCodeAt(end - 1) === 10) end--;
  if (text.charCodeAt(end - 1) === 13) end--;
  return end;
}

/**
 * Whether the line being written from `lineStart` reads as it will end: a key's value begun, or
 * a line of a block scalar (indented deeper than a header line above). A bare word (`  que`) is
 * left out — read now, it would be a string value where a key is being typed.
 */
function readsAsWritten(text: string, lineStart: number): boolean {
  const line = text.slice(lineStart);
  if (VALUE_BEGUN.test(line)) return true;
  const indent = indentOf(line);
  // The nearest line above indented less than this one: a block scalar header holds this line.
  let end = lineStart;
  while (end > 0) {
    const start = lineStartBefore(text, withoutLineBreak(text, end));
    const above = text.slice(start, end);
    if (above.trim() !== '' && indentOf(above) < indent) return BLOCK_SCALAR_HEADER.test(above);
    end = start;
  }
  return false;
}

/** Units of leading spaces. */
function indentOf(line: string): number {
  let i = 0;
  while (line.charCodeAt(i) === 32) i++;
  return i;
}
