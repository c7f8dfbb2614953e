import { TOOL_STATES, type ToolApproval, type ToolState } from '../../types.js';

/** Whether a value is one of the seven {@link ToolState} strings. */
export function isToolState(value: unknown): value is ToolState {
  return typeof value === 'string' && (TOOL_STATES as readonly string[]).includes(value);
}

/** The error text for an explicit `state` that is not a {@link ToolState}. */
export function invalidStateMessage(value: unknown): string {
  return `invalid state ${JSON.stringify(value)}: expected one of ${TOOL_STATES.join(', ')}`;
}

/**
 * A recorded approval (`approval: {id, approved?, reason?}`, as on the AI SDK's tool parts), or
 * the error text saying what is wrong with it.
 */
export function readApproval(value: unknown): ToolApproval | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'the approval must be a mapping with an id';
  const { id, approved, reason } = value as Record<string, unknown>;
  if (typeof id !== 'string' && typeof id !== 'number') return 'the approval must have an id (a string)';
  const approval: ToolApproval = { id: String(id) };
  if (approved !== undefined && approved !== null) {
    if (typeof approved !== 'boolean') return 'the approval\'s "approved" must be true or false';
    approval.approved = approved;
  }
  if (reason !== undefined && reason !== null) approval.reason = typeof reason === 'string' ? reason : JSON.stringify(reason);
  return approval;
}

/**
 * What is wrong with a recorded state beside its approval, or `undefined`. Two records would make
 * a client guess:
 *
 * - `input-streaming` says the call is still being written, but a block that is read is complete
 *   (or cut off by the end of input, which the parser marks itself): its input is the block's,
 *   and a part left streaming would spin forever with its source text for an input;
 * - `approval-responded` without the answer (`approval: {id, approved: true | false}`) leaves
 *   open whether the call may run: shown as a request, a client would ask again for an answered
 *   one; shown as approved, a denial could run.
 */
export function recordedStateProblem(state: ToolState, approval: ToolApproval | undefined): string | undefined {
  if (state === 'input-streaming') {
    return 'state input-streaming cannot be recorded: it means the call is still being written, and this block is complete (record input-available, or leave the state out)';
  }
  if (state === 'approval-responded' && approval?.approved === undefined) {
    return 'state approval-responded needs the answer: approval: {id, approved: true or false}';
  }
  return undefined;
}
