/**
 * The checks every syntax over the kit's Python call reader shares (pythonic, lfm2, olmo3):
 * format → parse round trip (alone and, when on by default, under the defaults), format
 * refusals, a malformed call as an `output-error` with where, a block cut off by the end of
 * input, several calls in one delta, zero-argument calls, the opener split at every position,
 * partial input while streaming, values typed by `tools`, linear work on adversarial input.
 */
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, parseTranscript, type ToolChunk, type ToolSyntax, type TranscriptOptions } from '../../src/index.js';
import { expectLinearScan } from './linear-scan.js';
import { expectRoundTrip } from './round-trip.js';
import { reassemble, splitsInTwo, streamPieces, unitByUnit } from './splits.js';

export interface FamilyOptions {
  syntax: ToolSyntax;
  /** The block around a body of calls (`<|tool_call_start|>[…]<|tool_call_end|>`). */
  wrap: (calls: string) => string;
  /** How calls are separated in a body (`, ` in a list, a line break for OLMo-3). */
  separator: string;
  /** On by default: the round trip is checked under the default syntaxes too. */
  byDefault: boolean;
}

export function pythonicFamilyTests({ syntax, wrap, separator, byDefault }: FamilyOptions): void {
  const only: TranscriptOptions = { syntaxes: [syntax] };
  const tools = (text: string, options: TranscriptOptions = only) => parseTranscript(text, options).filter((chunk): chunk is ToolChunk => chunk.type === 'tool');
  const everySplit = (text: string, options: TranscriptOptions = only) => {
    const whole = parseTranscript(text, options);
    expect(reassemble(whole)).toBe(text);
    for (const pieces of splitsInTwo(text)) expect(streamPieces(pieces, options).chunks, `split at ${pieces[0]!.length}`).toEqual(whole);
    expect(streamPieces(unitByUnit(text), options).chunks).toEqual(whole);
    return whole;
  };

  describe(`${syntax.name}: format → parse`, () => {
    const calls = [
      { toolName: 'get_weather', input: { city: 'Paris', days: 3 } },
      { toolName: 'ping', input: {} },
      { toolName: 'write_file', toolCallId: undefined, input: { path: 'a.md', content: `it's "quoted" \\ and\nmulti-line ]) </x>`, flags: [true, null, -1.5], meta: { k: ['v'] } } },
      { toolName: 'grocery.order', input: { items: [{ name: '東京 🌍', qty: 2 }] } },
    ];

    it('round-trips, whole and split anywhere', () => {
      for (const call of calls) {
        const text = syntax.format(call);
        for (let cut = 0; cut <= text.length + 14; cut += 7) expectRoundTrip(syntax, call, cut);
      }
    });

    if (byDefault) {
      it('round-trips under the default syntaxes', () => {
        for (const call of calls) {
          const text = `Sure. ${syntax.format(call)} Done.`;
          const [tool] = tools(text, {});
          expect(tool).toMatchObject({ syntax: syntax.name, toolName: call.toolName, input: call.input, state: 'input-available' });
        }
      });
    }

    it('refuses what Python cannot express', () => {
      expect(() => syntax.format({ toolName: 'get-weather', input: {} })).toThrow(/not a Python function name/);
      expect(() => syntax.format({ toolName: 'f', input: [1] })).toThrow(/input must be an object/);
      expect(() => syntax.format({ toolName: 'f', input: { 'a b': 1 } })).toThrow(/not a Python keyword argument/);
      expect(() => syntax.format({ toolName: 'f', input: { n: 10n } })).toThrow(/cannot be written as a Python literal/);
    });

    it('describes itself in its template words', () => {
      expect(syntax.describe?.rules).toMatch(/^Write each tool call/);
    });
  });

  describe(`${syntax.name}: blocks`, () => {
    it('reads several calls, zero-argument ones too, from one delta', () => {
      const text = `Calling ${wrap(`get_weather(city='Paris')${separator}ping()${separator}search(q="x", n=2)`)} then.`;
      const parser = createTranscriptParser(only);
      parser.write(text);
      parser.end();
      expect(parser.chunks.filter((chunk) => chunk.type === 'tool').map((chunk) => [(chunk as ToolChunk).toolName, (chunk as ToolChunk).input])).toEqual([
        ['get_weather', { city: 'Paris' }],
        ['ping', {}],
        ['search', { q: 'x', n: 2 }],
      ]);
      everySplit(text);
    });

    it('makes a malformed call an output-error saying what and where, keeping its raw and the calls beside it', () => {
      const text = wrap(`ok(a=1)${separator}bad(x=b'z')${separator}fine()`);
      const chunks = everySplit(text);
      const [first, bad, fine] = chunks as ToolChunk[];
      expect(first).toMatchObject({ toolName: 'ok', state: 'input-available', raw: text });
      expect(bad).toMatchObject({ toolName: 'bad', state: 'output-error', raw: '' });
      expect(bad!.errorText).toMatch(/^at line \d+, column \d+: bytes literals are not JSON data/);
      expect(fine).toMatchObject({ toolName: 'fine', state: 'input-available' });
      const broken = tools(wrap('foo(x=1])'));
      expect(broken[0]).toMatchObject({ toolName: 'foo', state: 'output-error' });
      expect(broken[0]!.errorText).toMatch(/unexpected "\]" in the call foo/);
    });

    it('reads a block cut off by the end of input as far as it goes', () => {
      const block = wrap("search(query='tides', limit=5)");
      const text = `x ${block.slice(0, block.indexOf('5') + 1)}`;
      const [tool] = everySplit(text).filter((chunk) => chunk.type === 'tool') as ToolChunk[];
      expect(tool).toMatchObject({ toolName: 'search', input: { query: 'tides', limit: 5 }, closed: false, state: 'input-available' });
    });

    it('recognises the opener split at every position', () => {
      const text = `A ${wrap("f(a='b')")} z`;
      const chunks = everySplit(text);
      expect(chunks).toMatchObject([{ type: 'text', value: 'A ' }, { type: 'tool', toolName: 'f', input: { a: 'b' } }, { type: 'text', value: ' z' }]);
    });

    it('shows the partial input while streaming: a value before its closing quote', () => {
      const block = wrap("write_file(path='notes.md', content='a long line that keeps growing')");
      const cut = block.indexOf('keeps');
      const parser = createTranscriptParser(only);
      parser.write(block.slice(0, 4));
      parser.write(block.slice(4, cut));
      const open = parser.chunks.find((chunk) => chunk.type === 'tool') as ToolChunk;
      expect(open).toMatchObject({ toolName: 'write_file', state: 'input-streaming', input: { path: 'notes.md', content: 'a long line that ' } });
      parser.write(block.slice(cut));
      parser.end();
      expect(parser.chunks.find((chunk) => chunk.type === 'tool')).toMatchObject({ state: 'input-available', input: { content: 'a long line that keeps growing' } });
    });

    it('types values by the tools given', () => {
      const [tool] = tools(wrap("set(count='3', ratio='0.5', on='true', name=7)"), {
        ...only,
        tools: [{ name: 'set', inputSchema: { type: 'object', properties: { count: { type: 'integer' }, ratio: { type: 'number' }, on: { type: 'boolean' }, name: { type: 'string' } } } }],
      });
      expect(tool!.input).toEqual({ count: 3, ratio: 0.5, on: true, name: '7' });
    });

    it.each([
      ['unclosed quotes', wrap("f(a='" + "x'".repeat(20))],
      ['open brackets', wrap('f(a=[[[[{{((')],
      ['closers cut short', `${wrap('f(a=1)').slice(0, -2)} `],
      ['lists never closed', "[f(a='x', b="],
      ['triple quotes', wrap("f(a='''x") + "', "],
      ['openers deciding', `${wrap('x').slice(0, wrap('x').indexOf('x'))}f( a`],
    ])('does linear work on adversarial input: %s', (_, pattern) => expectLinearScan(pattern, only));
  });
}
