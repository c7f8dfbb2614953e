import type { LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { markdownSections } from 'tool-transcript';
import { followUp, replyTo, type ToolPartView } from '../../chat/server/script';
import { TOOL_KINDS } from '../../chat/server/tools';

/**
 * The model of this example: a mock (`MockLanguageModelV3` from `ai/test`) that writes its tool
 * calls in text, runs offline and says the same every time. Unlike examples/chat's route, it
 * decides what to say from the prompt `streamText` hands it, as a real model would: a user's
 * question gets the scripted reply, and the result sections that follow its own calls get the
 * scripted follow-up. So a turn only works if the route gave the model back its own text and the
 * results (`restoreTranscriptText`).
 *
 * Every call is logged (`modelCalls`: the prompt, and whether the reply was read to the end or
 * cancelled), so the end-to-end test can check what the model read and that Stop stopped it.
 */
export function scriptedModel() {
  return new MockLanguageModelV3({
    doStream: async ({ prompt, abortSignal }) => {
      const { text, chunkDelayMs } = replyFor(prompt);
      const entry: ModelCall = { prompt, stream: 'streaming' };
      log.push(entry);
      const stream = simulateReadableStream({ chunkDelayInMs: chunkDelayMs, chunks: textStreamParts(text) });
      return { stream: watched(stream, abortSignal, (state) => (entry.stream = state)) };
    },
  });
}

/** One call of the model: the prompt it read, and how its reply stream ended (`cancelled`: the route stopped it). */
export interface ModelCall {
  prompt: LanguageModelV3Prompt;
  stream: 'streaming' | 'finished' | 'cancelled';
}

// One log per server process (a global: Next.js may load this module once per route bundle).
const log: ModelCall[] = ((globalThis as { __toolTranscriptModelCalls?: ModelCall[] }).__toolTranscriptModelCalls ??= []);

/** Every call of the model so far, oldest first. */
export function modelCalls(): readonly ModelCall[] {
  return log;
}

/**
 * `stream` as a provider's response body behaves: `abortSignal` (`streamText`'s) ends it with the
 * abort's error, as an aborted fetch does. Tells `onEnd` whether it was read to the end or
 * stopped (aborted, or cancelled by its reader).
 */
function watched<T>(stream: ReadableStream<T>, abortSignal: AbortSignal | undefined, onEnd: (state: 'finished' | 'cancelled') => void): ReadableStream<T> {
  const reader = stream.getReader();
  let ended = false;
  const end = (state: 'finished' | 'cancelled') => {
    if (ended) return;
    ended = true;
    onEnd(state);
  };
  return new ReadableStream<T>({
    start(controller) {
      abortSignal?.addEventListener('abort', () => {
        end('cancelled');
        controller.error(abortSignal.reason);
        void reader.cancel(abortSignal.reason);
      });
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (ended) return;
      if (done) {
        end('finished');
        controller.close();
      } else controller.enqueue(value);
    },
    async cancel(reason) {
      end('cancelled');
      await reader.cancel(reason);
    },
  });
}

/** What the model says next: the follow-up when the prompt ends with results of its calls, else the reply to the question. */
export function replyFor(prompt: LanguageModelV3Prompt): { text: string; chunkDelayMs: number } {
  const text = lastUserText(prompt);
  const results = readResults(text);
  return results.length > 0 ? { text: followUp(results), chunkDelayMs: 8 } : replyTo(text);
}

function lastUserText(prompt: LanguageModelV3Prompt): string {
  const last = prompt.at(-1);
  if (last?.role !== 'user') return '';
  return last.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/**
 * The results of its tools the model reads in a user message: one markdown section per result
 * (`# tool_name` then the output as JSON, or `Error: …`), as the middleware and
 * `restoreTranscriptText` write them. Sections naming no tool of this example are ignored.
 */
function readResults(text: string): ToolPartView[] {
  const views: ToolPartView[] = [];
  for (const [toolName, contents] of Object.entries(markdownSections.parseSections(text))) {
    if (!(toolName in TOOL_KINDS)) continue;
    for (const content of contents) {
      if (/^error:/i.test(content)) views.push({ toolName, state: /denied/i.test(content) ? 'output-denied' : 'output-error' });
      else views.push({ toolName, state: 'output-available', output: parseJson(content) });
    }
  }
  return views;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The provider stream of a text reply, in pieces of a few characters. */
function textStreamParts(text: string): LanguageModelV3StreamPart[] {
  const pieces = text.match(/[\s\S]{1,6}/g) ?? [];
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
    ...pieces.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    {
      type: 'finish',
      finishReason: { unified: 'stop', raw: undefined },
      usage: {
        inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: pieces.length, text: pieces.length, reasoning: 0 },
      },
    },
  ];
}
