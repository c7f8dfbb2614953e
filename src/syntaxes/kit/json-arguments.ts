import type { ParsedCall, WorkMeter } from '../../types.js';
import { isRecord } from '../../object.js';
import { parsePartialJson } from '../json/calls.js';
import { JsonTracker } from '../json/tracker.js';
import { parseJson } from '../shared/json.js';
import { describeValue } from '../shared/problem.js';

/**
 * A call's arguments written as one JSON object between special tokens (DeepSeek, Kimi K2,
 * harmony): `call` with its `input` read from `text`. While `partial` the JSON is repaired as far
 * as it goes (never an error); finished, blank text is `{}`, and invalid JSON, text after the
 * object or a value that is not an object (a JSON string of arguments included) makes the call
 * invalid with an errorText saying what and where (line and column within the arguments).
 */
export function withJsonArguments(call: ParsedCall, text: string, partial: boolean, work: WorkMeter | undefined): ParsedCall {
  if (partial) {
    const value = parsePartialJson(text, work);
    return { ...call, input: isRecord(value) ? value : {} };
  }
  if (text.trim() === '') return { ...call, input: {} };
  const tracker = new JsonTracker();
  const end = tracker.feed(text, 0, text.length);
  const where = (line: number, column: number) => `at line ${line}, column ${column} of the arguments`;
  let problem: string | undefined;
  if (tracker.problem !== undefined) problem = `invalid JSON ${where(tracker.problem.line, tracker.problem.column)}: ${tracker.problem.message}`;
  else if (end < 0) {
    const open = tracker.frames.length;
    const what = open > 0 ? `the JSON value is not complete (${open} bracket${open === 1 ? '' : 's'} left open)` : (parseJson(text, work) as { message?: string }).message;
    problem = `invalid JSON ${where(tracker.position.line, tracker.position.column)}: ${what ?? 'the JSON value is not complete'}`;
  }
  else if (text.slice(end).trim() !== '') {
    const rest = new JsonTracker();
    const trail = end + text.slice(end).search(/\S/);
    rest.feed(text, 0, trail);
    problem = `unexpected ${JSON.stringify(text[trail])} after the JSON arguments ${where(rest.position.line, rest.position.column)}`;
  }
  if (problem !== undefined) return { ...call, input: {}, invalid: true, errorText: problem };
  const parsed = parseJson(text, work);
  if (!parsed.ok) return { ...call, input: {}, invalid: true, errorText: `invalid JSON arguments: ${parsed.message}` };
  if (!isRecord(parsed.value)) {
    return { ...call, input: {}, invalid: true, errorText: `the arguments must be a JSON object, not ${describeValue(parsed.value)} (${where(1, 1)})` };
  }
  return { ...call, input: parsed.value };
}

/**
 * The pieces of `text` between special tokens: `tokens` lists each token found (its text and
 * where it starts), in order, found by `open`…`close` delimiters (`<｜`…`｜>`, `<|`…`|>`) with
 * nothing but word units, blanks and `▁` between them. Linear: each unit is looked at a bounded
 * number of times.
 */
export function specialTokens(text: string, open: string, close: string, maxLength = 48): Array<{ token: string; start: number; end: number }> {
  const found: Array<{ token: string; start: number; end: number }> = [];
  let at = 0;
  for (;;) {
    const start = text.indexOf(open, at);
    if (start < 0) return found;
    const inner = start + open.length;
    const window = text.slice(inner, inner + maxLength + close.length);
    const length = window.indexOf(close);
    const end = inner + length;
    if (length < 0 || length > maxLength || !/^[\w ▁\\.-]*$/.test(window.slice(0, length))) {
      at = inner;
      continue;
    }
    found.push({ token: text.slice(inner, end), start, end: end + close.length });
    at = end + close.length;
  }
}
