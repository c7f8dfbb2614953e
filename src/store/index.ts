/**
 * `tool-transcript/store` — the vanilla zustand transcript store. It turns
 * assistant text (or an AI SDK UI-message stream, or a `UIMessage`) into an
 * ordered, keyed list of transcript items that updates with constant work per
 * delta. The React binding lives in `tool-transcript/react`.
 *
 * @packageDocumentation
 */
// The lite entry with syntax names and the default set wired in: `createTranscriptStore` replaces the lite one.
export * from './lite.js';
export { createTranscriptStore } from './transcript-store.js';
