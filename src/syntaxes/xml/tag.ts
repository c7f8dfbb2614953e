/**
 * An XML-ish tag read one code unit at a time, after its `<`: an open tag
 * `name attr="v" attr='v'` ending in `>` or `/>`, a close tag `/name` ending
 * in `>`, or the start of a CDATA section `![CDATA[`. Used by the opener and
 * by the block body alike, so both agree on what a tag is.
 */

/** A place in a block, counted from its `<` (line 1, column 1). */
export interface Position {
  line: number;
  column: number;
}

/** What a pushed unit did to the tag. */
export const enum TagStep {
  /** Still a possible tag: push the next unit. */
  More,
  /** The tag is complete with this unit. */
  Done,
  /** This unit cannot continue a tag: the units before it are text. */
  Fail,
}

/** The kind of a completed tag. */
export type TagKind = 'open' | 'close' | 'cdata';

const enum State {
  Start,
  OpenName,
  CloseName,
  CloseEnd,
  BeforeAttr,
  AttrName,
  AfterAttrName,
  BeforeValue,
  Value,
  AfterValue,
  SelfClose,
  Bang,
}

const CDATA_TAIL = '[CDATA[';

/** `[A-Za-z_]`: a tag or attribute name starts with one of these. */
function isNameStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

/** `[A-Za-z0-9_.:-]`: the rest of a tag or attribute name. */
export function isNameUnit(code: number): boolean {
  return isNameStart(code) || (code >= 48 && code <= 57) || code === 46 || code === 58 || code === 45;
}

function isLineBreak(unit: string): boolean {
  return unit === '\n' || unit === '\r';
}

/** The attributes of a tag that has none: shared, never added to (see {@link TagReader.attrs}). */
const NO_ATTRS: ReadonlyArray<readonly [name: string, value: string]> = [];

/** Where a tag whose position nobody set is (an opener's: its `<` is where the block starts). */
const BLOCK_START: Position = Object.freeze({ line: 1, column: 1 });

/**
 * Reads one tag. Attribute values must be quoted (`"` or `'`), hold no `<`
 * and are kept as written (no entity decoding); an attribute without a
 * value is not a tag. With `allowLineBreaks` false (an opener), a line break anywhere fails.
 */
export class TagReader {
  kind!: TagKind;
  name!: string;
  /**
   * The attributes in order, values as written. A tag with none shares one empty list, and the
   * first attribute makes a list of one: `[]` grown by a push reserved 17 slots, the most
   * memory a body's tag took.
   */
  attrs!: ReadonlyArray<readonly [name: string, value: string]>;
  selfClosing!: boolean;
  /** The name is complete (a unit after it was read). */
  nameComplete!: boolean;

  // Set by the tokenizer on a complete tag in a block body:
  /** `name` in lower case (tag names are case-insensitive). */
  lower!: string;
  /** The tag as written. */
  raw!: string;
  /** Where the tag's `<` is, counted from the block's `<` (line 1, column 1). */
  at!: Position;
  /** Offsets of the tag's `<`, and of the unit just past it, in the body. */
  start!: number;
  end!: number;

  private state!: State;
  private attrName!: string;
  private attrValue!: string;
  private quote!: string;
  private bang!: number;

  constructor(private readonly allowLineBreaks: boolean) {
    this.reset();
  }

  /**
   * Makes this a reader of a new tag. A body's tokenizer reuses the reader of a tag that failed
   * or closed (nothing keeps those): a `<` in text made a reader of about 140 bytes each.
   */
  reset(): void {
    this.kind = 'open';
    this.name = '';
    this.attrs = NO_ATTRS;
    this.selfClosing = false;
    this.nameComplete = false;
    this.lower = '';
    this.raw = '';
    this.at = BLOCK_START;
    this.start = 0;
    this.end = 0;
    this.state = State.Start;
    this.attrName = '';
    this.attrValue = '';
    this.quote = '';
    this.bang = 0;
  }

  /** The attribute named `name` (ASCII case-insensitive), if given. */
  attr(name: string): string | undefined {
    for (const [key, value] of this.attrs) if (key.toLowerCase() === name) return value;
    return undefined;
  }

  push(unit: string): TagStep {
    const code = unit.charCodeAt(0);
    if (!this.allowLineBreaks && isLineBreak(unit)) return TagStep.Fail;
    const space = unit === ' ' || unit === '\t' || isLineBreak(unit);
    switch (this.state) {
      case State.Start:
        if (unit === '/') {
          this.kind = 'close';
          this.state = State.CloseName;
          return TagStep.More;
        }
        if (unit === '!') {
          this.kind = 'cdata';
          this.state = State.Bang;
          return TagStep.More;
        }
        if (!isNameStart(code)) return TagStep.Fail;
        this.name = unit;
        this.state = State.OpenName;
        return TagStep.More;
      case State.OpenName:
        if (isNameUnit(code)) {
          this.name += unit;
          return TagStep.More;
        }
        this.nameComplete = true;
        if (space) this.state = State.BeforeAttr;
        else return this.ending(unit);
        return TagStep.More;
      case State.CloseName:
        if (isNameUnit(code) && (this.name !== '' || isNameStart(code))) {
          this.name += unit;
          return TagStep.More;
        }
        if (this.name === '') return TagStep.Fail;
        this.nameComplete = true;
        if (unit === '>') return TagStep.Done;
        if (!space) return TagStep.Fail;
        this.state = State.CloseEnd;
        return TagStep.More;
      case State.CloseEnd:
        if (unit === '>') return TagStep.Done;
        return space ? TagStep.More : TagStep.Fail;
      case State.BeforeAttr:
        if (space) return TagStep.More;
        if (isNameStart(code)) {
          this.attrName = unit;
          this.state = State.AttrName;
          return TagStep.More;
        }
        return this.ending(unit);
      case State.AttrName:
        if (isNameUnit(code)) {
          this.attrName += unit;
          return TagStep.More;
        }
        if (unit === '=') this.state = State.BeforeValue;
        else if (space) this.state = State.AfterAttrName;
        else return TagStep.Fail;
        return TagStep.More;
      case State.AfterAttrName:
        if (space) return TagStep.More;
        if (unit !== '=') return TagStep.Fail;
        this.state = State.BeforeValue;
        return TagStep.More;
      case State.BeforeValue:
        if (space) return TagStep.More;
        if (unit !== '"' && unit !== "'") return TagStep.Fail;
        this.quote = unit;
        this.attrValue = '';
        this.state = State.Value;
        return TagStep.More;
      case State.Value:
        if (unit === this.quote) {
          const attr = [this.attrName, this.attrValue] as const;
          if (this.attrs === NO_ATTRS) this.attrs = [attr];
          else (this.attrs as Array<readonly [string, string]>).push(attr);
          this.state = State.AfterValue;
        } else if (unit === '<') {
          // A `<` is never inside a tag, so a tag that fails never hides one (a `</arg>` after `x="`).
          return TagStep.Fail;
        } else this.attrValue += unit;
        return TagStep.More;
      case State.AfterValue:
        if (space) {
          this.state = State.BeforeAttr;
          return TagStep.More;
        }
        return this.ending(unit);
      case State.SelfClose:
        if (unit !== '>') return TagStep.Fail;
        this.selfClosing = true;
        return TagStep.Done;
      case State.Bang:
        if (unit !== CDATA_TAIL[this.bang]) return TagStep.Fail;
        return ++this.bang === CDATA_TAIL.length ? TagStep.Done : TagStep.More;
    }
  }

  /** `>` or the `/` of `/>` where the tag may end; anything else fails. */
  private ending(unit: string): TagStep {
    if (unit === '>') return TagStep.Done;
    if (unit === '/') {
      this.state = State.SelfClose;
      return TagStep.More;
    }
    return TagStep.Fail;
  }
}
