/**
 * The chunks are one fold of the events (`foldEvent`, stream/fold.ts): folding the event parser's
 * events gives `parseTranscript` for any split; after every write the fold of the events so far
 * is the parser's `chunks` snapshot (open block included, input and source exact); and the
 * store's items after every append are that same fold.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTranscriptEventParser, createTranscriptParser, parseTranscript, type ToolSyntax, type TranscriptChunk, type TranscriptOptions } from '../../src/index.js';
import { createTranscriptStore } from '../../src/store/index.js';
import type { TranscriptState } from '../../src/store/types.js';
import { builtinSyntaxes } from '../../src/syntaxes/index.js';
import type { TranscriptEvent } from '../../src/stream/events.js';
import { foldEvent, FoldState } from '../../src/stream/fold.js';
import { cuts, transcript } from '../support/documents.js';
import { splitAnywhere, splitsInTwo, unitByUnit } from '../support/splits.js';

const SYNTAXES = Object.values(builtinSyntaxes) as ToolSyntax[];
const OPTIONS: TranscriptOptions = { syntaxes: SYNTAXES };

const items = (state: TranscriptState) => state.ids.map((id) => state.byId[id]);

function fold(events: readonly TranscriptEvent[], state = new FoldState()): FoldState {
  for (const event of events) foldEvent(state, event);
  return state;
}

/** The event parser fed `pieces`, its events folded; `after` sees the fold after every write. */
function foldPieces(pieces: readonly string[], partialInput: boolean, after?: (fold: FoldState, snapshot: TranscriptChunk[], index: number) => void): TranscriptChunk[] {
  const parser = createTranscriptEventParser({ ...OPTIONS, partialInput });
  const state = new FoldState();
  pieces.forEach((piece, index) => {
    fold(parser.write(piece), state);
    after?.(state, parser.chunks, index);
  });
  fold(parser.end(), state);
  return state.chunks();
}

const documents = transcript(SYNTAXES).chain((doc) => fc.tuple(fc.constant(doc), cuts));

describe('foldEvent: the chunks of the events', () => {
  it('folding the event parser’s events gives parseTranscript, for any split, with and without partialInput', () => {
    fc.assert(
      fc.property(documents, fc.boolean(), ([doc, at], partialInput) => {
        expect(foldPieces(splitAnywhere(doc, at), partialInput)).toEqual(parseTranscript(doc, OPTIONS));
      }),
      { numRuns: 150 },
    );
  });

  it('after every write, the fold of the events so far is the parser’s snapshot (partialInput: exactly, open block included)', () => {
    fc.assert(
      fc.property(documents, ([doc, at]) => {
        foldPieces(splitAnywhere(doc, at), true, (state, snapshot, index) => expect(state.chunks(), `after piece ${index}`).toEqual(snapshot));
      }),
      { numRuns: 150 },
    );
  });

  it('the store’s items after every append are the fold of the same events', () => {
    fc.assert(
      fc.property(documents, ([doc, at]) => {
        const pieces = splitAnywhere(doc, at);
        const store = createTranscriptStore(OPTIONS);
        const folded: TranscriptChunk[][] = [];
        foldPieces(pieces, true, (state) => folded.push(state.chunks()));
        pieces.forEach((piece, index) => {
          store.append(piece);
          expect(items(store.getState()), `after piece ${index}`).toEqual(folded[index]);
        });
        store.end();
        expect(items(store.getState())).toEqual(parseTranscript(doc, OPTIONS));
      }),
      { numRuns: 100 },
    );
  });

  it('an open reasoning block and a held closer show the same in the store, the snapshot and the fold, split anywhere', () => {
    const texts = ['Hi <think>first then</thi', 'a\n```tool search\ninput:\n  q: 1\n``', '🛠️[read a.md]\nbody🛠️[/e'];
    for (const text of texts) {
      for (const pieces of [...splitsInTwo(text), unitByUnit(text)]) {
        const store = createTranscriptStore();
        const parser = createTranscriptParser();
        for (const piece of pieces) {
          store.append(piece);
          parser.write(piece);
        }
        expect(items(store.getState()), JSON.stringify(pieces)).toEqual(parser.chunks);
      }
    }
    // What they show: the source so far exactly, tags and held closer units included.
    const parser = createTranscriptParser();
    parser.write('Hi <think>first then</th');
    parser.write('i');
    expect(parser.chunks.at(-1)).toEqual({ type: 'reasoning', value: 'first then', raw: '<think>first then</thi', closed: false });
  });
});

describe('foldEvent, event by event', () => {
  it('merges text, shows an open tool from its events, and replaces it by the settled chunk', () => {
    const settled = parseTranscript('🛠️[read a.md]🛠️[/end]', { syntaxes: ['emoji'] })[0]!;
    const state = fold([
      { type: 'text-start', key: 'text-1' },
      { type: 'text-delta', key: 'text-1', delta: 'He' },
      { type: 'text-delta', key: 'text-1', delta: 'llo ' },
      { type: 'text-end', key: 'text-1' },
      { type: 'tool-start', key: 'tool-call-1', toolCallId: undefined, toolName: 'tool', syntax: 'fence' },
      { type: 'tool-delta', key: 'tool-call-1', delta: '```tool' },
      { type: 'tool-delta', key: 'tool-call-1', delta: ' search\n' },
    ]);
    // No id yet: the key stands for it. No raw carried: the deltas joined.
    expect(state.chunks()).toEqual([
      { type: 'text', value: 'Hello ' },
      { type: 'tool', toolCallId: 'tool-call-1', toolName: 'tool', state: 'input-streaming', input: {}, syntax: 'fence', raw: '```tool search\n', closed: false },
    ]);
    fold(
      [
        { type: 'tool-identity', key: 'tool-call-1', toolCallId: 'abc', toolName: 'search' },
        { type: 'tool-delta', key: 'tool-call-1', delta: 'input:\n', input: { q: 1 }, raw: '```tool search\n\ninput:\n' },
      ],
      state,
    );
    expect(state.part('tool-call-1')).toMatchObject({ toolCallId: 'abc', toolName: 'search', input: { q: 1 }, raw: '```tool search\n\ninput:\n' });
    fold([{ type: 'tool-settle', key: 'tool-call-1', chunk: settled as never, invalid: false }], state);
    expect(state.chunks()).toEqual([{ type: 'text', value: 'Hello ' }, settled]);
    expect(state.part('tool-call-1')).toBe(settled);
  });

  it('keeps settled chunks as the same objects across snapshots, the growing text a new one', () => {
    const state = fold([
      { type: 'text-start', key: 'text-1' },
      { type: 'text-delta', key: 'text-1', delta: 'a' },
    ]);
    const first = state.chunks();
    state.textDelta('text-1', 'b');
    const second = state.chunks();
    expect(second).toEqual([{ type: 'text', value: 'ab' }]);
    expect(second[0]).not.toBe(first[0]);
    expect(first).toEqual([{ type: 'text', value: 'a' }]);
  });

  it('shows an open reasoning block by its value until a delta carries its source', () => {
    const state = fold([
      { type: 'reasoning-start', key: 'reasoning-1' },
      { type: 'reasoning-delta', key: 'reasoning-1', delta: 'hm' },
    ]);
    expect(state.chunks()).toEqual([{ type: 'reasoning', value: 'hm', raw: 'hm', closed: false }]);
    fold([{ type: 'reasoning-delta', key: 'reasoning-1', delta: '', raw: '<think>hm</' }], state);
    expect(state.chunks()).toEqual([{ type: 'reasoning', value: 'hm', raw: '<think>hm</', closed: false }]);
  });
});
