/**
 * CommonMark's fenced code blocks (https://spec.commonmark.org/0.31.2/#fenced-code-blocks), as rules on one line — the one reading shared
 * by the scanner's markdown tracker, the tool fence syntax, the CLI's part cutter, the markdown
 * sections and the React block splitter and closer:
 *
 * - an opening fence is at least three backticks or tildes after up to three spaces; the rest of
 *   the line is the info string (trimmed of spaces and tabs), which for a backtick fence may not
 *   hold a backtick (then the line is paragraph text);
 * - a closing fence is a run of the opener's character at least as long as the opener's, after up
 *   to three spaces, followed by nothing but spaces and tabs;
 * - lines end at `\n`, `\r\n` or `\r` (see lines.ts); a line handed to these functions has no line ending.
 *
 * Readers that see a line one unit at a time (the scanner, the tool fence's body) use the unit
 * rules ({@link isFenceChar}, {@link infoRefuses}, {@link closingLineStart} / {@link readClosingUnit}),
 * which keep their progress in a number, so a unit costs no allocation. The line functions are
 * written with the same unit rules.
 */
import { afterIndent, isSpaceOrTab, MAX_INDENT } from './lines.js';

/** A fence's character (`` ` `` or `~`) and the length of its opening run. */
export interface FenceRun {
  readonly char: string;
  readonly length: number;
}

/** An opening fence line, read. */
export interface FenceOpening extends FenceRun {
  /** Spaces before the run (0–3), counted from where the line's block starts. */
  readonly indent: number;
  /** The info string: the rest of the line, trimmed of spaces and tabs. */
  readonly info: string;
}

/** The shortest run that opens a fence. */
export const MIN_FENCE_RUN = 3;

/** Whether `unit` is a fence character. */
export function isFenceChar(unit: string | undefined): boolean {
  return unit === '`' || unit === '~';
}

/** Whether `unit` in the info string of a fence opened by `char` makes the line no fence (a backtick after backticks). */
export function infoRefuses(char: string, unit: string): boolean {
  return unit === '`' && char === '`';
}

/**
 * The opening fence of `line`, read from `from` (where the line's block starts, after any
 * container prefixes): up to three spaces, the run, the info string. `undefined` when the line
 * opens no fence.
 */
export function readFenceOpening(line: string, from = 0): FenceOpening | undefined {
  const at = afterIndent(line, from);
  const run = openingFenceRun(line, at);
  if (run === undefined) return undefined;
  return { char: run.char, length: run.length, indent: at - from, info: trimSpacesAndTabs(line.slice(at + run.length)) };
}

/** The opening run that starts exactly at `at` (indentation already read), or `undefined`. */
export function openingFenceRun(line: string, at: number): FenceRun | undefined {
  const char = line[at];
  if (char === undefined || !isFenceChar(char)) return undefined;
  let end = at;
  while (line[end] === char) end++;
  if (end - at < MIN_FENCE_RUN) return undefined;
  for (let i = end; i < line.length; i++) if (infoRefuses(char, line[i]!)) return undefined;
  return { char, length: end - at };
}

/** Whether `line`, read from `from` (after any container prefixes), closes `fence`. */
export function closesFence(line: string, fence: FenceRun, from = 0): boolean {
  return closingLine(line, from, closingLineStart(), fence);
}

/** Whether the run starting exactly at `at` (indentation already read) closes `fence`. */
export function closesFenceRun(line: string, at: number, fence: FenceRun): boolean {
  // As if the indentation were used up: a space or tab more and the line is no closer.
  return closingLine(line, at, closingLineStart(MAX_INDENT), fence);
}

function closingLine(line: string, from: number, start: ClosingLine, fence: FenceRun): boolean {
  let state = start;
  for (let i = from; i < line.length && state !== NOT_CLOSING; i++) state = readClosingUnit(state, line[i]!, fence);
  return closesAtLineEnd(state, fence);
}

/**
 * How far a line inside an open fence has gone towards closing it, read one unit at a time: its
 * indentation (up to three columns, tabs to the next multiple of four), then its run, then the
 * blanks after a long enough run; {@link NOT_CLOSING} once the line cannot close the fence. A
 * number, so that a reader keeps it in a field: `indent * 4 + column % 4` while indenting,
 * `RUN + n` after `n` fence characters, {@link TRAILING} after the run.
 */
export type ClosingLine = number;

/** The line cannot close the fence. */
export const NOT_CLOSING = -1;
/** A long enough run, then only spaces and tabs so far. */
const TRAILING = -2;
const TAB_STOP = 4;
/** States from here on count the run: `RUN + n` after `n` fence characters. */
const RUN = (MAX_INDENT + 1) * TAB_STOP;

/**
 * The state at the start of a line inside a fence: `indent` columns of indentation already read
 * (a container's tab may reach past its content column), at `column` (where tabs stop).
 */
export function closingLineStart(indent = 0, column = indent): ClosingLine {
  return indent >= 0 && indent <= MAX_INDENT ? indent * TAB_STOP + (column % TAB_STOP) : NOT_CLOSING;
}

/** The state after `unit` (not a line ending). */
export function readClosingUnit(state: ClosingLine, unit: string, fence: FenceRun): ClosingLine {
  if (state === NOT_CLOSING) return NOT_CLOSING;
  if (state === TRAILING) return isSpaceOrTab(unit) ? TRAILING : NOT_CLOSING;
  if (unit === fence.char) return state < RUN ? RUN + 1 : state + 1;
  if (state < RUN) {
    if (!isSpaceOrTab(unit)) return NOT_CLOSING;
    const stop = state % TAB_STOP;
    const width = unit === ' ' ? 1 : TAB_STOP - stop;
    return closingLineStart((state - stop) / TAB_STOP + width, stop + width);
  }
  // The run ended: long enough and followed by blanks, or no closer.
  return state - RUN >= fence.length && isSpaceOrTab(unit) ? TRAILING : NOT_CLOSING;
}

/** Whether a line that ends in `state` closes the fence. */
export function closesAtLineEnd(state: ClosingLine, fence: FenceRun): boolean {
  return state === TRAILING || (state >= RUN && state - RUN >= fence.length);
}

function trimSpacesAndTabs(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isSpaceOrTab(text[start])) start++;
  while (end > start && isSpaceOrTab(text[end - 1])) end--;
  return text.slice(start, end);
}
