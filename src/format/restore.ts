import { isRecord as isRecordValue } from '../object.js';
import { describeValue } from '../options.js';
import type { ToolMetadata, ToolState } from '../types.js';
import { markdownSections } from './sections/markdown.js';
import { formatToolResults, type ToolResult } from './sections/results.js';
import type { SectionFormat } from './sections/types.js';
import { xmlSections } from './sections/xml.js';

// The display route's history, put back as the model wrote it. A route that parses calls out of
// the model's text (`toTranscriptUIMessageStream`) shows them as tool parts; the model never
// made native tool calls, so on the next request those parts become its text again, and what the
// person did with them (an output, an approval, a denial) becomes a result section — the same
// protocol the model middleware writes.

/** Said for a call the person refused (an approval answered no). */
export const DENIED = 'The user denied this tool call.';

/** Said for a call the person approved when nothing ran it (a display route runs no tools). */
export const APPROVED = 'The user approved this tool call.';

/** A UI message part as `restoreTranscriptText` reads it (the AI SDK's `UIMessage['parts'][number]`). */
export interface RestorablePart {
  type: string;
  [key: string]: unknown;
}

/** A UI message as `restoreTranscriptText` reads it (the AI SDK's `UIMessage`, declared locally). */
export interface RestorableMessage {
  id: string;
  role: 'system' | 'user' | 'assistant';
  parts: RestorablePart[];
}

/** Options of {@link restoreTranscriptText}. */
export interface RestoreTranscriptTextOptions {
  /**
   * How result sections are written. Default, as the middleware: `xmlSections` when the step's
   * first call is in `xml`, `hermes` or `tooltags`, else `markdownSections`.
   */
  results?: SectionFormat;
}

/**
 * The messages of a chat whose route displays tool calls written in text, as the model should
 * read them on the next request: call before `convertToModelMessages`.
 *
 * In each assistant message, every tool part that came from text (its `toolMetadata.raw`, set by
 * `toTranscriptUIMessageStream`, or by `transcriptTransform` with the `sourceMetadata` option)
 * becomes exactly the text the model wrote, merged with the text parts around it. An answer the person gave — an output
 * (`addToolOutput`), an output error, an approval or a denial (`addToolApprovalResponse`) —
 * becomes a result section (`formatToolResults`, one per call) in a user message after the step
 * that wrote the call, as the model middleware writes results; so the next `streamText` call
 * neither throws `AI_MissingToolResultsError` nor shows the model native calls it never made.
 * A call that could not be read (malformed, or cut off when the reply ended) gets its error as
 * its result, as the middleware tells the model what was wrong. An answer the block's own text
 * recorded is already in that text and is not repeated. A call cut off while streaming (still
 * `input-streaming` after a stop) is restored from its `rawInput`.
 *
 * Parts that did not come from text (native tool calls, reasoning, files, sources, data) are
 * left as they are; user and system messages too, and parts it cannot read. The input is not
 * modified. Throws only a `TypeError` when `messages` is not an array.
 *
 * @example
 * const messages = await convertToModelMessages(restoreTranscriptText(uiMessages));
 */
export function restoreTranscriptText<Message extends RestorableMessage>(
  messages: readonly Message[],
  options: RestoreTranscriptTextOptions = {},
): Message[] {
  if (!Array.isArray(messages)) throw new TypeError(`tool-transcript: restoreTranscriptText messages must be an array of UI messages, got ${describeValue(messages)}`);
  const out: Message[] = [];
  for (const message of messages) {
    if (hasTextBornParts(message)) out.push(...restoreAssistant(message, options));
    else out.push(message);
  }
  return out;
}

/** An assistant message with a part that came from text (anything else is passed on as it is). */
function hasTextBornParts(message: RestorableMessage): boolean {
  const { role, parts } = (isRecord(message) ? message : {}) as Partial<RestorableMessage>;
  return role === 'assistant' && Array.isArray(parts) && parts.some((part) => sourceOf(part) !== undefined);
}

/** The text a tool part came from: `undefined` for a part that did not come from text. */
function sourceOf(part: RestorablePart): string | undefined {
  if (!isRecord(part) || typeof part.type !== 'string') return undefined;
  if (part.type !== 'dynamic-tool' && !part.type.startsWith('tool-')) return undefined;
  const meta = part.toolMetadata as Partial<ToolMetadata> | undefined;
  if (!isRecord(meta) || typeof meta.syntax !== 'string') return undefined;
  if (typeof meta.raw === 'string') return meta.raw;
  // Cut off before it settled (a stop): the source so far is the part's raw input text.
  if (part.state === 'input-streaming' && typeof part.rawInput === 'string') return part.rawInput;
  return undefined;
}

/** One assistant message: a message per run of steps, with a user message of results after each step whose calls were answered. */
function restoreAssistant<Message extends RestorableMessage>(message: Message, options: RestoreTranscriptTextOptions): Message[] {
  const out: Message[] = [];
  let parts: RestorablePart[] = [];
  let text: string | undefined;
  let results: ToolResult[] = [];
  let resultsFormat: SectionFormat | undefined;

  const flushText = () => {
    if (text !== undefined && text !== '') parts.push({ type: 'text', text, state: 'done' });
    text = undefined;
  };
  // The results of a step are the user's turn: they end the assistant message there.
  const flushResults = () => {
    flushText();
    if (results.length === 0) return;
    if (parts.length > 0) out.push({ ...message, id: out.length === 0 ? message.id : `${message.id}-${out.length}`, parts });
    const { text: sections } = formatToolResults(results, options.results ?? resultsFormat ?? markdownSections);
    out.push({ id: `${message.id}-results-${out.length}`, role: 'user', parts: [{ type: 'text', text: sections }] } as RestorableMessage as Message);
    parts = [];
    results = [];
    resultsFormat = undefined;
  };

  for (const part of message.parts) {
    const source = sourceOf(part);
    if (source !== undefined) {
      text = (text ?? '') + source;
      const result = answerOf(part);
      if (result) {
        results.push(result);
        resultsFormat ??= formatFor((part.toolMetadata as ToolMetadata).syntax);
      }
    } else if (isRecord(part) && part.type === 'text' && typeof part.text === 'string') {
      text = (text ?? '') + part.text;
    } else {
      if (isRecord(part) && part.type === 'step-start') flushResults();
      else flushText();
      parts.push(part);
    }
  }
  flushResults();
  // (An assistant message whose text-born parts wrote nothing is kept, empty: nothing is dropped.)
  if (parts.length > 0 || out.length === 0) out.push({ ...message, id: out.length === 0 ? message.id : `${message.id}-${out.length}`, parts });
  return out;
}

/** What the person did with a text-born call, as a result for the model; `undefined` when nothing (or only what the text itself recorded). */
function answerOf(part: RestorablePart): ToolResult | undefined {
  const state = part.state as ToolState | undefined;
  const meta = part.toolMetadata as ToolMetadata;
  if (state === undefined || state === meta.textState) return undefined;
  const toolName = typeof part.toolName === 'string' ? part.toolName : part.type.slice('tool-'.length);
  const base = { toolName, toolCallId: typeof part.toolCallId === 'string' ? part.toolCallId : undefined };
  const approval = isRecord(part.approval) ? (part.approval as { approved?: unknown; reason?: unknown }) : undefined;
  const reason = typeof approval?.reason === 'string' && approval.reason !== '' ? approval.reason : undefined;
  switch (state) {
    case 'output-available':
      return { ...base, output: part.output };
    case 'output-error':
      return { ...base, errorText: typeof part.errorText === 'string' ? part.errorText : 'The tool call failed.' };
    case 'output-denied':
      return { ...base, errorText: reason ? `${DENIED} Reason: ${reason}` : DENIED };
    case 'approval-responded':
      if (approval?.approved === false) return { ...base, errorText: reason ? `${DENIED} Reason: ${reason}` : DENIED };
      if (approval?.approved === true) return { ...base, output: reason ? `${APPROVED} Reason: ${reason}` : APPROVED };
      return undefined;
    default:
      return undefined;
  }
}

/** The section format the middleware uses for calls of this syntax. */
function formatFor(syntax: string): SectionFormat {
  return syntax === 'xml' || syntax === 'hermes' || syntax === 'tooltags' ? xmlSections : markdownSections;
}

/** {@link isRecordValue}, typed for the parts this module reads. */
const isRecord = isRecordValue as (value: unknown) => value is Record<string, unknown> & RestorablePart;
