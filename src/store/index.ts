/**
 * `tool-transcript/store` — the vanilla zustand transcript store. It turns
 * assistant text (or an AI SDK UI-message stream, or a `UIMessage`) into an
 * ordered, keyed list of transcript items that updates with constant work per
 * delta. The React binding lives in `tool-transcript/react`.
 *
 * @packageDocumentation
 */
// The lite entry (the `export *` last) with syntax names and the default set wired in:
// `createTranscriptStore` replaces the lite one (a module's own exports win over `export *`).
export { createTranscriptStore } from './transcript-store.js';
export * from './lite.js';
