/**
 * `tool-transcript/ai`: an AI SDK language model middleware that lets any model call tools by
 * writing them in a text syntax, parsed as it streams into the SDK's native tool calls.
 *
 * @packageDocumentation
 */
export { toolTranscriptMiddleware, type ToolTranscriptMiddlewareOptions, type ToolTranscriptLanguageModelMiddleware } from './middleware.js';
export { REFUSALS, METADATA_KEY, type RefusedCallMetadata } from './calls.js';
export { DENIED } from './prompt.js';
export {
  toTranscriptUIMessageStream,
  CUT_OFF_ERROR_TEXT,
  DEFAULT_ERROR_TEXT,
  type TranscriptUIMessageStreamOptions,
  type TranscriptUIMessageStreamChunk,
  type TranscriptRouteChunk,
  type TranscriptStreamSource,
  type TranscriptFinishReason,
  type ApprovalCall,
} from './ui-message-stream.js';
