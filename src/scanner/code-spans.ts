/**
 * CommonMark code spans, decided in one forward pass.
 *
 * CommonMark reads a paragraph's backtick runs left to right: a run opens a
 * code span when a later run of exactly its length follows in the same
 * paragraph (the first such run closes it); otherwise it is literal and the
 * next run is tried. A backslash before a run escapes its first backtick when
 * it would open a span (`` \` `` is no opener), never when it would close one
 * (backslash escapes do not work inside code).
 *
 * Read forward, that is a list of *candidates*: the runs that open a span
 * if every earlier candidate turns out literal. A new run of length L closes
 * the candidate of length L (lengths are distinct: a second candidate of the
 * same length could never close first) and drops the ones after it (they lie
 * inside the span); any other run becomes a candidate. A point is inside code
 * exactly when some candidate standing at that point is closed later in the
 * paragraph — which is known only when the paragraph ends, unless a look
 * ahead already read the paragraph to its end ({@link CodeSpans.learn}).
 */

/** Where a point stands as far as code spans go. */
export const enum SpanState {
  /** Outside every code span. */
  Text,
  /** Inside a code span. */
  Code,
  /** Inside a span only if a candidate closes later in the paragraph. */
  Unknown,
}

/** What the block tracker tells about a paragraph's backtick runs. */
export interface SpanSink {
  /** A backtick run of `length` starting at document `offset`; `escaped`: a backslash precedes it. */
  run(length: number, escaped: boolean, offset: number): void;
  /** The paragraph ended (blank line, a block that interrupts it, a container that closed). */
  paragraphEnd(offset: number): void;
  /** A tool block stood here: it is text to CommonMark, but our reader took it. */
  blockEnded(): void;
  /**
   * The info line of a backtick fence opener was decided: a fence at its line
   * end, paragraph text at a backtick (the opening run of `length` is then
   * an ordinary run).
   */
  fenceDecided(fence: boolean, length: number): void;
  /** Where a trigger at document `offset` stands. */
  state(offset: number): SpanState;
  /**
   * Whether an inline tag beginning at `offset` is tracked (its backticks then open no span):
   * only where no code span may stand, and not where a look ahead read the runs as runs.
   */
  tagsTracked(offset: number): boolean;
}

/** A candidate's fate once the rest of its paragraph is known. */
const enum Fate {
  /** Not known yet: the paragraph has not been read to its end. */
  Unknown,
  /** A later run of its length closes it. */
  Closes,
  /** No later run of its length: literal. */
  Literal,
}

/** The code-span state of the paragraph being read. */
export class CodeSpans implements SpanSink {
  private readonly lengths: number[] = [];
  private readonly fates: Fate[] = [];
  /** Candidate index by opener length. */
  private readonly byLength = new Map<number, number>();
  private closing = 0;
  private unknown = 0;
  /** From a look ahead: the last run start of each length in this paragraph, valid before {@link knownUntil}. */
  private lastRun: ReadonlyMap<number, number> | undefined;
  private knownUntil = -1;

  state(offset: number): SpanState {
    if (this.lengths.length === 0) return SpanState.Text;
    this.expire(offset);
    if (this.closing > 0) return SpanState.Code;
    return this.unknown > 0 ? SpanState.Unknown : SpanState.Text;
  }

  tagsTracked(offset: number): boolean {
    // A look ahead read this stretch with every backtick a run (see SpanLookahead.tagsTracked): read it the same way.
    return this.state(offset) === SpanState.Text && this.lastRun === undefined;
  }

  /** Index of the candidate a run of `length` would close now; -1 when none. */
  indexOf(length: number): number {
    return this.byLength.get(length) ?? -1;
  }

  run(length: number, escaped: boolean, offset: number): void {
    this.expire(offset);
    const closed = this.byLength.get(length);
    if (closed !== undefined) {
      this.dropFrom(closed);
      return;
    }
    const opener = escaped ? length - 1 : length;
    if (opener === 0 || this.byLength.has(opener)) return;
    const start = escaped ? offset + 1 : offset;
    let fate = Fate.Unknown;
    if (this.lastRun !== undefined) fate = (this.lastRun.get(opener) ?? -1) > start ? Fate.Closes : Fate.Literal;
    this.byLength.set(opener, this.lengths.length);
    this.lengths.push(opener);
    this.fates.push(fate);
    this.count(fate, 1);
  }

  paragraphEnd(): void {
    this.clear();
    this.lastRun = undefined;
    this.knownUntil = -1;
  }

  blockEnded(): void {
    this.clear();
  }

  fenceDecided(): void {}

  /**
   * A look ahead read this paragraph to its end at `end` and no standing
   * candidate closed: they are all literal, and a candidate that appears
   * later closes exactly when `lastRun` holds a later run of its length.
   */
  learn(lastRun: ReadonlyMap<number, number>, end: number): void {
    for (let i = 0; i < this.fates.length; i++) {
      this.count(this.fates[i]!, -1);
      this.fates[i] = Fate.Literal;
    }
    this.lastRun = lastRun;
    this.knownUntil = end;
  }

  /** Past the end of what the look ahead read: what it told is no longer known. */
  private expire(offset: number): void {
    if (this.lastRun === undefined || offset < this.knownUntil) return;
    this.lastRun = undefined;
    this.knownUntil = -1;
    for (let i = 0; i < this.fates.length; i++) {
      if (this.fates[i] !== Fate.Literal) continue;
      this.fates[i] = Fate.Unknown;
      this.unknown++;
    }
  }

  /** The candidate at `index` closed: it and the ones after it are gone. */
  private dropFrom(index: number): void {
    for (let i = this.lengths.length - 1; i >= index; i--) {
      this.byLength.delete(this.lengths[i]!);
      this.count(this.fates[i]!, -1);
    }
    this.lengths.length = index;
    this.fates.length = index;
  }

  private clear(): void {
    if (this.lengths.length === 0) return;
    this.byLength.clear();
    this.lengths.length = 0;
    this.fates.length = 0;
    this.closing = 0;
    this.unknown = 0;
  }

  private count(fate: Fate, by: number): void {
    if (fate === Fate.Closes) this.closing += by;
    else if (fate === Fate.Unknown) this.unknown += by;
  }
}

/**
 * The span sink of a look ahead: records every run and says when the point it
 * started from is decided — code when a run closes a candidate standing
 * there, text when the paragraph ends first.
 */
export class SpanLookahead implements SpanSink {
  /** Last run start by length, over everything read. */
  readonly lastRun = new Map<number, number>();
  /** `Code`, `Text`, or `Unknown` while undecided. */
  decision = SpanState.Unknown;
  /** Where the paragraph ended, when it did. */
  end = Number.POSITIVE_INFINITY;
  /** The start point was on the info line of what looked like a fence, and it is none. */
  refusedFence = false;
  /** Only candidates before this index still stand at the start point (the refused fence's run closed one). */
  private limit = Number.POSITIVE_INFINITY;
  /** The refused fence's run, a candidate standing at the start point; 0 when none. */
  private fenceRun = 0;

  /**
   * `standing`: the candidates at the start point `origin`; `onInfoLine`: the
   * start point is on the info line of a backtick fence opener (see {@link fenceDecided}).
   */
  constructor(
    private readonly standing: CodeSpans,
    private readonly origin: number,
    private readonly onInfoLine: boolean,
  ) {}

  run(length: number, _escaped: boolean, offset: number): void {
    // A run before the start point is the refused fence's own (see fenceDecided).
    if (offset < this.origin) return;
    this.lastRun.set(length, offset);
    if (this.decision !== SpanState.Unknown) return;
    const index = this.standing.indexOf(length);
    if ((index >= 0 && index < this.limit) || length === this.fenceRun) this.decision = SpanState.Code;
  }

  /**
   * On the info line the start point stood on: a fence makes it code; a
   * backtick makes the line paragraph text, and the opening run an ordinary
   * run before the start point — it closes a standing candidate of its length
   * (those after it no longer stand) or stands as a new one.
   */
  fenceDecided(fence: boolean, length: number): void {
    if (this.decision !== SpanState.Unknown || !this.onInfoLine || this.refusedFence) return;
    if (fence) {
      this.decision = SpanState.Code;
      return;
    }
    this.refusedFence = true;
    const index = this.standing.indexOf(length);
    if (index >= 0) this.limit = index;
    else this.fenceRun = length;
  }

  paragraphEnd(offset: number): void {
    if (this.decision !== SpanState.Unknown) return;
    this.decision = SpanState.Text;
    this.end = offset;
  }

  blockEnded(): void {}

  state(): SpanState {
    return SpanState.Text;
  }

  /** While undecided a candidate stands that may close later: a `<` there may be code, and its backticks count. */
  tagsTracked(): boolean {
    return false;
  }
}
