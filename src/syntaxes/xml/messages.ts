import type { OpenTag, Position } from './tokenizer.js';

/**
 * How a `<tool>` block's error messages name places and elements: positions as `line L, column C`
 * (counted from the opener's `<`), elements as they were opened, text as a short quote.
 */

/**
 * The position of the first unit of `text` that `trim()` keeps (so whether text
 * is blank and where it starts agree, however the text was split), `text`
 * starting at `at`; `afterCR`: the unit before `text` was `\r`.
 */
export function firstNonBlank(text: string, at: Position, afterCR: boolean): Position {
  let { line, column } = at;
  for (let i = 0; i < text.length; i++) {
    const unit = text[i]!;
    const crBefore = i === 0 ? afterCR : text[i - 1] === '\r';
    if (unit === '\r' || (unit === '\n' && !crBefore)) {
      line++;
      column = 1;
    } else if (unit === '\n') continue;
    else if (WHITESPACE.test(unit)) column++;
    else break;
  }
  return { line, column };
}

/** A unit `String.prototype.trim` removes. */
const WHITESPACE = /\s/;

export function where(at: Position): string {
  return `line ${at.line}, column ${at.column}`;
}

export function describeOpen(tag: OpenTag): string {
  const name = tag.attr('name');
  return name === undefined || tag.lower.includes(':') ? `<${tag.name}>` : `<${tag.name} name=${JSON.stringify(name)}>`;
}

/** A short quote of some text for an error message. */
export function excerpt(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}
