import type { TranscriptOptions } from '../types.js';
import { ChunksInput } from './chunks-input.js';
import { ItemTable } from './item-table.js';
import { MessageInput } from './message-input.js';
import { NativeToolInput } from './native-tool-input.js';
import { ParsedText } from './parsed-text.js';
import { PatchInput } from './patch-input.js';
import { ReasoningInput } from './reasoning-input.js';
import type { StoreSyntaxes } from './store-syntaxes.js';
import { TextInput } from './text-input.js';

/**
 * The transcript as an ordered list of segments whose events become items: one table of items
 * ({@link ItemTable}) and one room per kind of input writing to it — text deltas, AI SDK reasoning
 * and native tool chunks, a whole UI message, the host's chunks, and patches. Mutable and
 * framework-free; the store wraps it and publishes each batch of changes as one immutable
 * state. Every event touches only its own item, so the work of a delta is the parser's plus
 * a constant, whatever the length of the transcript (`items.ownWork` counts it for the tests).
 */
export interface TranscriptModel {
  readonly items: ItemTable;
  /** `append` and the AI SDK's `text-*` chunks. */
  readonly text: TextInput;
  /** The AI SDK's `reasoning-*` chunks. */
  readonly reasoning: ReasoningInput;
  /** The AI SDK's `tool-input-*` chunks. */
  readonly tools: NativeToolInput;
  /** A whole AI SDK UI message (`setMessage`). */
  readonly message: MessageInput;
  /** The host's list of chunks (`setChunks`). */
  readonly chunks: ChunksInput;
  /** Outputs, errors, approvals and denials laid over tools. */
  readonly patches: PatchInput;
  /** Ends every parse still open. */
  endAll(): void;
  /** Removes everything (listeners of every item are told). */
  clear(): void;
}

export function createTranscriptModel(options: TranscriptOptions, syntaxes: StoreSyntaxes): TranscriptModel {
  const items = new ItemTable(options, syntaxes);
  // The parser's events folded into items (shared by the `append` text, text parts and message text parts).
  const parsed = new ParsedText(items);
  const clear = () => {
    items.clear();
    text.reset();
    reasoning.reset();
    message.reset();
    chunks.reset();
  };
  const text = new TextInput(parsed);
  const reasoning = new ReasoningInput(items);
  const message = new MessageInput(items, parsed, clear);
  const chunks = new ChunksInput(items, clear);
  return { items, text, reasoning, tools: new NativeToolInput(items), message, chunks, patches: new PatchInput(items), endAll: () => parsed.endAll(), clear };
}
