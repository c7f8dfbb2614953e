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
 * The tool name in a call id: `functions.NAME:IDX` (the `functions.` prefix optional) or
 * `functions_NAME_IDX`; `undefined` for any other id (a bare counter `0`, a client's `call_3`),
 * which names no tool — SGLang then guesses the tool from the arguments and the schemas, vLLM
 * takes what precedes `_N`; we keep the id and leave the call unnamed.
 */
export function kimiName(id: string): string | undefined {
  let name: string;
  const colon = id.lastIndexOf(':');
  if (colon >= 0 && /^\d+$/.test(id.slice(colon + 1))) {
    name = id.slice(0, colon);
    if (name.startsWith('functions.')) name = name.slice('functions.'.length);
  } else {
    const match = /^functions_(.+)_\d+$/.exec(id);
    if (match === null) return undefined;
    name = match[1]!;
  }
  return name === '' || /[\s<]/.test(name) ? undefined : name;
}

/** The calls of a Kimi section, read as far as they go while `partial` (or for the last call of a section cut off). */
export function readKimi(body: string, partial: boolean, closed: boolean, work: WorkMeter | undefined): ParsedCall[] {
  return segments(body).map((segment, index, all) => {
    const lenient = partial || (!closed && index === all.length - 1 && !segment.ended);
    const id = segment.id.trim();
    const name = kimiName(id);
    const call: ParsedCall = { input: {} };
    if (name !== undefined) call.toolName = name;
    if (id !== '' && !/\s/.test(id)) call.toolCallId = id;
    if (lenient && segment.args === undefined) return call;
    if (call.toolCallId === undefined && !lenient) {
      return { ...call, invalid: true, errorText: `call ${index + 1}: expected a call id functions.NAME:INDEX before <|tool_call_argument_begin|>, found ${JSON.stringify(id)}` };
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
