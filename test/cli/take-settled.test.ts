/**
 * `FoldState.takeSettled`: the supported way for the CLI to take settled chunks out of the fold
 * of the builder's events and have it forget them (the CLI's `SettledChunks` is built on it).
 * Taken chunks, text runs joined, are the whole parse's; the fold holds none of them after a
 * take; and reading the `chunks` snapshot between takes changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTranscript, type ToolSyntax, type TranscriptChunk } from '../../src/index.js';
import { builtinSyntaxes } from '../../src/syntaxes/index.js';
import { Scanner } from '../../src/scanner/scanner.js';
import { FoldState } from '../../src/stream/fold.js';
import { TranscriptBuilder } from '../../src/stream/transcript-builder.js';
import { transcript } from '../support/documents.js';
import { splitAt, splitsInTwo } from '../support/splits.js';

const SYNTAXES = Object.values(builtinSyntaxes) as ToolSyntax[];

function reading() {
  const fold = new FoldState();
  const builder = new TranscriptBuilder(fold, { idPrefix: 'tool-call-' });
  const scanner = new Scanner(SYNTAXES, builder);
  return { fold, builder, scanner };
}

/** Consecutive text chunks joined into one, as one parse gives them. */
function joinText(chunks: readonly TranscriptChunk[]): TranscriptChunk[] {
  const out: TranscriptChunk[] = [];
  for (const chunk of chunks) {
    const last = out[out.length - 1];
    if (chunk.type === 'text' && last?.type === 'text') out[out.length - 1] = { type: 'text', value: last.value + chunk.value };
    else out.push(chunk);
  }
  return out;
}

/** The chunks taken after each piece and at the end; `peek` reads the snapshot before some takes. */
function takeAll(pieces: readonly string[], peek: (index: number) => boolean = () => false): TranscriptChunk[] {
  const { fold, builder, scanner } = reading();
  const taken: TranscriptChunk[] = [];
  pieces.forEach((piece, index) => {
    scanner.write(piece);
    if (peek(index)) void fold.chunks();
    taken.push(...fold.takeSettled());
  });
  scanner.end();
  builder.finish();
  taken.push(...fold.takeSettled());
  return taken;
}

describe('FoldState.takeSettled', () => {
  it('hands out what settled since the last take, and keeps none of it', () => {
    const { fold, builder, scanner } = reading();
    scanner.write('one\n\n^^^read\n^^^\n');
    expect(fold.takeSettled()).toEqual([
      { type: 'text', value: 'one\n\n' },
      expect.objectContaining({ type: 'tool', toolName: 'read', toolCallId: 'tool-call-1' }),
      { type: 'text', value: '\n' },
    ]);
    expect(fold.chunks()).toEqual([]);
    scanner.write('two\n\n^^^read\n');
    // The open block is not settled (the snapshot shows it streaming); the text before it is.
    expect(fold.chunks()).toEqual([{ type: 'text', value: 'two\n\n' }, expect.objectContaining({ type: 'tool', state: 'input-streaming' })]);
    expect(fold.takeSettled()).toEqual([{ type: 'text', value: 'two\n\n' }]);
    expect(fold.takeSettled()).toEqual([]);
    scanner.end();
    builder.finish();
    // Ids count on across takes.
    expect(fold.takeSettled()).toEqual([expect.objectContaining({ type: 'tool', toolCallId: 'tool-call-2', closed: false })]);
    expect(fold.chunks()).toEqual([]);
  });

  it('gives the whole parse’s chunks (text runs joined) for every split in two', () => {
    const doc = 'a\n\n^^^read\npath: x\n^^^\nb `^^^no` c\n\n```\n^^^no\n```\n🛠️[ls]🛠️[/end] d';
    const whole = parseTranscript(doc, { syntaxes: SYNTAXES });
    for (const pieces of splitsInTwo(doc)) expect(joinText(takeAll(pieces)), JSON.stringify(pieces)).toEqual(whole);
  });

  it('gives the whole parse’s chunks whatever the pieces, and reading the snapshot between takes changes nothing', () => {
    fc.assert(
      fc.property(
        transcript(SYNTAXES).chain((doc) => fc.tuple(fc.constant(doc), fc.array(fc.nat({ max: doc.length }), { maxLength: 8 }), fc.func(fc.boolean()))),
        ([doc, cuts, peek]) => {
          const pieces = splitAt(doc, cuts);
          const taken = takeAll(pieces);
          expect(joinText(taken)).toEqual(parseTranscript(doc, { syntaxes: SYNTAXES }));
          expect(takeAll(pieces, peek)).toEqual(taken);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('chunks is a snapshot: changing it changes nothing', () => {
    const { fold, scanner } = reading();
    scanner.write('a\n^^^read\n^^^\n');
    fold.chunks().splice(0);
    expect(fold.chunks()).toHaveLength(3);
  });
});
