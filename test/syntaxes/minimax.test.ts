/**
 * The minimax syntax (MiniMax-M2 and M3): the servers' parser tests ported as data (with the
 * syntax alone and with the default syntaxes), format round trips and refusals, the taught
 * rules, malformed and cut-off blocks, markers split anywhere, partial input while streaming,
 * values typed by `tools`, linear work on adversarial input.
 */
import { describe, expect, it } from 'vitest';
import { defaultSyntaxes, describeTools, miniMaxSyntax, parseTranscript, type ToolChunk } from '../../src/index.js';
import { cases } from '../fixtures/servers/minimax.js';
import { everySplit, expectValueWhileStreaming, roundTrips, toolsOf } from '../support/invoke-family.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { streamShowingContent } from '../support/linear.js';
import { expectOnlyError } from '../support/only-tool.js';
import { runServerCases } from '../support/server-cases.js';

const only = [miniMaxSyntax];
const NS = ']<]minimax[>[';

runServerCases('minimax: server cases', cases, { syntaxes: only });
runServerCases('minimax: server cases under the default syntaxes', cases);

describe('minimax format', () => {
  it("writes MiniMax-M2's template layout: strings as is, other values as JSON", () => {
    expect(miniMaxSyntax.format({ toolName: 'search_web', input: { query_tag: ['technology', 'events'], query: 'OpenAI', n: 3 } })).toBe(
      [
        '<minimax:tool_call>',
        '<invoke name="search_web">',
        '<parameter name="query_tag">["technology", "events"]</parameter>',
        '<parameter name="query">OpenAI</parameter>',
        '<parameter name="n">3</parameter>',
        '</invoke>',
        '</minimax:tool_call>',
      ].join('\n'),
    );
    expect(miniMaxSyntax.format({ toolName: 'now' })).toBe('<minimax:tool_call>\n<invoke name="now">\n</invoke>\n</minimax:tool_call>');
  });

  roundTrips(miniMaxSyntax, [
    { toolName: 'get_weather', input: { city: 'Paris', unit: 'celsius' } },
    { toolName: 'get_time', input: {} },
    { toolName: 'write_file', input: { path: 'a/b.md', content: '# Title\n\nSome <b>bold</b> text & "quotes"' } },
    { toolName: 'ünïcode', input: { text: 'Здравствуйте 🌍', emoji: '👩‍🚀' } },
  ]);

  it('reads numbers, booleans, lists and objects back typed by the tool schema', () => {
    const input = { n: 3, ok: false, tags: ['a', 'b'], filter: { since: 2024 }, note: 'x' };
    const tools = [
      {
        name: 'f',
        inputSchema: {
          type: 'object' as const,
          properties: { n: { type: 'integer' as const }, ok: { type: 'boolean' as const }, tags: { type: 'array' as const }, filter: { type: 'object' as const }, note: { type: 'string' as const } },
        },
      },
    ];
    const [tool] = parseTranscript(miniMaxSyntax.format({ toolName: 'f', input }), { syntaxes: only, tools }) as ToolChunk[];
    expect(tool!.input).toEqual(input);
    // Without a schema the values stay text, as vLLM's reader keeps them.
    const [plain] = parseTranscript(miniMaxSyntax.format({ toolName: 'f', input }), { syntaxes: only }) as ToolChunk[];
    expect(plain!.input).toEqual({ n: '3', ok: 'false', tags: '["a", "b"]', filter: '{"since": 2024}', note: 'x' });
  });

  it.each([
    [{ toolName: 'a"b' }, /cannot write the tool name "a\\"b"/],
    [{ toolName: '' }, /cannot write the tool name ""/],
    [{ toolName: 'f', input: ['x'] }, /input must be an object/],
    [{ toolName: 'f', input: { 'k"': 'v' } }, /cannot write the parameter name/],
    [{ toolName: 'f', input: { k: 'a </parameter> b' } }, /contains <\/parameter>/],
    [{ toolName: 'f', input: { k: 'a </invoke> b' } }, /contains <\/invoke>/],
    [{ toolName: 'f', input: { k: 'a </minimax:tool_call> b' } }, /contains <\/minimax:tool_call>/],
    [{ toolName: 'f', input: { k: 10n } }, /cannot be written as JSON/],
  ])('refuses %o', (call, error) => {
    expect(() => miniMaxSyntax.format(call)).toThrow(error);
  });
});

describe('minimax describe', () => {
  it("teaches the block in MiniMax-M2's template words", () => {
    const text = describeTools([{ name: 'get_weather', description: 'Weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }], miniMaxSyntax);
    expect(text).toContain('When making tool calls, use XML format to invoke tools and pass parameters:');
    expect(text).toContain('<parameter name="param-key-1">param-value-1</parameter>');
    expect(text).toContain('<minimax:tool_call>\n<invoke name="get_weather">');
  });
});

describe('minimax reading', () => {
  it('opens only when an invoke follows the marker: prose naming the tag stays text', () => {
    expect(everySplit('The model writes <minimax:tool_call> blocks. Done.', only)).toEqual([{ type: 'text', value: 'The model writes <minimax:tool_call> blocks. Done.' }]);
    expect(toolsOf('<minimax:tool_call>\n  \n<invoke name="a"></invoke></minimax:tool_call>', only)).toHaveLength(1);
  });

  it('reads several calls in one delta, and a zero-argument call', () => {
    const text = 'Go <minimax:tool_call><invoke name="a"><parameter name="x">1</parameter></invoke><invoke name="b"></invoke></minimax:tool_call> ok';
    const chunks = everySplit(text, only);
    expect(chunks).toMatchObject([
      { type: 'text', value: 'Go ' },
      { type: 'tool', toolName: 'a', input: { x: '1' }, raw: text.slice(3, -3), toolCallId: 'tool-call-1' },
      { type: 'tool', toolName: 'b', input: {}, raw: '', toolCallId: 'tool-call-2' },
      { type: 'text', value: ' ok' },
    ]);
  });

  it('finishes a block cut off by the end of input as far as it goes', () => {
    const [tool] = everySplit('<minimax:tool_call>\n<invoke name="write">\n<parameter name="path">a.md</parameter>\n<parameter name="body">half a', only) as ToolChunk[];
    expect(tool).toMatchObject({ toolName: 'write', closed: false, state: 'input-available', input: { path: 'a.md', body: 'half a' } });
  });

  it('makes a malformed block an output-error that says what and where, raw kept', () => {
    expectOnlyError('<minimax:tool_call>\n<invoke name="a">\n<parameter name="x">1</parameter>\n</minimax:tool_call>', /<invoke name="a"> is not closed before the block ends \(the invoke at line 2, column 1\)/, {
      syntaxes: only,
    });
    expectOnlyError('<minimax:tool_call><invoke name="">x</invoke></minimax:tool_call>', /<invoke> has no name attribute \(the invoke at line 1, column 20\)/, { syntaxes: only });
    expectOnlyError('<minimax:tool_call><invoke name="a"><parameter>x</parameter></invoke></minimax:tool_call>', /a <parameter> has no name attribute/, { syntaxes: only });
    expectOnlyError('<minimax:tool_call><invoke name="a"><parameter name="k">x</invoke></minimax:tool_call>', /<parameter name="k"> is not closed before <\/invoke>/, { syntaxes: only });
  });

  it('reads the markers split at every position, under the default syntaxes too', () => {
    const text = 'a<minimax:tool_call>\n<invoke name="f">\n<parameter name="k">v</parameter>\n</invoke>\n</minimax:tool_call>b';
    for (const syntaxes of [only, undefined]) {
      expect(everySplit(text, syntaxes)).toMatchObject([{ value: 'a' }, { toolName: 'f', input: { k: 'v' }, syntax: 'minimax' }, { value: 'b' }]);
    }
  });

  it('names the card at the first invoke tag and shows a value before its closer', () => {
    const text = `<minimax:tool_call>\n<invoke name="write">\n<parameter name="content">${'line of text '.repeat(8)}</parameter>\n</invoke>\n</minimax:tool_call>`;
    expectValueWhileStreaming(text, 'content', only);
    const big = miniMaxSyntax.format({ toolName: 'w', input: { content: 'x'.repeat(200_000) } });
    const { shown, parser } = streamShowingContent(big, { syntaxes: only });
    expect(shown).toBeGreaterThan(100_000);
    expect(parser.work.scanned).toBeLessThanOrEqual(big.length + 16);
  }, 20_000);

  it('is on by default', () => {
    expect(defaultSyntaxes).toContain(miniMaxSyntax);
  });
});

describe('minimax M3 (namespaced) blocks', () => {
  const m3 = `${NS}<tool_call>\n${NS}<invoke name="plan">${NS}<title>Trip${NS}</title>${NS}<stops>${NS}<item>${NS}<city>Oslo${NS}</city>${NS}</item>${NS}<item>${NS}<city>Rome${NS}</city>${NS}</item>${NS}</stops>${NS}<tag>a${NS}</tag>${NS}<tag>b${NS}</tag>${NS}</invoke>\n${NS}</tool_call>`;

  it('reads nested elements, <item> lists and repeated tags, split anywhere', () => {
    const [tool] = everySplit(`Plan: ${m3}`, only).filter((chunk) => chunk.type === 'tool') as ToolChunk[];
    expect(tool).toMatchObject({ toolName: 'plan', syntax: 'minimax', input: { title: 'Trip', stops: [{ city: 'Oslo' }, { city: 'Rome' }], tag: ['a', 'b'] } });
  });

  it('stays text when no invoke follows, and shows values while streaming', () => {
    expect(toolsOf(`${NS}<tool_call> is the M3 marker`, only)).toEqual([]);
    expectValueWhileStreaming(`${NS}<tool_call>\n${NS}<invoke name="w">${NS}<content>${'some words '.repeat(6)}${NS}</content>${NS}</invoke>\n${NS}</tool_call>`, 'content', only);
  });

  it('makes an invoke left open inside a closed block an error', () => {
    expectOnlyError(`${NS}<tool_call>\n${NS}<invoke name="w">${NS}<a>1${NS}</a>\n${NS}</tool_call>`, /<invoke name="w"> is not closed/, { syntaxes: only });
  });
});

describe('minimax linear work', () => {
  it.each([
    ['openers', '<minimax:tool_call>'],
    ['opener prefixes', '<minimax:tool_cal'],
    ['openers and invokes', '<minimax:tool_call><invoke name="a">'],
    ['unclosed parameters', '<minimax:tool_call><invoke name="a"><parameter name="k">'],
    ['parameter openings', '<parameter name="k">v'],
    ['closer prefixes', '<minimax:tool_call><invoke name="a"></minimax:tool_cal'],
    ['M3 openers', `${NS}<tool_call>${NS}<invoke name="a">`],
    ['M3 nesting', `${NS}<a>`],
    ['M3 closers', `${NS}</a>`],
  ])('%s', (_, pattern) => expectLinearScan(pattern, { syntaxes: only }));

  it('an open block full of parameter openings', () => {
    expectLinearScan('<parameter name="k">v</parameter>', { syntaxes: only });
    const text = `<minimax:tool_call><invoke name="a">${'<parameter name="k">v'.repeat(20_000)}`;
    expect(toolsOf(text, only)[0]!.input).toEqual({ k: 'v' });
  });
});
