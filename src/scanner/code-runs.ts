/**
 * Runs of backticks or tildes in text, read unit by unit with the backslashes
 * before them: each run, once the unit after it ends it, is a fence opener (if
 * it began its line's block), a code span's delimiter (backticks) or text.
 * Which it is, the markdown tracker decides ({@link CodeRun.take}).
 */
export class CodeRun {
  /** Length of the run being read; 0 none. */
  length = 0;
  /** Its unit: a backtick or a tilde. */
  char = '';
  /** Offset of its first unit. */
  start = 0;
  /** An odd number of backslashes came before it. */
  escaped = false;
  /** The run began its line's block (at most three columns in): it may open a fence. */
  opensBlock = false;
  /** The next run begins the block (set when the block's first unit is a backtick or tilde). */
  blockStart = false;
  /** Backslashes just before this point. */
  backslashes = 0;

  /** A backtick or tilde at `offset`: it starts a run or goes on with it. */
  fenceUnit(unit: string, offset: number): void {
    if (this.length === 0) {
      this.char = unit;
      this.start = offset;
      this.escaped = this.backslashes % 2 === 1;
      this.opensBlock = this.blockStart;
    }
    this.blockStart = false;
    this.length++;
    this.backslashes = 0;
  }

  /** Any other unit: it counts towards the backslashes before the next run. */
  otherUnit(unit: string): void {
    this.backslashes = unit === '\\' ? this.backslashes + 1 : 0;
  }

  /** The run ended: its length, the run forgotten ({@link char}, {@link start}, {@link escaped} kept for the caller). */
  take(): number {
    const length = this.length;
    this.length = 0;
    this.opensBlock = false;
    return length;
  }

  /** Nothing carries over (a new line, or a block read in place of text). */
  clear(): void {
    this.length = 0;
    this.opensBlock = false;
    this.blockStart = false;
    this.backslashes = 0;
  }

  /** A copy that goes on on its own (for a tracker's fork). */
  copy(): CodeRun {
    return Object.assign(new CodeRun(), this);
  }
}
