/**
 * tool-transcript/lite: the core parser over the syntax objects you pass, with no default set
 * and no syntax names. The functions are those of the main entry with `syntaxes` required, so
 * a bundle carries only the syntaxes the app passes: an XML-only parser carries no YAML (the
 * `fence` and `caret` syntaxes are the ones that read YAML).
 *
 * @example
 * import { createTranscriptParser, xmlSyntax } from 'tool-transcript/lite';
 * const parser = createTranscriptParser({ syntaxes: [xmlSyntax] });
 *
 * @packageDocumentation
 */
export * from '../types.js';
export {
  parseTranscript,
  createTranscriptParser,
  createTranscriptEventParser,
  transcriptTransform,
  type ExplicitOptions,
  type TranscriptParser,
  type TranscriptEventParser,
  type EventParserOptions,
} from '../stream/event-parser.js';
export { createStreamChunks } from '../stream/stream-chunks.js';
export { createChunkEncoder } from '../stream/encode.js';
export type { TranscriptEvent } from '../stream/events.js';
export type { EncodeOptions } from '../stream/settle-events.js';
export { createCaretSyntax, caretSyntax, type CaretSyntaxOptions, type CaretGrammar } from '../syntaxes/caret/index.js';
export { createEmojiSyntax, emojiSyntax, type EmojiInput } from '../syntaxes/emoji/index.js';
export { createFenceSyntax, fenceSyntax, type FenceSyntaxOptions } from '../syntaxes/fence/index.js';
export { createHermesSyntax, hermesSyntax } from '../syntaxes/hermes/index.js';
export { createJsonSyntax, jsonSyntax, type JsonSyntaxOptions, type JsonStyle } from '../syntaxes/json/index.js';
export { createSentinelSyntax, sentinelSyntax, type SentinelSyntaxOptions } from '../syntaxes/sentinel/index.js';
export { createXmlSyntax, xmlSyntax, type XmlSyntaxOptions, type XmlStyle } from '../syntaxes/xml/index.js';
export { createQwen3CoderSyntax, qwen3CoderSyntax } from '../syntaxes/qwen3coder/index.js';
export { createGlmSyntax, glmSyntax, type GlmSyntaxOptions } from '../syntaxes/glm/index.js';
export { createDeepSeekSyntax, deepSeekSyntax, type DeepSeekSyntaxOptions } from '../syntaxes/deepseek/index.js';
export { createKimiSyntax, kimiSyntax } from '../syntaxes/kimi/index.js';
export { createHarmonySyntax, harmonySyntax } from '../syntaxes/harmony/index.js';
export { createMiniMaxSyntax, miniMaxSyntax } from '../syntaxes/minimax/index.js';
export { createDsmlSyntax, dsmlSyntax, type DsmlSyntaxOptions } from '../syntaxes/dsml/index.js';
export { createInvokeSyntax, invokeSyntax } from '../syntaxes/invoke/index.js';
export {
  defineMarkedSyntax,
  closeAt,
  jsonValueEnd,
  elements,
  attribute,
  trimLineBreaks,
  startsWithLiteral,
  type MarkedSyntaxSpec,
  type MarkedOpener,
  type MarkedBlock,
  type EndReader,
  type EndReaderFactory,
  type Element,
} from '../syntaxes/kit/index.js';
export { createMistralSyntax, mistralSyntax } from '../syntaxes/mistral/index.js';
export { createGemmaSyntax, gemmaSyntax } from '../syntaxes/gemma/index.js';
export { createGraniteSyntax, graniteSyntax } from '../syntaxes/granite/index.js';
export { createToolcallsSyntax, toolcallsSyntax } from '../syntaxes/toolcalls/index.js';
export { createPhi4Syntax, phi4Syntax } from '../syntaxes/phi4/index.js';
export { createTooltagsSyntax, tooltagsSyntax, type TooltagsSyntaxOptions } from '../syntaxes/tooltags/index.js';
export { createPythonicSyntax, pythonicSyntax } from '../syntaxes/pythonic/index.js';
export { createLfm2Syntax, lfm2Syntax } from '../syntaxes/lfm2/index.js';
export { createOlmo3Syntax, olmo3Syntax } from '../syntaxes/olmo3/index.js';
export { createInternlmSyntax, internlmSyntax } from '../syntaxes/internlm/index.js';
