import type { BlockIdentity, ParsedCall, WorkMeter } from '../../types.js';
import { specialTokens, withJsonArguments } from '../kit/json-arguments.js';

/** One call of a section: its id as written and its arguments (both `undefined` until their token). */
interface Segment {
  readonly id: string;
  readonly args: string | undefined;
  readonly ended: boolean;
}

/** The calls of a section: `<|tool_call_begin|>ID<|tool_call_argument_begin|>{json}<|tool_call_end|>`, text between them skipped. */
function segments(body: string): Segment[] {
  const found: Segment[] = [];
  let start: number | undefined;
  let argsAt: { start: number; end: number } | undefined;
  const flush = (to: number, ended: boolean) => {
    if (start === undefined) return;
    found.push(
      argsAt === undefined
        ? { id: body.slice(start, to), args: undefined, ended }
        : { id: body.slice(start, argsAt.start), args: body.slice(argsAt.end, to), ended },
    );
  };
  for (const token of specialTokens(body, '<|', '|>')) {
    if (token.token === 'tool_call_begin') {
      flush(token.start, true);
      start = token.end;
      argsAt = undefined;
    } else if (token.token === 'tool_call_argument_begin' || token.token === 'tool_arguments_begin') {
      if (start !== undefined && argsAt === undefined) argsAt = token;
    } else if (token.token === 'tool_call_end') {
      flush(token.start, true);
      start = undefined;
    }
  }
  flush(body.length, false);
  return found;
}

/**
 * The tool name in a call id: `functions.NAME:IDX` (the `functions.` prefix optional, the
 * servers' `functions_NAME_IDX` too); `undefined` for a bare counter (`0`), which names no tool.
 */
export function kimiName(id: string): string | undefined {
  let name = id;
  const colon = name.lastIndexOf(':');
  if (colon >= 0 && /^\d+$/.test(name.slice(colon + 1))) name = name.slice(0, colon);
  else {
    const underscore = /_\d+$/.exec(name);
    if (underscore === null) return undefined;
    name = name.slice(0, underscore.index);
    if (name.startsWith('functions_')) name = name.slice('functions_'.length);
  }
  if (name.startsWith('functions.')) name = name.slice('functions.'.length);
  return name === '' || /^\d+$/.test(name) ? undefined : name;
}

/** Whether an id names no tool but is a bare counter (`0`): kept as the id, the call is unnamed. */
function isCounter(id: string): boolean {
  return /^\d+$/.test(id);
}

/** The calls of a Kimi section, read as far as they go while `partial` (or for the last call of a section cut off). */
export function readKimi(body: string, partial: boolean, closed: boolean, work: WorkMeter | undefined): ParsedCall[] {
  return segments(body).map((segment, index, all) => {
    const lenient = partial || (!closed && index === all.length - 1 && !segment.ended);
    const id = segment.id.trim();
    const name = kimiName(id);
    const call: ParsedCall = { input: {} };
    if (name !== undefined) call.toolName = name;
    if (id !== '' && (name !== undefined || isCounter(id))) call.toolCallId = id;
    if (lenient && segment.args === undefined) return call;
    if (name === undefined && !isCounter(id) && !lenient) {
      return { ...call, invalid: true, errorText: `call ${index + 1}: the call id ${JSON.stringify(id)} is not functions.NAME:INDEX` };
    }
    if (segment.args === undefined) return { ...call, invalid: true, errorText: `call ${index + 1}: no <|tool_call_argument_begin|> after the call id` };
    return withJsonArguments(call, segment.args, lenient, work);
  });
}

/** The first call's name and id once its `<|tool_call_argument_begin|>` settles them. */
export function kimiIdentity(body: string): BlockIdentity | undefined {
  const first = segments(body)[0];
  if (first?.args === undefined) return undefined;
  const id = first.id.trim();
  const toolName = kimiName(id);
  return toolName === undefined ? undefined : { toolName, toolCallId: id };
}
