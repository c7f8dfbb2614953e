import { describe, expect, it } from 'vitest';
import { createTranscriptParser, parseTranscript, transcriptTransform, type UIMessageChunk } from '../../src/index.js';
import { inputAvailable, inputStart } from '../support/events.js';

const types = (events: readonly UIMessageChunk[]) => events.map((e) => e.type);

describe('createTranscriptParser events', () => {
  it('wraps text runs in text-start / text-delta / text-end with deterministic ids', () => {
    const parser = createTranscriptParser();
    expect(parser.write('Hello ')).toEqual([
      { type: 'text-start', id: 'text-1' },
      { type: 'text-delta', id: 'text-1', delta: 'Hello ' },
    ]);
    expect(parser.write('world')).toEqual([{ type: 'text-delta', id: 'text-1', delta: 'world' }]);
    expect(parser.end()).toEqual([{ type: 'text-end', id: 'text-1' }]);
  });

  it('starts a tool at its opener and streams its source (opener, then body) as input deltas', () => {
    const parser = createTranscriptParser({ syntaxes: ['emoji'] });
    const opened = parser.write('Run 🛠️[create-file a.py]\nprint(1)');
    expect(opened).toEqual([
      { type: 'text-start', id: 'text-1' },
      { type: 'text-delta', id: 'text-1', delta: 'Run ' },
      { type: 'text-end', id: 'text-1' },
      inputStart('tool-call-1', 'create-file', 'emoji'),
      { type: 'tool-input-delta', toolCallId: 'tool-call-1', inputTextDelta: '🛠️[create-file a.py]\nprint(1)' },
    ]);
    expect(parser.chunks.at(-1)).toMatchObject({ state: 'input-streaming', input: { args: ['a.py'], body: 'print(1)' }, closed: false });
    expect(parser.write('\n🛠️[/e')).toEqual([{ type: 'tool-input-delta', toolCallId: 'tool-call-1', inputTextDelta: '\n' }]);
    expect(parser.write('nd] done')).toEqual([
      inputAvailable('tool-call-1', 'create-file', { args: ['a.py'], body: 'print(1)\n' }, 'emoji'),
      { type: 'text-start', id: 'text-2' },
      { type: 'text-delta', id: 'text-2', delta: ' done' },
    ]);
  });

  it('announces a fence at its opener when the info string names the id, and sends outputs at the closer', () => {
    const parser = createTranscriptParser({ syntaxes: ['fence'] });
    expect(types(parser.write('```tool search call_1\n'))).toEqual(['tool-input-start', 'tool-input-delta']);
    parser.write('state: output-available\ninput:\n  q: cats\n');
    expect(parser.chunks.at(-1)).toMatchObject({ toolCallId: 'call_1', state: 'input-streaming', input: { q: 'cats' } });
    const closing = parser.write('output: 3\n```\nafter');
    expect(closing).toContainEqual(inputAvailable('call_1', 'search', { q: 'cats' }, 'fence'));
    expect(closing).toContainEqual({ type: 'tool-output-available', toolCallId: 'call_1', output: 3 });
  });

  it('waits to announce a fence whose id or name may still come from its YAML (the SDK cannot rename a part)', () => {
    const parser = createTranscriptParser({ syntaxes: ['fence'] });
    expect(parser.write('```tool\nid: abc\n')).toEqual([]);
    // The snapshot is the fold of the events: until the identity settles, the part's key stands
    // for its id (as in the store), never an id not yet claimed.
    expect(parser.chunks).toMatchObject([{ type: 'tool', toolCallId: 'tool-call-1', state: 'input-streaming' }]);
    // Both known: the identity settles at once, before any other key.
    const events = parser.write('name: search\n');
    expect(events[0]).toEqual(inputStart('abc', 'search', 'fence'));
    const sent = events.map((e) => (e.type === 'tool-input-delta' ? e.inputTextDelta : '')).join('');
    expect(sent).toBe('```tool\nid: abc\nname: search\n');
    parser.write('input:\n  q: 1\n```');
    expect(types(parser.end())).toEqual(['tool-input-available']);
    expect(parser.chunks[0]).toMatchObject({ toolCallId: 'abc', toolName: 'search', closed: true });
  });

  it('announces a fence with no id at its first key that is not id or name (generated id); a later `id:` is a field', () => {
    const text = '```tool search\ninput:\n  q: 1\nid: abc\n```';
    const parser = createTranscriptParser({ syntaxes: ['fence'] });
    expect(parser.write('```tool search\n')).toEqual([]);
    const events = parser.write('input:\n');
    expect(events[0]).toEqual(inputStart('tool-call-1', 'search', 'fence'));
    expect(types(parser.write('  q: 1\nid: abc\n```'))).toEqual(['tool-input-delta']);
    expect(types(parser.end())).toEqual(['tool-input-available']);
    const whole = parseTranscript(text, { syntaxes: ['fence'] });
    expect(whole).toMatchObject([{ toolCallId: 'tool-call-1', input: { q: 1 }, fields: { id: 'abc' } }]);
    expect(parser.chunks).toEqual(whole);
  });

  it('reports a malformed block with tool-input-error and keeps its raw', () => {
    const parser = createTranscriptParser({ syntaxes: ['fence'] });
    const events = [...parser.write('```tool x id1\ninput: [\n```'), ...parser.end()];
    expect(types(events)).toEqual(['tool-input-start', 'tool-input-delta', 'tool-input-error']);
    const error = events.at(-1) as Extract<UIMessageChunk, { type: 'tool-input-error' }>;
    expect(error.errorText).toMatch(/^invalid YAML at line 3, column \d+/);
    expect(parser.chunks[0]).toMatchObject({ state: 'output-error', raw: '```tool x id1\ninput: [\n```' });
  });

  it('sends tool-output-error for a block that reports a failure', () => {
    const events = [...createTranscriptParser().write('```tool book b1\nstate: output-error\nerror: not found\n```\n')];
    expect(events).toContainEqual({ type: 'tool-output-error', toolCallId: 'b1', errorText: 'not found' });
  });

  it('finishes a block left open at the end, best effort', () => {
    const parser = createTranscriptParser({ syntaxes: ['emoji'] });
    parser.write('🛠️[a]\nbody');
    expect(types(parser.end())).toEqual(['tool-input-available']);
    expect(parser.chunks).toEqual(parseTranscript('🛠️[a]\nbody', { syntaxes: ['emoji'] }));
    expect(parser.chunks[0]).toMatchObject({ closed: false, state: 'input-available' });
  });

  it('rejects misuse clearly', () => {
    const parser = createTranscriptParser();
    parser.end();
    expect(() => parser.write('x')).toThrow(/after end/);
    expect(parser.end()).toEqual([]);
    expect(() => createTranscriptParser({ syntaxes: ['nope' as 'fence'] })).toThrow(/unknown syntax "nope"/);
  });

  it('uses the id prefix option', () => {
    expect(parseTranscript('🛠️[a]🛠️[/end]', { idPrefix: 'call-' })[0]).toMatchObject({ toolCallId: 'call-1' });
  });
});

describe('holdback', () => {
  it('holds back only what could still begin a marker', () => {
    const parser = createTranscriptParser();
    parser.write('Hello\n``');
    expect(parser.chunks).toEqual([{ type: 'text', value: 'Hello\n' }]);
    parser.write('x and 🛠');
    expect(parser.chunks).toEqual([{ type: 'text', value: 'Hello\n``x and ' }]);
    parser.write('😀');
    expect(parser.chunks).toEqual([{ type: 'text', value: 'Hello\n``x and 🛠😀' }]);
  });

  it('keeps finished chunks as the same objects across snapshots', () => {
    const parser = createTranscriptParser();
    parser.write('a 🛠️[x]🛠️[/end] b');
    const first = parser.chunks;
    parser.write(' c');
    const second = parser.chunks;
    expect(second[1]).toBe(first[1]);
    expect(second[0]).toBe(first[0]);
    expect(second[2]).not.toBe(first[2]);
  });
});

describe('transcriptTransform', () => {
  it('is a TransformStream of text deltas to UI-message chunks', async () => {
    const events: UIMessageChunk[] = [];
    const stream = new ReadableStream<string>({
      start(controller) {
        controller.enqueue('Hi 🛠️[');
        controller.enqueue('x]y🛠️[/end]');
        controller.close();
      },
    }).pipeThrough(transcriptTransform());
    for await (const event of stream as unknown as AsyncIterable<UIMessageChunk>) events.push(event);
    expect(types(events)).toEqual(['text-start', 'text-delta', 'text-end', 'tool-input-start', 'tool-input-delta', 'tool-input-available']);
  });
});
