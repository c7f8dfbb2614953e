import type { BlockIdentity, BlockReader, OpenerReader, OpenerVerdict, ParsedCall, WorkMeter } from '../../types.js';
import { LineBody, type LineCloser } from '../shared/line-body.js';
import { isBlank } from './grammar.js';
import { CaretParams } from './params.js';
import { growthPoint } from '../shared/read-points.js';

/** Length of the fixed signature `^^^`. */
const SIGNATURE = 3;

/**
 * Reads a caret opener: `^^^NAME` alone on its line (trailing spaces or tabs
 * allowed), NAME `[A-Za-z0-9_]+`, accepted at the line break (or at the end
 * of input). Anything else on the line (`^^^not-a-tool`) leaves it as text.
 */
export class CaretOpener implements OpenerReader {
  private index = 0;
  private trailing = false;
  private toolName = '';

  constructor(private readonly work?: WorkMeter) {}

  push(unit: string): OpenerVerdict {
    const index = this.index++;
    if (index < SIGNATURE) return unit === '^' ? undefined : 1;
    if (unit === '\n' || unit === '\r') return this.accept(index, unit === '\r');
    if (!this.trailing && /\w/.test(unit)) {
      this.toolName += unit;
      return undefined;
    }
    if (isBlank(unit) && this.toolName !== '') {
      this.trailing = true;
      return undefined;
    }
    // Not a caret opener line: what was read is text, this unit is scanned again.
    return index;
  }

  end(): OpenerVerdict {
    if (this.index < SIGNATURE) return 1;
    return this.accept(this.index, false);
  }

  private accept(index: number, endedWithCR: boolean): OpenerVerdict {
    if (this.toolName === '') return index;
    return { block: new CaretBlock(this.toolName, endedWithCR, this.work) };
  }
}

/** The closing line: `^^^` at column 0, then only spaces or tabs. */
class CaretCloser implements LineCloser {
  private carets = 0;

  reset(): void {
    this.carets = 0;
  }

  push(unit: string): boolean {
    if (this.carets < SIGNATURE) {
      if (unit !== '^') return false;
      this.carets++;
      return true;
    }
    return isBlank(unit);
  }

  complete(): boolean {
    return this.carets === SIGNATURE;
  }
}

/** Below this size every completed line refreshes the snapshot; past it, amortised (see {@link CaretBlock.largePartial}). */
const SMALL_BODY = 4096;

/** The line being written is read each time it grew by at least this many units and this share of the body. */
const LINE_STEP = 8;
const LINE_SHARE = 1 / 16;

/**
 * The body of a caret block: lines up to a `^^^` line, read into parameters
 * one completed line at a time. The name is settled at the opener; caret
 * blocks carry no id.
 */
class CaretBlock implements BlockReader {
  private readonly body: LineBody;
  private readonly params: CaretParams;
  /** Where the line being written starts, and the last point in it the snapshot was taken at. */
  private lineStart = 0;
  private linePoint = 0;
  private lastPartial: ParsedCall;
  /** Past SMALL_BODY: the body length the partial input was last read at (see {@link growthPoint}). */
  private largeReadAt = -1;

  constructor(
    private readonly toolName: string,
    openerEndedWithCR: boolean,
    private readonly work?: WorkMeter,
  ) {
    this.params = new CaretParams(work);
    // LineBody ends each line with its one line break unit (the `\n` of a `\r\n` comes after it).
    this.body = new LineBody(new CaretCloser(), (line) => this.params.pushLine(line.slice(0, -1)), openerEndedWithCR);
    this.lastPartial = { toolName, input: {} };
  }

  read(text: string, from: number, to: number): number {
    return this.body.read(text, from, to);
  }

  endOfInput(): boolean {
    return this.body.endOfInput();
  }

  identity(): BlockIdentity {
    return { toolName: this.toolName };
  }

  takeInputDelta(): string {
    return this.body.takeDelta();
  }

  partial(): ParsedCall[] {
    if (this.body.length >= SMALL_BODY) return this.largePartial();
    const complete = this.body.completeLinesLength();
    if (complete !== this.lineStart) {
      this.lineStart = this.linePoint = complete;
      this.snapshot(complete);
    }
    // The line being written is read at points fixed by the text (a whole parse and any split show
    // the same): each at least LINE_STEP units and LINE_SHARE of the body past the last, so the
    // snapshots, each costing about the body, add up to a bounded multiple of it.
    const length = this.body.length;
    let point = this.linePoint;
    for (let next = point + Math.max(LINE_STEP, Math.ceil(point * LINE_SHARE)); next <= length; next = point + Math.max(LINE_STEP, Math.ceil(point * LINE_SHARE))) {
      point = next;
    }
    if (point !== this.linePoint) {
      this.linePoint = point;
      this.snapshot(point);
    }
    return [this.lastPartial];
  }

  /**
   * Past SMALL_BODY the body is read again, up to points fixed by its length (every quarter of
   * growth), by parameters of their own: the live ones have read every complete line, which
   * depends on when the reader asked, not on the text (a whole parse and any split must agree,
   * #22). Each read costs about the body; the points keep them amortised linear.
   */
  private largePartial(): ParsedCall[] {
    const at = growthPoint(this.body.length, SMALL_BODY, 0.25);
    if (at > this.largeReadAt) {
      this.largeReadAt = at;
      const params = new CaretParams(this.work);
      // `\r\n` is one line break; a `\r` last may yet be one: the line is complete either way.
      const lines = this.body.text.slice(0, at).split(/\r\n?|\n/);
      const writing = lines.pop()!;
      for (const line of lines) params.pushLine(line);
      this.lastPartial = { toolName: this.toolName, input: params.snapshot(writing) };
    }
    return [this.lastPartial];
  }

  /** Takes the snapshot of the complete lines and the line being written up to body length `at`. */
  private snapshot(at: number): void {
    const line = at === this.lineStart ? '' : this.body.text.slice(this.lineStart, at);
    this.lastPartial = { toolName: this.toolName, input: this.params.snapshot(line) };
  }

  finish(closed: boolean): ParsedCall[] {
    // A last line cut off by the end of input (no line break) still counts.
    const rest = this.body.text.slice(this.body.completeLinesLength());
    if (rest !== '') this.params.pushLine(rest);
    const { input, errorText } = this.params.finish(closed);
    if (errorText === undefined) return [{ toolName: this.toolName, input }];
    return [{ toolName: this.toolName, input, errorText, invalid: true }];
  }
}
