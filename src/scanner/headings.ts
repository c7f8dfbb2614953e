/**
 * The lines that hold no code but end a paragraph: thematic breaks (`***`,
 * `- - -`), setext underlines (`===`, `---`) and ATX heading openings (`#`).
 * Each is read unit by unit and decided at the line's end (rules) or at the
 * unit after the `#`s (headings); what the decision does to the blocks is the
 * markdown tracker's.
 */

/**
 * A line that may turn out a thematic break or a setext underline: only rule
 * units and spaces, from its block start.
 */
export class RuleLine {
  /** The rule's character; '' when the line cannot be one. */
  char = '';
  private count = 0;
  /** Spaces came after a rule character: a further one makes it no setext underline. */
  private gap = false;
  /** Containers the line keeps should it be a rule (those it did not continue, or opened for list markers that were the rule's, close). */
  depth = 0;
  /** It would underline the paragraph open before it (not lazily continued). */
  private underlines = false;

  /** Whether `unit`, at a block start, may begin a rule other than the one being read. */
  beginsAt(unit: string): boolean {
    return (unit === '*' || unit === '-' || unit === '_' || unit === '=') && unit !== this.char;
  }

  /** A rule character at a block start: the line may be a rule from here. */
  begin(char: string, depth: number, underlines: boolean): void {
    this.char = char;
    this.count = 0;
    this.gap = false;
    this.depth = depth;
    this.underlines = underlines;
  }

  /** Another unit of the line. */
  unit(unit: string): void {
    if (this.char === '') return;
    if (unit === this.char) {
      this.count++;
      if (this.gap) this.underlines = false;
    } else if (unit === ' ' || unit === '\t') {
      if (this.count > 0) this.gap = true;
    } else this.char = '';
  }

  /** The line ended: whether it was a thematic break or a setext underline. */
  isRule(): boolean {
    const char = this.char;
    if (char === '') return false;
    const underline = this.underlines && (char === '=' || char === '-');
    return underline || (char !== '=' && this.count >= 3);
  }

  /** The line can be no rule. */
  cancel(): void {
    this.char = '';
  }

  /** A copy that goes on on its own (for a tracker's fork). */
  copy(): RuleLine {
    return Object.assign(new RuleLine(), this);
  }
}

/** A block that began with `#`: an ATX heading if a space, tab or line end follows at most six of them. */
export class AtxOpening {
  /** The line's block began with `#` and the unit after the `#`s is still to come. */
  pending = false;
  private hashes = 0;

  /** The block's first unit is a `#`. */
  begin(): void {
    this.pending = true;
    this.hashes = 0;
  }

  /** A unit of the block's content: another `#` while pending. */
  unit(unit: string): void {
    if (this.pending && unit === '#') this.hashes++;
  }

  /** The unit after the `#`s came (`spaceFollows`: a space, tab or the line end): how many `#`s open a heading, -1 for none. */
  settle(spaceFollows: boolean): number {
    const hashes = this.hashes;
    this.cancel();
    return spaceFollows && hashes <= 6 ? hashes : -1;
  }

  /** No opening on this line. */
  cancel(): void {
    this.pending = false;
    this.hashes = 0;
  }

  /** A copy that goes on on its own (for a tracker's fork). */
  copy(): AtxOpening {
    return Object.assign(new AtxOpening(), this);
  }
}
