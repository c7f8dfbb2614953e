import type { ParsedCall, ToolChunk, ToolState } from '../types.js';

// A parsed call becomes a tool chunk here, by the contract's state rules and defaults: the one
// place that decides what `parseTranscript`, the stream and the store show for a block.

/** Shown when a block fails (`state: output-error`, or an empty `errorText`) without saying why. */
export const MISSING_ERROR_TEXT = 'The tool call failed without an error message.';

/** The contract's state rules: an explicit state wins, then error, then output. */
function finalState(call: ParsedCall): ToolState {
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
  if (call.approval !== undefined) chunk.approval = call.approval;
  return chunk;
}
