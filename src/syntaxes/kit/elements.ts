import { isBlank } from '../shared/units.js';

/**
 * Reading the tag-shaped bodies of native formats (`<function=NAME>`, `<invoke name="NAME">`,
 * `<parameter=K>V</parameter>`, `<arg_key>K</arg_key><arg_value>V</arg_value>`): values are
 * text as written, found by plain search, never by a backtracking pattern.
 */

/** One element found by {@link elements}. */
export interface Element {
  /** What stands between the tag name and `>`: `=NAME`, ` name="K"`. */
  readonly attributes: string;
  /** The text between the opening and the closing tag, as written. */
  readonly content: string;
  /** Where the element starts (its `<`) and ends (past its closing tag, or the end of the text). */
  readonly start: number;
  readonly end: number;
  /** `false`: the text ended before the closing tag (its started prefix is not in `content`). */
  readonly closed: boolean;
  /** `false`: the text ended inside the opening tag; `attributes` is what was there. */
  readonly opened: boolean;
}

/**
 * The elements `<NAME…>…</NAME>` of `text` from `from`, in order, not nested: each ends at the
 * first `</NAME>` after it (the formats that use them write values raw, so a value cannot hold
 * its own closing tag). `NAME` is matched as written (`parameter`, `minimax:invoke`,
 * `｜DSML｜invoke`); the unit after it must be `>`, `=`, a blank or `/`, so `<parameters>` is
 * not a `<parameter>`. Text between elements is skipped ({@link between} gives it). A text
 * cut off inside an element gives it as far as it goes (`closed: false`).
 */
export function elements(text: string, name: string, from = 0): Element[] {
  const open = `<${name}`;
  const close = `</${name}>`;
  const found: Element[] = [];
  let at = from;
  for (;;) {
    const start = nextOpening(text, open, at);
    if (start < 0) return found;
    const tagEnd = text.indexOf('>', start + open.length);
    if (tagEnd < 0) {
      found.push({ attributes: text.slice(start + open.length), content: '', start, end: text.length, closed: false, opened: false });
      return found;
    }
    const attributes = text.slice(start + open.length, text[tagEnd - 1] === '/' ? tagEnd - 1 : tagEnd);
    if (text[tagEnd - 1] === '/') {
      found.push({ attributes, content: '', start, end: tagEnd + 1, closed: true, opened: true });
      at = tagEnd + 1;
      continue;
    }
    const closeAt = text.indexOf(close, tagEnd + 1);
    if (closeAt < 0) {
      const content = withoutStartOf(text.slice(tagEnd + 1), close);
      found.push({ attributes, content, start, end: text.length, closed: false, opened: true });
      return found;
    }
    found.push({ attributes, content: text.slice(tagEnd + 1, closeAt), start, end: closeAt + close.length, closed: true, opened: true });
    at = closeAt + close.length;
  }
}

/** The next `<NAME` from `at` followed by `>`, `=`, `/`, a blank or the end of the text. */
function nextOpening(text: string, open: string, at: number): number {
  for (;;) {
    const start = text.indexOf(open, at);
    if (start < 0) return -1;
    const next = text[start + open.length];
    if (next === undefined || next === '>' || next === '=' || next === '/' || isBlank(next)) return start;
    at = start + 1;
  }
}

/** The text outside `found` (between and around the elements), for checking that nothing else is there. */
export function between(text: string, found: readonly Element[], from = 0, to = text.length): string {
  let out = '';
  let at = from;
  for (const element of found) {
    out += text.slice(at, element.start);
    at = element.end;
  }
  return out + text.slice(at, to);
}

/**
 * The value of attribute `key` in an element's attributes: `key="v"`, `key='v'` or `key=v`
 * (up to a blank); `undefined` when absent. A value cut off by the end of the text is given
 * as far as it goes.
 */
export function attribute(attributes: string, key: string): string | undefined {
  let at = 0;
  for (;;) {
    const found = attributes.indexOf(key, at);
    if (found < 0) return undefined;
    const before = attributes[found - 1];
    let i = found + key.length;
    while (attributes[i] === ' ') i++;
    if ((before === undefined || before === ' ' || before === '\t' || before === '\n') && attributes[i] === '=') {
      i++;
      while (attributes[i] === ' ') i++;
      const quote = attributes[i];
      if (quote === '"' || quote === "'") {
        const end = attributes.indexOf(quote, i + 1);
        return attributes.slice(i + 1, end < 0 ? attributes.length : end);
      }
      let end = i;
      while (end < attributes.length && !/[\s>]/.test(attributes[end]!)) end++;
      return attributes.slice(i, end);
    }
    at = found + 1;
  }
}

/** `text` without one line break at its start and one at its end (`\n` or `\r\n`): how templates lay a value out between tags. */
export function trimLineBreaks(text: string): string {
  let start = 0;
  let end = text.length;
  if (text.startsWith('\r\n')) start = 2;
  else if (text[0] === '\n') start = 1;
  if (end - start >= 2 && text.endsWith('\r\n')) end -= 2;
  else if (end > start && text[end - 1] === '\n') end -= 1;
  return text.slice(start, end);
}

/** `text` without an end that begins `marker` (a closing tag cut off while streaming). */
export function withoutStartOf(text: string, marker: string): string {
  for (let length = Math.min(marker.length - 1, text.length); length > 0; length--) {
    if (marker.startsWith(text.slice(text.length - length))) return text.slice(0, text.length - length);
  }
  return text;
}

/**
 * Whether `text` (the units after a marker, so far) begins with `literal`: `true` once it
 * does, `false` once it cannot, `undefined` while `text` is a prefix of it. For
 * {@link MarkedOpener.follows}.
 */
export function startsWithLiteral(text: string, literal: string): boolean | undefined {
  if (text.length >= literal.length) return text.startsWith(literal);
  return literal.startsWith(text) ? undefined : false;
}

/** `text` without the blanks (spaces, tabs, line breaks) at its start. */
export function skipBlanks(text: string): string {
  let i = 0;
  while (i < text.length && isBlank(text[i]!)) i++;
  return i === 0 ? text : text.slice(i);
}
