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
