import type { ParsedCall, WorkMeter } from '../../types.js';
import { MAX_JSON_DEPTH, parseJson, repeatedCallKey, repeatedKeyMessage, repeatedKeys, tooDeep } from '../shared/json.js';

/**
 * Header keys that say which call this is: written twice, the header states two calls (JSON.parse
 * would keep the last) and the block is an error. Other keys of a file or shell type are its
 * input, where the last of a repeated key is kept, as in every JSON syntax's arguments.
 */
const HEADER_CALL_KEYS: ReadonlySet<string> = new Set(['type', 'tool_name', 'arguments', 'id', 'tool_call_id']);
import { isRecord } from '../../object.js';
import { describeValue } from '../shared/problem.js';

/**
 * Header types and what they mean. `tool` / `tool_call` name the tool in
 * `tool_name` and carry `arguments`; the others are tools of their own whose
 * input is the header fields plus the body under `field`.
 */
const TYPES: Readonly<Record<string, { toolName?: string; field?: string }>> = {
  tool: {},
  tool_call: {},
  write_file: { toolName: 'write_file', field: 'content' },
  edit_file: { toolName: 'edit_file', field: 'patch' },
  run_bash: { toolName: 'run_bash', field: 'command' },
  run_terminal_cmd: { toolName: 'run_bash', field: 'command' },
};

/** Header keys that are not input: the type and the id. */
const ID_KEYS = ['id', 'tool_call_id'] as const;

/** A sentinel header that passed the opener: a JSON object with a known `type`. */
export interface SentinelHeader {
  toolName: string;
  toolCallId?: string;
  /** For file and shell types: the input key the body goes to (`content`, `patch`, `command`). */
  field?: string;
  /** Input from the header: `arguments` (tool types) or the other header fields. */
  input: Record<string, unknown>;
  /** Other header fields of a tool type (kept as `fields`). */
  extra?: Record<string, unknown>;
  /** The tool type's `arguments` were given (the body is then not arguments). */
  hasArguments: boolean;
  /** A problem found in the header; the block becomes `output-error`. */
  errorText?: string;
}

/**
 * Reads the header JSON text. `undefined` when it is not a JSON object with a
 * known `type`: the whole marker then stays text.
 */
export function readSentinelHeader(json: string, work?: WorkMeter): SentinelHeader | undefined {
  let value: unknown;
  if (work) work.json += json.length;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || typeof value.type !== 'string' || !Object.hasOwn(TYPES, value.type)) return undefined;
  const type = TYPES[value.type]!;
  const header: SentinelHeader = { toolName: type.toolName ?? 'tool', input: {}, hasArguments: false };
  if (tooDeep(value)) {
    header.errorText = `the header JSON is nested deeper than ${MAX_JSON_DEPTH} levels`;
    return header;
  }
  const repeat = repeatedCallKey(repeatedKeys(json, 1), [[]], HEADER_CALL_KEYS);
  if (repeat !== undefined) header.errorText = repeatedKeyMessage(repeat, 'the header JSON');
  const id = value.id ?? value.tool_call_id;
  if (typeof id === 'string' || typeof id === 'number') header.toolCallId = String(id);
  else if (id !== undefined && id !== null) header.errorText = `the header "id" must be a string, not ${describeValue(id)}`;
  const rest = Object.entries(value).filter(([key]) => key !== 'type' && !(ID_KEYS as readonly string[]).includes(key));
  if (type.field !== undefined) {
    header.field = type.field;
    header.input = Object.fromEntries(rest);
    return header;
  }
  const toolName = value.tool_name;
  if (typeof toolName === 'string' && toolName !== '') header.toolName = toolName;
  else if (toolName !== undefined && toolName !== null && toolName !== '') {
    header.errorText ??= `the header "tool_name" must be a string, not ${describeValue(toolName)}`;
  }
  readArguments(header, value, work);
  const extra = rest.filter(([key]) => key !== 'tool_name' && key !== 'arguments');
  if (extra.length > 0) header.extra = Object.fromEntries(extra);
  return header;
}

/** `arguments`: an object, or a JSON string holding one. */
function readArguments(header: SentinelHeader, value: Record<string, unknown>, work: WorkMeter | undefined): void {
  const args = value.arguments;
  if (args === undefined || args === null) return;
  header.hasArguments = true;
  let parsed: unknown = args;
  if (typeof args === 'string') {
    const result = parseJson(args, work);
    if (!result.ok) {
      header.errorText ??= `the "arguments" string is not valid JSON: ${result.message}`;
      return;
    }
    parsed = result.value;
  }
  if (isRecord(parsed)) header.input = parsed;
  else header.errorText ??= `"arguments" must be a JSON object, not ${describeValue(parsed)}`;
}

/**
 * The call a header and its body describe. For file and shell types the body
 * is the input's `content` / `patch` / `command` (a header field of that name
 * is kept when the body is empty). For tool types without `arguments`, a body
 * starting with `{` is the JSON arguments; any other non-blank body is kept
 * in `fields.body`.
 */
export function sentinelCall(header: SentinelHeader, body: string, work?: WorkMeter): ParsedCall {
  const call: ParsedCall = { toolName: header.toolName, input: header.input };
  if (header.toolCallId !== undefined) call.toolCallId = header.toolCallId;
  if (header.extra) call.fields = { ...header.extra };
  if (header.field !== undefined) {
    if (body !== '' || !Object.hasOwn(header.input, header.field)) {
      call.input = { ...header.input, [header.field]: body };
    }
  } else if (body.trim() !== '') {
    if (!header.hasArguments && body.trimStart().startsWith('{')) {
      const parsed = parseJson(body, work);
      if (!parsed.ok) return invalid(call, header, `the body is not valid JSON arguments: ${parsed.message}`);
      if (isRecord(parsed.value)) call.input = parsed.value;
      else return invalid(call, header, 'the body of a tool segment must be a JSON object of arguments');
    } else call.fields = { ...call.fields, body };
  }
  if (header.errorText !== undefined) return invalid(call, header, header.errorText);
  return call;
}

function invalid(call: ParsedCall, header: SentinelHeader, errorText: string): ParsedCall {
  return { ...call, invalid: true, errorText: header.errorText ?? errorText };
}
