import type { BlockIdentity } from '../../types.js';

/** A block's identity; `toolCallId` only when the block names one (else an id is generated). */
export function identityOf(toolName: string, toolCallId: string | undefined): BlockIdentity {
  return toolCallId === undefined ? { toolName } : { toolName, toolCallId };
}
