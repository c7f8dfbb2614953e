/**
 * The invoke syntax (`<function_calls><invoke name>…`, what models write when tools are taught
 * in the prompt; Muse Glimmer's `atem:` block): Ollama's Glimmer tests ported as data (alone and
 * with the default syntaxes), format round trips and refusals, the taught rules, malformed and
 * cut-off blocks, markers split anywhere, partial input while streaming, values typed by JSON
 * shape and by `tools`, disjointness from OLMo-3's pythonic `<function_calls>`, linear work.
 */
import { describe, expect, it } from 'vitest';
import { defaultSyntaxes, describeTools, invokeSyntax, parseTranscript, type ToolChunk } from '../../src/index.js';
import { cases } from '../fixtures/servers/invoke.js';
import { everySplit, expectValueWhileStreaming, roundTrips, toolsOf } from '../support/invoke-family.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { streamShowingContent } from '../support/linear.js';
import { expectOnlyError } from '../support/only-tool.js';
import { runServerCases } from '../support/server-cases.js';

const only = [invokeSyntax];

runServerCases('invoke: server cases', cases, { syntaxes: only });
runServerCases('invoke: server cases under the default syntaxes', cases);

describe('invoke format', () => {
  it('writes the prompt layout: strings as is, lists and objects as JSON', () => {
    expect(invokeSyntax.format({ toolName: 'search_code', input: { pattern: 'TODO', paths: ['src'], limit: 20 } })).toBe(
      [
        '<function_calls>',
        '<invoke name="search_code">',
        '<parameter name="pattern">TODO</parameter>',
        '<parameter name="paths">["src"]</parameter>',
        '<parameter name="limit">20</parameter>',
        '</invoke>',
        '</function_calls>',
      ].join('\n'),
    );
    // A string beginning or ending with a line break gets one more on each side: it reads back whole.
    expect(invokeSyntax.format({ toolName: 'w', input: { content: 'a\n' } })).toBe('<function_calls>\n<invoke name="w">\n<parameter name="content">\na\n\n</parameter>\n</invoke>\n</function_calls>');
  });

  roundTrips(invokeSyntax);

  it('reads scalars back typed by the tool schema (text without one)', () => {
    const input = { n: 3, ok: true, name: '02139' };
    const tools = [
      { name: 'f', inputSchema: { type: 'object' as const, properties: { n: { type: 'integer' as const }, ok: { type: 'boolean' as const }, name: { type: 'string' as const } } } },
    ];
    const text = invokeSyntax.format({ toolName: 'f', input });
    expect((parseTranscript(text, { syntaxes: only, tools })[0] as ToolChunk).input).toEqual(input);
    expect((parseTranscript(text, { syntaxes: only })[0] as ToolChunk).input).toEqual({ n: '3', ok: 'true', name: '02139' });
  });

  it.each([
    [{ toolName: 'x>y' }, /cannot write the tool name/],
    [{ toolName: 'f', input: 42 }, /input must be an object/],
    [{ toolName: 'f', input: { 'a b"': 1 } }, /cannot write the parameter name/],
    [{ toolName: 'f', input: { k: 'x</parameter>' } }, /contains <\/parameter>/],
    [{ toolName: 'f', input: { k: 'x</function_calls>' } }, /contains <\/function_calls>/],
    [{ toolName: 'f', input: { k: '{"a": 1}' } }, /is JSON text and would read back as an object/],
    [{ toolName: 'f', input: { k: 'ends\r' } }, /carriage return/],
  ])('refuses %o', (call, error) => {
    expect(() => invokeSyntax.format(call)).toThrow(error);
  });
});

describe('invoke describe', () => {
  it('teaches the block in the words of the prompt that teaches it', () => {
    const text = describeTools([{ name: 'get_weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }], invokeSyntax);
    expect(text).toContain('You can invoke functions by writing a "<function_calls>" block like the following as part of your reply to the user:');
    expect(text).toContain('String and scalar parameters should be specified as is, while lists and objects should use JSON format.');
    expect(toolsOf(text, only).map((tool) => tool.toolName)).toEqual(['get_weather']);
  });
});

describe('invoke reading', () => {
  it('leaves <function_calls> holding pythonic calls (OLMo-3) or prose to other syntaxes: text here', () => {
    const olmo = '<function_calls>get_weather(city="Paris")</function_calls>';
    expect(everySplit(olmo, only)).toEqual([{ type: 'text', value: olmo }]);
    expect(toolsOf('Use <function_calls> blocks, <invoked name="x"> is not one', only)).toEqual([]);
  });

  it('reads several calls in one delta and zero-argument calls, split anywhere, under the defaults too', () => {
    const text = 'Go:\n<function_calls>\n<invoke name="a">\n<parameter name="x">1</parameter>\n</invoke>\n<invoke name="b">\n</invoke>\n</function_calls>\nok';
    for (const syntaxes of [only, undefined]) {
      expect(everySplit(text, syntaxes)).toMatchObject([
        { type: 'text', value: 'Go:\n' },
        { toolName: 'a', input: { x: '1' }, syntax: 'invoke' },
        { toolName: 'b', input: {}, raw: '' },
        { type: 'text', value: '\nok' },
      ]);
    }
  });

  it('keeps a value holding its own closing tag up to the last closer before the next parameter', () => {
    const [tool] = toolsOf('<function_calls><invoke name="w"><parameter name="html">a</parameter>b</parameter><parameter name="n">1</parameter></invoke></function_calls>', only);
    expect(tool!.input).toEqual({ html: 'a</parameter>b', n: '1' });
  });

  it('keeps a __proto__ parameter as a key, never as the prototype', () => {
    const [tool] = toolsOf('<function_calls><invoke name="f"><parameter name="__proto__">{"polluted": true}</parameter></invoke></function_calls>', only);
    expect(Object.getPrototypeOf(tool!.input)).toBe(Object.prototype);
    expect(Object.keys(tool!.input as object)).toEqual(['__proto__']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('finishes a block cut off by the end of input as far as it goes', () => {
    const [tool] = everySplit('<function_calls>\n<invoke name="w">\n<parameter name="list">[1, 2]</parameter>\n<parameter name="text">hal', only) as ToolChunk[];
    expect(tool).toMatchObject({ toolName: 'w', closed: false, input: { list: [1, 2], text: 'hal' } });
  });

  it('makes a malformed block an output-error that says what and where, raw kept', () => {
    expectOnlyError('<function_calls>\n<invoke name="a">\n</function_calls>', /<invoke name="a"> is not closed before the block ends \(the invoke at line 2, column 1\)/, { syntaxes: only });
    expectOnlyError('<function_calls><invoke nom="a"></invoke></function_calls>', /<invoke> has no name attribute \(the invoke at line 1, column 17\)/, { syntaxes: only });
    // An empty block never opened (no invoke follows): it is text, not an error.
    expect(toolsOf('<function_calls>\n\n</function_calls>', only)).toEqual([]);
  });

  it('names the card at the first invoke and shows a value before its closer', () => {
    expectValueWhileStreaming(`<function_calls>\n<invoke name="w">\n<parameter name="content">${'words go here '.repeat(6)}</parameter>\n</invoke>\n</function_calls>`, 'content', only);
    const big = invokeSyntax.format({ toolName: 'w', input: { content: 'x'.repeat(200_000) } });
    const { shown, parser } = streamShowingContent(big, { syntaxes: only });
    expect(shown).toBeGreaterThan(100_000);
    expect(parser.work.scanned).toBeLessThanOrEqual(big.length + 16);
  }, 20_000);

  it('is on by default', () => {
    expect(defaultSyntaxes).toContain(invokeSyntax);
  });
});

describe('invoke linear work', () => {
  it.each([
    ['openers', '<function_calls>'],
    ['openers and blanks', '<function_calls>\n \n'],
    ['opener prefixes', '<function_call'],
    ['near-miss invokes', '<function_calls><invok'],
    ['unclosed parameters', '<function_calls><invoke name="a"><parameter name="k">['],
    ['closer prefixes', '<function_calls><invoke name="a"></function_call'],
    ['atem openers', '<atem:function_calls><atem:invoke name="a">'],
  ])('%s', (_, pattern) => expectLinearScan(pattern, { syntaxes: only }));
});
