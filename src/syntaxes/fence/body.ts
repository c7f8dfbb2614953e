import type { ParsedCall } from '../../types.js';
import { isRecord, setOwn } from '../../object.js';
import { describeValue } from '../shared/problem.js';
import { invalidStateMessage, isToolState, readApproval, recordedStateProblem } from '../shared/state.js';
import { parseYaml, type YamlResult } from '../shared/yaml.js';
import { identityKeysOf, isFieldKey, type IdentityKeys } from './identity.js';
import type { FenceInfo } from './info.js';

/** YAML keys with a meaning; any other key goes to `fields` (and so do `id` / `name` keys that are not the identity, see {@link IdentityKeys}). */
const KNOWN_KEYS = new Set(['toolCallId', 'id', 'toolName', 'name', 'state', 'input', 'output', 'errorText', 'error', 'approval']);

/**
 * Turns a fence's info string and YAML body into a call. The body line numbers
 * in errors count the opener as line 1, as the block is written.
 */
export function parseFenceBody(
  info: FenceInfo,
  body: string,
  keys?: IdentityKeys,
  parse: (yaml: string) => YamlResult = (yaml) => parseYaml(yaml, 2),
): ParsedCall {
  const base: ParsedCall = { toolName: info.toolName, toolCallId: info.toolCallId };
  if (info.fields) base.fields = { ...info.fields };
  if (body.trim() === '') return base;
  const parsed = parse(body);
  if (!parsed.ok) return { ...base, invalid: true, errorText: parsed.message };
  return fromYaml(base, parsed.value, keys);
}

/**
 * The call a YAML value describes; `base` holds what the info string said (it wins). `keys`:
 * which keys are the identity (read from the body's lines); by default the first id and name
 * keys before any other key, in the value's key order.
 */
export function fromYaml(base: ParsedCall, value: unknown, keys?: IdentityKeys): ParsedCall {
  if (value === null || value === undefined) return base;
  if (!isRecord(value)) {
    return { ...base, invalid: true, errorText: `the tool block body must be a YAML mapping, not ${describeValue(value)}` };
  }
  const call: ParsedCall = { ...base };
  const identity = keys ?? identityKeysOf(value);
  const id = identity.id === undefined ? undefined : value[identity.id];
  if (call.toolCallId === undefined && id !== undefined && id !== null && id !== '') {
    if (typeof id !== 'string' && typeof id !== 'number') {
      return { ...call, invalid: true, errorText: `the tool call id must be a string, not ${describeValue(id)}` };
    }
    call.toolCallId = String(id);
  }
  const name = identity.name === undefined ? undefined : value[identity.name];
  if (call.toolName === undefined && name !== undefined && name !== null && name !== '') {
    if (typeof name !== 'string' && typeof name !== 'number') {
      return { ...call, invalid: true, errorText: `the tool name must be a string, not ${describeValue(name)}` };
    }
    call.toolName = String(name);
  }
  if ('input' in value && value.input !== null) call.input = value.input;
  if ('output' in value) call.output = value.output;
  const errorText = value.errorText ?? value.error;
  if (errorText !== undefined && errorText !== null) {
    call.errorText = typeof errorText === 'string' ? errorText : JSON.stringify(errorText);
  }
  if ('state' in value && value.state !== null) {
    if (!isToolState(value.state)) return { ...call, invalid: true, errorText: invalidStateMessage(value.state) };
    call.state = value.state;
  }
  if ('approval' in value && value.approval !== null) {
    const approval = readApproval(value.approval);
    if (typeof approval === 'string') return { ...call, invalid: true, errorText: approval };
    call.approval = approval;
  }
  const stateProblem = call.state === undefined ? undefined : recordedStateProblem(call.state, call.approval);
  if (stateProblem !== undefined) return { ...call, invalid: true, errorText: stateProblem };
  for (const key of Object.keys(value)) {
    if (!KNOWN_KEYS.has(key) || isFieldKey(key, identity)) setOwn((call.fields ??= {}), key, value[key]);
  }
  return call;
}
