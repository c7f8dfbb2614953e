/**
 * `tool-transcript/ai`: an AI SDK language model middleware that lets any model call tools by
 * writing them in a text syntax, parsed as it streams into the SDK's native tool calls; and the
 * UI-message stream of a chat route whose model writes its calls in text.
 *
 * To save a chat, merge the stream into `createUIMessageStream({ originalMessages: messages,
 * onFinish: ({ messages }) => save(messages), execute: ({ writer }) =>
 * writer.merge(toTranscriptUIMessageStream(result)) })`: saved parts keep their source, which
 * `restoreTranscriptText` (core; its `results` option picks the section format) writes back.
 *
 * @packageDocumentation
 */
export { toolTranscriptMiddleware, type ToolTranscriptMiddlewareOptions } from './middleware.js';
export { toTranscriptUIMessageStream, type TranscriptUIMessageStreamOptions } from './ui-message-stream.js';
