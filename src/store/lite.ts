/**
 * `tool-transcript/store/lite` — the transcript store of `tool-transcript/store`, whose
 * `createTranscriptStore` parses with the syntax objects passed (`{ syntaxes: [xmlSyntax] }`,
 * from `tool-transcript/lite`) and knows no others: no syntax names, no default set. A bundle
 * then holds only those syntaxes.
 *
 * @packageDocumentation
 */
export { createTranscriptStore } from './lite-store.js';
export type { TranscriptItem, TranscriptMessage, TranscriptStore } from './types.js';
