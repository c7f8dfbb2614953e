/**
 * Reasoning in the store: items from text (the parser's reasoning events), from the AI SDK's
 * `reasoning-*` chunks, from a message's `reasoning` parts and from chunks given by the host.
 */
import { describe, expect, it } from 'vitest';
import { createStreamChunks, createTranscriptParser, parseTranscript } from '../../src/index.js';
import { createTranscriptStore, type TranscriptStore } from '../../src/store/index.js';
import { splitsInTwo } from '../support/splits.js';

const TEXT = 'Hi <think>a `code` and <tool_call>{"name": "x", "arguments": {}}</tool_call></think> then <tool_call>{"name": "y", "arguments": {}}</tool_call>';

const items = (store: TranscriptStore) => store.getState().ids.map((id) => [id, store.getItem(id)]);

describe('store: reasoning', () => {
  it('append: the same items as parseTranscript at every split; ids reasoning-N, tool ids unaffected', () => {
    const chunks = parseTranscript(TEXT);
    for (const [a, b] of splitsInTwo(TEXT)) {
      const store = createTranscriptStore();
      store.append(a!);
      store.append(b!);
      store.end();
      expect(store.getState().ids).toEqual(['text-1', 'reasoning-1', 'text-2', 'tool-call-1']);
      expect(store.getState().ids.map((id) => store.getItem(id))).toEqual(chunks);
    }
  });

  it('append: an open block is an item that grows, closed: false; the end of input leaves it cut off', () => {
    const store = createTranscriptStore();
    store.append('<think>first');
    expect(store.getItem('reasoning-1')).toMatchObject({ type: 'reasoning', value: 'first', closed: false });
    store.append(' second');
    expect(store.getItem('reasoning-1')).toMatchObject({ value: 'first second', closed: false });
    store.end();
    expect(store.getItem('reasoning-1')).toEqual({ type: 'reasoning', value: 'first second', raw: '<think>first second', closed: false });
  });

  it('applyChunk: the parser’s UI chunks give the same items (the raw of a reasoning part is its text)', () => {
    const store = createTranscriptStore();
    const parser = createTranscriptParser();
    for (const ch of TEXT) for (const chunk of parser.write(ch)) store.applyChunk(chunk);
    for (const chunk of parser.end()) store.applyChunk(chunk);
    expect(store.getState().ids).toEqual(['text-1', 'reasoning-1', 'text-2', 'tool-call-1']);
    expect(store.getItem('reasoning-1')).toEqual({
      type: 'reasoning',
      value: 'a `code` and <tool_call>{"name": "x", "arguments": {}}</tool_call>',
      raw: 'a `code` and <tool_call>{"name": "x", "arguments": {}}</tool_call>',
      closed: true,
    });
    const replay = createTranscriptStore();
    for (const chunk of createStreamChunks(parseTranscript(TEXT))) replay.applyChunk(chunk);
    expect(items(replay)).toEqual(items(store));
  });

  it('setMessage: reasoning parts, streaming then done, keep their item', () => {
    const store = createTranscriptStore();
    store.setMessage({ id: 'm', parts: [{ type: 'step-start' }, { type: 'reasoning', text: 'Hm', state: 'streaming' }] });
    expect(store.getItem('reasoning-1')).toEqual({ type: 'reasoning', value: 'Hm', raw: 'Hm', closed: false });
    const before = store.getItem('reasoning-1');
    store.setMessage({ id: 'm', parts: [{ type: 'step-start' }, { type: 'reasoning', text: 'Hm', state: 'streaming' }] });
    expect(store.getItem('reasoning-1')).toBe(before);
    store.setMessage({
      id: 'm',
      parts: [
        { type: 'step-start' },
        { type: 'reasoning', text: 'Hmm.', state: 'done' },
        { type: 'text', text: 'Yes <think>x</think>', state: 'done' },
      ],
    });
    expect(store.getState().ids).toEqual(['reasoning-1', 'text-1', 'reasoning-2']);
    expect(store.getItem('reasoning-1')).toMatchObject({ value: 'Hmm.', closed: true });
    expect(store.getItem('reasoning-2')).toEqual({ type: 'reasoning', value: 'x', raw: '<think>x</think>', closed: true });
  });

  it('setChunks: reasoning chunks are items; an unchanged one keeps its item', () => {
    const store = createTranscriptStore();
    const chunks = parseTranscript('<think>a</think>b');
    store.setChunks(chunks);
    expect(store.getState().ids).toEqual(['reasoning-1', 'text-1']);
    const item = store.getItem('reasoning-1');
    store.setChunks([...chunks, { type: 'reasoning', value: 'c', raw: '<think>c</think>', closed: true }]);
    expect(store.getState().ids).toEqual(['reasoning-1', 'text-1', 'reasoning-2']);
    expect(store.getItem('reasoning-1')).toBe(item);
  });
});

describe('store: reasoningStartsOpen', () => {
  it('only the first text starts inside the reasoning', () => {
    const store = createTranscriptStore({ reasoningStartsOpen: true });
    store.setMessage({
      id: 'm',
      parts: [
        { type: 'step-start' },
        { type: 'text', text: 'plan</think>Calling.', state: 'done' },
        { type: 'dynamic-tool', toolName: 'x', toolCallId: 'c1', state: 'output-available', input: {}, output: 1 },
        { type: 'text', text: 'Done.', state: 'done' },
      ],
    });
    expect(store.getState().ids.map((id) => store.getItem(id)!.type)).toEqual(['reasoning', 'text', 'tool', 'text']);
    expect(store.getItem('text-2')).toEqual({ type: 'text', value: 'Done.' });
  });
});
