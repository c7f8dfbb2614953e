/**
 * Just enough CommonMark to keep markers inside code from becoming calls
 * (contract invariant 7): fenced code blocks (``` and ~~~, up to three spaces
 * of indent, closed by a run at least as long) and inline code spans.
 *
 * The tracker only keeps state; it never holds text back. It is fed every
 * code unit that ends up as text, one at a time, in order.
 */

/** Where the tracker is, as far as fenced code is concerned. */
const enum Fence {
  /** Ordinary markdown. */
  None,
  /** Reading the info string of a fence opener, up to the line end. */
  Info,
  /** Inside a fenced code block. */
  Code,
}

/** Progress of a possible closing fence line inside a code block. */
const enum Closer {
  /** Only spaces so far on this line. */
  Indent,
  /** Reading the run of fence characters. */
  Run,
  /** After the run: only spaces and tabs may follow. */
  Trail,
  /** This line cannot close the fence. */
  No,
}

/** Progress through a list marker (`-`, `*`, `+`, or up to nine digits and `.`/`)`) at a block start. */
const enum Marker {
  None,
  Bullet,
  Digits,
  Ordered,
}

/** A trigger may begin here: at a line start (line-start syntaxes) or anywhere. */
export const LINE_START = 1;
export const INLINE = 2;

export class MarkdownTracker {
  private fence = Fence.None;
  private fenceChar = '';
  private fenceLength = 0;
  private closer = Closer.Indent;
  private closerRun = 0;
  /** Columns of block-quote and list-item prefix before the fence that opened the code block. */
  private fenceBase = 0;

  /** Only spaces so far on the current line. */
  private lineStart = true;
  /** Spaces before the first other character of the line. */
  private indent = 0;
  /** Only spaces and tabs so far on the current line. */
  private blank = true;
  /** The previous unit was `\r`: a following `\n` belongs to the same line break. */
  private afterCR = false;

  /**
   * Only spaces and container markers (`>`, list bullets) so far on this line:
   * a code fence may still open. Tool syntaxes need a true line start
   * ({@link lineStart}); code fences inside block quotes and list items are
   * tracked so the markers inside them stay text.
   */
  private blockStart = true;
  /** Spaces since the line start or the last container marker. */
  private blockIndent = 0;
  /** Columns taken by container markers and their spaces on this line. */
  private containerWidth = 0;
  private marker = Marker.None;
  private markerWidth = 0;

  /** Length of the backtick (or tilde) run being read, and whether it began a line. */
  private run = 0;
  private runChar = '';
  private runAtLineStart = false;
  private runBase = 0;

  /**
   * Length of an unmatched backtick run earlier in this paragraph: a code span
   * may be open. 0 when none.
   */
  pendingTicks = 0;

  /**
   * Tells where a trigger may begin at the next unit. Must be called before
   * {@link feed} for each unit (it settles a backtick run the unit ends).
   */
  classify(unit: string): number {
    // Code and info strings hold no triggers.
    if (this.fence !== Fence.None) return 0;
    if (this.run > 0 && unit !== this.runChar) this.settleRun();
    if (this.fence !== Fence.None) return 0;
    let where = INLINE;
    if (this.lineStart && this.indent <= 3 && this.run === 0) where |= LINE_START;
    return where;
  }

  /** Takes one unit of text. */
  feed(unit: string): void {
    if (unit === '\n' || unit === '\r') {
      this.lineBreak(unit);
      return;
    }
    this.afterCR = false;
    switch (this.fence) {
      case Fence.Code:
        this.codeUnit(unit);
        return;
      case Fence.Info:
        if (unit === '`' && this.fenceChar === '`') this.infoHasBacktick();
        else return;
        break;
      default:
        break;
    }
    if (unit === '`' || unit === '~') {
      if (this.run > 0 && unit !== this.runChar) this.settleRun();
      if (this.fence !== Fence.None) return;
      if (this.marker !== Marker.None) this.endMarker();
      if (this.run === 0) {
        this.runChar = unit;
        this.runAtLineStart = this.blockStart && this.blockIndent <= 3;
        this.runBase = this.containerWidth;
      }
      this.run++;
      this.lineStart = false;
      this.blockStart = false;
      this.blank = false;
      return;
    }
    if (this.run > 0) this.settleRun();
    if (this.fence !== Fence.None) return;
    if (this.blockStart && this.containerUnit(unit)) return;
    if (unit === ' ') {
      if (this.lineStart) this.indent++;
      if (this.blockStart) this.blockIndent++;
      return;
    }
    if (unit === '\t') {
      this.lineStart = false;
      this.blockIndent += 4;
      return;
    }
    this.lineStart = false;
    this.blockStart = false;
    this.blank = false;
  }

  /**
   * A unit at a block start that belongs to a container prefix: a block-quote
   * `>` or a list marker followed by a space. Returns false when the unit is
   * content (and, for a marker that turned out not to be one, ends the block start).
   */
  private containerUnit(unit: string): boolean {
    if (this.marker !== Marker.None) {
      if ((unit === ' ' || unit === '\t') && (this.marker === Marker.Bullet || this.marker === Marker.Ordered)) {
        this.containerWidth += this.blockIndent + this.markerWidth + 1;
        this.blockIndent = 0;
        this.marker = Marker.None;
        return true;
      }
      if (this.marker === Marker.Digits && unit >= '0' && unit <= '9' && this.markerWidth < 9) {
        this.markerWidth++;
        return true;
      }
      if (this.marker === Marker.Digits && (unit === '.' || unit === ')')) {
        this.marker = Marker.Ordered;
        this.markerWidth++;
        return true;
      }
      this.endMarker();
      return false;
    }
    if (this.blockIndent > 3) return false;
    if (unit === '>') {
      this.containerWidth += this.blockIndent + 1;
      this.blockIndent = 0;
    } else if (unit === '-' || unit === '*' || unit === '+') {
      this.marker = Marker.Bullet;
      this.markerWidth = 1;
    } else if (unit >= '0' && unit <= '9') {
      this.marker = Marker.Digits;
      this.markerWidth = 1;
    } else return false;
    this.lineStart = false;
    this.blank = false;
    return true;
  }

  /** What looked like a list marker is content: no fence can open on this line any more. */
  private endMarker(): void {
    this.marker = Marker.None;
    this.blockStart = false;
  }

  /**
   * A tool block was read in place of text. Blocks end the paragraph for code
   * span purposes; `endsLine` tells whether the block's last unit was a line break.
   */
  afterBlock(endsLine: boolean): void {
    this.pendingTicks = 0;
    this.run = 0;
    this.lineStart = endsLine;
    this.blockStart = endsLine;
    this.blank = endsLine;
    this.indent = 0;
    this.blockIndent = 0;
    this.containerWidth = 0;
    this.marker = Marker.None;
    this.afterCR = false;
  }

  /** The backtick run before this point is literal: no code span is open. */
  dropPendingTicks(): void {
    this.pendingTicks = 0;
  }

  /** A run of backticks or tildes just ended. */
  private settleRun(): void {
    const length = this.run;
    const char = this.runChar;
    this.run = 0;
    if (this.runAtLineStart && length >= 3) {
      // A fence opener, unless a backtick fence's info string holds a backtick
      // (checked as the info string is read).
      this.fence = Fence.Info;
      this.fenceChar = char;
      this.fenceLength = length;
      this.fenceBase = this.runBase;
      this.pendingTicks = 0;
      return;
    }
    if (char === '`') this.inlineRun(length);
  }

  /** A backtick run of `length` outside fences opens or closes a code span. */
  private inlineRun(length: number): void {
    if (this.pendingTicks === 0) this.pendingTicks = length;
    else if (this.pendingTicks === length) this.pendingTicks = 0;
  }

  /** Not a fence after all: the opening run was an inline backtick run. */
  private infoHasBacktick(): void {
    this.fence = Fence.None;
    this.inlineRun(this.fenceLength);
    this.runChar = '`';
    this.runAtLineStart = false;
    this.run = 0;
  }

  private codeUnit(unit: string): void {
    switch (this.closer) {
      case Closer.Indent:
        // Up to three spaces past the container prefix the fence opened in.
        if (unit === ' ' && this.indent < this.fenceBase + 3) {
          this.indent++;
          return;
        }
        if (unit === '>' && this.fenceBase > 0) return;
        if (unit === this.fenceChar) {
          this.closer = Closer.Run;
          this.closerRun = 1;
          return;
        }
        this.closer = Closer.No;
        return;
      case Closer.Run:
        if (unit === this.fenceChar) {
          this.closerRun++;
          return;
        }
        this.closer = unit === ' ' || unit === '\t' ? Closer.Trail : Closer.No;
        return;
      case Closer.Trail:
        if (unit !== ' ' && unit !== '\t') this.closer = Closer.No;
        return;
      default:
        return;
    }
  }

  private lineBreak(unit: string): void {
    if (unit === '\n' && this.afterCR) {
      this.afterCR = false;
      return;
    }
    this.afterCR = unit === '\r';
    if (this.run > 0) this.settleRun();
    if (this.fence === Fence.Info) {
      this.fence = Fence.Code;
    } else if (this.fence === Fence.Code) {
      const closes =
        (this.closer === Closer.Run || this.closer === Closer.Trail) && this.closerRun >= this.fenceLength;
      if (closes) this.fence = Fence.None;
    } else if (this.blank) {
      // A blank line ends the paragraph, and with it any open code span.
      this.pendingTicks = 0;
    }
    this.lineStart = true;
    this.blockStart = true;
    this.blank = true;
    this.indent = 0;
    this.blockIndent = 0;
    this.containerWidth = 0;
    this.marker = Marker.None;
    this.closer = Closer.Indent;
    this.closerRun = 0;
  }
}
