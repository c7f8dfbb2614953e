/**
 * AI SDK interop: our UI-message chunks, wrapped in `start` … `finish` and read
 * by the real `ai` package's `readUIMessageStream`, build a message whose text
 * and `dynamic-tool` parts match `parseTranscript`, at several splits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readUIMessageStream, type UIMessage, type UIMessageChunk as SdkChunk } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  builtinSyntaxes,
  createStreamChunks,
  parseTranscript,
  transcriptTransform,
  type ToolSyntax,
  type TranscriptChunk,
  type TranscriptOptions,
  type UIMessageChunk,
} from '../src/index.js';
import { transcript } from './support/documents.js';
import { splitAt, streamPieces } from './support/splits.js';

const all = Object.values(builtinSyntaxes) as ToolSyntax[];
const options: TranscriptOptions = { syntaxes: all };

/** Runs our chunks through the SDK and returns the final message. */
async function readMessage(events: readonly UIMessageChunk[]): Promise<UIMessage> {
  const stream = new ReadableStream<SdkChunk>({
    start(controller) {
      controller.enqueue({ type: 'start', messageId: 'm1' });
      for (const event of events) controller.enqueue(event as SdkChunk);
      controller.enqueue({ type: 'finish' });
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream, onError: (error) => { throw error; } })) last = message;
  return last!;
}

/** What the message should hold for these chunks: text runs and tool parts, in order. */
function expectedParts(chunks: readonly TranscriptChunk[]) {
  return chunks.map((chunk) =>
    chunk.type === 'text'
      ? { type: 'text', text: chunk.value }
      : {
          type: 'dynamic-tool',
          toolCallId: chunk.toolCallId,
          toolName: chunk.toolName,
          state: chunk.state,
          ...(chunk.state === 'input-streaming' ? {} : { input: chunk.input }),
          ...(chunk.state === 'output-available' ? { output: chunk.output } : {}),
          ...(chunk.state === 'output-error' ? { errorText: chunk.errorText } : {}),
        },
  );
}

function actualParts(message: UIMessage) {
  return message.parts
    .filter((part) => part.type === 'text' || part.type === 'dynamic-tool')
    .map((part) => {
      if (part.type === 'text') return { type: 'text', text: part.text };
      if (part.type !== 'dynamic-tool') throw new Error('unreachable');
      return {
        type: 'dynamic-tool',
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        state: part.state,
        ...(part.state === 'input-streaming' ? {} : { input: part.input }),
        ...(part.state === 'output-available' ? { output: part.output } : {}),
        ...(part.state === 'output-error' ? { errorText: part.errorText } : {}),
      };
    });
}

const fixtureRoot = join(import.meta.dirname, 'fixtures');
const fixtures = readdirSync(fixtureRoot).flatMap((folder) =>
  readdirSync(join(fixtureRoot, folder))
    .filter((file) => file.endsWith('.md'))
    .map((file) => [`${folder}/${file}`, readFileSync(join(fixtureRoot, folder, file), 'utf8')] as const),
);

describe('readUIMessageStream builds the same message', () => {
  it.each(fixtures)('%s, whole and split', async (_, input) => {
    const chunks = parseTranscript(input, options);
    const expected = expectedParts(chunks);
    const splits = [[input], input.split(''), splitAt(input, [3, 17, 40, 41, 90]), splitAt(input, [input.length >> 1])];
    for (const pieces of splits) {
      const { events } = streamPieces(pieces, options);
      expect(actualParts(await readMessage(events))).toEqual(expected);
    }
    expect(actualParts(await readMessage(createStreamChunks(chunks)))).toEqual(expected);
  });

  it('on generated transcripts at random splits', async () => {
    await fc.assert(
      fc.asyncProperty(transcript(all), fc.array(fc.nat(), { maxLength: 8 }), async (doc, cuts) => {
        const chunks = parseTranscript(doc, options);
        // Two blocks naming the same id would be one part in the SDK: skip those documents.
        const ids = chunks.flatMap((c) => (c.type === 'tool' ? [c.toolCallId] : []));
        fc.pre(new Set(ids).size === ids.length);
        const pieces = splitAt(doc, cuts.map((p) => p % (doc.length + 1)));
        const { events } = streamPieces(pieces, options);
        expect(actualParts(await readMessage(events))).toEqual(expectedParts(chunks));
      }),
      { numRuns: 200 },
    );
  });

  it('through transcriptTransform piped from a ReadableStream', async () => {
    const input = fixtures[0]![1];
    const source = new ReadableStream<string>({
      start(controller) {
        for (const piece of splitAt(input, [5, 9, 33, 34, 35])) controller.enqueue(piece);
        controller.close();
      },
    });
    const events: UIMessageChunk[] = [];
    const reader = source.pipeThrough(transcriptTransform(options)).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      events.push(value);
    }
    expect(actualParts(await readMessage(events))).toEqual(expectedParts(parseTranscript(input, options)));
  });
});
