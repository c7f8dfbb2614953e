import { describe, expect, it, vi } from 'vitest';
import { createTranscriptParser, parseTranscript, type ToolChunk, type UIMessageChunk } from '../../src/index.js';
import { createTranscriptStore, type TranscriptStore } from '../../src/store/index.js';
import { INTERRUPTED_TEXT } from '../../src/store/create-store.js';
import type { TranscriptState } from '../../src/store/types.js';

const TRANSCRIPT = [
  'I looked up the weather forecast.\n\n',
  '```tool name=weather-search id=call_42\nstate: output-available\ninput:\n  location: Paris\noutput:\n  summary: "Light rain"\n```\n',
  '\nThen I **wrote** two files.\n\n',
  '🛠️[create-file main.py]\nprint("hi")\n🛠️[/end]\n\n',
  '```tool search\ninput:\n  query: tides\n```\n',
  'Done.\n',
].join('');

const items = (state: TranscriptState) => state.ids.map((id) => state.byId[id]);

function feed(store: TranscriptStore, text: string, size: number): void {
  for (let i = 0; i < text.length; i += size) store.append(text.slice(i, i + size));
}

describe('createTranscriptStore: append and end', () => {
  it('starts idle and empty', () => {
    const state = createTranscriptStore().getState();
    expect(state.ids).toEqual([]);
    expect(state.byId).toEqual({});
    expect(state.status).toBe('idle');
  });

  it('holds the chunks of parseTranscript, text items `text-N` and tool items by toolCallId', () => {
    const store = createTranscriptStore();
    store.append(TRANSCRIPT);
    store.end();
    const state = store.getState();
    expect(items(state)).toEqual(parseTranscript(TRANSCRIPT));
    expect(state.ids).toEqual(['text-1', 'call_42', 'text-2', 'tool-call-2', 'text-3', 'tool-call-3', 'text-4']);
    expect(state.status).toBe('done');
  });

  it.each([1, 3, 4, 17])('gives the same items whatever the delta size (%i)', (size) => {
    const store = createTranscriptStore();
    feed(store, TRANSCRIPT, size);
    expect(store.getState().status).toBe('streaming');
    store.end();
    expect(items(store.getState())).toEqual(parseTranscript(TRANSCRIPT));
    expect(store.getState().ids).toEqual(['text-1', 'call_42', 'text-2', 'tool-call-2', 'text-3', 'tool-call-3', 'text-4']);
  });

  it('shows an open block as input-streaming while it streams, with its partial input', () => {
    const store = createTranscriptStore();
    store.append('Searching.\n\n```tool search\ninput:\n  query: tides\n');
    const state = store.getState();
    expect(state.ids).toEqual(['text-1', 'tool-call-1']);
    expect(state.byId['tool-call-1']).toMatchObject({ state: 'input-streaming', toolName: 'search', input: { query: 'tides' }, closed: false });
  });

  it('passes the options to the parser (idPrefix)', () => {
    const store = createTranscriptStore({ idPrefix: 'c' });
    store.append('```tool search\n```');
    store.end();
    expect(store.getState().ids).toEqual(['c1']);
  });

  it('keeps the item id a block got at its opener when its id arrives from the body, so nothing is renamed', () => {
    const text = 'Go\n\n```tool search\nid: abc\ninput:\n  q: 1\n```\n';
    const store = createTranscriptStore();
    store.append('Go\n\n```tool search\n');
    expect(store.getState().ids).toEqual(['text-1', 'tool-call-1']);
    const ids = store.getState().ids;
    store.append('id: abc\n');
    expect(store.getState().ids).toBe(ids);
    expect(store.getItem('tool-call-1')).toMatchObject({ toolCallId: 'abc', state: 'input-streaming' });
    store.append(text.slice('Go\n\n```tool search\nid: abc\n'.length));
    store.end();
    expect(items(store.getState())).toEqual(parseTranscript(text));
    expect(store.setToolOutput('abc', 1)).toBe(true);
  });

  it('keeps two tools with the same toolCallId apart (`ID~2`)', () => {
    const store = createTranscriptStore();
    store.append('```tool a x\n```\n```tool b x\n```');
    store.end();
    expect(store.getState().ids).toEqual(['x', 'text-1', 'x~2']);
    expect((store.getState().byId['x~2'] as ToolChunk).toolName).toBe('b');
  });

  it('starts a new parse when text is appended after end()', () => {
    const store = createTranscriptStore();
    store.append('one\n```tool a\n```');
    store.end();
    store.append('two\n```tool b\n```');
    store.end();
    // The second parse's generated id continues the count instead of repeating tool-call-1.
    expect(store.getState().ids).toEqual(['text-1', 'tool-call-1', 'text-2', 'tool-call-2']);
  });
});

describe('createTranscriptStore: identity guarantees', () => {
  it('keeps unchanged items and ids by identity, and replaces only the growing item', () => {
    const store = createTranscriptStore();
    store.append(TRANSCRIPT);
    const before = store.getState();
    store.append('More text');
    const after = store.getState();
    expect(after).not.toBe(before);
    expect(after.ids).toBe(before.ids);
    const last = after.ids[after.ids.length - 1]!;
    for (const id of after.ids) {
      if (id === last) continue;
      expect(after.byId[id], id).toBe(before.byId[id]);
    }
    expect(after.byId[last]).not.toBe(before.byId[last]);
    // The previous state is untouched.
    expect(before.byId[last]).toEqual({ type: 'text', value: '\nDone.\n' });
    expect(after.byId[last]).toEqual({ type: 'text', value: '\nDone.\nMore text' });
  });

  it('replaces ids only when an item is added', () => {
    const store = createTranscriptStore();
    store.append('Hello');
    const first = store.getState().ids;
    store.append(' world\n\n');
    expect(store.getState().ids).toBe(first);
    store.append('```tool x\n');
    expect(store.getState().ids).not.toBe(first);
    expect(store.getState().ids).toEqual(['text-1', 'tool-call-1']);
  });

  it('keeps every earlier state readable and unchanged (byId is built lazily per state)', { timeout: 30_000 }, () => {
    const store = createTranscriptStore();
    const states: TranscriptState[] = [];
    const text = 'a\n```tool x\ninput: {q: 1}\n```\nb '.repeat(30);
    for (let i = 0; i < text.length; i += 5) {
      store.append(text.slice(i, i + 5));
      states.push(store.getState());
    }
    // Read them in reverse, long after they were published.
    for (let i = states.length - 1; i >= 0; i--) {
      const prefix = text.slice(0, Math.min(text.length, (i + 1) * 5));
      const expected = createTranscriptStore();
      expected.append(prefix);
      expect(items(states[i]!), `state ${i}`).toEqual(items(expected.getState()));
    }
  });

  it('does not build byId unless it is read', () => {
    const store = createTranscriptStore();
    store.append('Hello');
    const state = store.getState();
    expect(Object.getOwnPropertyDescriptor(state, 'byId')?.get).toBeTypeOf('function');
    expect(Object.keys(state)).toEqual(['ids', 'byId', 'status']);
    expect(state.byId['text-1']).toEqual({ type: 'text', value: 'Hello' });
    expect(Object.getOwnPropertyDescriptor(state, 'byId')?.value).toBe(state.byId);
  });

  it('calls only the changed item’s keyed listeners and publishes once per delta', () => {
    const store = createTranscriptStore();
    store.append(TRANSCRIPT);
    const calls: string[] = [];
    for (const id of store.getState().ids) store.subscribeItem(id, () => calls.push(id));
    const whole = vi.fn();
    store.subscribe(whole);
    store.append('x');
    expect(calls).toEqual(['text-4']);
    expect(whole).toHaveBeenCalledTimes(1);
    store.append('');
    expect(whole).toHaveBeenCalledTimes(1);
  });

  it('unsubscribes keyed listeners', () => {
    const store = createTranscriptStore();
    const listener = vi.fn();
    const off = store.subscribeItem('text-1', listener);
    store.append('a');
    off();
    store.append('b');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getItem('text-1')).toEqual({ type: 'text', value: 'ab' });
  });

  it('does per-delta work independent of the transcript length (a flat number of changed items)', () => {
    const store = createTranscriptStore();
    const block = 'Para **text** here.\n\n```tool s\ninput: {q: 1}\n```\n\n';
    store.append(block.repeat(400));
    expect(store.getState().ids.length).toBeGreaterThan(800);
    const notified: string[] = [];
    for (const id of store.getState().ids) store.subscribeItem(id, () => notified.push(id));
    const before = store.getState();
    for (const ch of 'tail text') store.append(ch);
    // Only the last text item changed, nine times; nothing else was touched.
    expect(new Set(notified)).toEqual(new Set([before.ids[before.ids.length - 1]]));
    expect(store.getState().ids).toBe(before.ids);
  });
});

describe('createTranscriptStore: tool results and failure', () => {
  it('sets the output or error of a tool written in the text, by item id or toolCallId', () => {
    const store = createTranscriptStore();
    store.append('```tool search\ninput: {q: 1}\n```\n');
    store.end();
    expect(store.setToolOutput('tool-call-1', { hits: 3 })).toBe(true);
    expect(store.getState().byId['tool-call-1']).toMatchObject({ state: 'output-available', output: { hits: 3 }, input: { q: 1 } });
    expect(store.setToolError('tool-call-1', 'quota')).toBe(true);
    const tool = store.getState().byId['tool-call-1'] as ToolChunk;
    expect(tool).toMatchObject({ state: 'output-error', errorText: 'quota' });
    expect('output' in tool).toBe(false);
    expect(store.setToolOutput('nope', 1)).toBe(false);
  });

  it('keeps the host’s output while the block goes on streaming', () => {
    const store = createTranscriptStore();
    store.append('```tool search\ninput:\n');
    store.setToolOutput('tool-call-1', 'early');
    store.append('  q: 1\n```\n');
    expect(store.getState().byId['tool-call-1']).toMatchObject({ state: 'output-available', output: 'early', input: { q: 1 } });
  });

  it('fail(): the open tool shows as interrupted, the reason is the error, nothing disappears, later input is ignored', () => {
    const store = createTranscriptStore();
    store.append('Working on it.\n\n```tool done\n```\n\n```tool search\ninput:\n  q: 1\n');
    const shown = items(store.getState());
    store.fail(new Error('connection reset'));
    const state = store.getState();
    expect(state.status).toBe('error');
    expect(state.error).toBe('connection reset');
    expect(state.ids).toEqual(['text-1', 'tool-call-1', 'text-2', 'tool-call-2']);
    expect(state.byId['text-1']).toBe(shown[0]);
    expect(state.byId['tool-call-1']).toBe(shown[1]);
    expect(state.byId['tool-call-2']).toMatchObject({ state: 'output-error', errorText: INTERRUPTED_TEXT, input: { q: 1 } });
    store.append('more');
    store.end();
    expect(store.getState()).toBe(state);
  });

  it('fail() with an error whose message getter throws does not throw and leaves status error', () => {
    const store = createTranscriptStore();
    store.append('```tool search\ninput:\n');
    const hostile = Object.defineProperty(new Error('x'), 'message', {
      get() {
        throw new Error('no');
      },
    });
    expect(() => store.fail(hostile)).not.toThrow();
    expect(store.getState()).toMatchObject({ status: 'error', error: 'The stream failed.' });
    const proxy = new Proxy({}, { get: () => { throw new Error('trap'); }, has: () => { throw new Error('trap'); } });
    const other = createTranscriptStore();
    expect(() => other.fail(proxy)).not.toThrow();
    expect(other.getState().status).toBe('error');
    expect(store.getItem('tool-call-1')).toMatchObject({ state: 'output-error', errorText: INTERRUPTED_TEXT });
  });

  it('setMessage(message, { streaming: false }) shows every call still receiving input as interrupted', () => {
    const store = createTranscriptStore();
    const message = {
      id: 'm1',
      parts: [
        { type: 'text', text: 'Looking.\n```tool search\ninput:\n  q: 1\n', state: 'streaming' },
        { type: 'dynamic-tool', toolName: 'native', toolCallId: 'n1', state: 'input-streaming', input: { a: 1 } },
      ],
    };
    store.setMessage(message);
    expect(store.getState().status).toBe('streaming');
    expect(store.getItem('tool-call-1')).toMatchObject({ state: 'input-streaming', input: { q: 1 } });
    store.setMessage(message, { streaming: false });
    const state = store.getState();
    expect(state.status).toBe('done');
    const tools = state.ids.map((id) => state.byId[id]).filter((item) => item?.type === 'tool');
    expect(tools).toHaveLength(2);
    for (const tool of tools) expect(tool).toMatchObject({ state: 'output-error', errorText: INTERRUPTED_TEXT });
    expect(tools[0]).toMatchObject({ input: { q: 1 } });
  });

  it('interrupt(): a stopped response shows the open call as interrupted and ends the parse, status done', () => {
    const store = createTranscriptStore();
    store.append('Done.\n\n```tool search\ninput:\n  q: 1\n');
    store.interrupt();
    expect(store.getState().status).toBe('done');
    expect(store.getItem('tool-call-1')).toMatchObject({ state: 'output-error', errorText: INTERRUPTED_TEXT, input: { q: 1 } });
    const tools = store.getState().ids.map((id) => store.getItem(id)).filter((item) => item?.type === 'tool');
    expect(tools.every((tool) => tool?.type === 'tool' && tool.state !== 'input-streaming')).toBe(true);
  });

  it('reset() empties the store and accepts input again', () => {
    const store = createTranscriptStore();
    store.append('a');
    store.fail('boom');
    store.reset();
    expect(store.getState()).toMatchObject({ ids: [], byId: {}, status: 'idle' });
    store.append('b');
    expect(items(store.getState())).toEqual([{ type: 'text', value: 'b' }]);
  });

  it('tells the listeners of removed items on reset', () => {
    const store = createTranscriptStore();
    store.append('a');
    const listener = vi.fn();
    store.subscribeItem('text-1', listener);
    store.reset();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getItem('text-1')).toBeUndefined();
  });
});

describe('createTranscriptStore: applyChunk', () => {
  /** The UI-message chunks of a transcript streamed in `size`-unit deltas, wrapped as a host would. */
  function uiChunks(text: string, size: number): UIMessageChunk[] {
    const parser = createTranscriptParser();
    const out: UIMessageChunk[] = [];
    for (let i = 0; i < text.length; i += size) out.push(...parser.write(text.slice(i, i + size)));
    out.push(...parser.end());
    return out;
  }

  it.each([1, 4, 1000])('rebuilds the transcript from the core parser’s chunks (%i-unit deltas)', (size) => {
    const store = createTranscriptStore();
    store.applyChunk({ type: 'start' });
    for (const chunk of uiChunks(TRANSCRIPT, size)) store.applyChunk(chunk);
    store.applyChunk({ type: 'finish' });
    const state = store.getState();
    expect(state.status).toBe('done');
    const expected = parseTranscript(TRANSCRIPT);
    expect(state.ids).toEqual(['text-1', 'call_42', 'text-2', 'tool-call-2', 'text-3', 'tool-call-3', 'text-4']);
    state.ids.forEach((id, index) => {
      const item = state.byId[id]!;
      const chunk = expected[index]!;
      if (chunk.type === 'text') return expect(item).toEqual(chunk);
      // The syntax travels in `toolMetadata`; the raw source does not (the SDK part has none once settled).
      const { raw: _raw, ...call } = chunk;
      expect(item).toEqual({ ...call, raw: '' });
    });
  });

  it('follows a native tool call through every state, with partial JSON input', () => {
    const store = createTranscriptStore();
    const seen: unknown[] = [];
    store.applyChunk({ type: 'text-start', id: 'm1' });
    store.applyChunk({ type: 'text-delta', id: 'm1', delta: 'Let me look.' });
    store.applyChunk({ type: 'text-end', id: 'm1' });
    store.applyChunk({ type: 'tool-input-start', toolCallId: 'call_1', toolName: 'weather', dynamic: true });
    seen.push(store.getItem('call_1'));
    for (const delta of ['{"ci', 'ty": "Os', 'lo", "days": [1, ', '2]}']) {
      store.applyChunk({ type: 'tool-input-delta', toolCallId: 'call_1', inputTextDelta: delta });
      seen.push((store.getItem('call_1') as ToolChunk).input);
    }
    expect(seen[0]).toMatchObject({ state: 'input-streaming', toolName: 'weather', input: {}, syntax: 'native', closed: false });
    expect(seen.slice(1)).toEqual([{}, { city: 'Os' }, { city: 'Oslo', days: [1] }, { city: 'Oslo', days: [1, 2] }]);
    store.applyChunk({ type: 'tool-input-available', toolCallId: 'call_1', toolName: 'weather', input: { city: 'Oslo', days: [1, 2] }, dynamic: true });
    expect(store.getItem('call_1')).toMatchObject({ state: 'input-available', closed: true });
    store.applyChunk({ type: 'tool-output-available', toolCallId: 'call_1', output: { temp: 4 } });
    expect(store.getItem('call_1')).toMatchObject({ state: 'output-available', output: { temp: 4 } });
    store.applyChunk({ type: 'tool-input-error', toolCallId: 'call_2', toolName: 'bad', input: 'x', errorText: 'not JSON', dynamic: true });
    store.applyChunk({ type: 'tool-input-start', toolCallId: 'call_3', toolName: 'late', dynamic: true });
    store.applyChunk({ type: 'tool-output-error', toolCallId: 'call_3', errorText: 'timeout' });
    expect(store.getState().ids).toEqual(['text-1', 'call_1', 'call_2', 'call_3']);
    expect(store.getItem('call_2')).toMatchObject({ state: 'output-error', errorText: 'not JSON', input: 'x' });
    expect(store.getItem('call_3')).toMatchObject({ state: 'output-error', errorText: 'timeout' });
  });

  it('parses tool calls embedded in AI SDK text parts and settles them with tool-output chunks', () => {
    const store = createTranscriptStore();
    const text = 'Run it:\n```tool search\ninput: {q: 1}\n```';
    store.applyChunk({ type: 'text-start', id: 'a' });
    for (const ch of text) store.applyChunk({ type: 'text-delta', id: 'a', delta: ch });
    store.applyChunk({ type: 'text-end', id: 'a' });
    store.applyChunk({ type: 'tool-output-available', toolCallId: 'tool-call-1', output: 'found' });
    expect(store.getState().ids).toEqual(['text-1', 'tool-call-1']);
    expect(store.getItem('tool-call-1')).toMatchObject({ syntax: 'fence', state: 'output-available', output: 'found' });
  });

  it('ignores chunk types outside the transcript and fails on an error chunk', () => {
    const store = createTranscriptStore();
    store.applyChunk({ type: 'source-url', sourceId: 's', url: 'https://example.com' } as never);
    store.applyChunk({ type: 'start-step' });
    expect(store.getState().ids).toEqual([]);
    // Reasoning is part of the transcript (a reasoning item), unlike sources and steps.
    store.applyChunk({ type: 'reasoning-delta', id: 'r', delta: 'hm' });
    expect(store.getState().ids).toEqual(['reasoning-1']);
    store.applyChunk({ type: 'tool-input-start', toolCallId: 'c', toolName: 't', dynamic: true });
    store.applyChunk({ type: 'error', errorText: 'rate limited' } as never);
    expect(store.getState()).toMatchObject({ status: 'error', error: 'rate limited' });
    expect(store.getItem('c')).toMatchObject({ state: 'output-error', errorText: INTERRUPTED_TEXT });
  });

  it('follows an approval through request, answer and denial, as the AI SDK does', () => {
    const store = createTranscriptStore();
    store.applyChunk({ type: 'tool-input-available', toolCallId: 'c', toolName: 't', input: {}, dynamic: true });
    store.applyChunk({ type: 'tool-approval-request', approvalId: 'ap1', toolCallId: 'c' });
    expect(store.getItem('c')).toMatchObject({ state: 'approval-requested', approval: { id: 'ap1' } });
    store.applyChunk({ type: 'tool-approval-response', approvalId: 'ap1', approved: false, reason: 'too risky' });
    expect(store.getItem('c')).toMatchObject({ state: 'approval-responded', approval: { id: 'ap1', approved: false, reason: 'too risky' } });
    store.applyChunk({ type: 'tool-output-denied', toolCallId: 'c' });
    expect(store.getItem('c')).toMatchObject({ state: 'output-denied', approval: { id: 'ap1', approved: false, reason: 'too risky' } });
    expect(store.getItem('c')).not.toHaveProperty('errorText');
  });

  it('an abort chunk interrupts the open call; nothing stays input-streaming', () => {
    const store = createTranscriptStore();
    store.applyChunk({ type: 'tool-input-start', toolCallId: 'c', toolName: 't', dynamic: true });
    store.applyChunk({ type: 'abort' });
    expect(store.getItem('c')).toMatchObject({ state: 'output-error', errorText: INTERRUPTED_TEXT });
    expect(store.getState().status).toBe('error');
  });
});

describe('createTranscriptStore: setChunks and setMessage', () => {
  it('setChunks keeps the items of unchanged chunks', () => {
    const store = createTranscriptStore();
    const chunks = parseTranscript(TRANSCRIPT);
    store.setChunks(chunks);
    const before = store.getState();
    expect(items(before)).toEqual(chunks);
    const next = chunks.slice();
    next[1] = { ...(next[1] as ToolChunk), output: 'changed' };
    store.setChunks(next);
    const after = store.getState();
    expect(after.ids).toBe(before.ids);
    expect(after.byId['text-1']).toBe(before.byId['text-1']);
    expect(after.byId['text-2']).toBe(before.byId['text-2']);
    expect(after.byId['call_42']).toBe(next[1]);
    expect(after.status).toBe('done');
  });

  it('setMessage parses text parts, shows native tool parts, and feeds a growing part only its suffix', () => {
    const store = createTranscriptStore();
    const message = (text: string, state: 'streaming' | 'done', tool?: object) => ({
      id: 'm1',
      role: 'assistant' as const,
      parts: [
        { type: 'step-start' },
        { type: 'text', text, state },
        ...(tool ? [{ type: 'tool-weather', toolCallId: 'w1', state: 'output-available', input: { city: 'Oslo' }, output: 4, ...tool }] : []),
      ],
    });
    store.setMessage(message('Hello ```tool search\n', 'streaming'));
    expect(store.getState().status).toBe('streaming');
    store.setMessage(message('Hello\n```tool search\n', 'streaming'));
    // Not an extension of the previous text: parsed again, the text item keeps its id.
    expect(store.getState().ids).toEqual(['text-1', 'tool-call-1']);
    const first = store.getState();
    store.setMessage(message('Hello\n```tool search\ninput: {q: 1}\n```\nBye', 'done', {}));
    const state = store.getState();
    expect(state.status).toBe('done');
    expect(state.ids).toEqual(['text-1', 'tool-call-1', 'text-2', 'w1']);
    expect(state.byId['text-1']).toBe(first.byId['text-1']);
    expect(state.byId['tool-call-1']).toMatchObject({ state: 'input-available', input: { q: 1 } });
    expect(state.byId['w1']).toMatchObject({ syntax: 'native', toolName: 'weather', state: 'output-available', output: 4 });
    // A cloned message with the same content changes nothing.
    store.setMessage(structuredClone(message('Hello\n```tool search\ninput: {q: 1}\n```\nBye', 'done', {})));
    expect(store.getState()).toBe(state);
  });

  it('setMessage numbers generated ids across text parts and starts over for another message', () => {
    const store = createTranscriptStore();
    const parts = [
      { type: 'text', text: 'a\n```tool x\n```', state: 'done' },
      { type: 'dynamic-tool', toolName: 'native', toolCallId: 'n1', state: 'input-available', input: {} },
      { type: 'text', text: 'b\n```tool y\n```', state: 'done' },
    ];
    store.setMessage({ id: 'm1', parts });
    expect(store.getState().ids).toEqual(['text-1', 'tool-call-1', 'n1', 'text-2', 'tool-call-3']);
    store.setMessage({ id: 'm2', parts: parts.slice(2) });
    expect(store.getState().ids).toEqual(['text-1', 'tool-call-1']);
  });
});
