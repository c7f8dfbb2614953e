/** The tool events of the UI-message stream as the parser sends them, for tests to compare with. */
import type { UIMessageChunk } from '../../src/index.js';

/** A `tool-input-start`: the deltas that follow are the block's source text, in its syntax. */
export function inputStart(toolCallId: string, toolName: string, syntax: string): UIMessageChunk {
  return { type: 'tool-input-start', toolCallId, toolName, dynamic: true, inputEncoding: 'text', toolMetadata: { syntax } };
}

/** A `tool-input-available`: the block's input, settled. */
export function inputAvailable(toolCallId: string, toolName: string, input: unknown, syntax: string): UIMessageChunk {
  return { type: 'tool-input-available', toolCallId, toolName, input, dynamic: true, toolMetadata: { syntax } };
}

/** The `tool-input-start` events among `events`. */
export function inputStarts(events: readonly UIMessageChunk[]): UIMessageChunk[] {
  return events.filter((event) => event.type === 'tool-input-start');
}
