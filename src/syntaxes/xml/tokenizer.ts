import { TagReader, TagStep } from './tag.js';
import { SourcePosition } from '../shared/position.js';

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
}

/** Longest tag inside a body before its `<` is taken as text. */
const MAX_TAG_LENGTH = 4096;

const enum Mode {
  Text,
  Tag,
  CData,
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
      }
    }
    return -1;
  }

  /** What the input ended inside of, as written (a tag or a CDATA section not finished), else ''. */
  pending(): string {
    if (this.mode === Mode.Tag) return this.tagRaw;
    if (this.mode === Mode.CData) return this.tagRaw + this.cdata;
    return '';
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
