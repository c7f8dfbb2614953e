/**
 * Just enough CommonMark block structure to keep markers inside code from
 * becoming calls (contract invariant 7), and to find where paragraphs end
 * (code spans live inside one paragraph):
 *
 * - containers: block quotes and list items (markers read by list-marker.ts),
 *   kept open from line to line and closed where CommonMark closes them (a
 *   fence, indented code or HTML block inside ends with its container; a
 *   paragraph may continue lazily);
 * - fenced code (``` and ~~~, fenced-code.ts, by the fence rules of
 *   src/markdown/fence.ts, its runs read by code-runs.ts), indented code
 *   (four columns, not inside a paragraph), HTML blocks: kinds 1–5 are code,
 *   kinds 6–7 hold calls but no code (see html-block.ts);
 * - inline code spans, through {@link CodeSpans};
 * - ATX headings, setext underlines and thematic breaks (headings.ts): they
 *   hold no code, but they end a paragraph (so the next indented line is
 *   indented code, not a continuation) and bound code spans (a heading is one line);
 * - inline HTML tags (`<a title="`">`) met outside code spans: backticks in
 *   them open no code span (CommonMark reads the leftmost construct first;
 *   inline-tags.ts).
 *
 * Not tracked: tables, link reference definitions (they hold no code),
 * autolinks, inline comments, declarations and processing instructions, tags
 * that span lines or begin where a code span may stand (backticks in them
 * still count), and containers nested deeper than {@link MAX_DEPTH}.
 *
 * Each construct's own reading lives in its module; the tracker is the
 * dispatcher: it owns the line state (phase, columns, the container stack, the
 * open leaf) and decides what each construct's finding does to the blocks.
 *
 * The tracker only keeps state; it never holds text back. It is fed every
 * code unit that ends up as text, one at a time, in order; a tool block read
 * in place of text is reported by {@link MarkdownTracker.afterBlock}.
 */
import { isFenceChar, MIN_FENCE_RUN } from '../markdown/fence.js';
import { isLineEnd, isSpaceOrTab, MAX_INDENT } from '../markdown/lines.js';
import { CodeRun } from './code-runs.js';
import { CodeSpans, SpanState, type SpanSink } from './code-spans.js';
import { FencedCode } from './fenced-code.js';
import { AtxOpening, RuleLine } from './headings.js';
import { HtmlBlock, HtmlStart, Tag } from './html-block.js';
import { InlineTags } from './inline-tags.js';
import { beginsContainer, ListMarker, Marker } from './list-marker.js';

/** A trigger may begin here: at a line start (line-start syntaxes) or anywhere. */
export const LINE_START = 1;
const INLINE = 2;

/** Containers nested deeper than this are not tracked: their markers read as content. */
const MAX_DEPTH = 32;
/** A block quote in the container stack (a list item is its content width, above 0). */
const QUOTE = -1;

/** The leaf block the current line belongs to. */
const enum Leaf {
  /** None yet (document start, after a blank line or a closed block). */
  None,
  /** A paragraph: inline code spans apply. */
  Paragraph,
  /** Fenced code (its info line included). */
  Fenced,
  /** Indented code. */
  Indented,
  /** An HTML block: kinds 1–5 up to the line holding their end marker (code), kind 6 up to a blank line (calls found). */
  Html,
  /** An ATX heading: inline content like a paragraph's, ended by its line end. */
  Heading,
}

/** Where the current line is read. */
const enum Phase {
  /** Matching the prefixes of the open containers (`>`, a list item's indent). */
  Prefix,
  /** After the prefixes: spaces, new container markers, then the block's first unit. */
  Start,
  /** The block's content. */
  Content,
}

export class MarkdownTracker {
  /** Document offset of the next unit. */
  offset = 0;
  /** The paragraph's code spans. */
  readonly codeSpans = new CodeSpans();
  /** Where runs and paragraph ends are reported: {@link codeSpans}, or a look ahead's sink in a fork. */
  private spans: SpanSink = this.codeSpans;

  /** Open containers, outermost first: {@link QUOTE} or a list item's content width. */
  private containers: number[] = [];
  /** Containers whose prefix this line matched so far. */
  private matched = 0;
  /** First container this line did not continue, while a lazy paragraph line may keep it open; -1 none. */
  private unmatched = -1;
  private phase = Phase.Start;
  private leaf = Leaf.None;
  /** Columns read on this line (tabs to the next multiple of four). */
  private column = 0;
  /** Column where the innermost container's content begins on this line. */
  private blockColumn = 0;
  /** Only spaces so far on this line (a BOM at the document start aside). */
  private lineStart = true;
  /** No content yet on this line, container prefixes aside. */
  private blank = true;
  /** The previous unit was `\r`: a following `\n` belongs to the same line break. */
  private afterCR = false;

  /** A list item opened on this line whose width still grows with the spaces after its marker; -1 none. */
  private growing = -1;
  /** The list marker being read at the block start. */
  private marker = new ListMarker();
  /** Index of the list item the previous line opened with no content; -1 none. */
  private emptyItem = -1;
  /** Index of the first container opened on this line; `Infinity` none. */
  private openedFrom = Infinity;
  /** Width of a list item that interrupts a paragraph, opened only if content follows on its line; 0 none. */
  private deferredItem = 0;
  /** A container opened on this line interrupted a paragraph. */
  private interruptsParagraph = false;
  /** The optional space after a `>` may come next. */
  private quoteSpace = false;
  /** The line so far may be a thematic break or setext underline. */
  private rule = new RuleLine();
  /** The line's block began with `#`: it may open an ATX heading. */
  private atx = new AtxOpening();

  /** The open fence, or the run that may open one on its info line. */
  private fence = new FencedCode();
  /** The leaf before a backtick fence's info line, back if the line turns out paragraph text. */
  private fencePrevLeaf = Leaf.None;

  /** The backtick or tilde run being read, and the backslashes before it. */
  private run = new CodeRun();

  /** The HTML block being read, or the line that may start one. */
  private html = new HtmlBlock();

  /** Inline tags in paragraph text, and lone-tag lines after a paragraph: the backtick runs they hold. */
  private tags = new InlineTags();

  /**
   * Tells where a trigger may begin at the next unit. Must be called before
   * {@link feed} for each unit (it settles what the unit ends: a backtick
   * run, a container the line does not continue, the block's start).
   */
  classify(unit: string): number {
    if (isLineEnd(unit) || (unit === '\uFEFF' && this.offset === 0)) return 0;
    this.settle(unit);
    if (this.onFenceInfo()) {
      // A backtick later on this line would make it paragraph text: undecided (see spanState).
      return INLINE;
    }
    if (this.phase === Phase.Prefix || this.leaf === Leaf.Fenced || this.leaf === Leaf.Indented) return 0;
    if (this.leaf === Leaf.Html && !this.html.holdsCalls()) return 0;
    const atLineStart = this.lineStart && this.column <= MAX_INDENT && this.run.length === 0;
    if (this.spans.state(this.offset) === SpanState.Code) {
      // Inside a code span only a fence line can begin: it ends the paragraph.
      return atLineStart && isFenceChar(unit) ? LINE_START : 0;
    }
    return atLineStart ? LINE_START | INLINE : INLINE;
  }

  /** The current point is on the info line of a backtick fence opener (undecided, see spanState). */
  onFenceInfo(): boolean {
    return this.leaf === Leaf.Fenced && this.fence.onBacktickInfo();
  }

  /** Where a block whose opener began at the current point stands as far as code spans go. */
  spanState(): SpanState {
    // An opener inside a tag not yet complete: should the tag fail, its backticks count; take them as counting.
    if (this.tags.holding()) this.tags.releaseAll(this.spans);
    if (this.leaf === Leaf.Fenced && this.fence.info) {
      return this.fence.refused ? SpanState.Text : SpanState.Unknown;
    }
    return this.spans.state(this.offset);
  }

  /** A fence is open: read between lines, the next line starts inside fenced code (tests compare the markdown readers by it). */
  fenceOpen(): boolean {
    return this.leaf === Leaf.Fenced && !this.fence.info;
  }

  /** A look ahead found a backtick later on this fence info line: the line is paragraph text. */
  refuseFence(): void {
    this.fence.refused = true;
  }

  /** Takes one unit of text. */
  feed(unit: string): void {
    if (isLineEnd(unit)) {
      this.lineBreak(unit);
      return;
    }
    if (unit === '\uFEFF' && this.offset === 0) {
      // A byte order mark is no content: the line still starts after it.
      this.offset++;
      return;
    }
    this.settle(unit);
    this.afterCR = false;
    if (this.phase !== Phase.Prefix) this.rule.unit(unit);
    switch (this.phase) {
      case Phase.Prefix:
        this.prefixUnit(unit);
        break;
      case Phase.Start:
        this.startUnit(unit);
        break;
      default:
        this.contentUnit(unit);
    }
    this.offset++;
  }

  /** The input ended: what waited for more is settled (a backtick run, a fence info line). */
  endOfInput(): void {
    if (this.run.length > 0) this.settleRun();
    // A lone tag on the last line is an HTML block: its runs are none.
    if (this.html.reading) this.readHtml(undefined);
    if (this.tags.holding()) this.tags.releaseAll(this.spans);
    // A fence info line that reaches the end of input is a fence's.
    if (this.onFenceInfo()) this.fenceConfirmed();
  }

  /**
   * A tool block of `length` units was read in place of text. Blocks end the
   * paragraph for code-span purposes (the spans before them were literal, or
   * the block would not be one); a tool fence is a block of its own, any other
   * block stands in a paragraph. `endsLine`: the block's last unit was a line break.
   */
  afterBlock(endsLine: boolean, length: number, inParagraph: boolean): void {
    this.offset += length;
    this.spans.blockEnded();
    this.run.clear();
    this.marker.kind = Marker.None;
    this.html.reading = false;
    this.growing = -1;
    this.deferredItem = 0;
    this.emptyItem = -1;
    this.quoteSpace = false;
    this.afterCR = false;
    // A block standing in a paragraph that a line did not continue the containers of: a lazy continuation, they stay open.
    if (inParagraph && this.leaf === Leaf.Paragraph && this.unmatched >= 0) this.unmatched = -1;
    else this.closeUnmatched();
    this.fence.endInfo();
    this.rule.cancel();
    this.atx.cancel();
    this.tags.clear();
    if (this.leaf === Leaf.Html) {
      // A call inside a kind 6 HTML block: the block goes on.
    } else if (this.leaf === Leaf.Heading && inParagraph) {
      // A call in a heading: the heading goes on to its line end.
      if (endsLine) {
        this.leaf = Leaf.None;
        this.spans.paragraphEnd(this.offset);
      }
    } else if (inParagraph) this.leaf = Leaf.Paragraph;
    else {
      this.leaf = Leaf.None;
      this.spans.paragraphEnd(this.offset);
    }
    if (endsLine) this.newLine();
    else {
      this.phase = Phase.Content;
      this.lineStart = false;
      this.blank = false;
    }
  }

  /** A copy that reads on from here on its own, reporting runs and paragraph ends to `spans`. */
  fork(spans: SpanSink): MarkdownTracker {
    // Built by the constructor, so the copy shares the tracker's shape (and the hot paths stay monomorphic).
    const copy = Object.assign(new MarkdownTracker(), this);
    copy.containers = this.containers.slice();
    copy.run = this.run.copy();
    copy.fence = this.fence.copy();
    copy.html = this.html.copy();
    copy.marker = this.marker.copy();
    copy.rule = this.rule.copy();
    copy.atx = this.atx.copy();
    copy.tags = this.tags.copy();
    copy.spans = spans;
    return copy;
  }

  /** Decisions the unit forces before it is read: a run it ends, a prefix it breaks, the block it starts. */
  private settle(unit: string): void {
    if (this.run.length > 0 && unit !== this.run.char) this.settleRun();
    if (this.phase === Phase.Prefix && !this.continuesPrefix(unit)) this.prefixBroken();
    if (this.phase === Phase.Start && unit !== ' ' && unit !== '\t') this.settleStart(unit);
    if (this.atx.pending && unit !== '#') this.settleAtx(isSpaceOrTab(unit));
    if (this.phase === Phase.Content) this.settleTags(unit);
  }

  /**
   * A unit that makes a held tag no tag releases its runs before the unit is
   * classified, as a run is settled: a look ahead learns the span closed
   * before the unit, and a trigger there sees the span state it is in.
   */
  private settleTags(unit: string): void {
    if (this.tags.failsAt(unit)) this.tags.end(false, this.spans);
    if (this.tags.lazyLine && this.html.cannotStartWith(unit)) {
      this.tags.noLazyLine(this.spans);
    }
  }

  /** Whether `unit` continues the prefix of the next open container. */
  private continuesPrefix(unit: string): boolean {
    if (unit === ' ' || unit === '\t') return true;
    return unit === '>' && this.containers[this.matched] === QUOTE && this.column - this.blockColumn <= 3;
  }

  /** A unit in the prefix: spaces towards a list item's width, or a block quote's `>`. */
  private prefixUnit(unit: string): void {
    const container = this.containers[this.matched]!;
    if (unit === '>') {
      this.column++;
      this.blockColumn = this.column;
      this.matched++;
      this.quoteSpace = true;
      this.lineStart = false;
    } else {
      if (this.quoteSpace) {
        // The optional space after `>` belongs to the prefix.
        this.quoteSpace = false;
        this.column++;
        this.blockColumn = this.column;
        return;
      }
      this.advance(unit);
      if (container === QUOTE) return;
      // A tab's columns may reach past this item into the next ones.
      while (this.matched < this.containers.length) {
        const width = this.containers[this.matched]!;
        if (width === QUOTE || this.column - this.blockColumn < width) break;
        this.blockColumn += width;
        this.matched++;
      }
    }
    if (this.matched === this.containers.length) this.enterBlock();
  }

  /** All prefixes matched: fenced code and HTML blocks go on; other lines look for a block start. */
  private enterBlock(): void {
    this.phase = this.leaf === Leaf.Fenced || this.leaf === Leaf.Html ? Phase.Content : Phase.Start;
    // A tab in the prefixes may reach past the content column: those columns are indentation.
    if (this.leaf === Leaf.Fenced) this.fence.lineStart(this.column - this.blockColumn, this.column);
  }

  /** The line does not continue the container at {@link matched}. */
  private prefixBroken(): void {
    this.quoteSpace = false;
    this.phase = Phase.Start;
    if (this.leaf === Leaf.Paragraph) {
      // Maybe a lazy continuation line: decided at the block start.
      this.unmatched = this.matched;
      return;
    }
    // Code and HTML blocks end with their container.
    this.leaf = Leaf.None;
    this.containers.length = this.matched;
  }

  /** The first unit of the line's block after the prefixes that is not a space. */
  private settleStart(unit: string): void {
    this.quoteSpace = false;
    if (this.deferredItem > 0) {
      this.openContainer(this.deferredItem);
      this.deferredItem = 0;
      this.growing = this.containers.length - 1;
    }
    if (this.growing >= 0) this.growItem();
    const indent = this.column - this.blockColumn;
    if (this.marker.kind !== Marker.None) {
      if (this.marker.continuesWith(unit)) return;
      // Not a list marker after all: it began the content.
      this.marker.kind = Marker.None;
      this.beginParagraph();
      this.phase = Phase.Content;
      return;
    }
    if (indent > MAX_INDENT) {
      if (this.leaf === Leaf.Paragraph) this.beginParagraph();
      else if (this.leaf !== Leaf.Indented) {
        this.closeUnmatched();
        this.leaf = Leaf.Indented;
      }
      this.blank = false;
      this.phase = Phase.Content;
      return;
    }
    if (this.leaf === Leaf.Indented) {
      // Indented code ends here; to micromark a list item still interrupts it (see openItem).
      this.leaf = Leaf.None;
      this.interruptsParagraph = true;
    }
    if (this.rule.beginsAt(unit)) this.beginRule(unit);
    if (unit === '#') {
      // Maybe an ATX heading: decided by the unit after the `#`s (see settleAtx).
      this.atx.begin();
      this.blank = false;
      this.phase = Phase.Content;
      return;
    }
    if (this.containers.length < MAX_DEPTH && beginsContainer(unit)) return;
    this.blank = false;
    this.phase = Phase.Content;
    if (isFenceChar(unit)) {
      // A fence or paragraph text: the run decides.
      this.run.blockStart = true;
      return;
    }
    if (unit === '<') {
      // Maybe an HTML block, which would interrupt a paragraph: a lazy line is decided when that is known.
      // Kind 7 cannot interrupt one, but to micromark it starts on a line that left the paragraph's containers.
      this.html.beginLine(this.leaf !== Leaf.Paragraph || this.unmatched >= 0);
      this.tags.lazyLine = this.leaf === Leaf.Paragraph && this.unmatched >= 0;
      if (this.leaf !== Leaf.Paragraph) this.beginParagraph();
      return;
    }
    this.beginParagraph();
  }

  /** A rule character at a block start: the line may be a thematic break or setext underline from here. */
  private beginRule(char: string): void {
    const lazy = this.unmatched >= 0;
    this.rule.begin(char, lazy ? this.unmatched : this.containers.length, !lazy && this.leaf === Leaf.Paragraph);
  }

  /** Whether the line just read was a thematic break or setext underline, which ends the paragraph (or underlines it). */
  private endsWithRule(): boolean {
    const rule = this.rule;
    if (this.leaf === Leaf.Fenced || this.leaf === Leaf.Html || this.leaf === Leaf.Indented || !rule.isRule()) return false;
    // The list items its markers opened were no items, and a lazy line's containers close.
    if (this.containers.length > rule.depth) this.containers.length = rule.depth;
    this.unmatched = -1;
    this.growing = -1;
    if (this.leaf === Leaf.Paragraph) this.spans.paragraphEnd(this.offset);
    this.leaf = Leaf.None;
    return true;
  }

  /** The unit after a line's leading `#`s: a space, tab (or line end) opens an ATX heading; else it is paragraph text. */
  private settleAtx(heading: boolean): void {
    const hashes = this.atx.settle(heading);
    if (hashes < 0) {
      this.beginParagraph();
      return;
    }
    // A heading interrupts a paragraph and is no lazy continuation.
    this.closeUnmatched();
    if (this.leaf === Leaf.Paragraph) this.spans.paragraphEnd(this.offset - hashes);
    this.leaf = Leaf.Heading;
  }

  /** A unit in the start phase: spaces, a `>`, or a list marker's units. */
  private startUnit(unit: string): void {
    if (unit === ' ' || unit === '\t') {
      if (this.marker.complete()) {
        this.openItem();
      } else if (this.marker.kind !== Marker.None) {
        this.marker.kind = Marker.None;
        this.beginParagraph();
        this.phase = Phase.Content;
        this.contentUnit(unit);
        return;
      } else if (this.quoteSpace) {
        this.quoteSpace = false;
        this.column++;
        this.blockColumn = this.column;
        return;
      }
      this.advance(unit);
      return;
    }
    if (unit === '>') {
      this.openContainer(QUOTE);
      this.column++;
      this.blockColumn = this.column;
      this.quoteSpace = true;
      this.lineStart = false;
      return;
    }
    // A list marker's unit (settleStart let only those through).
    this.marker.unit(unit, this.column);
    this.column++;
    this.lineStart = false;
  }

  /** The space after a list marker: a list item opens (unless it may not interrupt the paragraph). */
  private openItem(): void {
    const ordered = this.marker.kind === Marker.Ordered;
    this.marker.kind = Marker.None;
    // micromark applies the rule below whenever a block is still open, indented code included.
    const interrupts = this.interruptsLeaf();
    if (interrupts && ordered && this.marker.value !== 1) {
      // CommonMark: only an ordered list starting at 1 interrupts a paragraph.
      this.beginParagraph();
      this.phase = Phase.Content;
      return;
    }
    const width = this.itemWidth();
    this.blockColumn = this.column + 1;
    if (interrupts) {
      // An item interrupting a paragraph must not be empty: opened at its first content.
      this.deferredItem = width;
      return;
    }
    this.openContainer(width);
    this.growing = this.containers.length - 1;
  }

  /**
   * A list marker alone on its line (`-`, `1.`): an empty list item, whose content starts on the
   * next line, at the marker's width plus one column. It cannot interrupt a paragraph, and digits
   * without `.`/`)` are no marker: those lines are paragraph text. So is a marker after another
   * item opened on the same line (`- -`, `* * *`): the tracker reads no thematic breaks, and
   * taking those for nested empty items would be wrong more often than right.
   */
  private markerAloneOnLine(): void {
    const marker = this.marker.kind;
    this.marker.kind = Marker.None;
    const interrupts = this.interruptsLeaf();
    if (marker === Marker.Digits || interrupts || this.openedFrom !== Infinity) {
      this.beginParagraph();
      this.blank = false;
      return;
    }
    this.openContainer(this.itemWidth());
    this.growing = this.containers.length - 1;
  }

  /** A paragraph or indented code is open and this line has not left its containers. */
  private leafGoesOn(): boolean {
    return (this.leaf === Leaf.Paragraph || this.leaf === Leaf.Indented) && this.unmatched < 0;
  }

  /** A list item opened here interrupts an open leaf, or follows a container that did on this line. */
  private interruptsLeaf(): boolean {
    return this.leafGoesOn() || this.interruptsParagraph;
  }

  /** The content width of the item whose marker was just read: from its block's start to one column past the marker. */
  private itemWidth(): number {
    return this.marker.itemWidth(this.blockColumn);
  }

  /** Up to four spaces after a list marker widen its item; more make indented code inside it. */
  private growItem(): void {
    const spaces = this.column - this.blockColumn;
    if (spaces <= 3) {
      this.containers[this.growing]! += spaces;
      this.blockColumn = this.column;
    }
    this.growing = -1;
  }

  /** A block quote or list item opens: it interrupts the paragraph and closes the containers not continued. */
  private openContainer(container: number): void {
    // Containers opened later on this line still count as interrupting it (as micromark reads it).
    if (this.leafGoesOn()) this.interruptsParagraph = true;
    this.closeUnmatched();
    if (this.leaf === Leaf.Paragraph) this.spans.paragraphEnd(this.offset);
    this.leaf = Leaf.None;
    this.openedFrom = Math.min(this.openedFrom, this.containers.length);
    this.containers.push(container);
    this.lineStart = false;
  }

  /** Paragraph content: a lazy or ordinary continuation, or a new paragraph. */
  private beginParagraph(): void {
    this.blank = false;
    if (this.leaf === Leaf.Paragraph) {
      this.unmatched = -1;
      return;
    }
    this.closeUnmatched();
    this.leaf = Leaf.Paragraph;
  }

  /** The containers this line did not continue are closed. */
  private closeUnmatched(): void {
    if (this.unmatched < 0) return;
    this.containers.length = this.unmatched;
    this.unmatched = -1;
  }

  private contentUnit(unit: string): void {
    this.atx.unit(unit);
    switch (this.leaf) {
      case Leaf.Fenced:
        if (!this.fence.info) {
          this.closerUnit(unit);
          return;
        }
        if (!this.fence.infoRefuses(unit)) {
          // Backslashes count: should the line turn out text, `\`` there is escaped.
          this.run.otherUnit(unit);
          return;
        }
        this.infoHasBacktick();
        break;
      case Leaf.Indented:
        return;
      case Leaf.Html:
        if (this.html.holdsCalls()) {
          // Calls are found here: a line-start syntax only where the line starts (`b {…}` is mid-line).
          if (isSpaceOrTab(unit)) this.advance(unit);
          else {
            this.blank = false;
            this.lineStart = false;
          }
          return;
        }
        this.html.codeUnit(unit);
        return;
      default:
        break;
    }
    this.lineStart = false;
    if (this.html.reading) this.readHtml(unit);
    if (this.tags.tag !== Tag.No) this.tags.read(unit, this.spans);
    else if (unit === '<') this.beginInlineTag();
    if (this.tags.lazyLine && this.html.cannotStart()) this.tags.noLazyLine(this.spans);
    if (isFenceChar(unit)) {
      this.run.fenceUnit(unit, this.offset);
      return;
    }
    this.run.otherUnit(unit);
  }

  /** Another unit of a line that may start an HTML block (`undefined`: the line ended). */
  private readHtml(unit: string | undefined): void {
    const start = this.html.read(unit);
    if (start === HtmlStart.Block || start === HtmlStart.LoneTag) this.startHtml(start === HtmlStart.LoneTag);
    else if (start === HtmlStart.None) this.beginParagraph();
  }

  /** A `<` in paragraph or heading text outside code spans may begin an inline tag. */
  private beginInlineTag(): void {
    if (this.leaf !== Leaf.Paragraph && this.leaf !== Leaf.Heading) return;
    if (!this.spans.tagsTracked(this.offset)) return;
    this.tags.begin();
  }

  /** An HTML block starts on this line: it interrupts a paragraph (kinds 1–6), or stands alone (`lone`: kind 7). */
  private startHtml(lone: boolean): void {
    this.tags.drop();
    if (lone && this.tags.lazyLine) {
      // To micromark a lone tag on such a line is an HTML block in those containers: the next line that does not continue them ends it.
      this.tags.lazyLine = false;
      this.unmatched = -1;
    } else {
      this.tags.lazyLine = false;
      this.closeUnmatched();
    }
    this.spans.paragraphEnd(this.offset);
    this.leaf = Leaf.Html;
  }

  /** A run of backticks or tildes just ended. */
  private settleRun(): void {
    const run = this.run;
    const opensBlock = run.opensBlock;
    const length = run.take();
    if (opensBlock && length >= MIN_FENCE_RUN) {
      // A fence opener, unless a backtick fence's info string holds a backtick
      // (decided at the line end, and only then does it interrupt a paragraph).
      this.fence.open(run.char, length, run.start);
      this.fencePrevLeaf = this.leaf;
      if (run.char === '~') this.fenceOpens();
      this.leaf = Leaf.Fenced;
      return;
    }
    if (opensBlock) this.beginParagraph();
    if (run.char !== '`') return;
    if (this.tags.holding()) this.tags.hold(length, run.escaped, run.start);
    else this.spans.run(length, run.escaped, run.start);
  }

  /** A fence opens: it interrupts the paragraph and closes the containers the line did not continue. */
  private fenceOpens(): void {
    this.closeUnmatched();
    this.spans.paragraphEnd(this.fence.start);
  }

  /** A backtick fence's info line ended: it is a fence. */
  private fenceConfirmed(): void {
    this.fence.endInfo();
    this.spans.fenceDecided(true, this.fence.run.length);
    this.fenceOpens();
  }

  /** Not a fence after all: the line is paragraph text (a lazy or ordinary continuation, or a new paragraph). */
  private infoHasBacktick(): void {
    this.fence.endInfo();
    this.leaf = this.fencePrevLeaf;
    this.beginParagraph();
    this.spans.run(this.fence.run.length, false, this.fence.start);
    this.spans.fenceDecided(false, this.fence.run.length);
  }

  /** A unit of a line inside fenced code: it may close the fence. */
  private closerUnit(unit: string): void {
    if (this.fence.cannotClose()) return;
    if (this.quoteSpace) {
      // The optional space after `>` is the marker's, not indentation (of a tab, its first column).
      this.quoteSpace = false;
      if (isSpaceOrTab(unit)) {
        const width = unit === ' ' ? 1 : 4 - (this.column % 4);
        this.column += width;
        this.fence.lineStart(width - 1, this.column);
        return;
      }
    }
    this.fence.closerUnit(unit);
  }

  private lineBreak(unit: string): void {
    if (unit === '\n' && this.afterCR) {
      this.afterCR = false;
      this.offset++;
      return;
    }
    this.afterCR = unit === '\r';
    if (this.run.length > 0) this.settleRun();
    if (this.html.reading) this.readHtml(undefined);
    // Tags that span lines are not tracked: their backticks count.
    if (this.tags.holding()) this.tags.releaseAll(this.spans);
    if (this.phase === Phase.Prefix) this.blankPrefix();
    if (this.deferredItem > 0) {
      // An empty item cannot interrupt a paragraph: the line is paragraph text.
      this.deferredItem = 0;
      this.beginParagraph();
    }
    if (this.marker.kind !== Marker.None) this.markerAloneOnLine();
    if (this.atx.pending) this.settleAtx(true);
    this.endsWithRule();
    this.closeUnmatched();
    switch (this.leaf) {
      case Leaf.Fenced:
        if (this.fence.info) {
          if (this.fence.run.char === '`') this.fenceConfirmed();
          else this.fence.info = false;
        } else if (this.fence.closesAtLineEnd()) this.leaf = Leaf.None;
        break;
      case Leaf.Html:
        if (this.html.ended || (this.blank && this.html.holdsCalls())) this.leaf = Leaf.None;
        break;
      case Leaf.Paragraph:
        if (this.blank) {
          this.leaf = Leaf.None;
          this.spans.paragraphEnd(this.offset);
        }
        break;
      case Leaf.Heading:
        // A heading is one line: its code spans end with it, and the next line starts a block.
        this.leaf = Leaf.None;
        this.spans.paragraphEnd(this.offset);
        break;
      default:
        break;
    }
    // A list item may begin with at most one blank line: one that opened empty ends at a blank line
    // (unless a container opened on this line already replaced it).
    if (this.blank && this.emptyItem >= 0 && this.emptyItem < Math.min(this.containers.length, this.openedFrom)) {
      this.containers.length = this.emptyItem;
      if (this.leaf !== Leaf.Fenced && this.leaf !== Leaf.Html) this.leaf = Leaf.None;
    }
    this.emptyItem = this.growing;
    this.offset++;
    this.newLine();
  }

  /** A line that ended inside the prefixes: list items go on over a blank line, block quotes end. */
  private blankPrefix(): void {
    for (let i = this.matched; i < this.containers.length; i++) {
      if (this.containers[i] !== QUOTE) continue;
      this.containers.length = i;
      if (this.leaf === Leaf.Paragraph) this.spans.paragraphEnd(this.offset);
      this.leaf = Leaf.None;
      return;
    }
  }

  /** State at the start of a line. */
  private newLine(): void {
    this.column = 0;
    this.blockColumn = 0;
    this.matched = 0;
    this.unmatched = -1;
    this.lineStart = true;
    this.blank = true;
    this.marker.kind = Marker.None;
    this.growing = -1;
    this.quoteSpace = false;
    this.interruptsParagraph = false;
    this.deferredItem = 0;
    this.openedFrom = Infinity;
    this.rule.cancel();
    this.atx.cancel();
    this.fence.lineStart();
    this.run.clear();
    this.html.newLine();
    this.phase = Phase.Prefix;
    if (this.containers.length === 0) this.enterBlock();
  }

  /** Columns: a tab goes to the next multiple of four, and a line it begins is no line start for tool syntaxes. */
  private advance(unit: string): void {
    if (unit === '\t') {
      this.column += 4 - (this.column % 4);
      this.lineStart = false;
    } else this.column++;
  }
}
