import type { ParsedCall, ToolChunk, ToolState, UIMessageChunk } from '../types.js';

/** Shown when a block fails (`state: output-error`, or an empty `errorText`) without saying why. */
export const MISSING_ERROR_TEXT = 'The tool call failed without an error message.';

/** The contract's state rules: an explicit state wins, then error, then output. */
export function finalState(call: ParsedCall): ToolState {
  if (call.invalid) return 'output-error';
  if (call.state !== undefined) return call.state;
  if (call.errorText !== undefined) return 'output-error';
  if (call.output !== undefined) return 'output-available';
  return 'input-available';
}

export interface ChunkPlace {
  syntax: string;
  raw: string;
  closed: boolean;
  /** Used when the call names no id. */
  fallbackId: string;
}

/** A tool chunk from a parsed call, with the contract's defaults filled in. */
export function toToolChunk(call: ParsedCall, place: ChunkPlace, state: ToolState = finalState(call)): ToolChunk {
  const chunk: ToolChunk = {
    type: 'tool',
    toolCallId: call.toolCallId ?? place.fallbackId,
    toolName: call.toolName ?? 'tool',
    state,
    input: call.input === undefined ? {} : call.input,
    syntax: place.syntax,
    raw: place.raw,
    closed: place.closed,
  };
  if (call.output !== undefined) chunk.output = call.output;
  if (call.errorText !== undefined && call.errorText !== '') chunk.errorText = call.errorText;
  else if (state === 'output-error') chunk.errorText = MISSING_ERROR_TEXT;
  if (call.fields !== undefined) chunk.fields = call.fields;
  return chunk;
}

/**
 * The events that settle a tool part after `tool-input-start`: input
 * available (or input error), then the output or output error it carries.
 */
export function settleEvents(chunk: ToolChunk, invalid = false): UIMessageChunk[] {
  const { toolCallId, toolName, input } = chunk;
  if (invalid) {
    return [{ type: 'tool-input-error', toolCallId, toolName, input, errorText: chunk.errorText!, dynamic: true }];
  }
  if (chunk.state === 'input-streaming') return [];
  const events: UIMessageChunk[] = [{ type: 'tool-input-available', toolCallId, toolName, input, dynamic: true }];
  if (chunk.state === 'output-available') {
    events.push({ type: 'tool-output-available', toolCallId, output: chunk.output });
  } else if (chunk.state === 'output-error') {
    events.push({ type: 'tool-output-error', toolCallId, errorText: chunk.errorText ?? MISSING_ERROR_TEXT });
  }
  return events;
}
