// Native tool parts: a route may give `streamText` tools of its own beside the calls written in
// text; their parts pass through as the SDK sends them, so one stream carries both.

/**
 * The UI-message chunks of a native tool part of `streamText`'s full stream (a tool given to
 * `streamText`), as the SDK's own `toUIMessageStream` sends them; `[]` for the parts a UI stream
 * does not carry (`start`, `text-start`/`text-end`, `raw`, `tool-input-end`, …). `errorText`
 * words a tool's execution error (the route's `onError`).
 */
export function nativeToolChunks(part: Record<string, unknown>, errorText: (error: unknown) => string): unknown[] {
  const common = (keys: readonly string[]) => {
    const chunk: Record<string, unknown> = { type: part.type };
    for (const key of [...keys, 'toolMetadata']) if (part[key] !== undefined) chunk[key] = part[key];
    return chunk;
  };
  switch (part.type) {
    case 'tool-input-start':
      return [{ ...common(['toolName', 'providerExecuted', 'dynamic', 'title']), toolCallId: part.id }];
    case 'tool-input-delta':
      return [{ type: 'tool-input-delta', toolCallId: part.id, inputTextDelta: part.delta }];
    case 'tool-call':
      return [
        part.invalid === true
          ? { ...common(['toolCallId', 'toolName', 'input', 'providerExecuted', 'dynamic', 'title']), type: 'tool-input-error', errorText: errorTextOf(part.error) }
          : { ...common(['toolCallId', 'toolName', 'input', 'providerExecuted', 'dynamic', 'title']), type: 'tool-input-available' },
      ];
    case 'tool-result':
      return [{ ...common(['toolCallId', 'output', 'providerExecuted', 'dynamic', 'preliminary']), type: 'tool-output-available' }];
    case 'tool-error':
      return [{ ...common(['toolCallId', 'providerExecuted', 'dynamic']), type: 'tool-output-error', errorText: errorText(part.error) }];
    case 'tool-approval-request': {
      const toolCall = part.toolCall as { toolCallId?: unknown } | undefined;
      return [{ type: 'tool-approval-request', approvalId: part.approvalId, toolCallId: toolCall?.toolCallId }];
    }
    case 'tool-output-denied':
      return [{ type: 'tool-output-denied', toolCallId: part.toolCallId }];
    default:
      // `start`, `text-start`/`text-end` (the parser makes its own parts), `raw`, sources, files …
      return [];
  }
}

/** The message of an invalid native call's error. */
function errorTextOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Invalid tool call.';
}
