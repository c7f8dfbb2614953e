/**
 * `tool-transcript/react` — React components and hooks: `<ToolTranscript>`,
 * the default tool card as compound parts, markdown text, and the hooks they
 * are built on (over the store of `tool-transcript/store`).
 *
 * @packageDocumentation
 */
// The lite entry (the `export *` last) with the store of `tool-transcript/store` wired in (syntax
// names, the default set): these names replace the lite entry's (a module's own exports win over
// `export *`); everything else is the lite entry's.
export { ToolTranscript, useToolTranscript } from './default-transcript.js';
export type { ToolTranscriptProps, ToolTranscriptOptions } from './ToolTranscript.js';
export type { TranscriptSource, TranscriptSourceOptions } from './use-tool-transcript.js';
export * from './lite.js';
