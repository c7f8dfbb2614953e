/**
 * tool-transcript/lite: the core parser over the syntax objects you pass, with no default set
 * and no syntax names. The functions are those of the main entry with `syntaxes` required, so
 * a bundle carries only the syntaxes the app passes: an XML-only parser carries no YAML (the
 * `fence` and `caret` syntaxes are the ones that read YAML).
 *
 * Its names are the main entry's minus the registry of names (`defaultSyntaxes`, `SyntaxName`)
 * and the prompt writers (which take syntax names); `test/package/exports.test.ts` pins them.
 *
 * @example
 * import { createTranscriptParser, xmlSyntax } from 'tool-transcript/lite';
 * const parser = createTranscriptParser({ syntaxes: [xmlSyntax] });
 *
 * @packageDocumentation
 */
export {
  TOOL_STATES,
  type ToolState,
  type ToolApproval,
  type TextChunk,
  type ToolChunk,
  type ReasoningChunk,
  type TranscriptChunk,
  type UIMessageChunk,
  type ToolSyntax,
  type ToolDefinition,
  type ParsedCall,
} from '../types.js';
export {
  parseTranscript,
  createTranscriptParser,
  createTranscriptEventParser,
  transcriptTransform,
  // Here the options name syntax objects only, and `syntaxes` is required.
  type ExplicitOptions as TranscriptOptions,
  type TranscriptParser,
} from '../stream/event-parser.js';
export { createStreamChunks } from '../stream/stream-chunks.js';
export type { TranscriptEvent } from '../stream/events.js';
export { defineMarkedSyntax } from '../syntaxes/kit/index.js';
// One line per syntax folder (bench/bundle.mjs reads them to measure each syntax's marginal
// size). Only the factories that take options are public: an option-less syntax is its object.
export { createCaretSyntax, caretSyntax } from '../syntaxes/caret/index.js';
export { emojiSyntax } from '../syntaxes/emoji/index.js';
export { createFenceSyntax, fenceSyntax } from '../syntaxes/fence/index.js';
export { hermesSyntax } from '../syntaxes/hermes/index.js';
export { createJsonSyntax, jsonSyntax } from '../syntaxes/json/index.js';
export { createSentinelSyntax, sentinelSyntax } from '../syntaxes/sentinel/index.js';
export { createXmlSyntax, xmlSyntax } from '../syntaxes/xml/index.js';
export { qwen3CoderSyntax } from '../syntaxes/qwen3coder/index.js';
export { createGlmSyntax, glmSyntax } from '../syntaxes/glm/index.js';
export { createDeepSeekSyntax, deepSeekSyntax } from '../syntaxes/deepseek/index.js';
export { kimiSyntax } from '../syntaxes/kimi/index.js';
export { harmonySyntax } from '../syntaxes/harmony/index.js';
export { miniMaxSyntax } from '../syntaxes/minimax/index.js';
export { createDsmlSyntax, dsmlSyntax } from '../syntaxes/dsml/index.js';
export { invokeSyntax } from '../syntaxes/invoke/index.js';
export { mistralSyntax } from '../syntaxes/mistral/index.js';
export { gemmaSyntax } from '../syntaxes/gemma/index.js';
export { graniteSyntax } from '../syntaxes/granite/index.js';
export { toolcallsSyntax } from '../syntaxes/toolcalls/index.js';
export { phi4Syntax } from '../syntaxes/phi4/index.js';
export { createTooltagsSyntax, tooltagsSyntax } from '../syntaxes/tooltags/index.js';
export { pythonicSyntax } from '../syntaxes/pythonic/index.js';
export { lfm2Syntax } from '../syntaxes/lfm2/index.js';
export { olmo3Syntax } from '../syntaxes/olmo3/index.js';
export { internlmSyntax } from '../syntaxes/internlm/index.js';
