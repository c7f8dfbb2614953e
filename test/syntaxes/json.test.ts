/**
 * The JSON syntax beyond its fixtures: `format` in its three styles and what
 * it refuses, the format → parse round trip as a property, streaming (when
 * the identity settles, partial arguments repaired as they arrive, several
 * calls per block), options, and linear work on adversarial input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createJsonSyntax, createTranscriptParser, defaultSyntaxes, jsonSyntax, parseTranscript, type ToolChunk, type ToolSyntax, type UIMessageChunk } from '../../src/index.js';
import type { FormatCall } from '../../src/types.js';
import { streamPieces } from '../support/splits.js';
import { inputAvailable, inputStart, inputStarts } from '../support/events.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { streamShowingContent } from '../support/linear.js';
import { onlyToolOf } from '../support/only-tool.js';
import { expectRoundTrip } from '../support/round-trip.js';

const RUNS = 400;
const gemini = createJsonSyntax({ style: 'gemini' });
const defaultStyle = createJsonSyntax({ style: 'default' });

const onlyTool = (text: string, syntax: ToolSyntax = jsonSyntax) => onlyToolOf(text, syntax);

describe('json format', () => {
  it('writes the OpenAI form by default, arguments as a JSON string', () => {
    const text = jsonSyntax.format({ toolName: 'search', toolCallId: 'c1', input: { q: 'a "b"', n: 1 } });
    expect(text).toBe('{"tool_calls":[{"id":"c1","type":"function","function":{"name":"search","arguments":"{\\"q\\":\\"a \\\\\\"b\\\\\\"\\",\\"n\\":1}"}}]}');
    expect(onlyTool(text)).toMatchObject({ toolCallId: 'c1', toolName: 'search', input: { q: 'a "b"', n: 1 }, closed: true });
  });

  it('writes the Gemini and default forms, the id first', () => {
    expect(gemini.format({ toolName: 'w', input: { city: 'Paris' } })).toBe('{"name":"w","args":{"city":"Paris"}}');
    expect(gemini.format({ toolName: 'w', toolCallId: 'g1', input: {} })).toBe('{"id":"g1","name":"w","args":{}}');
    expect(defaultStyle.format({ toolName: 'ls', input: { dir: '/' } })).toBe('{"tool":{"function":"ls","parameters":{"dir":"/"}}}');
    expect(defaultStyle.format({ toolName: 'ls', toolCallId: 'd1' })).toBe('{"id":"d1","tool":{"function":"ls","parameters":{}}}');
    expect(onlyTool(gemini.format({ toolName: 'w', toolCallId: 'g1', input: { a: [1] } }), gemini)).toMatchObject({
      toolCallId: 'g1',
      toolName: 'w',
      input: { a: [1] },
    });
  });

  it('writes no output, error or state', () => {
    const text = jsonSyntax.format({ toolName: 'ping', output: 'pong', errorText: 'boom', state: 'output-error' });
    expect(text).toBe('{"tool_calls":[{"type":"function","function":{"name":"ping","arguments":"{}"}}]}');
  });

  it('throws a clear error for what it cannot express', () => {
    expect(() => jsonSyntax.format({ toolName: '' })).toThrow(/tool name must be a non-empty string/);
    expect(() => jsonSyntax.format({ toolName: 't', input: [1] })).toThrow(/input must be an object/);
    expect(() => jsonSyntax.format({ toolName: 't', input: 'x' })).toThrow(/input must be an object/);
    expect(() => jsonSyntax.format({ toolName: 't', input: { n: 1n } })).toThrow(/input cannot be written as JSON/);
    expect(() => jsonSyntax.format({ toolName: 't', toolCallId: 5 as unknown as string })).toThrow(/tool call id must be a string/);
    const long = 'x'.repeat(70 * 1024);
    expect(() => gemini.format({ toolName: long })).toThrow(/more than maxOpenerLength \(65536\)/);
    expect(() => defaultStyle.format({ toolName: 't', toolCallId: long })).toThrow(/the id take .* more than maxOpenerLength/);
    // The OpenAI form settles at `{"tool_calls":[`: any length is fine.
    expect(onlyTool(jsonSyntax.format({ toolName: long, toolCallId: long })).toolName).toBe(long);
  });

  it('checks its options and is opt-in', () => {
    expect(() => createJsonSyntax({ style: 'nope' as 'openai' })).toThrow(/unknown style "nope"/);
    expect(() => createJsonSyntax({ maxOpenerLength: 2 })).toThrow(/maxOpenerLength must be a number of at least 16/);
    expect(jsonSyntax).toMatchObject({ name: 'json', triggers: '{[', placement: 'line-start' });
    expect(defaultSyntaxes).not.toContain(jsonSyntax);
    const text = '{"name": "x", "args": {}}';
    expect(parseTranscript(text)).toEqual([{ type: 'text', value: text }]);
  });
});

// ---------------------------------------------------------------------------
// Round trip
// ---------------------------------------------------------------------------

const AWKWARD = [
  '"', '\\', '\\"', '\\\\', '{', '}', '[', ']', '{"tool_calls":[', '"name"', '"args"', ']]', ']]>', '</arg>', '\n', '\r\n', '\r', '\t',
  '`', '```', '^^^', '[[SEG_END]]', '🛠️[x]', '\u2028', '\0', '\uD800', '\uDC00', 'é',
];
const awkwardString = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...AWKWARD) }, { weight: 2, arbitrary: fc.string({ maxLength: 6 }) }), {
    maxLength: 8,
  })
  .map((parts) => parts.join(''));
const anyString = fc.oneof(awkwardString, fc.string({ unit: 'binary', maxLength: 20 }));
const value: fc.Arbitrary<unknown> = fc.oneof({ weight: 2, arbitrary: anyString }, { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) });
const key = fc.oneof(fc.constantFrom('name', 'args', 'id', 'tool_calls', 'function', '__proto__'), anyString);
const input = fc.dictionary(key, value, { maxKeys: 4 });
const toolName = anyString.filter((name) => name !== '');

describe.each([
  ['openai', jsonSyntax],
  ['gemini', gemini],
  ['default', defaultStyle],
] as const)('json round trip (%s)', (_, syntax) => {
  it('parse(format(call)) gives back name, id and input, whole and split anywhere', () => {
    fc.assert(
      fc.property(toolName, fc.option(anyString, { nil: undefined }), input, fc.nat(), (toolName, toolCallId, input, cut) => {
        const call: FormatCall = { toolName, input, ...(toolCallId === undefined ? {} : { toolCallId }) };
        expectRoundTrip(syntax, call, cut);
      }),
      { numRuns: RUNS },
    );
  });
});

// ---------------------------------------------------------------------------
// Streaming
// ---------------------------------------------------------------------------

describe('json streaming', () => {
  it('announces an OpenAI call at its name when the id came first, and repairs the arguments string as it grows', () => {
    const parser = createTranscriptParser({ syntaxes: ['json'] });
    const events: UIMessageChunk[] = [];
    events.push(...parser.write('{"tool_calls":[{"id":"c1","type":"function","function":{"name":"wri'));
    expect(inputStarts(events)).toEqual([]);
    expect(parser.chunks.at(-1)).toMatchObject({ type: 'tool', state: 'input-streaming', input: {} });
    events.push(...parser.write('te","arguments":"{\\"path\\":\\"a.md\\",\\"content\\":\\"# Ti'));
    expect(inputStarts(events)).toEqual([inputStart('c1', 'write', 'json')]);
    expect(parser.chunks.at(-1)).toMatchObject({ toolCallId: 'c1', toolName: 'write', input: { path: 'a.md', content: '# Ti' } });
    events.push(...parser.write('tle\\\\n\\"}"}}]} ok'), ...parser.end());
    expect(events).toContainEqual(inputAvailable('c1', 'write', { path: 'a.md', content: '# Title\n' }, 'json'));
    expect(parser.chunks.at(-1)).toEqual({ type: 'text', value: ' ok' });
  });

  it('waits for the end of a wrapped call without an id, so the announced id never changes', () => {
    const parser = createTranscriptParser({ syntaxes: ['json'] });
    const events = [...parser.write('{"function":{"name":"f","arguments":{"a":1}}')];
    expect(inputStarts(events)).toEqual([]);
    expect(parser.chunks.at(-1)).toMatchObject({ toolName: 'f', input: { a: 1 } });
    events.push(...parser.write(',"id":"late"}'));
    expect(inputStarts(events)).toEqual([inputStart('late', 'f', 'json')]);
    events.push(...parser.end());
    expect(parser.chunks).toEqual(parseTranscript('{"function":{"name":"f","arguments":{"a":1}},"id":"late"}', { syntaxes: ['json'] }));
  });

  it('reads the nested wrapper {"tool": {"function": {"name", "arguments"}}} and settles its name while streaming', () => {
    const parser = createTranscriptParser({ syntaxes: ['json'] });
    parser.write('{"tool": {"function": {"name": "search", "arguments": {"q": "ca');
    expect(parser.chunks.at(-1)).toMatchObject({ state: 'input-streaming', toolName: 'search', input: { q: 'ca' } });
    const events = [...parser.write('ts"}}}, "id": "n1"}'), ...parser.end()];
    expect(inputStarts(events)).toEqual([inputStart('n1', 'search', 'json')]);
    expect(parser.chunks).toEqual(parseTranscript('{"tool": {"function": {"name": "search", "arguments": {"q": "cats"}}}, "id": "n1"}', { syntaxes: ['json'] }));
  });

  it('announces a flat call at its name and shows arguments as they arrive', () => {
    const parser = createTranscriptParser({ syntaxes: ['json'] });
    expect(inputStarts(parser.write('{"name":"search","args":{"q":"ca'))).toEqual([inputStart('tool-call-1', 'search', 'json')]);
    expect(parser.chunks.at(-1)).toMatchObject({ input: { q: 'ca' } });
    parser.write('ts","limit":1');
    expect(parser.chunks.at(-1)).toMatchObject({ input: { q: 'cats', limit: 1 } });
    parser.write('0,"x":tr');
    expect(parser.chunks.at(-1)).toMatchObject({ input: { q: 'cats', limit: 10, x: true } });
    parser.write('ue,"id":"after-name"}}');
    parser.end();
    expect(parser.chunks).toEqual([
      {
        type: 'tool',
        toolCallId: 'tool-call-1',
        toolName: 'search',
        state: 'input-available',
        input: { q: 'cats', limit: 10, x: true, id: 'after-name' },
        syntax: 'json',
        raw: '{"name":"search","args":{"q":"cats","limit":10,"x":true,"id":"after-name"}}',
        closed: true,
      },
    ]);
  });

  it('gives each call of a block its own tool events, the first with the raw', () => {
    const text = '[{"name":"a","args":{}},{"function":{"name":"b","arguments":"{}"},"id":"b1"}]';
    const { chunks, events } = streamPieces(text.split(''), { syntaxes: ['json'] });
    expect(chunks.map((c) => (c.type === 'tool' ? [c.toolCallId, c.toolName, c.raw.length > 0] : c.type))).toEqual([
      ['tool-call-1', 'a', true],
      ['b1', 'b', false],
    ]);
    expect(inputStarts(events).map((e) => (e as { toolCallId: string }).toolCallId)).toEqual(['tool-call-1', 'b1']);
  });
});

// ---------------------------------------------------------------------------
// Linear work
// ---------------------------------------------------------------------------

const N = 200_000;

describe('json linear work', () => {
  it.each([
    ['envelope openers', '{"tool_calls":['],
    ['envelope openers on lines', '{"tool_calls":[\n'],
    ['braces', '{'],
    ['braces on lines', '{\n'],
    ['brackets', '['],
    ['brackets on lines', '[\n'],
    ['nested arrays', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n'],
    ['names without arguments', '{"name":"x",\n'],
    ['preamble keys', '{"id":"a","type":"b",\n'],
    ['open preamble values', '{"content":[{"a":\n'],
    ['open strings', '{"id":"'],
    ['flat calls', '{"name":"x","args":{"a":"b"}}\n'],
    ['unclosed flat calls', '{"name":"x","args":{"a":"'],
  ])('%s', (_, pattern) => expectLinearScan(pattern, { syntaxes: ['json'] }));

  it('streams a 200 KB call read after every delta without re-parsing per delta', () => {
    const args = JSON.stringify({ content: 'x'.repeat(N), list: Array.from({ length: 2000 }, (_, i) => i) });
    const text = `{"tool_calls":[{"id":"big","function":{"name":"w","arguments":${JSON.stringify(args)}}}]}`;
    const { shown, parser } = streamShowingContent(text, { syntaxes: ['json'] });
    expect(shown).toBeGreaterThan(N / 2);
    expect((parser.chunks[0] as ToolChunk).input).toEqual(JSON.parse(args));
    expect(parser.work.scanned).toBeLessThanOrEqual(text.length + 16);
  }, 20_000);
});

describe('json: the snapshot of an open list of calls', () => {
  it('shows only the first call while the list is open, so every snapshot is a prefix of the final transcript', () => {
    const text =
      '{"tool_calls": [{"id": "a", "type": "function", "function": {"name": "f", "arguments": "{}"}}, ' +
      '{"id": "a", "type": "function", "function": {"name": "g", "arguments": "{\\"x\\": 1}"}}]}\n';
    const final = parseTranscript(text, { syntaxes: ['json'] });
    expect(final.map((chunk) => chunk.type === 'tool' && chunk.toolCallId)).toEqual(['a', 'a~2', false]);
    const parser = createTranscriptParser({ syntaxes: ['json'] });
    for (const unit of text) {
      parser.write(unit);
      const snapshot = parser.chunks;
      const open = snapshot.filter((chunk) => chunk.type === 'tool' && chunk.state === 'input-streaming');
      expect(open.length).toBeLessThanOrEqual(1);
      if (open.length === 1) expect(snapshot.at(-1)).toBe(open[0]);
      snapshot.slice(0, -1).forEach((chunk, i) => expect(chunk).toEqual(final[i]));
    }
  });
});
