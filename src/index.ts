/**
 * tool-transcript core: turns assistant text with embedded tool calls into
 * text and tool chunks, whole or streamed. Framework-free (no React).
 *
 * @packageDocumentation
 */
// `tool-transcript/lite` (the `export *` last) with syntax names and the default set wired in:
// these parser functions replace the lite entry's (a module's own exports win over `export *`),
// and the registry of names and the formatters are added. (Last, the modules keep the order they
// had in bundles, which gzip compresses 0.2 kB better.)
export {
  parseTranscript,
  createTranscriptParser,
  createTranscriptEventParser,
  type TranscriptParser,
  type TranscriptEventParser,
  type EventParserOptions,
} from './stream/parser.js';
export { transcriptTransform } from './stream/transform.js';
export { builtinSyntaxes, defaultSyntaxes, resolveSyntaxes } from './syntaxes/index.js';
export * from './format/index.js';
export { coerceInput } from './review/coerce.js';
export { restoreTranscriptText, DENIED, APPROVED, type RestoreTranscriptTextOptions, type RestorableMessage, type RestorablePart } from './format/restore.js';
export * from './lite/index.js';
