import { TagReader, TagStep, type Position } from './tag.js';
import { CloseStep, CloseTagMatcher } from '../shared/close-tag.js';
import { SourcePosition } from '../shared/position.js';
import { isBlank } from '../shared/units.js';

export type { Position } from './tag.js';

/** Receives the tokens of a block body in order. */
export interface TokenSink {
  /**
   * Text as written (possibly in pieces; a `<` that starts no tag is text too); `at`: where its
   * first unit that `trim()` keeps is, `undefined` when it is blank.
   */
  text(raw: string, at: Position | undefined): void;
  /** A complete CDATA section: its content. */
  cdata(content: string, at: Position): void;
  /** A complete open tag. */
  open(tag: TagReader): void;
  /** A complete close tag; returns `true` when it is the block's closer. Not to be kept: its reader is reused. */
  close(tag: TagReader): boolean;
  /** A start content marker (`__START_CONTENT__`, blanks before it allowed) began the value. */
  contentStart(): void;
  /** Text between content markers: taken verbatim (possibly in pieces). */
  verbatim(text: string): void;
  /** The end content marker (`__END_CONTENT__`) as written. */
  contentEnd(raw: string): void;
}

/**
 * Content markers as autobyteus teaches them: a value whose text starts with
 * a start marker is taken verbatim up to the matching end marker, tags and
 * all — the end marker that the value's close tag follows (blanks between
 * allowed): one mentioned in the content (`# __END_CONTENT__ ends it`) is
 * content, as autobyteus's write-file parser reads it.
 */
const CONTENT_MARKERS: ReadonlyArray<readonly [start: string, end: string]> = [
  ['__START_CONTENT__', '__END_CONTENT__'],
  ['__START_PATCH__', '__END_PATCH__'],
];

/**
 * Reads the start of a value, one unit at a time, for a start content marker: blanks, then a
 * marker's prefix, are held. Shared by the `<tool>` values and the `<write_file>` body.
 */
export class MarkerStart {
  /** The units held so far, as written (blanks, then a start marker's prefix). */
  held = '';
  /** The units of `held` after its blanks. */
  private part = '';

  /** Starts over, for the next value (a tokenizer reuses one). */
  reset(): void {
    this.held = '';
    this.part = '';
  }

  /**
   * Takes the next unit: `undefined` while it is held, the marker pair once the start marker is
   * complete (`held` is its text, blanks included), `false` when the value does not start with
   * one (`held` is text, and this unit is read again).
   */
  push(unit: string): readonly [start: string, end: string] | false | undefined {
    if (this.part === '') {
      if (isBlank(unit)) {
        this.held += unit;
        return undefined;
      }
      // Most values start with neither marker: decided by their first unit, with nothing made.
      if (unit !== MARKER_LEAD) return false;
    }
    const part = this.part + unit;
    for (const marker of CONTENT_MARKERS) {
      if (!marker[0].startsWith(part)) continue;
      this.held += unit;
      this.part = part;
      return part === marker[0] ? marker : undefined;
    }
    return false;
  }
}

/** The first unit of every start content marker. */
const MARKER_LEAD = '_';

/** A unit `String.prototype.trim` removes; a unit it keeps. */
const WHITESPACE = /\s/;
const NOT_BLANK = /\S/;

/** Longest tag inside a body before its `<` is taken as text. */
const MAX_TAG_LENGTH = 4096;

/** What a unit past an end marker did. */
const enum AfterEnd {
  /** Held: blanks, or the close tag so far. */
  Held,
  /** Completed the close tag, which was read (the value ended at the marker). */
  Read,
  /** As `Read`, and the tag closed the block. */
  Closed,
  /** Not the close tag: the marker was content; this unit is to be read again. */
  Again,
}

const enum Mode {
  Text,
  Tag,
  CData,
  /** At the start of a value: blanks, then maybe a start content marker. */
  MarkerStart,
  /** Between content markers: everything up to the end marker is verbatim. */
  Verbatim,
  /** Just past an end marker: blanks, then the value's close tag, make it the end. */
  AfterEndMarker,
}

/**
 * Splits a block body into text, CDATA sections and tags, incrementally and
 * in one forward pass: text runs up to the next `<` go out at once, a tag is
 * held only while it is being read (at most {@link MAX_TAG_LENGTH} units),
 * and a `<` that turns out to start no tag is text, the unit that broke it
 * read again. Inside CDATA only `]]>` matters.
 */
export class XmlTokenizer {
  /** Offset, line and column of the next unit. */
  private readonly at: SourcePosition;

  private mode = Mode.Text;
  /**
   * Units read but not handed on yet: the tag so far (with a CDATA section's content); a possible
   * end marker's prefix, or the end marker and what follows it (units held there have no position
   * yet). At the start of a value, {@link markerStart} holds them.
   */
  private held = '';
  /** Line and column of the first held unit (a position object is made only when one is handed on). */
  private heldLine = 1;
  private heldColumn = 1;
  private tag!: TagReader;
  /** A reader no one keeps (its tag failed, closed or began CDATA), for the next `<`. */
  private spareTag: TagReader | undefined;
  /** CDATA: `]` units right before the next unit. */
  private brackets = 0;
  /** MarkerStart: the start of the value read so far (one reader, reset for each value). */
  private readonly markerStart = new MarkerStart();
  /** Verbatim: the end marker that ends it. */
  private endMarker = '';
  /** The name of the value's close tag, lower case: what must follow the end marker. */
  private valueCloseName = '';
  /** Verbatim: the value's close tag, matched once the value turns out to have content markers. */
  private valueClose!: CloseTagMatcher;

  constructor(
    private readonly sink: TokenSink,
    /** Units of the opener before the body (on line 1). */
    openerLength: number,
  ) {
    this.at = new SourcePosition(openerLength + 1);
  }

  /** Consumes `text[from..to)`; returns the index just past the block's closer, or -1. */
  read(text: string, from: number, to: number): number {
    let i = from;
    while (i < to) {
      const mode = this.mode;
      if (mode === Mode.Text) {
        let j = text.indexOf('<', i);
        if (j < 0 || j >= to) j = to;
        if (j > i) {
          let at: Position | undefined;
          for (let k = i; k < j; k++) {
            if (at === undefined && !WHITESPACE.test(text[k]!)) at = this.position();
            this.at.advance(text[k]!);
          }
          this.sink.text(text.slice(i, j), at);
        }
        if (j < to) {
          this.mode = Mode.Tag;
          this.tag = this.spareTag ?? new TagReader(true);
          this.spareTag = undefined;
          this.tag.start = this.at.offset;
          this.hold('<');
          this.at.advance('<');
        }
        i = j + 1;
      } else if (mode === Mode.Tag) {
        // The tag's units here are held as one slice: a string made per unit copied the tag so far each time.
        const start = i;
        const room = MAX_TAG_LENGTH - this.held.length;
        let step = TagStep.More;
        while (i < to) {
          const unit = text[i]!;
          step = i - start >= room ? TagStep.Fail : this.tag.push(unit);
          if (step === TagStep.Fail) break;
          this.at.advance(unit);
          i++;
          if (step === TagStep.Done) break;
        }
        // The `<` held on its own is this text's unit before the tag when the tag began here: one slice for both.
        this.held = this.held === '<' && start > 0 && text[start - 1] === '<' ? text.slice(start - 1, i) : this.held + text.slice(start, i);
        // Not a tag: what was held is text, and the unit that broke it is read again as text.
        if (step === TagStep.Fail) {
          this.heldAsText();
          this.release(this.tag);
        } else if (step === TagStep.Done && this.endTag()) return i;
      } else if (mode === Mode.CData) i = this.readCData(text, i, to);
      else if (mode === Mode.MarkerStart) {
        if (this.markerUnit(text[i]!)) i++;
      } else if (mode === Mode.Verbatim) i = this.readVerbatim(text, i, to);
      else {
        const step = this.afterEndUnit(text[i]!);
        if (step === AfterEnd.Closed) return i + 1;
        if (step !== AfterEnd.Again) i++;
      }
    }
    return -1;
  }

  /** Starts holding units: `held` from here. */
  private hold(held: string): void {
    this.held = held;
    this.heldLine = this.at.line;
    this.heldColumn = this.at.column;
  }

  /** What was held is text after all. */
  private heldAsText(): void {
    this.mode = Mode.Text;
    // A tag's units start with its `<`; a value's start may be blanks only.
    if (this.held !== '') this.sink.text(this.held, NOT_BLANK.test(this.held) ? this.heldAt() : undefined);
    this.held = '';
  }

  /**
   * One unit past an end marker: blanks, then the value's close tag, are held. At the close
   * tag's `>` the marker ended the value: the held units and this one are read as markup. When
   * they turn out not to be the close tag, the marker was content: it and the held units go back
   * to the verbatim text (read again, so a marker among them still counts), and this unit is to
   * be read again.
   */
  private afterEndUnit(unit: string): AfterEnd {
    const close = this.valueClose;
    let step: CloseStep;
    if (close.held === '') {
      if (isBlank(unit)) step = CloseStep.More;
      else if (unit === '<') {
        close.start();
        step = CloseStep.More;
      } else step = CloseStep.Fail;
    } else step = close.push(unit);
    if (step === CloseStep.More) {
      this.held += unit;
      return AfterEnd.Held;
    }
    const held = this.held;
    this.held = '';
    close.release();
    if (step === CloseStep.Done) {
      const marker = held.slice(0, this.endMarker.length);
      this.mode = Mode.Text;
      this.advanceOver(marker, 0, marker.length);
      this.sink.contentEnd(marker);
      // Units held past the marker had no position yet: read now, as if they arrived now.
      const units = held.slice(marker.length) + unit;
      return this.read(units, 0, units.length) >= 0 ? AfterEnd.Closed : AfterEnd.Read;
    }
    // The marker was content: its first unit is verbatim, the rest is read again (the real end
    // marker may start inside it: `__END_CONTENT___END_CONTENT__</arg>`).
    this.mode = Mode.Verbatim;
    this.advanceOver(held, 0, 1);
    this.sink.verbatim(held[0]!);
    this.read(held, 1, held.length);
    return AfterEnd.Again;
  }

  /**
   * A value starts here: if its text starts (after blanks) with a start
   * content marker, it is taken verbatim up to the end marker.
   */
  expectContentMarker(closeName: string): void {
    this.valueCloseName = closeName;
    this.mode = Mode.MarkerStart;
    this.markerStart.reset();
    this.hold('');
  }

  /** One unit at the start of a value. Returns `false` when the unit is to be read again as text. */
  private markerUnit(unit: string): boolean {
    const start = this.markerStart;
    const marker = start.push(unit);
    if (marker === false) {
      // No marker: what was held is text, and this unit is read again as text.
      this.held = start.held;
      this.heldAsText();
      return false;
    }
    this.at.advance(unit);
    if (marker !== undefined) {
      this.mode = Mode.Verbatim;
      this.endMarker = marker[1];
      this.valueClose = new CloseTagMatcher(this.valueCloseName);
      this.sink.contentStart();
    }
    return true;
  }

  /** Between content markers: everything up to the end marker. Returns where reading stopped. */
  private readVerbatim(text: string, from: number, to: number): number {
    let i = from;
    while (i < to) {
      if (this.held === '') {
        // Fast path: everything before the next `_` is verbatim.
        let j = text.indexOf('_', i);
        if (j < 0 || j >= to) j = to;
        if (j > i) {
          this.advanceOver(text, i, j);
          this.sink.verbatim(text.slice(i, j));
        }
        if (j === to) return to;
        i = j;
      }
      // Held units get their position when they turn out to be verbatim or the end: a marker that
      // was content is read again from its second unit (it may overlap the real one).
      let held = this.held + text[i++]!;
      // The longest end of what is held that can still begin the end marker stays held.
      let start = 0;
      while (start < held.length && !this.endMarker.startsWith(held.slice(start))) start++;
      if (start > 0) {
        this.advanceOver(held, 0, start);
        this.sink.verbatim(held.slice(0, start));
      }
      held = held.slice(start);
      this.held = held;
      if (held === this.endMarker) {
        // The end only if the value's close tag follows: held until that shows.
        this.mode = Mode.AfterEndMarker;
        return i;
      }
    }
    return to;
  }

  /** What the input ended inside of, as written (a tag or a CDATA section not finished), else ''. */
  pending(): string {
    return this.mode === Mode.MarkerStart ? this.markerStart.held : this.held;
  }

  /**
   * The input ended inside the block: what is held is handed on as what it most likely was —
   * verbatim text between content markers, nothing past an end marker (best effort, it was the
   * end), else text.
   */
  end(): void {
    const pending = this.pending();
    if (this.mode === Mode.Verbatim) this.sink.verbatim(pending);
    else if (this.mode !== Mode.AfterEndMarker && pending !== '') this.sink.text(pending, NOT_BLANK.test(pending) ? this.firstKeptOf(pending) : undefined);
  }

  /**
   * Where the first unit of the held `pending` that `trim()` keeps is: counted on from where the
   * holding began (a tag's `<`; a value's start, blanks first), not where the input stopped.
   */
  private firstKeptOf(pending: string): Position {
    const at = new SourcePosition(this.heldColumn);
    at.line = this.heldLine;
    for (let i = 0; WHITESPACE.test(pending[i]!); i++) at.advance(pending[i]!);
    return { line: at.line, column: at.column };
  }

  /** Position of the first held unit. */
  private heldAt(): Position {
    return { line: this.heldLine, column: this.heldColumn };
  }

  /** Position of the next unit. */
  position(): Position {
    return { line: this.at.line, column: this.at.column };
  }

  /** A tag is complete: hand it to the sink. Returns `true` when it closed the block. */
  private endTag(): boolean {
    const tag = this.tag;
    if (tag.kind === 'cdata') {
      this.mode = Mode.CData;
      this.brackets = 0;
      this.release(tag);
      return false;
    }
    this.mode = Mode.Text;
    tag.raw = this.held;
    tag.at = this.heldAt();
    tag.end = this.at.offset;
    tag.lower = tag.name.toLowerCase();
    this.held = '';
    if (tag.kind === 'close') {
      const closed = this.sink.close(tag);
      this.release(tag);
      return closed;
    }
    this.sink.open(tag);
    return false;
  }

  /** `tag` is done with (the sink keeps open tags only): its reader reads the next `<`. */
  private release(tag: TagReader): void {
    tag.reset();
    this.spareTag = tag;
  }

  /** Inside CDATA: everything up to `]]>`. Returns where reading stopped. */
  private readCData(text: string, from: number, to: number): number {
    let j = text.indexOf('>', from);
    if (j < 0 || j >= to) j = to;
    // The run of `]` before the next unit, continued from the last piece when this one is all `]`.
    let k = j;
    while (k > from && text[k - 1] === ']') k--;
    this.brackets = k === from ? this.brackets + j - k : j - k;
    const end = j < to ? j + 1 : to;
    this.advanceOver(text, from, end);
    this.held += text.slice(from, end);
    if (j === to) return to;
    if (this.brackets < 2) {
      this.brackets = 0;
      return end;
    }
    // `<![CDATA[` … `]]>`
    const content = this.held.slice(9, -3);
    this.held = '';
    this.mode = Mode.Text;
    this.sink.cdata(content, this.heldAt());
    return end;
  }

  private advanceOver(text: string, from: number, to: number): void {
    for (let i = from; i < to; i++) this.at.advance(text[i]!);
  }
}
