import type {
  LanguageModelV3FilePart,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3ToolResultOutput,
} from '@ai-sdk/provider';
import { formatToolResults, type ToolResult } from '../format/sections/results.js';
import type { SectionFormat } from '../format/sections/types.js';
import type { ToolDefinition, ToolSyntax } from '../types.js';
import { METADATA_KEY } from './calls.js';

type Message = LanguageModelV3Message;
type AssistantPart = Extract<Message, { role: 'assistant' }>['content'][number];
type UserPart = Extract<Message, { role: 'user' }>['content'][number];

/** How the history is written back to the model. */
export interface HistoryFormat {
  /** The taught syntax: earlier calls are written in it. */
  syntax: ToolSyntax;
  /** How tool results are written (one section per result). */
  results: SectionFormat;
  /** The tools by name: a syntax without named parameters (emoji) lays them out by the schema. */
  tools: ReadonlyMap<string, ToolDefinition>;
}

import { DENIED } from '../format/restore.js';

/** Said for a call the person refused (`needsApproval` answered no): the same words as the display route's `restoreTranscriptText`. */
export { DENIED };

/**
 * The prompt as the model should see it when it calls tools through text: each earlier
 * assistant tool call written back as a block of the taught syntax inside the assistant's text,
 * and each tool message turned into a user message holding the results as sections (see
 * `formatToolResults`). A call the middleware refused is written as the model wrote it, and its
 * result is the middleware's reason rather than the SDK's JSON parse error. Approval responses
 * are dropped (the SDK has acted on them already). Provider-executed calls stay native.
 */
export function rewritePrompt(prompt: LanguageModelV3Prompt, format: HistoryFormat): LanguageModelV3Prompt {
  const refused = new Map<string, string>();
  const out: LanguageModelV3Prompt = [];
  for (const message of prompt) {
    if (message.role === 'assistant') out.push(rewriteAssistant(message, format, refused));
    else if (message.role === 'tool') {
      const results = toolResultsMessage(message, format.results, refused);
      if (results) out.push(results);
    } else out.push(message);
  }
  return out;
}

/** Adds `text` to the first system message, or puts a system message first. */
export function withSystemText(prompt: LanguageModelV3Prompt, text: string): LanguageModelV3Prompt {
  if (text === '') return prompt;
  const first = prompt[0];
  if (first?.role === 'system') return [{ ...first, content: joinBlocks(first.content, text) }, ...prompt.slice(1)];
  return [{ role: 'system', content: text }, ...prompt];
}

function rewriteAssistant(
  message: Extract<Message, { role: 'assistant' }>,
  format: HistoryFormat,
  refused: Map<string, string>,
): Message {
  const content: AssistantPart[] = [];
  let text: string | undefined;
  /** The text so far ends with a written block: what follows starts on a line of its own. */
  let afterBlock = false;
  const flushText = () => {
    if (text !== undefined && text !== '') content.push({ type: 'text', text });
    text = undefined;
    afterBlock = false;
  };
  for (const part of message.content) {
    if (part.type === 'text') {
      text = (text ?? '') + (afterBlock && !/^\r?\n/.test(part.text) ? `\n${part.text}` : part.text);
      afterBlock = false;
    } else if (part.type === 'tool-call' && part.providerExecuted !== true) {
      const metadata = part.providerOptions?.[METADATA_KEY];
      const errorText = typeof metadata?.errorText === 'string' ? metadata.errorText : undefined;
      const raw = typeof metadata?.raw === 'string' && metadata.raw !== '' ? metadata.raw : undefined;
      if (errorText !== undefined) refused.set(part.toolCallId, errorText);
      text = joinCall(text ?? '', raw ?? writeCall(format, part.toolName, part.input));
      afterBlock = true;
    } else {
      flushText();
      content.push(part);
    }
  }
  flushText();
  return { ...message, content };
}

/**
 * A call as a block of the syntax. A syntax whose calls do not carry named parameters (emoji)
 * lays the input out as it does for its examples (`describe.exampleInput`). The call's JSON when
 * the syntax cannot write it.
 */
function writeCall({ syntax, tools }: HistoryFormat, toolName: string, input: unknown): string {
  try {
    const tool = tools.get(toolName);
    const layOut = syntax.describe?.exampleInput;
    const written = layOut && tool && isRecord(input) ? layOut(input, tool) : (input ?? {});
    return syntax.format({ toolName, input: written });
  } catch {
    return `${toolName} ${JSON.stringify(input ?? {})}`;
  }
}

function toolResultsMessage(
  message: Extract<Message, { role: 'tool' }>,
  format: SectionFormat,
  refused: ReadonlyMap<string, string>,
): Message | undefined {
  const results: ToolResult<LanguageModelV3FilePart>[] = [];
  for (const part of message.content) {
    if (part.type !== 'tool-result') continue;
    const reason = refused.get(part.toolCallId);
    const base = { toolName: part.toolName, toolCallId: part.toolCallId };
    results.push(reason !== undefined ? { ...base, errorText: reason } : { ...base, ...resultOf(part.output) });
  }
  if (results.length === 0) return undefined;
  const { text, media } = formatToolResults(results, format);
  const content: UserPart[] = [{ type: 'text', text }, ...media];
  return { role: 'user', content };
}

/** A native tool result as output, error text and media. */
function resultOf(output: LanguageModelV3ToolResultOutput): Omit<ToolResult<LanguageModelV3FilePart>, 'toolName'> {
  switch (output.type) {
    case 'text':
    case 'json':
      return { output: output.value };
    case 'error-text':
      return { errorText: output.value };
    case 'error-json':
      return { errorText: JSON.stringify(output.value) };
    case 'execution-denied':
      return { errorText: output.reason ? `${DENIED} Reason: ${output.reason}` : DENIED };
    case 'content': {
      const texts: string[] = [];
      const media: LanguageModelV3FilePart[] = [];
      for (const item of output.value) {
        if (item.type === 'text') texts.push(item.text);
        else if (item.type === 'image-data' || item.type === 'file-data') media.push({ type: 'file', data: item.data, mediaType: item.mediaType });
        else if (item.type === 'image-url' || item.type === 'file-url')
          media.push({ type: 'file', data: new URL(item.url), mediaType: ('mediaType' in item && item.mediaType) || 'image/*' });
      }
      return { output: texts.join('\n'), media };
    }
    default:
      return { output: (output as { value?: unknown }).value };
  }
}

/** Prose, then the block from the start of a line (line-start syntaxes need it; the rest read better). */
function joinCall(before: string, block: string): string {
  if (before === '' || before.endsWith('\n')) return before + block;
  return `${before}\n${block}`;
}

function joinBlocks(before: string, after: string): string {
  return before.trim() === '' ? after : `${before.replace(/\s+$/, '')}\n\n${after}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
