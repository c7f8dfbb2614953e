import { lastLineStart } from '../../markdown/lines.js';
import type { RevealSettings } from './reveal-settings.js';
import { isHighSurrogate } from '../../card/units.js';

/**
 * How far a text is revealed, and the deltas still to show with the time each must be shown by.
 * Immutable: {@link receive} and {@link advance} return a new schedule.
 */
export interface RevealSchedule {
  /** Code units shown. */
  readonly shown: number;
  /** Code units of the text so far. */
  readonly length: number;
  /** Deltas not yet fully shown: the length they bring the text to and their deadline (ms). */
  readonly pending: readonly { readonly length: number; readonly deadline: number }[];
}

/** A schedule that shows `length` units at once. */
export function revealed(length: number): RevealSchedule {
  return { shown: length, length, pending: [] };
}

/** The text grew to `length` at time `now`: the new part must be shown by `now + maxLagMs`. */
export function receive(schedule: RevealSchedule, length: number, now: number, settings: RevealSettings): RevealSchedule {
  if (length <= schedule.length) return length === schedule.length ? schedule : revealed(length);
  return { shown: schedule.shown, length, pending: [...schedule.pending, { length, deadline: now + settings.maxLagMs }] };
}

/**
 * The schedule after a frame of `elapsed` ms ending at `now`: at least the steady rate, faster
 * when a pending delta would otherwise miss its deadline (each is shown by its deadline at the
 * latest). `text` is the text so far, so that a step never ends inside a surrogate pair.
 */
export function advance(schedule: RevealSchedule, now: number, elapsed: number, settings: RevealSettings, text: string): RevealSchedule {
  if (schedule.shown >= schedule.length) return schedule;
  const frame = Math.max(0, elapsed);
  let target = schedule.shown + (settings.charactersPerSecond * frame) / 1000;
  for (const delta of schedule.pending) {
    const left = delta.deadline - now;
    // Linear to the deadline from here: the share of the remaining units this frame should show.
    const needed = left <= 0 ? delta.length : schedule.shown + ((delta.length - schedule.shown) * frame) / (left + frame);
    if (needed > target) target = needed;
  }
  let shown = Math.min(schedule.length, Math.max(schedule.shown + 1, Math.floor(target)));
  // Never between the two halves of a surrogate pair (half an emoji would show as �).
  if (shown < schedule.length && isHighSurrogate(text.charCodeAt(shown - 1))) shown++;
  // Whitespace shows nothing: step over it at once, so that what follows a text (a card) appears in
  // the same frame as the text's last visible character.
  while (shown < schedule.length && isSpace(text.charCodeAt(shown))) shown++;
  shown = Math.min(schedule.length, pastLineMarker(text, shown));
  const pending = schedule.pending.filter((delta) => delta.length > shown);
  return { shown, length: schedule.length, pending };
}

/**
 * A block marker at the start of a line (`## `, `- `, `1. `, `> `, a fence opener line): shown
 * whole, with the first character after it, or not at all, so a heading does not flash as a bigger one (`#` alone is an h1) and a
 * list or a code block does not begin as a paragraph of `-` or backticks.
 */
const LINE_MARKER = /^ {0,3}(?:#{1,6}[ \t]|[-*+][ \t]|\d{1,9}[.)][ \t]|>[ \t]?|(?:`{3,}|~{3,})[^\r\n]*(?:\r\n|\r|\n|$))/;

/** `shown`, moved to the end of the line marker it stops inside, if any. */
export function pastLineMarker(text: string, shown: number): number {
  // Only the first few columns of a line can hold a marker: look back that far, not to the start of a long line.
  const from = Math.max(0, shown - 64);
  // Lines end as the markdown model reads them: `\n`, `\r\n` or `\r`.
  const inWindow = lastLineStart(text.slice(from, shown));
  if (inWindow === 0 && from > 0) return shown;
  const lineStart = from + inWindow;
  const match = LINE_MARKER.exec(text.slice(lineStart, lineStart + 256));
  if (!match) return shown;
  let end = lineStart + match[0].length;
  if (end <= shown) return shown;
  // With the first character after it, where there is one on the line: a heading is never shown empty
  // (an empty heading is announced as such, and axe flags it).
  if (end < text.length && text[end] !== '\n' && text[end] !== '\r') end += isHighSurrogate(text.charCodeAt(end)) ? 2 : 1;
  return end;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}
