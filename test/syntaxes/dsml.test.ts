/**
 * The dsml syntax (DeepSeek-V3.2 / V4): the servers' parser tests ported as data (with the
 * syntax alone and with the default syntaxes), format round trips and refusals, the taught
 * rules, malformed and cut-off blocks, markers split anywhere (inside the fullwidth bars too),
 * partial input while streaming, values typed by `string` and by `tools`, linear work.
 */
import { describe, expect, it } from 'vitest';
import { createDsmlSyntax, defaultSyntaxes, describeTools, dsmlSyntax, parseTranscript, type ToolChunk } from '../../src/index.js';
import { cases } from '../fixtures/servers/dsml.js';
import { everySplit, expectValueWhileStreaming, roundTrips, toolsOf } from '../support/invoke-family.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { streamShowingContent } from '../support/linear.js';
import { expectOnlyError } from '../support/only-tool.js';
import { runServerCases } from '../support/server-cases.js';

const only = [dsmlSyntax];

runServerCases('dsml: server cases', cases, { syntaxes: only });
runServerCases('dsml: server cases under the default syntaxes', cases);

describe('dsml format', () => {
  it("writes DeepSeek's encoder layout: strings with string=\"true\", other values as JSON with string=\"false\"", () => {
    expect(dsmlSyntax.format({ toolName: 'get_weather', input: { location: 'SF', days: 3, opts: { unit: 'c' } } })).toBe(
      [
        '<｜DSML｜function_calls>',
        '<｜DSML｜invoke name="get_weather">',
        '<｜DSML｜parameter name="location" string="true">SF</｜DSML｜parameter>',
        '<｜DSML｜parameter name="days" string="false">3</｜DSML｜parameter>',
        '<｜DSML｜parameter name="opts" string="false">{"unit": "c"}</｜DSML｜parameter>',
        '</｜DSML｜invoke>',
        '</｜DSML｜function_calls>',
      ].join('\n'),
    );
    // encode_arguments_to_dsml joins no arguments to '', so the invoke holds an empty line.
    expect(dsmlSyntax.format({ toolName: 'now' })).toBe('<｜DSML｜function_calls>\n<｜DSML｜invoke name="now">\n\n</｜DSML｜invoke>\n</｜DSML｜function_calls>');
    expect(createDsmlSyntax({ block: 'tool_calls' }).format({ toolName: 'now' })).toBe('<｜DSML｜tool_calls>\n<｜DSML｜invoke name="now">\n\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>');
  });

  roundTrips(dsmlSyntax);
  roundTrips(createDsmlSyntax({ block: 'tool_calls' }));

  it('keeps every JSON type and a string that looks like JSON, with no schema', () => {
    const input = { n: 3, ok: false, none: null, text: '42', json: '{"a": 1}', padded: '  spaced\n' };
    const [tool] = parseTranscript(dsmlSyntax.format({ toolName: 'f', input }), { syntaxes: only }) as ToolChunk[];
    expect(tool!.input).toEqual(input);
  });

  it.each([
    [{ toolName: 'a"b' }, /cannot write the tool name/],
    [{ toolName: 'f', input: 'x' }, /input must be an object/],
    [{ toolName: 'f', input: { 'a<b': 1 } }, /cannot write the parameter name/],
    [{ toolName: 'f', input: { k: 'x</｜DSML｜parameter>' } }, /contains (a closing DSML tag|<\/｜DSML｜parameter>)/],
    [{ toolName: 'f', input: { k: 'x</｜DSML｜function_calls>' } }, /closing DSML tag/],
  ])('refuses %o', (call, error) => {
    expect(() => dsmlSyntax.format(call)).toThrow(error);
  });
});

describe('dsml describe', () => {
  it("teaches the block in DeepSeek's template words, V3.2 or V4", () => {
    const tools = [{ name: 'get_weather', inputSchema: { type: 'object' as const, properties: { city: { type: 'string' as const } } } }];
    const text = describeTools(tools, dsmlSyntax);
    expect(text).toContain('You can invoke functions by writing a "<｜DSML｜function_calls>" block like the following as part of your reply to the user:');
    expect(text).toContain('The "string" attribute should be set to "true" for string type parameters and "false" for other types');
    expect(describeTools(tools, createDsmlSyntax({ block: 'tool_calls' }))).toContain('<｜DSML｜tool_calls>\n<｜DSML｜invoke name="$FUNCTION_NAME">');
  });
});

describe('dsml reading', () => {
  const block = '<｜DSML｜function_calls>\n<｜DSML｜invoke name="f">\n<｜DSML｜parameter name="k" string="true">v</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>';

  it('reads the markers split at every position, inside the fullwidth bars too, under the defaults as well', () => {
    for (const syntaxes of [only, undefined]) {
      expect(everySplit(`a${block}b`, syntaxes)).toMatchObject([{ value: 'a' }, { toolName: 'f', input: { k: 'v' }, syntax: 'dsml' }, { value: 'b' }]);
      expect(everySplit(`a${block.replaceAll('function_calls', 'tool_calls')}b`, syntaxes)).toMatchObject([{ value: 'a' }, { toolName: 'f' }, { value: 'b' }]);
    }
  });

  it('opens only when an invoke follows: a near-miss marker stays text', () => {
    expect(toolsOf('<｜DSML｜function_calls> are how V3.2 calls tools', only)).toEqual([]);
    expect(toolsOf('<｜DSML｜function_call>\n<｜DSML｜invoke name="f"></｜DSML｜invoke>', only)).toEqual([]);
  });

  it('reads several calls in one delta, and zero-argument calls', () => {
    const text = `${block.replace('</｜DSML｜function_calls>', '<｜DSML｜invoke name="g">\n</｜DSML｜invoke>\n</｜DSML｜function_calls>')}`;
    expect(everySplit(text, only)).toMatchObject([
      { toolName: 'f', input: { k: 'v' }, raw: text },
      { toolName: 'g', input: {}, raw: '' },
    ]);
  });

  it('finishes a block cut off by the end of input as far as it goes', () => {
    const [tool] = everySplit('<｜DSML｜function_calls>\n<｜DSML｜invoke name="w">\n<｜DSML｜parameter name="n" string="false">12', only) as ToolChunk[];
    expect(tool).toMatchObject({ toolName: 'w', closed: false, input: { n: 12 } });
  });

  it('makes a malformed block an output-error that says what and where, raw kept', () => {
    expectOnlyError(
      '<｜DSML｜function_calls>\n<｜DSML｜invoke name="f">\n{"a": }\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
      /the JSON arguments of <｜DSML｜invoke name="f"> are not a JSON object: .* \(the invoke at line 2, column 1\)/,
      { syntaxes: only },
    );
    expectOnlyError('<｜DSML｜function_calls>\n<｜DSML｜invoke name="f">\n</｜DSML｜function_calls>', /is not closed before the block ends/, { syntaxes: only });
  });

  it('types string="false" values as JSON and keeps invalid JSON as its text; the schema types the rest', () => {
    const text = (value: string, string = 'false') =>
      `<｜DSML｜function_calls>\n<｜DSML｜invoke name="f">\n<｜DSML｜parameter name="v" string="${string}">${value}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>`;
    expect(toolsOf(text('[1, "a"]'), only)[0]!.input).toEqual({ v: [1, 'a'] });
    expect(toolsOf(text(' free text '), only)[0]!.input).toEqual({ v: 'free text' });
    expect(toolsOf(text(' 7 ', 'true'), only)[0]!.input).toEqual({ v: ' 7 ' });
    const tools = [{ name: 'f', inputSchema: { type: 'object' as const, properties: { v: { type: 'integer' as const } } } }];
    expect((parseTranscript(text('7', 'true'), { syntaxes: only, tools })[0] as ToolChunk).input).toEqual({ v: 7 });
  });

  it('names the card at the first invoke and shows a value before its closer', () => {
    expectValueWhileStreaming(block.replace('>v<', `>${'some text '.repeat(8)}<`), 'k', only);
    const big = dsmlSyntax.format({ toolName: 'w', input: { content: 'x'.repeat(200_000) } });
    const { shown } = streamShowingContent(big, { syntaxes: only });
    expect(shown).toBeGreaterThan(100_000);
  }, 20_000);

  it('is on by default', () => {
    expect(defaultSyntaxes).toContain(dsmlSyntax);
  });
});

describe('dsml linear work', () => {
  it.each([
    ['openers', '<｜DSML｜function_calls>'],
    ['opener prefixes', '<｜DSML｜function_cal'],
    ['openers and invokes', '<｜DSML｜tool_calls><｜DSML｜invoke name="a">'],
    ['unclosed parameters', '<｜DSML｜function_calls><｜DSML｜invoke name="a"><｜DSML｜parameter name="k" string="false">{'],
    ['closer prefixes', '<｜DSML｜function_calls><｜DSML｜invoke name="a"></｜DSML｜function_cal'],
    ['fullwidth bars', '<｜｜'],
  ])('%s', (_, pattern) => expectLinearScan(pattern, { syntaxes: only }));
});
