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

/**
 * Reads one tag. Attribute values must be quoted (`"` or `'`), hold no `<`
 * and are kept as written (no entity decoding); an attribute without a
 * value is not a tag. With `allowLineBreaks` false (an opener), a line break anywhere fails.
 */
export class TagReader {
  kind: TagKind = 'open';
  name = '';
  readonly attrs: Array<[name: string, value: string]> = [];
  selfClosing = false;
  /** The name is complete (a unit after it was read). */
  nameComplete = false;

  // Set by the tokenizer on a complete tag in a block body:
  /** `name` in lower case (tag names are case-insensitive). */
  lower = '';
  /** The tag as written. */
  raw = '';
  /** Where the tag's `<` is, counted from the block's `<` (line 1, column 1). */
  at: Position = { line: 1, column: 1 };
  /** Offsets of the tag's `<`, and of the unit just past it, in the body. */
  start = 0;
  end = 0;

  private state = State.Start;
  private attrName = '';
  private attrValue = '';
  private quote = '';
  private bang = 0;

  constructor(private readonly allowLineBreaks: boolean) {}

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
          this.attrs.push([this.attrName, this.attrValue]);
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
