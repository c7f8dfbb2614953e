/**
 * CommonMark's lines (spec 0.31, "Characters and lines"): a line ends at `\n`, `\r\n` or a lone
 * `\r`; a blank line holds only spaces and tabs; up to three spaces of indentation leave a line's
 * block where it is, four columns make indented code.
 *
 * Streamed text may stop between the `\r` and the `\n` of one line ending: a line that ends with
 * `\r` is complete, and a reader that resumes right after it skips the `\n` that may follow
 * ({@link lineStartAt}).
 */

/** Spaces before a block's first character that still leave it a fence, heading or paragraph start. */
export const MAX_INDENT = 3;

/** Whether `unit` ends a line (`\n`, or `\r` alone or before `\n`). */
export function isLineEnd(unit: string | undefined): boolean {
  return unit === '\n' || unit === '\r';
}

/** Whether `unit` is a space or a tab: the only blanks CommonMark allows around fences and in blank lines. */
export function isSpaceOrTab(unit: string | undefined): boolean {
  return unit === ' ' || unit === '\t';
}

/** Index of the first line ending at or after `from`, or `text.length` when the line is not ended yet. */
export function lineEndAt(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || code === 13) return i;
  }
  return text.length;
}

/**
 * Where the line that begins at `pos` (just after a line ending) starts: past a `\n` that finishes
 * the `\r\n` before it. Safe to call when `pos` is where an earlier, shorter text ended.
 */
export function lineStartAt(text: string, pos: number): number {
  return pos > 0 && text.charCodeAt(pos) === 10 && text.charCodeAt(pos - 1) === 13 ? pos + 1 : pos;
}

/** Where the last line of `text` starts (after its last line ending). */
export function lastLineStart(text: string): number {
  return Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1;
}

/** Whether `text` ends with a line ending. */
export function endsWithLineEnd(text: string): boolean {
  return isLineEnd(text[text.length - 1]);
}

/** Whether `line` (no line ending) is blank: only spaces and tabs. */
export function isBlankLine(line: string): boolean {
  for (let i = 0; i < line.length; i++) if (!isSpaceOrTab(line[i])) return false;
  return true;
}

/** Where the content of `line` starts after up to {@link MAX_INDENT} spaces from `from` (tabs are not read: one is four columns). */
export function afterIndent(line: string, from = 0): number {
  let i = from;
  while (i - from < MAX_INDENT && line[i] === ' ') i++;
  return i;
}

/**
 * Calls `visit` with each line of `text` (without its line ending), where it starts, and where
 * the next line starts (past its line ending; `text.length` for the last line); `ended` tells
 * whether a line ending follows it. The last line is visited even when empty.
 */
export function forEachLine(text: string, visit: (line: string, start: number, next: number, ended: boolean) => void): void {
  let start = 0;
  for (;;) {
    const end = lineEndAt(text, start);
    const ended = end < text.length;
    const next = ended ? lineStartAt(text, end + 1) : text.length;
    visit(text.slice(start, end), start, next, ended);
    if (!ended) return;
    start = next;
  }
}
