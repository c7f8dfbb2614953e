/**
 * `tool-transcript/react` — React components and hooks: `<ToolTranscript>`,
 * the default tool card as compound parts, and the hooks that read a transcript store
 * (of `tool-transcript/store`) item by item.
 *
 * Details the README leaves out:
 * - A call in `input-available` says "Running" while something runs it (a native tool part, or
 *   a text call when `onToolOutput` is given) and "Called" otherwise.
 * - `reveal` never lets the shown text lag more than `maxLagMs` behind; with
 *   `prefers-reduced-motion` every delta shows at once. With `proseComponent`, finished blocks
 *   never re-render.
 * - Past 2,048 items, groups far from the viewport render as they come near (`deferOffscreen`).
 * - `streaming={false}` also covers `stop()`, an error or a reload: a call cut off half-way shows
 *   as interrupted and nothing spins.
 *
 * @packageDocumentation
 */
// The lite entry (the `export *` last) with the store of `tool-transcript/store` wired in (syntax
// names, the default set): these names replace the lite entry's (a module's own exports win over
// `export *`); everything else is the lite entry's.
export { ToolTranscript, useToolTranscript } from './default-transcript.js';
export type { ToolTranscriptProps } from './ToolTranscript.js';
export * from './lite.js';
