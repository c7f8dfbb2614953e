import type { ParsedCall } from '../../types.js';
import type { MarkedBlock } from '../kit/define.js';
import { trimLineBreaks, withoutStartOf } from '../kit/elements.js';
import { setOwn } from '../../object.js';

/** A unit of a parameter's tag name (`<path>`, `<old_str>`, `<file-path>`): a letter or `_` first, then also digits, `.` and `-`. */
function isNameUnit(code: number, first: boolean): boolean {
  const letter = (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
  return letter || (!first && ((code >= 48 && code <= 57) || code === 45 || code === 46));
}

/**
 * The call a tool-name element holds: the tool is the element's name (its opener's marker, `<NAME`), each
 * child element `<K>V</K>` a parameter. A value is its text as written — tags and code inside
 * kept verbatim, up to the first `</K>` — without one line break after the opening tag and one
 * before the closing tag (how Cline's prompt lays values out); `<K/>` is `''`; a repeated
 * parameter gives an array. Text outside the child elements is an error, as is a child left
 * open in a closed block. While streaming, and when the input ends inside the call, a value
 * shows as far as it goes. Linear: each
 * closing tag is searched once, from where its element opened.
 */
export function readToolTags(block: MarkedBlock): ParsedCall[] {
  const toolName = block.marker.slice(1);
  // The opener's `>` (a self-closing call's `/>` is its closer: its body is empty).
  const body = block.body.startsWith('>') ? block.body.slice(1) : block.body;
  const input: Record<string, unknown> = {};
  const add = (key: string, value: string) => {
    const had = Object.hasOwn(input, key) ? input[key] : undefined;
    // A repeated parameter: the array is ours (a value is always a string), so it grows in place.
    if (Array.isArray(had)) had.push(value);
    else setOwn(input, key, had === undefined ? value : [had, value]);
  };
  // Still streaming, or cut off by the end of input: read as far as it goes, no errors.
  const lenient = block.partial || !block.closed;
  let at = 0;
  let stray = '';
  while (at < body.length) {
    const open = body.indexOf('<', at);
    stray += body.slice(at, open < 0 ? body.length : open);
    if (open < 0) break;
    let nameEnd = open + 1;
    while (nameEnd < body.length && isNameUnit(body.charCodeAt(nameEnd), nameEnd === open + 1)) nameEnd++;
    if (nameEnd >= body.length || (body[nameEnd] === '/' && nameEnd + 1 >= body.length)) {
      // Cut off inside a tag while streaming; in a finished block the tag is stray text.
      if (!lenient) stray += body.slice(open);
      break;
    }
    const selfClosing = body[nameEnd] === '/' && body[nameEnd + 1] === '>';
    if (nameEnd === open + 1 || (body[nameEnd] !== '>' && !selfClosing)) {
      // Not a parameter tag (`< 3`, `<a b="c">`): its `<` is text, the scan goes on after it.
      stray += '<';
      at = open + 1;
      continue;
    }
    const key = body.slice(open + 1, nameEnd);
    const tagEnd = selfClosing ? nameEnd + 1 : nameEnd;
    if (selfClosing) {
      add(key, '');
      at = tagEnd + 1;
      continue;
    }
    const close = `</${key}>`;
    const end = body.indexOf(close, tagEnd + 1);
    if (end < 0) {
      if (!lenient) return [{ toolName, input, invalid: true, errorText: `the <${key}> parameter of <${toolName}> (line ${lineOf(body, open)} of the call) has no closing </${key}>` }];
      add(key, trimLineBreaks(withoutStartOf(body.slice(tagEnd + 1), close)));
      break;
    }
    add(key, trimLineBreaks(body.slice(tagEnd + 1, end)));
    at = end + close.length;
  }
  const text = stray.trim();
  if (text !== '' && !lenient) {
    const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
    return [{ toolName, input, invalid: true, errorText: `text outside the parameter elements of <${toolName}>: ${JSON.stringify(shown)} (write each parameter as <name>value</name>)` }];
  }
  return [{ toolName, input }];
}

/** The 1-based line of `index` in `text` (the tool's opening tag is on line 1). */
function lineOf(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}
