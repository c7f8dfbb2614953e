/**
 * Pieces of the chat-route tests: a `fullStream` source written by hand (steps, errors, aborts
 * the mock models cannot easily make), and reading a route's stream as a client does, with the
 * real `readUIMessageStream` of each SDK.
 */
import type { UIMessage } from 'ai';
import { expect } from 'vitest';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { TranscriptStreamSource } from '../../src/ai/ui-message-stream.js';
import { USAGE, type Sdk } from './support.js';

/** A `streamText`-like result whose full stream yields `parts` (then throws `error`, when given). */
export function source(parts: ReadonlyArray<{ type: string } & Record<string, unknown>>, error?: unknown): TranscriptStreamSource {
  return {
    fullStream: (async function* () {
      yield* parts;
      if (error !== undefined) throw error;
    })(),
  };
}

/** One model step of the full stream, its text in `pieces`. */
export function stepParts(pieces: readonly string[], finishReason = 'stop'): Array<{ type: string } & Record<string, unknown>> {
  return [
    { type: 'start-step', request: {}, warnings: [] },
    { type: 'text-start', id: 't' },
    ...pieces.map((text) => ({ type: 'text-delta', id: 't', text })),
    { type: 'text-end', id: 't' },
    { type: 'finish-step', finishReason, usage: USAGE, response: {} },
  ];
}

/** Every chunk of a stream. */
export async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<T>) out.push(chunk);
  return out;
}

/** The message a client builds from the chunks (continuing `message` when given), with the errors its reader reported. */
export async function readMessage(sdk: Sdk, chunks: readonly unknown[], message?: UIMessage): Promise<{ message: UIMessage; errors: unknown[] }> {
  const errors: unknown[] = [];
  const stream = new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  const read = sdk.sdk.readUIMessageStream({ stream: stream as never, message: message && structuredClone(message), onError: (error) => errors.push(error) });
  for await (const yielded of read) last = structuredClone(yielded);
  return { message: last ?? structuredClone(message)!, errors };
}

/** The dynamic tool parts of a message. */
export function toolParts(message: UIMessage): Array<Extract<UIMessage['parts'][number], { type: 'dynamic-tool' }>> {
  return message.parts.filter((part) => part.type === 'dynamic-tool');
}

/** The stream of a mock model that writes `pieces` of text, then fails with `error` (an error part) or finishes. */
export function modelStream(pieces: readonly string[], end: { error: unknown } | { finishReason: 'stop' | 'length' } = { finishReason: 'stop' }): LanguageModelV3StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 'reply' },
    ...pieces.map((delta) => ({ type: 'text-delta' as const, id: 'reply', delta })),
    ...('error' in end
      ? [{ type: 'error' as const, error: end.error }]
      : [
          { type: 'text-end' as const, id: 'reply' },
          { type: 'finish' as const, finishReason: { unified: end.finishReason, raw: end.finishReason }, usage: USAGE },
        ]),
  ];
}

/** The chat state `useChat` keeps in React, as plain fields. */
export class PlainChatState {
  status: 'submitted' | 'streaming' | 'ready' | 'error' = 'ready';
  error: Error | undefined = undefined;
  messages: UIMessage[] = [];
  pushMessage = (message: UIMessage) => void (this.messages = [...this.messages, message]);
  popMessage = () => void (this.messages = this.messages.slice(0, -1));
  replaceMessage = (index: number, message: UIMessage) => void (this.messages = this.messages.map((m, at) => (at === index ? message : m)));
  snapshot = <T,>(thing: T): T => structuredClone(thing);
}

/** Waits for the chat to settle (automatic continuations included). */
export async function settled(chat: { status: string }): Promise<void> {
  for (let i = 0; i < 200 && chat.status !== 'ready' && chat.status !== 'error'; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(chat.status).toBe('ready');
}

