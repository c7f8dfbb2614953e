import type { ParsedCall } from '../../types.js';

/**
 * A call of an XML block: the name and id its opener settled (the id only when it names one),
 * the input, and other opener attributes as `fields` when there are any.
 */
export function xmlCall(toolName: string, toolCallId: string | undefined, input: Record<string, unknown>, fields: ReadonlyArray<readonly [string, string]> = []): ParsedCall {
  const call: ParsedCall = { toolName, input };
  if (toolCallId !== undefined) call.toolCallId = toolCallId;
  if (fields.length > 0) call.fields = Object.fromEntries(fields);
  return call;
}
