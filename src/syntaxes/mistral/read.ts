import type { BlockIdentity, ParsedCall } from '../../types.js';
import type { MarkedBlock } from '../kit/define.js';
import { isRecord } from '../../object.js';
import { parsePartialJson } from '../json/calls.js';
import { jsonCalls, listOfObjectsFollows } from '../kit/json-calls.js';
import { parseJson } from '../shared/json.js';
import { describeValue } from '../shared/problem.js';

/** Units of a tool name (and of a `[CALL_ID]` id): what Mistral's tokenizers accept in a name. */
export const NAME_UNIT = /^[A-Za-z0-9_.:-]$/;
const BLANK = /^[ \t\r\n]$/;
const TOKENS = ['[ARGS]', '[CALL_ID]'];

/**
 * Decides on the units after `[TOOL_CALLS]`: blanks then `[{` (the JSON list of the v0.3 /
 * Nemo templates), or a name followed by `{`, `[ARGS]` or `[CALL_ID]` (v11+ tokenizers; servers
 * that drop special tokens show `name{…}`). Anything else (`[TOOL_CALLS] not json`) is text.
 */
export function followsToolCalls(after: string): boolean | undefined {
  let i = 0;
  while (i < after.length && BLANK.test(after[i]!)) i++;
  if (i === after.length) return undefined;
  if (after[i] === '[') return listOfObjectsFollows(after);
  if (i > 0) return false;
  while (i < after.length && NAME_UNIT.test(after[i]!)) i++;
  if (i === 0) return false;
  if (i === after.length) return undefined;
  if (after[i] === '{') return true;
  const rest = after.slice(i);
  for (const token of TOKENS) {
    if (rest.startsWith(token)) return true;
    if (token.startsWith(rest)) return undefined;
  }
  return false;
}

/**
 * What comes before the JSON value of a block: leading blanks, then (name form) a name, `[ARGS]`,
 * `[CALL_ID]` and its id — a `[` after a name is a token, not JSON; a blank after one ends the block.
 */
export function beforeJson(unit: string, prefix: string): boolean {
  if (unit === '{') return false;
  const blankPrefix = prefix.trim() === '';
  if (BLANK.test(unit)) return blankPrefix;
  if (unit === '[') return !blankPrefix;
  return true;
}

/** The calls of one `[TOOL_CALLS]` block. */
export function readMistral(block: MarkedBlock): ParsedCall[] {
  const { body, partial } = block;
  const strict = block.closed && !partial;
  const start = body.length - body.trimStart().length;
  if (body[start] === '[' || body[start] === '{') return listCalls(body.slice(start), block);
  const head = readHead(body);
  const call: ParsedCall = { toolName: head.name, input: {} };
  if (head.id !== undefined) call.toolCallId = head.id;
  const json = body.slice(head.end);
  if (!strict) {
    const value = json === '' ? undefined : parsePartialJson(json, block.work);
    if (isRecord(value)) call.input = value;
    return [call];
  }
  if (head.problem !== undefined) return [{ ...call, invalid: true, errorText: head.problem }];
  if (json === '') return [{ ...call, invalid: true, errorText: `expected the arguments of ${head.name}, a JSON object, after [ARGS]` }];
  const parsed = parseJson(json, block.work);
  if (!parsed.ok) return [{ ...call, invalid: true, errorText: `the arguments of ${head.name} are not valid JSON: ${parsed.message}` }];
  if (!isRecord(parsed.value)) return [{ ...call, invalid: true, errorText: `the arguments of ${head.name} must be a JSON object, not ${describeValue(parsed.value)}` }];
  call.input = parsed.value;
  return [call];
}

/** The first call's name and id, once what follows them shows they are whole. */
export function mistralIdentity(body: string): BlockIdentity | undefined {
  if (body === '' || !NAME_UNIT.test(body[0]!)) return undefined;
  const head = readHead(body);
  const settled = body[head.end] === '{' || (head.end === body.length && body.endsWith('[ARGS]'));
  if (!settled) return undefined;
  return head.id === undefined ? { toolName: head.name } : { toolName: head.name, toolCallId: head.id };
}

interface Head {
  name: string;
  id?: string;
  /** Where the JSON begins (or the body ends). */
  end: number;
  problem?: string;
}

/** `NAME`, then `[CALL_ID]ID` and `[ARGS]` in any order, up to the JSON. */
function readHead(body: string): Head {
  let i = 0;
  while (i < body.length && NAME_UNIT.test(body[i]!)) i++;
  const head: Head = { name: body.slice(0, i), end: i };
  while (body[i] === '[') {
    const close = body.indexOf(']', i);
    const token = close < 0 ? body.slice(i) : body.slice(i, close + 1);
    if (!TOKENS.includes(token)) {
      if (close >= 0) head.problem = `unexpected ${token} after the tool name ${head.name}: expected [ARGS] or [CALL_ID]`;
      break;
    }
    i += token.length;
    if (token === '[CALL_ID]') {
      const from = i;
      while (i < body.length && body[i] !== '[' && body[i] !== '{') i++;
      head.id = body.slice(from, i);
    }
  }
  head.end = i;
  return head;
}

/** The JSON list (or object) of the v0.3 / Nemo form: `[{"name", "arguments", "id"?}, …]`. */
function listCalls(json: string, block: MarkedBlock): ParsedCall[] {
  return jsonCalls(json, block, 'after [TOOL_CALLS]').map(withTrailingId);
}

/** Mistral Nemo writes `"id"` after the arguments: it is the call id all the same. */
function withTrailingId(call: ParsedCall): ParsedCall {
  const id = call.fields?.id;
  if (call.toolCallId !== undefined || (typeof id !== 'string' && typeof id !== 'number')) return call;
  const { id: _, ...fields } = call.fields!;
  const settled: ParsedCall = { ...call, toolCallId: String(id) };
  if (Object.keys(fields).length === 0) delete settled.fields;
  else settled.fields = fields;
  return settled;
}
