/**
 * `tool-transcript/store` — the vanilla zustand transcript store. It turns
 * assistant text (or an AI SDK UI-message stream, or a `UIMessage`) into an
 * ordered, keyed list of transcript items that updates with constant work per
 * delta. The React binding lives in `tool-transcript/react`.
 *
 * @packageDocumentation
 */
export { createTranscriptStore, ABORTED_TEXT, INTERRUPTED_TEXT } from './create-store.js';
export { NATIVE_SYNTAX } from './native-tool.js';
/** The one partial-JSON repairer (the AI SDK's semantics: `{"a": tr` → `{ a: true }`), linear in depth. */
export { parsePartialJson } from '../syntaxes/json/calls.js';
export type {
  StoreWork,
  TranscriptItem,
  TranscriptMessage,
  TranscriptMessagePart,
  TranscriptState,
  TranscriptStatus,
  TranscriptStore,
  TranscriptStreamChunk,
} from './types.js';
