/**
 * AI SDK interop: our UI-message chunks, wrapped in `start` … `finish` and read
 * by the real `ai` packages' `readUIMessageStream` (ai 6 and ai 7), build a message
 * whose text and `dynamic-tool` parts match `parseTranscript`, at several splits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStreamChunks, parseTranscript, transcriptTransform, type ToolSyntax, type TranscriptOptions, type UIMessageChunk } from '../../src/index.js';
import { builtinSyntaxes } from '../../src/syntaxes/index.js';
import { expectedParts, messageParts, SDKS } from '../support/ai-sdk.js';
import { transcript } from '../support/documents.js';
import { splitAnywhere, splitAt, streamPieces } from '../support/splits.js';

const all = Object.values(builtinSyntaxes) as ToolSyntax[];
const options: TranscriptOptions = { syntaxes: all };

const fixtureRoot = join(import.meta.dirname, '..', 'fixtures', 'parse');
const fixtures = readdirSync(fixtureRoot).flatMap((folder) =>
  readdirSync(join(fixtureRoot, folder))
    .filter((file) => file.endsWith('.md'))
    .map((file) => [`${folder}/${file}`, readFileSync(join(fixtureRoot, folder, file), 'utf8')] as const),
);

describe.each(SDKS)('readUIMessageStream ($name) builds the same message', (sdk) => {
  it.each(fixtures)('%s, whole and split', async (_, input) => {
    const chunks = parseTranscript(input, options);
    const expected = expectedParts(chunks);
    const splits = [[input], input.split(''), splitAt(input, [3, 17, 40, 41, 90]), splitAt(input, [input.length >> 1])];
    for (const pieces of splits) {
      const { events } = streamPieces(pieces, options);
      expect(await messageParts(events, sdk)).toEqual(expected);
    }
    expect(await messageParts(createStreamChunks(chunks), sdk)).toEqual(expected);
  });

  it('on generated transcripts at random splits', async () => {
    await fc.assert(
      fc.asyncProperty(transcript(all), fc.array(fc.nat(), { maxLength: 8 }), async (doc, cuts) => {
        const chunks = parseTranscript(doc, options);
        // Every call has its own id (a repeated one becomes `ID~2`), so no part is merged away.
        const ids = chunks.flatMap((c) => (c.type === 'tool' ? [c.toolCallId] : []));
        expect(new Set(ids).size).toBe(ids.length);
        const pieces = splitAnywhere(doc, cuts);
        const { events } = streamPieces(pieces, options);
        expect(await messageParts(events, sdk)).toEqual(expectedParts(chunks));
      }),
      { numRuns: 100 },
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
    expect(await messageParts(events, sdk)).toEqual(expectedParts(parseTranscript(input, options)));
  });
});
