/**
 * `tool-transcript/store` — the vanilla zustand transcript store. It turns
 * assistant text (or an AI SDK UI-message stream, or a `UIMessage`) into an
 * ordered, keyed list of transcript items that updates with constant work per
 * delta. The React binding lives in `tool-transcript/react`.
 *
 * `status` is `idle`, `streaming`, `done` or `error`. Read an item with `store.getItem(id)`:
 * `state.byId[id]` is built when read. Native tool calls (from `applyChunk` or `setMessage`)
 * become chunks with `syntax: 'native'`.
 *
 * @packageDocumentation
 */
// The lite entry (the `export *` last) with syntax names and the default set wired in:
// `createTranscriptStore` replaces the lite one (a module's own exports win over `export *`).
export { createTranscriptStore } from './transcript-store.js';
export * from './lite.js';
