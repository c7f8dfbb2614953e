/**
 * tool-transcript core: turns assistant text with embedded tool calls into
 * text and tool chunks, whole or streamed. Framework-free (no React).
 *
 * Streaming details (the README has the overview):
 * - A block's part is announced once its identity is settled: a fence that names no id in its
 *   info string is announced when its YAML can no longer name one (`id` / `name` count only
 *   before the first other key), because the AI SDK cannot rename a part. Each part starts with
 *   `tool-input-start` (`inputEncoding: 'text'`, `toolMetadata: { syntax }`), its deltas are the
 *   block's source, and it ends with `tool-input-available` or `tool-input-error` at the closer.
 * - A fence may record any of the seven states: `approval-requested` with `approval: {id}` sends
 *   `tool-approval-request`; `output-denied` with `approval: {id, approved: false, reason}` sends
 *   `tool-output-denied`. An `approval-responded` answer is sent as `tool-approval-response`
 *   (ai 7 only) with `createTranscriptParser({ approvalResponses: true })`; otherwise it travels
 *   in `toolMetadata.approval`, and the store and `<ToolTranscript message>` still show it
 *   answered. `toolMetadata` (`{ syntax, output?, errorText?, fields?, approval?, raw? }`)
 *   carries what a part has no place for (`raw` with the `sourceMetadata` option).
 * - `parser.chunks` builds a new array per read, O(chunks); a store reads O(1) per delta.
 * - Schema coercion (the `tools` option) applies to nested values too.
 *
 * Prompt side: `describeTools` with the emoji syntax lays parameters out by position and throws
 * for a tool with an object parameter. Each section format has `formatSection`,
 * `formatSections`, `parseSections` (`Record<string, string[]>`, linear) and
 * `describeStructure()`; `formatToolResults(results, sections, { stringify? })` returns
 * `{ text, media }`.
 *
 * Its names are pinned by `test/package/exports.test.ts`: a name added or dropped is a decision.
 *
 * @packageDocumentation
 */
// `tool-transcript/lite` (the `export *` last) with syntax names and the default set wired in:
// these parser functions and `TranscriptOptions` replace the lite entry's (a module's own exports
// win over `export *`), and the default set, the name type and the prompt writers are added.
// (Last, the modules keep the order they had in bundles, which gzip compresses 0.2 kB better.)
export { parseTranscript, createTranscriptParser, createTranscriptEventParser, type TranscriptParser } from './stream/parser.js';
export { transcriptTransform } from './stream/transform.js';
export { defaultSyntaxes } from './syntaxes/index.js';
export type { SyntaxName, TranscriptOptions } from './types.js';
export { describeTools } from './format/describe/index.js';
export { createMarkdownSections, markdownSections, createXmlSections, xmlSections, formatToolResults, type ToolResult } from './format/sections/index.js';
export { restoreTranscriptText } from './format/restore.js';
export * from './lite/index.js';
