import type { BlockIdentity, ParsedCall, WorkMeter } from '../../types.js';
import { skipBlanks } from '../kit/elements.js';
import { readInvokes, type InvokeTags } from '../kit/invoke-body.js';
import { specialTokens, withJsonArguments } from '../kit/json-arguments.js';

/**
 * Step-3's calls: the same section and call tokens (`<｜tool_calls_begin｜><｜tool_call_begin｜>`,
 * optionally `function<｜tool_sep｜>NAME\n`), the call itself a `<steptml:invoke name="N">` with
 * `<steptml:parameter name="K">V</steptml:parameter>` children. A value is its text exactly as
 * written (vLLM keeps the blanks around a string: they are data in an edit tool's `old_string`);
 * the `tools` schema types the others.
 */
const STEP3: InvokeTags = { invoke: 'steptml:invoke', parameter: 'steptml:parameter', value: (text) => text };
const STEP3_INVOKE = '<steptml:invoke';

/** A DeepSeek special token's word with `▁`, spaces and `\_` read as `_` (the spellings the servers accept). */
function kind(token: string): string {
  return token.replace(/\\_|[▁ ]/g, '_');
}

/** One call of a block: the text before and after its `<｜tool▁sep｜>` (no sep: `after` undefined). */
interface Segment {
  readonly before: string;
  readonly after: string | undefined;
  /** The call ended with `<｜tool▁call▁end｜>` (or the next call's begin). */
  readonly ended: boolean;
}

/**
 * The calls of a `<｜tool▁calls▁begin｜>` body: each from `<｜tool▁call▁begin｜>` to
 * `<｜tool▁call▁end｜>`. A call written before any `<｜tool▁call▁begin｜>` is read too when it
 * holds a `<｜tool▁sep｜>` (a model that drops the call marker); text between calls is skipped.
 */
function segments(body: string): Segment[] {
  const found: Segment[] = [];
  let start: number | undefined = 0;
  let sep: { start: number; end: number } | undefined;
  let leading = true;
  const flush = (to: number, ended: boolean) => {
    if (start === undefined || (leading && sep === undefined)) return;
    found.push(sep === undefined ? { before: body.slice(start, to), after: undefined, ended } : { before: body.slice(start, sep.start), after: body.slice(sep.end, to), ended });
  };
  for (const token of specialTokens(body, '<｜', '｜>')) {
    const word = kind(token.token);
    if (word === 'tool_call_begin') {
      flush(token.start, true);
      start = token.end;
      sep = undefined;
      leading = false;
    } else if (word === 'tool_sep') {
      if (start !== undefined && sep === undefined) sep = token;
    } else if (word === 'tool_call_end') {
      flush(token.start, true);
      start = undefined;
      leading = false;
    }
  }
  flush(body.length, false);
  return found;
}

/** Whether the text after the sep starts the V3.1 JSON (`NAME<｜tool▁sep｜>{…}`) rather than V3's `function<｜tool▁sep｜>NAME\n```json`. */
function isJsonStart(after: string): boolean {
  const first = skipBlanks(after)[0];
  return first === '{' || first === '[' || first === '"';
}

/** The name and the JSON text of a call, V3 / R1 or V3.1 shaped. */
function nameAndJson(before: string, after: string): { name: string; json: string } {
  if (isJsonStart(after) || skipBlanks(after) === '') return { name: before.trim(), json: after };
  const line = after.indexOf('\n');
  const name = (line < 0 ? after : after.slice(0, line)).trim();
  let json = line < 0 ? '' : after.slice(line + 1);
  // The code fence V3 and R1 wrap the JSON in: ```json … ```.
  const open = /^[ \t]{0,8}```[\w-]{0,16}[ \t]{0,8}\r?\n/.exec(json);
  if (open) json = json.slice(open[0].length);
  const trimmed = json.trimEnd();
  let ticks = 0;
  while (ticks < 3 && trimmed[trimmed.length - 1 - ticks] === '`') ticks++;
  if (ticks > 0) json = trimmed.slice(0, trimmed.length - ticks);
  return { name, json };
}

/** The calls of a DeepSeek block, read as far as they go while `partial` (or for the last call of a block cut off). */
export function readDeepSeek(body: string, partial: boolean, closed: boolean, work: WorkMeter | undefined): ParsedCall[] {
  return segments(body).map((segment, index, all) => {
    const lenient = partial || (!closed && index === all.length - 1 && !segment.ended);
    const written = segment.after ?? segment.before;
    const invoke = written.indexOf(STEP3_INVOKE);
    if (invoke >= 0) {
      const [call] = readInvokes(written.slice(invoke), STEP3, lenient, segment.ended || closed);
      return call ?? { input: {} };
    }
    if (segment.after === undefined) {
      const call: ParsedCall = { input: {} };
      return lenient ? call : { ...call, invalid: true, errorText: `call ${index + 1}: no <｜tool▁sep｜> between the tool name and its arguments` };
    }
    const { name, json } = nameAndJson(segment.before, segment.after);
    const call: ParsedCall = name === '' ? { input: {} } : { toolName: name, input: {} };
    if (name === '' && !lenient) return { ...call, invalid: true, errorText: `call ${index + 1}: no tool name before <｜tool▁sep｜>` };
    return withJsonArguments(call, json, lenient, work);
  });
}

/** The first call's name once it can no longer change: V3.1 at the JSON's first unit, V3 at the end of the name's line. */
export function deepSeekIdentity(body: string): BlockIdentity | undefined {
  const first = segments(body)[0];
  if (first?.after === undefined) return undefined;
  const after = first.after;
  if (skipBlanks(after) === '' && !first.ended) return undefined;
  if (!isJsonStart(after) && !first.ended && !after.includes('\n')) return undefined;
  const { name } = nameAndJson(first.before, after);
  return name === '' ? undefined : { toolName: name };
}
