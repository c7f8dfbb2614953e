/**
 * Fenced code (``` and ~~~) as the markdown tracker reads it unit by unit, by
 * the fence rules of src/markdown/fence.ts: the opener's info line (a backtick
 * fence whose info string holds a backtick is no fence, known only at the
 * line's end or through a look ahead), then the lines inside, each of which
 * may close it. Where it begins and ends among the blocks is the tracker's.
 */
import { closesAtLineEnd, closingLineStart, infoRefuses, NOT_CLOSING, readClosingUnit, type ClosingLine, type FenceRun } from '../markdown/fence.js';

/** No fence open. */
const NO_FENCE: FenceRun = { char: '', length: 0 };

export class FencedCode {
  /** Reading the opener's info string, up to the line end. */
  info = false;
  /** A look ahead saw that this info line holds a backtick: no fence. */
  refused = false;
  /** The open fence's run (or the run that may open one, on its info line). */
  run: FenceRun = NO_FENCE;
  /** Offset of that run. */
  start = 0;
  /** How far a line inside the fence has gone towards closing it. */
  private closing: ClosingLine = closingLineStart();

  /** A run of `length` `char`s at `start` began its line's block: its info line follows. */
  open(char: string, length: number, start: number): void {
    this.run = { char, length };
    this.start = start;
    this.info = true;
  }

  /** On the info line of a backtick fence (undecided until its end). */
  onBacktickInfo(): boolean {
    return this.info && this.run.char === '`';
  }

  /** Whether `unit` on the info line makes it no fence. */
  infoRefuses(unit: string): boolean {
    return infoRefuses(this.run.char, unit);
  }

  /** The info line is decided (a fence, or text). */
  endInfo(): void {
    this.info = false;
    this.refused = false;
  }

  /** A line inside the fence starts, `indent` columns in (tabs in the prefixes may reach past the content column). */
  lineStart(indent = 0, column = indent): void {
    this.closing = closingLineStart(indent, column);
  }

  /** The line can no longer close the fence. */
  cannotClose(): boolean {
    return this.closing === NOT_CLOSING;
  }

  /** A unit of a line inside the fence. */
  closerUnit(unit: string): void {
    this.closing = readClosingUnit(this.closing, unit, this.run);
  }

  /** The line inside the fence ended: whether it closed it. */
  closesAtLineEnd(): boolean {
    return closesAtLineEnd(this.closing, this.run);
  }

  /** A copy that goes on on its own (for a tracker's fork; {@link run} is never changed in place). */
  copy(): FencedCode {
    return Object.assign(new FencedCode(), this);
  }
}
