import { isBlank } from './units.js';

/** What one unit did to a close tag being matched. */
export const enum CloseStep {
  /** Still a possible close tag: the unit is held. */
  More,
  /** The `>` that completes it. */
  Done,
  /** Not the close tag: the held units are content, and this unit is to be read again. */
  Fail,
}

/**
 * Recognises a block's close tag `</name>` one unit at a time, across deltas: the name in any
 * ASCII case, blanks allowed before the `>`. It is fed from a `<` on ({@link start}); the units
 * matched so far are kept as written, to be given back as content when the tag fails.
 */
export class CloseTagMatcher {
  /** The units of a possible close tag, as written (`''` when none is being matched). */
  held = '';
  /** `</name` in lower case. */
  private readonly prefix: string;
  /** Past `</name`: only blanks before `>` are still the tag. */
  private inTail = false;

  /** @param name the tag name, lower case. */
  constructor(name: string) {
    this.prefix = `</${name}`;
  }

  /** A `<` was read: a close tag may begin. */
  start(): void {
    this.held = '<';
    this.inTail = false;
  }

  /** The next unit after what is held (only while something is held). */
  push(unit: string): CloseStep {
    if (this.inTail) {
      if (unit === '>') {
        this.held = '';
        this.inTail = false;
        return CloseStep.Done;
      }
      if (!isBlank(unit)) return CloseStep.Fail;
    } else {
      if (unit.toLowerCase() !== this.prefix[this.held.length]) return CloseStep.Fail;
      if (this.held.length + 1 === this.prefix.length) this.inTail = true;
    }
    this.held += unit;
    return CloseStep.More;
  }

  /** Gives up the held units (they are content): returns them and starts over. */
  release(): string {
    const held = this.held;
    this.held = '';
    this.inTail = false;
    return held;
  }
}
