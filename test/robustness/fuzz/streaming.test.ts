/**
 * Streaming as a user sees it, as fast-check properties over hostile strings
 * and transcripts: nothing already shown disappears (each snapshot is a
 * prefix of the final transcript: finished chunks never change, the growing
 * one only grows), the store shows the same items as `parseTranscript` for
 * any split, and the remark plugin finds the same calls. Budgets (RUNS in
 * ./support.ts) scale ×20 under FUZZ=1.
 */
import fc from 'fast-check';
import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, parseTranscript, type ToolChunk, type TranscriptChunk, type TranscriptOptions } from '../../../src/index.js';
import { remarkToolCalls, type ToolCallNode } from '../../../src/remark/index.js';
import { createTranscriptStore } from '../../../src/store/index.js';
import { splitAnywhere } from '../../support/splits.js';
import { ALL_SYNTAXES, cutPositions, hostileString, hostileTranscript, runs, RUNS, TIMEOUT } from './support.js';

const all: TranscriptOptions = { syntaxes: ALL_SYNTAXES };

/** Asserts that `snapshot`, taken while streaming, shows nothing that `final` takes away. */
function expectPrefixOf(snapshot: readonly TranscriptChunk[], final: readonly TranscriptChunk[]): void {
  expect(snapshot.length).toBeLessThanOrEqual(final.length);
  snapshot.forEach((chunk, i) => {
    const last = i === snapshot.length - 1;
    const later = final[i]!;
    if (!last || (chunk.type === 'tool' && chunk.state !== 'input-streaming')) {
      expect(chunk).toEqual(later);
      return;
    }
    // The growing end: text that goes on, or the open block.
    expect(later.type).toBe(chunk.type);
    if (chunk.type === 'text') expect((later as typeof chunk).value.startsWith(chunk.value)).toBe(true);
    else if (chunk.type === 'reasoning') {
      expect((later as typeof chunk).raw.startsWith(chunk.raw)).toBe(true);
      expect((later as typeof chunk).value.startsWith(chunk.value)).toBe(true);
    } else {
      expect((later as ToolChunk).raw.startsWith(chunk.raw)).toBe(true);
      expect((later as ToolChunk).syntax).toBe(chunk.syntax);
    }
  });
}

function snapshotsArePrefixes(doc: string, at: number[]): void {
  const parser = createTranscriptParser(all);
  const snapshots: TranscriptChunk[][] = [];
  for (const piece of splitAnywhere(doc, at)) {
    parser.write(piece);
    snapshots.push(parser.chunks);
  }
  parser.end();
  const final = parser.chunks;
  for (const snapshot of snapshots) expectPrefixOf(snapshot, final);
}

/** What a chunk shows, without its id (the store numbers its items itself). */
function shown(chunk: TranscriptChunk) {
  if (chunk.type !== 'tool') return chunk;
  const { toolCallId: _id, ...rest } = chunk;
  return rest;
}

describe('nothing already shown disappears', () => {
  it('each snapshot of a hostile string is a prefix of the final transcript', () => {
    fc.assert(fc.property(hostileString, cutPositions, snapshotsArePrefixes), runs(RUNS.snapshots));
  }, TIMEOUT);

  it('each snapshot of a hostile transcript is a prefix of the final transcript', () => {
    fc.assert(fc.property(hostileTranscript, cutPositions, snapshotsArePrefixes), runs(RUNS.snapshotsTranscripts));
  }, TIMEOUT);
});

describe('the store and the remark plugin agree with parseTranscript', () => {
  it('the store shows the chunks of parseTranscript for any split', () => {
    fc.assert(
      fc.property(hostileString, cutPositions, (doc, at) => {
        const store = createTranscriptStore(all);
        for (const piece of splitAnywhere(doc, at)) store.append(piece);
        store.end();
        const { ids, byId, status } = store.getState();
        expect(status).toBe('done');
        expect(ids.map((id) => shown(byId[id]!))).toEqual(parseTranscript(doc, all).map(shown));
      }),
      runs(RUNS.store),
    );
  }, TIMEOUT);

  it('the remark plugin finds the same calls, never throwing', () => {
    const processor = unified().use(remarkParse).use(remarkToolCalls, all);
    fc.assert(
      fc.property(hostileString, (doc) => {
        const tree = processor.parse(doc) as Root;
        const calls: ToolCallNode[] = [];
        const stack: Array<{ type: string; children?: unknown[] }> = [tree];
        for (let node = stack.pop(); node; node = stack.pop()) {
          if (node.type === 'toolCall') calls.push(node as unknown as ToolCallNode);
          if (node.children) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as never);
        }
        const tools = parseTranscript(doc, all).filter((chunk): chunk is ToolChunk => chunk.type === 'tool');
        expect(calls.map((call) => [call.toolName, call.state, call.raw])).toEqual(tools.map((tool) => [tool.toolName, tool.state, tool.raw]));
      }),
      runs(RUNS.remark),
    );
  }, TIMEOUT);
});
