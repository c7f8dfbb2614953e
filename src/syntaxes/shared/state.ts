import { TOOL_STATES, type ToolState } from '../../types.js';

/** Whether a value is one of the four {@link ToolState} strings. */
export function isToolState(value: unknown): value is ToolState {
  return typeof value === 'string' && (TOOL_STATES as readonly string[]).includes(value);
}

/** The error text for an explicit `state` that is not a {@link ToolState}. */
export function invalidStateMessage(value: unknown): string {
  return `invalid state ${JSON.stringify(value)}: expected one of ${TOOL_STATES.join(', ')}`;
}
