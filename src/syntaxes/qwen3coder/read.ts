import type { ParsedCall } from '../../types.js';
import type { MarkedBlock } from '../kit/define.js';
import { elements, withoutStartOf } from '../kit/elements.js';
import { writtenValues } from '../kit/written.js';

const PARAMETER = '<parameter=';
const PARAMETER_END = '</parameter>';

/**
 * The calls of a Qwen3-Coder block: each `<function=NAME>` element a call (one cut off by the
 * end of its block runs to it, as the servers read it), text around them ignored. The bare
 * opener's body is read with its `<function=` put back.
 */
export function readQwen3Coder(block: MarkedBlock): ParsedCall[] {
  const text = block.openerIndex === BARE ? `<function=${block.body}` : block.body;
  const calls: ParsedCall[] = [];
  for (const fn of elements(text, 'function')) {
    if (!fn.opened) break;
    const toolName = fn.attributes.startsWith('=') ? fn.attributes.slice(1).trim() : '';
    if (toolName === '') {
      if (block.partial) break;
      calls.push({ input: {}, invalid: true, errorText: `the <function…> tag at character ${fn.start + 1} of the block body names no function (write <function=NAME>)` });
      continue;
    }
    calls.push({ toolName, input: parameters(fn.content) });
  }
  return calls;
}

/** Index of the bare `<function=` opener in the spec's openers. */
export const BARE = 2;

/**
 * `<parameter=K>V</parameter>` pairs, in order (a repeated key keeps its last value, as the
 * servers' dicts do). A value ends at `</parameter>` or, when that is missing, at the next
 * `<parameter=` or the end (vLLM's and SGLang's rule); one `\n` is dropped at each end (theirs too), and
 * `null` (any case) is `null`. One forward pass: the next closer is looked up again only once
 * passed.
 */
export function parameters(content: string): Record<string, unknown> {
  const entries: Array<[string, unknown]> = [];
  const written = new Map<string, string>();
  let close = -2;
  let at = content.indexOf(PARAMETER);
  while (at >= 0) {
    const nameEnd = content.indexOf('>', at + PARAMETER.length);
    if (nameEnd < 0) break;
    const next = content.indexOf(PARAMETER, nameEnd + 1);
    if (close !== -1 && close < nameEnd) close = content.indexOf(PARAMETER_END, nameEnd + 1);
    let end = next < 0 ? content.length : next;
    if (close >= 0 && close < end) end = close;
    let value = content.slice(nameEnd + 1, end);
    if (end === content.length) value = withoutStartOf(value, PARAMETER_END);
    value = withoutLineBreaks(value);
    const name = content.slice(at + PARAMETER.length, nameEnd).trim();
    written.set(name, value);
    entries.push([name, isNull(value) ? null : value]);
    at = next;
  }
  const input = Object.fromEntries(entries);
  qwenWritten.remember(input, written);
  return input;
}

const isNull = (text: string) => text.toLowerCase() === 'null';

/** `text` less one `\n` at its start and one at its end, as the servers lay a value out. */
function withoutLineBreaks(text: string): string {
  const start = text[0] === '\n' ? 1 : 0;
  return text.length > start && text[text.length - 1] === '\n' ? text.slice(start, -1) : text.slice(start);
}

/**
 * With the tool's schema, vLLM's rule for the null words: `null` (and Python's `None`, which
 * Qwen3.5's template taught models to write) is `null` unless the parameter is a plain string,
 * which keeps the word as written. The review types the rest.
 */
export const qwenWritten = writtenValues((text, types, value) => {
  if (!isNull(text) && text !== 'None') return value;
  return types.has('null') || !types.has('string') ? null : text;
});
