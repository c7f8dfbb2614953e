/**
 * `tool-transcript/store/lite` — the transcript store of `tool-transcript/store`, whose
 * `createTranscriptStore` parses with the syntax objects passed (`{ syntaxes: [xmlSyntax] }`,
 * from `tool-transcript/lite`) and knows no others: no syntax names, no default set. A bundle
 * then holds only those syntaxes.
 *
 * @packageDocumentation
 */
export { createTranscriptStore } from './lite-store.js';
export { ABORTED_TEXT, INTERRUPTED_TEXT } from './create-store.js';
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
