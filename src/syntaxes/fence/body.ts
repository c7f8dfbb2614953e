import type { ParsedCall } from '../../types.js';
import { isRecord, setOwn } from '../../object.js';
import { describeValue, withProblem } from '../shared/problem.js';
import { invalidStateMessage, isToolState, readApproval, recordedStateProblem } from '../shared/state.js';
import type { YamlResult } from '../shared/yaml.js';
import { identityKeyIsField, identityKeysOf, type IdentityKeys } from './identity.js';
import type { FenceInfo } from './info.js';

/** YAML keys with a meaning besides the identity keys; any other key goes to `fields` (and so do `id` / `name` keys that are not the identity, see {@link IdentityKeys}). */
const CALL_KEYS = new Set(['state', 'input', 'output', 'errorText', 'error', 'approval']);

/** The identity a body may give, each with what its error calls it. */
const IDENTITY_FIELDS = [
  ['id', 'toolCallId', 'call id'],
  ['name', 'toolName', 'name'],
] as const;

/**
 * Turns a fence's info string and YAML body into a call; `parse` reads the body as YAML (the
 * body line numbers in its errors count the opener as line 1, as the block is written).
 */
export function parseFenceBody(info: FenceInfo, body: string, keys: IdentityKeys | undefined, parse: (yaml: string) => YamlResult): ParsedCall {
  const base: ParsedCall = { toolName: info.toolName, toolCallId: info.toolCallId };
  if (info.fields) base.fields = { ...info.fields };
  if (body.trim() === '') return base;
  const parsed = parse(body);
  return parsed.ok ? fromYaml(base, parsed.value, keys) : withProblem(base, parsed.message, true);
}

/**
 * The call a YAML value describes; `base` holds what the info string said (it wins). `keys`:
 * which keys are the identity (read from the body's lines); by default the first id and name
 * keys before any other key, in the value's key order.
 */
export function fromYaml(base: ParsedCall, value: unknown, keys?: IdentityKeys): ParsedCall {
  if (value === null || value === undefined) return base;
  if (!isRecord(value)) return withProblem(base, `the tool block body must be a YAML mapping, not ${describeValue(value)}`, true);
  const call: ParsedCall = { ...base };
  const identity = keys ?? identityKeysOf(value);
  for (const [kind, field, what] of IDENTITY_FIELDS) {
    const key = identity[kind];
    const given = key === undefined ? undefined : value[key];
    if (call[field] !== undefined || given === undefined || given === null || given === '') continue;
    if (typeof given !== 'string' && typeof given !== 'number') return withProblem(call, `the tool ${what} must be a string, not ${describeValue(given)}`, true);
    call[field] = String(given);
  }
  if (value.input != null) call.input = value.input;
  if ('output' in value) call.output = value.output;
  const errorText = value.errorText ?? value.error;
  if (errorText != null) call.errorText = typeof errorText === 'string' ? errorText : JSON.stringify(errorText);
  if (value.state != null) {
    if (!isToolState(value.state)) return withProblem(call, invalidStateMessage(value.state), true);
    call.state = value.state;
  }
  if (value.approval != null) {
    const approval = readApproval(value.approval);
    if (typeof approval === 'string') return withProblem(call, approval, true);
    call.approval = approval;
  }
  const stateProblem = call.state && recordedStateProblem(call.state, call.approval);
  if (stateProblem) return withProblem(call, stateProblem, true);
  for (const key of Object.keys(value)) {
    if (identityKeyIsField(key, identity) ?? !CALL_KEYS.has(key)) setOwn((call.fields ??= {}), key, value[key]);
  }
  return call;
}
