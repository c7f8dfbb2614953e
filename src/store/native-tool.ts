import type { ToolChunk, ToolState } from '../types.js';
import { parsePartialJson } from './partial-json.js';

/** `syntax` of a tool chunk that came from the AI SDK as a native tool call, not from the text. */
export const NATIVE_SYNTAX = 'native';

/** What the AI SDK says about a tool call (from stream chunks or a message part). */
export interface NativeToolFields {
  toolCallId: string;
  toolName: string;
  /** An AI SDK tool state, including the approval states of v6. */
  state: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
}

/** Shown for an AI SDK call whose execution the user denied. */
export const DENIED_TEXT = 'The tool call was denied.';

/**
 * A native tool call as a tool chunk. Approval states show as
 * `input-available` (the call waits), a denied call as `output-error`.
 */
export function nativeToolChunk(fields: NativeToolFields): ToolChunk {
  const state = toToolState(fields.state);
  const chunk: ToolChunk = {
    type: 'tool',
    toolCallId: fields.toolCallId,
    toolName: fields.toolName,
    state,
    input: fields.input === undefined ? {} : fields.input,
    syntax: NATIVE_SYNTAX,
    raw: '',
    closed: state !== 'input-streaming',
  };
  if (state === 'output-available') chunk.output = fields.output;
  if (state === 'output-error') chunk.errorText = fields.errorText ?? (fields.state === 'output-denied' ? DENIED_TEXT : '');
  return chunk;
}

function toToolState(state: string): ToolState {
  switch (state) {
    case 'input-streaming':
    case 'output-available':
    case 'output-error':
      return state;
    case 'output-denied':
      return 'output-error';
    default:
      return 'input-available';
  }
}

/** Reparse the streamed input only when it grew by this share (keeps a long input linear overall). */
const REPARSE_GROWTH = 0.25;
/** Below this length every delta reparses. */
const SMALL_INPUT = 2048;

/**
 * The input text of a native call while it streams (`tool-input-delta`),
 * parsed as partial JSON at a pace that keeps the total work linear.
 */
export class StreamedInput {
  private text = '';
  private parsedLength = 0;
  private value: unknown = {};

  /** Adds a delta; returns the input to show, the same object when it was not reparsed. */
  push(delta: string): unknown {
    this.text += delta;
    const grown = this.text.length - this.parsedLength;
    if (this.text.length < SMALL_INPUT || grown >= this.parsedLength * REPARSE_GROWTH) {
      this.parsedLength = this.text.length;
      const parsed = parsePartialJson(this.text);
      if (parsed !== undefined) this.value = parsed;
    }
    return this.value;
  }
}
