/**
 * tool-transcript core: turns assistant text with embedded tool calls into
 * text and tool chunks, whole or streamed. Framework-free (no React).
 *
 * @packageDocumentation
 */
// `tool-transcript/lite` with syntax names and the default set wired in: the parser functions
// below replace the lite entry's; the registry of names and the formatters are added.
export * from './lite/index.js';
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
