import type { FormatCall } from '../../types.js';
import { isRecord } from '../../object.js';

/** Tools written with a header type of their own, and the input key their body holds. */
const BODY_FIELDS: Readonly<Record<string, string>> = {
  write_file: 'content',
  edit_file: 'patch',
  run_bash: 'command',
};

/** Input keys the reader takes from the header for itself, so they cannot be header fields of a typed block. */
const HEADER_KEYS = ['type', 'id', 'tool_call_id'];

/**
 * Writes `[[SEG_START {json}]]`, the body and `[[SEG_END]]`.
 *
 * `write_file`, `edit_file` and `run_bash` calls whose input holds a string
 * `content` / `patch` / `command` (and no `type`, `id` or `tool_call_id`
 * key) get their own header type: the other input keys go in the header and
 * that string is the body, on lines of its own (a non-empty body is written
 * between two line breaks, which the reader drops). Such a body cannot hold
 * the end marker `[[SEG_END]]` (in any case) nor end with a lone `\r` (it
 * would read as part of the line break): both throw.
 *
 * Every other call is `{"type":"tool","tool_name":…,"arguments":{…}}` with an
 * empty body: JSON carries any input, and `]]` inside its strings is fine for
 * the reader's balanced scan. The call id goes in the header's `id`. Output,
 * errorText and state have no place in the format and are not written.
 * Throws for an empty tool name and for an input that is not an object.
 */
export function formatSentinel(call: FormatCall): string {
  const name = call.toolName;
  if (typeof name !== 'string' || name === '') throw new Error('sentinel syntax: the tool name must be a non-empty string');
  const input = call.input ?? {};
  if (!isRecord(input)) throw new Error('sentinel syntax: input must be an object (it is written as the header\'s "arguments")');
  const id = call.toolCallId === undefined ? [] : [['id', call.toolCallId] as const];
  const field = Object.hasOwn(BODY_FIELDS, name) ? BODY_FIELDS[name]! : undefined;
  if (field !== undefined && typeof input[field] === 'string' && !HEADER_KEYS.some((key) => Object.hasOwn(input, key))) {
    const body = input[field];
    const rest = Object.entries(input).filter(([key]) => key !== field);
    const header = Object.fromEntries([['type', name], ...id, ...rest]);
    return block(header, body);
  }
  const header = Object.fromEntries([['type', 'tool'], ...id, ['tool_name', name], ['arguments', input]]);
  return block(header, '');
}

function block(header: Record<string, unknown>, body: string): string {
  if (/\[\[seg_end\]\]/i.test(body)) {
    throw new Error('sentinel syntax: the body cannot contain the end marker [[SEG_END]] (in any case)');
  }
  if (body.endsWith('\r')) {
    throw new Error('sentinel syntax: the body cannot end with a lone "\\r" (it would read as the line break before [[SEG_END]])');
  }
  const start = `[[SEG_START ${JSON.stringify(header)}]]`;
  return body === '' ? `${start}[[SEG_END]]` : `${start}\n${body}\n[[SEG_END]]`;
}
