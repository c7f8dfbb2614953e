/**
 * CONTRACT invariants 1–5 and 7 as fast-check properties, over generated
 * transcripts mixing every registered syntax, and over arbitrary strings.
 * Failures print the seed and the shrunk counterexample.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTranscript, type ToolSyntax, type TranscriptChunk, type TranscriptOptions } from '../../../src/index.js';
import { builtinSyntaxes } from '../../../src/syntaxes/index.js';
import { createTranscriptStore } from '../../../src/store/index.js';
import { codeWrapped, cuts, inlineCode, transcript } from '../../support/documents.js';
import { reassemble, splitAnywhere, streamPieces } from '../../support/splits.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 1000);
const all = Object.values(builtinSyntaxes) as ToolSyntax[];
const options: TranscriptOptions = { syntaxes: all };
const anyString = fc.string({ unit: 'binary', maxLength: 200 });
const documents = fc.oneof(transcript(all), anyString);

function textChunksAreMerged(chunks: readonly TranscriptChunk[]): boolean {
  return chunks.every((chunk, i) => {
    if (chunk.type !== 'text') return true;
    return chunk.value !== '' && chunks[i - 1]?.type !== 'text';
  });
}

describe('contract invariants (all registered syntaxes)', () => {
  it('1. lossless: text values and raws give back the input', () => {
    fc.assert(
      fc.property(documents, (doc) => {
        expect(reassemble(parseTranscript(doc, options))).toBe(doc);
      }),
      { numRuns: RUNS },
    );
  });

  it('2. merged text: no empty text chunk, no two in a row', () => {
    fc.assert(
      fc.property(documents, (doc) => {
        expect(textChunksAreMerged(parseTranscript(doc, options))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('3. chunking does not matter: any split streams to the same chunks', () => {
    fc.assert(
      fc.property(documents, cuts, (doc, at) => {
        const whole = parseTranscript(doc, options);
        const pieces = splitAnywhere(doc, at);
        expect(streamPieces(pieces, options).chunks).toEqual(whole);
      }),
      { numRuns: RUNS },
    );
  });

  it('3. chunking does not matter: one code unit at a time (surrogates and CRLF split)', () => {
    fc.assert(
      fc.property(documents, (doc) => {
        expect(streamPieces(doc.split(''), options).chunks).toEqual(parseTranscript(doc, options));
      }),
      { numRuns: Math.ceil(RUNS / 4) },
    );
  });

  it('4. deterministic ids: generated ids count tool chunks from 1 in order', () => {
    fc.assert(
      fc.property(transcript(all), (doc) => {
        const chunks = parseTranscript(doc, options);
        expect(parseTranscript(doc, options)).toEqual(chunks);
        const tools = chunks.filter((chunk) => chunk.type === 'tool');
        tools.forEach((tool, index) => {
          const generated = /^tool-call-(\d+)$/.exec(tool.toolCallId);
          if (generated && !tool.raw.includes(tool.toolCallId)) expect(Number(generated[1])).toBe(index + 1);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('4. ids the AI SDK can keep apart: no two tool chunks share an id; a repeat is ID~N after ID', () => {
    fc.assert(
      fc.property(documents, (doc) => {
        const ids = parseTranscript(doc, options).flatMap((chunk) => (chunk.type === 'tool' ? [chunk.toolCallId] : []));
        expect(new Set(ids).size).toBe(ids.length);
        ids.forEach((id, index) => {
          const repeat = /^(.*)~\d+$/.exec(id);
          if (repeat && !ids.slice(0, index).includes(repeat[1]!)) {
            // Only a block that itself names `X~N` may hold one without an earlier `X`.
            expect(doc).toContain(id);
          }
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('events, once: the store folded from any split shows exactly parseTranscript', () => {
    fc.assert(
      fc.property(documents, cuts, (doc, at) => {
        const store = createTranscriptStore(options);
        for (const piece of splitAnywhere(doc, at)) store.append(piece);
        store.end();
        const state = store.getState();
        expect(state.ids.map((id) => state.byId[id])).toEqual(parseTranscript(doc, options));
      }),
      { numRuns: Math.ceil(RUNS / 4) },
    );
  });

  it('5. never throws, and malformed blocks keep their raw with an error that says why', () => {
    fc.assert(
      fc.property(documents, (doc) => {
        const chunks = parseTranscript(doc, options);
        for (const chunk of chunks) {
          if (chunk.type === 'tool' && chunk.state === 'output-error') {
            expect(typeof chunk.errorText).toBe('string');
            expect(chunk.errorText!.length).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('7. code is not a call: markers inside fenced code or inline code stay text', () => {
    const wrapped = fc.oneof(codeWrapped(all), inlineCode(all));
    fc.assert(
      fc.property(fc.array(wrapped, { minLength: 1, maxLength: 4 }), (parts) => {
        const doc = parts.join('\n\n');
        const chunks = parseTranscript(doc, options);
        expect(chunks).toEqual([{ type: 'text', value: doc }]);
      }),
      { numRuns: RUNS },
    );
  });
});

describe.each(all.map((syntax) => [syntax.name, syntax] as const))('invariants for %s alone', (_, syntax) => {
  const only: TranscriptOptions = { syntaxes: [syntax] };
  it('lossless, merged and split-independent', () => {
    fc.assert(
      fc.property(transcript([syntax]), cuts, (doc, at) => {
        const whole = parseTranscript(doc, only);
        expect(reassemble(whole)).toBe(doc);
        expect(textChunksAreMerged(whole)).toBe(true);
        const pieces = splitAnywhere(doc, at);
        expect(streamPieces(pieces, only).chunks).toEqual(whole);
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });
});
