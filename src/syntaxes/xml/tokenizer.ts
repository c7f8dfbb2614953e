import { TagReader, TagStep } from './tag.js';
import { CloseStep, CloseTagMatcher } from '../shared/close-tag.js';
import { SourcePosition } from '../shared/position.js';
import { isBlank } from '../shared/units.js';

/** Where a token starts, counted from the block's `<` (line 1, column 1). */
export interface Position {
  line: number;
  column: number;
}

/** A complete open tag in a block body. */
export interface OpenTag {
  name: string;
  /** `name` in lower case (tag names are case-insensitive). */
  lower: string;
  attrs: ReadonlyArray<[name: string, value: string]>;
  /** The attribute named `name`, case-insensitive. */
  attr(name: string): string | undefined;
  selfClosing: boolean;
  raw: string;
  at: Position;
  /** Offset of the unit just past the tag in the body. */
  end: number;
}

/** A complete close tag in a block body. */
export interface CloseTag {
  name: string;
  lower: string;
  raw: string;
  at: Position;
  /** Offset of the tag's `<` in the body. */
  start: number;
}

/** Receives the tokens of a block body in order. */
export interface TokenSink {
  /** Text as written (possibly in pieces; a `<` that starts no tag is text too). */
  text(raw: string, at: Position): void;
  /** A complete CDATA section: its content, and the section as written. */
  cdata(content: string, raw: string, at: Position): void;
  open(tag: OpenTag): void;
  /** Returns `true` when this close tag is the block's closer. */
  close(tag: CloseTag): boolean;
  /** A start content marker (`__START_CONTENT__`), with the blanks before it, as written. */
  contentStart(raw: string, at: Position): void;
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

  /**
   * Takes the next unit: `undefined` while it is held, the marker pair once the start marker is
   * complete (`held` is its text, blanks included), `false` when the value does not start with
   * one (`held` is text, and this unit is read again).
   */
  push(unit: string): readonly [start: string, end: string] | false | undefined {
    if (this.part === '' && isBlank(unit)) {
      this.held += unit;
      return undefined;
    }
    const part = this.part + unit;
    const marker = CONTENT_MARKERS.find(([start]) => start.startsWith(part));
    if (marker === undefined) return false;
    this.held += unit;
    this.part = part;
    return part === marker[0] ? marker : undefined;
  }
}

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
  private tag: TagReader | undefined;
  private tagRaw = '';
  private tagAt: Position = { line: 1, column: 1 };
  private tagStart = 0;
  private cdata = '';
  private brackets = 0;
  /** Verbatim: a possible end marker's prefix. */
  private held = '';
  /** MarkerStart: the start of the value read so far. */
  private markerStart = new MarkerStart();
  private heldAt: Position = { line: 1, column: 1 };
  /** Verbatim: the end marker that ends it. */
  private endMarker = '';
  /** Verbatim: the value's close tag, which must follow the end marker. */
  private valueClose: CloseTagMatcher | undefined;
  /** AfterEndMarker: the units read past the end marker (blanks, then `</name` so far). Held units (these, and `held`) have no position yet. */
  private afterEnd = '';

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
      switch (this.mode) {
        case Mode.Text: {
          let j = i;
          while (j < to && text.charCodeAt(j) !== 60) j++;
          if (j > i) {
            const at = this.position();
            this.advanceOver(text, i, j);
            this.sink.text(text.slice(i, j), at);
          }
          if (j < to) {
            this.startTag();
            this.at.advance('<');
          }
          i = j + 1;
          break;
        }
        case Mode.Tag: {
          const unit = text[i]!;
          const step = this.tagRaw.length >= MAX_TAG_LENGTH ? TagStep.Fail : this.tag!.push(unit);
          if (step === TagStep.Fail) {
            // Not a tag: what was held is text, and this unit is read again as text.
            this.mode = Mode.Text;
            this.sink.text(this.tagRaw, this.tagAt);
            this.tagRaw = '';
            break;
          }
          this.tagRaw += unit;
          this.at.advance(unit);
          i++;
          if (step === TagStep.Done && this.endTag()) return i;
          break;
        }
        case Mode.CData:
          i = this.readCData(text, i, to);
          break;
        case Mode.MarkerStart:
          if (this.markerUnit(text[i]!)) i++;
          break;
        case Mode.Verbatim:
          i = this.readVerbatim(text, i, to);
          break;
        case Mode.AfterEndMarker: {
          const step = this.afterEndUnit(text[i]!);
          if (step === AfterEnd.Closed) return i + 1;
          if (step !== AfterEnd.Again) i++;
          break;
        }
      }
    }
    return -1;
  }

  /**
   * One unit past an end marker: blanks, then the value's close tag, are held. At the close
   * tag's `>` the marker ended the value: the held units and this one are read as markup. When
   * they turn out not to be the close tag, the marker was content: it and the held units go back
   * to the verbatim text (read again, so a marker among them still counts), and this unit is to
   * be read again.
   */
  private afterEndUnit(unit: string): AfterEnd {
    const close = this.valueClose!;
    let step: CloseStep;
    if (close.held === '') {
      if (isBlank(unit)) step = CloseStep.More;
      else if (unit === '<') {
        close.start();
        step = CloseStep.More;
      } else step = CloseStep.Fail;
    } else step = close.push(unit);
    if (step === CloseStep.More) {
      this.afterEnd += unit;
      return AfterEnd.Held;
    }
    const marker = this.held;
    const after = this.afterEnd;
    this.held = '';
    this.afterEnd = '';
    close.release();
    if (step === CloseStep.Done) {
      this.mode = Mode.Text;
      this.advanceOver(marker, 0, marker.length);
      this.sink.contentEnd(marker);
      // Units held past the marker had no position yet: read now, as if they arrived now.
      const units = after + unit;
      return this.read(units, 0, units.length) >= 0 ? AfterEnd.Closed : AfterEnd.Read;
    }
    // The marker was content: its first unit is verbatim, the rest is read again (the real end
    // marker may start inside it: `__END_CONTENT___END_CONTENT__</arg>`).
    this.mode = Mode.Verbatim;
    this.advanceOver(marker, 0, 1);
    this.sink.verbatim(marker[0]!);
    const rest = marker.slice(1) + after;
    this.read(rest, 0, rest.length);
    return AfterEnd.Again;
  }

  /**
   * A value starts here: if its text starts (after blanks) with a start
   * content marker, it is taken verbatim up to the end marker.
   */
  expectContentMarker(closeName: string): void {
    this.valueClose = new CloseTagMatcher(closeName);
    this.mode = Mode.MarkerStart;
    this.markerStart = new MarkerStart();
    this.heldAt = this.position();
  }

  /** One unit at the start of a value. Returns `false` when the unit is to be read again as text. */
  private markerUnit(unit: string): boolean {
    const start = this.markerStart;
    const marker = start.push(unit);
    if (marker === false) {
      // No marker: what was held is text, and this unit is read again as text.
      this.mode = Mode.Text;
      if (start.held !== '') this.sink.text(start.held, this.heldAt);
      return false;
    }
    this.at.advance(unit);
    if (marker !== undefined) {
      this.mode = Mode.Verbatim;
      this.endMarker = marker[1];
      this.sink.contentStart(start.held, this.heldAt);
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
      const unit = text[i]!;
      i++;
      let held = this.held + unit;
      // The longest end of what is held that can still begin the end marker stays held.
      let start = 0;
      while (start < held.length && !this.endMarker.startsWith(held.slice(start))) start++;
      if (start > 0) {
        this.advanceOver(held, 0, start);
        this.sink.verbatim(held.slice(0, start));
      }
      held = held.slice(start);
      if (held === this.endMarker) {
        // The end only if the value's close tag follows: held until that shows.
        this.held = held;
        this.mode = Mode.AfterEndMarker;
        return i;
      }
      this.held = held;
    }
    return to;
  }

  /** What the input ended inside of, as written (a tag or a CDATA section not finished), else ''. */
  pending(): string {
    if (this.mode === Mode.Tag) return this.tagRaw;
    if (this.mode === Mode.CData) return this.tagRaw + this.cdata;
    if (this.mode === Mode.MarkerStart) return this.markerStart.held;
    if (this.mode === Mode.Verbatim) return this.held;
    if (this.mode === Mode.AfterEndMarker) return this.held + this.afterEnd;
    return '';
  }

  /** Units of {@link pending}, counted without building it (a long CDATA section would cost its length). */
  pendingLength(): number {
    if (this.mode === Mode.Tag) return this.tagRaw.length;
    if (this.mode === Mode.CData) return this.tagRaw.length + this.cdata.length;
    if (this.mode === Mode.MarkerStart) return this.markerStart.held.length;
    if (this.mode === Mode.Verbatim) return this.held.length;
    if (this.mode === Mode.AfterEndMarker) return this.held.length + this.afterEnd.length;
    return 0;
  }

  /** Whether the input ended between content markers (the pending units are then verbatim). */
  get inVerbatim(): boolean {
    return this.mode === Mode.Verbatim;
  }

  /**
   * Whether the input ended just past an end marker (and blanks, maybe part of the close tag):
   * best effort, the marker ended the value, and the pending units are not content.
   */
  get afterEndMarker(): boolean {
    return this.mode === Mode.AfterEndMarker;
  }

  /** Position of the next unit. */
  position(): Position {
    return { line: this.at.line, column: this.at.column };
  }

  private startTag(): void {
    this.mode = Mode.Tag;
    this.tag = new TagReader(true);
    this.tagRaw = '<';
    this.tagAt = this.position();
    this.tagStart = this.at.offset;
  }

  /** A tag is complete: hand it to the sink. Returns `true` when it closed the block. */
  private endTag(): boolean {
    const tag = this.tag!;
    const raw = this.tagRaw;
    this.tag = undefined;
    this.mode = Mode.Text;
    if (tag.kind === 'cdata') {
      this.mode = Mode.CData;
      this.cdata = '';
      this.brackets = 0;
      return false;
    }
    this.tagRaw = '';
    const lower = tag.name.toLowerCase();
    if (tag.kind === 'close') return this.sink.close({ name: tag.name, lower, raw, at: this.tagAt, start: this.tagStart });
    this.sink.open({
      name: tag.name,
      lower,
      attrs: tag.attrs,
      attr: (name) => tag.attr(name),
      selfClosing: tag.selfClosing,
      raw,
      at: this.tagAt,
      end: this.at.offset,
    });
    return false;
  }

  /** Inside CDATA: everything up to `]]>`. Returns where reading stopped. */
  private readCData(text: string, from: number, to: number): number {
    for (let i = from; i < to; i++) {
      const unit = text[i]!;
      this.at.advance(unit);
      if (unit === '>' && this.brackets >= 2) {
        const content = this.cdata.slice(0, -2);
        const raw = `${this.tagRaw}${this.cdata}>`;
        this.tagRaw = '';
        this.cdata = '';
        this.mode = Mode.Text;
        this.sink.cdata(content, raw, this.tagAt);
        return i + 1;
      }
      this.brackets = unit === ']' ? this.brackets + 1 : 0;
      this.cdata += unit;
    }
    return to;
  }

  private advanceOver(text: string, from: number, to: number): void {
    for (let i = from; i < to; i++) this.at.advance(text[i]!);
  }

}
