import type { BlockReader, OpenerReader, OpenerVerdict, ParsedCall, WorkMeter } from '../../types.js';
import { LineBody, type LineCloser } from '../shared/line-body.js';
import { isBlank } from './grammar.js';
import { caretParams } from './params.js';
import { growthPoint } from '../shared/read-points.js';

/** Length of the fixed signature `^^^`. */
const SIGNATURE = 3;

/**
 * Reads a caret opener: `^^^NAME` alone on its line (trailing spaces or tabs
 * allowed), NAME `[A-Za-z0-9_]+`, accepted at the line break (or at the end
 * of input). Anything else on the line (`^^^not-a-tool`) leaves it as text.
 */
export function caretOpener(work?: WorkMeter): OpenerReader {
  let index = 0;
  let toolName = '';
  let trailing = false;
  const accept = (at: number, endedWithCR: boolean): OpenerVerdict => (toolName === '' ? at : { block: caretBlock(toolName, endedWithCR, work) });
  return {
    push(unit) {
      const at = index++;
      if (at < SIGNATURE) return unit === '^' ? undefined : 1;
      if (unit === '\n' || unit === '\r') return accept(at, unit === '\r');
      if (!trailing && /\w/.test(unit)) toolName += unit;
      else if (isBlank(unit) && toolName !== '') trailing = true;
      // Not a caret opener line: what was read is text, this unit is scanned again.
      else return at;
      return undefined;
    },
    end: () => (index < SIGNATURE ? 1 : accept(index, false)),
  };
}

/** The closing line: `^^^` at column 0, then only spaces or tabs. */
function caretCloser(): LineCloser {
  let carets = 0;
  return {
    reset() {
      carets = 0;
    },
    push: (unit) => (carets < SIGNATURE ? unit === '^' && ++carets > 0 : isBlank(unit)),
    complete: () => carets === SIGNATURE,
  };
}

/** Below this size every completed line refreshes the snapshot; past it, amortised (see `largePartial`). */
const SMALL_BODY = 4096;

/** The line being written is read each time it grew by at least this many units and this share of the body. */
const LINE_STEP = 8;
const LINE_SHARE = 1 / 16;

/**
 * The body of a caret block: lines up to a `^^^` line, read into parameters
 * one completed line at a time. The name is settled at the opener; caret
 * blocks carry no id.
 */
function caretBlock(toolName: string, openerEndedWithCR: boolean, work?: WorkMeter): BlockReader {
  const params = caretParams(work);
  // LineBody ends each line with its one line break unit (the `\n` of a `\r\n` comes after it).
  const body = new LineBody(caretCloser(), (text, start, end) => params.pushLine(text.slice(start, end - 1)), openerEndedWithCR);
  /** Where the line being written starts, and the last point in it the snapshot was taken at. */
  let lineStart = 0;
  let linePoint = 0;
  let lastPartial: ParsedCall = { toolName, input: {} };
  /** Past SMALL_BODY: the body length the partial input was last read at (see {@link growthPoint}). */
  let largeReadAt = -1;

  /** Takes the snapshot of the complete lines and the line being written up to body length `at`. */
  const snapshot = (at: number): void => {
    // Not the body's text when there is no line yet: slicing it flattens the body's rope.
    lastPartial = { toolName, input: params.snapshot(at === lineStart ? '' : body.text.slice(lineStart, at)) };
  };

  /**
   * Past SMALL_BODY the body is read again, up to points fixed by its length (every quarter of
   * growth), by parameters of their own: the live ones have read every complete line, which
   * depends on when the reader asked, not on the text (a whole parse and any split must agree,
   * #22). Each read costs about the body; the points keep them amortised linear.
   */
  function largePartial(): void {
    const at = growthPoint(body.length, SMALL_BODY, 0.25);
    if (at <= largeReadAt) return;
    largeReadAt = at;
    const fresh = caretParams(work);
    // `\r\n` is one line break; a `\r` last may yet be one: the line is complete either way.
    const lines = body.text.slice(0, at).split(/\r\n?|\n/);
    const writing = lines.pop()!;
    for (const line of lines) fresh.pushLine(line);
    lastPartial = { toolName, input: fresh.snapshot(writing) };
  }

  return {
    read: (text, from, to) => body.read(text, from, to),
    endOfInput: () => body.endOfInput(),
    identity: () => ({ toolName }),
    takeInputDelta: () => body.takeDelta(),
    partial() {
      if (body.length >= SMALL_BODY) largePartial();
      else {
        const complete = body.completeLinesLength();
        if (complete !== lineStart) snapshot((lineStart = linePoint = complete));
        // The line being written is read at points fixed by the text (a whole parse and any split
        // show the same): each at least LINE_STEP units and LINE_SHARE of the body past the last,
        // so the snapshots, each costing about the body, add up to a bounded multiple of it.
        let point = linePoint;
        for (let next = point; next <= body.length; next = point + Math.max(LINE_STEP, Math.ceil(point * LINE_SHARE))) point = next;
        if (point !== linePoint) snapshot((linePoint = point));
      }
      return [lastPartial];
    },
    finish(closed) {
      // A last line cut off by the end of input (no line break) still counts.
      const rest = body.text.slice(body.completeLinesLength());
      if (rest !== '') params.pushLine(rest);
      const { input, errorText } = params.finish(closed);
      return [errorText === undefined ? { toolName, input } : { toolName, input, errorText, invalid: true }];
    },
  };
}
