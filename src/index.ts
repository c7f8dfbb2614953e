/**
 * tool-transcript core: turns assistant text with embedded tool calls into
 * text and tool chunks, whole or streamed. Framework-free (no React).
 *
 * @packageDocumentation
 */
export * from './types.js';
export {
  parseTranscript,
  createTranscriptParser,
  createTranscriptEventParser,
  type TranscriptParser,
  type TranscriptEventParser,
  type EventParserOptions,
} from './stream/parser.js';
export { transcriptTransform, createStreamChunks } from './stream/transform.js';
export { createChunkEncoder } from './stream/encode.js';
export type { TranscriptEvent } from './stream/events.js';
export type { EncodeOptions } from './stream/settle-events.js';
export * from './format/index.js';
export { coerceInput } from './review/coerce.js';
export {
  builtinSyntaxes,
  defaultSyntaxes,
  resolveSyntaxes,
  createFenceSyntax,
  fenceSyntax,
  createEmojiSyntax,
  emojiSyntax,
  createCaretSyntax,
  caretSyntax,
  createSentinelSyntax,
  sentinelSyntax,
  createXmlSyntax,
  xmlSyntax,
  createJsonSyntax,
  jsonSyntax,
  createHermesSyntax,
  hermesSyntax,
  type FenceSyntaxOptions,
  type EmojiInput,
  type CaretSyntaxOptions,
  type CaretGrammar,
  type SentinelSyntaxOptions,
  type XmlSyntaxOptions,
  type XmlStyle,
  type JsonSyntaxOptions,
  type JsonStyle,
} from './syntaxes/index.js';
