/**
 * The harmony syntax (gpt-oss): the servers' parser tests ported as data
 * (test/fixtures/servers/harmony.ts) with this syntax alone and with the defaults, `format` and
 * what it refuses, the round trip, `describe`, the channels that stay text, malformed and
 * cut-off messages, several calls in one delta, a special token split at every position, partial
 * input while streaming, values typed by `tools`, and linear work on adversarial input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, defaultSyntaxes, harmonySyntax, parseTranscript, type ToolChunk } from '../../src/index.js';
import { cases } from '../fixtures/servers/harmony.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { expectRoundTrip } from '../support/round-trip.js';
import { runServerCases } from '../support/server-cases.js';
import { parseAtEverySplit } from '../support/splits.js';

const only = { syntaxes: [harmonySyntax] };
const call = (name: string, json: string) => `<|start|>assistant<|channel|>commentary to=functions.${name} <|constrain|>json<|message|>${json}<|call|>`;

function everySplit(text: string, options = only) {
  return parseAtEverySplit(text, options);
}
const tools = (text: string, options = only) => everySplit(text, options).filter((chunk): chunk is ToolChunk => chunk.type === 'tool');

runServerCases('harmony: the servers’ cases, harmony alone', cases, only);
runServerCases('harmony: the servers’ cases, default syntaxes', cases);

describe('harmony format and describe', () => {
  it('writes a commentary message to functions.NAME and reads it back', () => {
    expect(harmonySyntax.format({ toolName: 'get_weather', input: { city: 'Paris' } })).toBe(call('get_weather', '{"city":"Paris"}'));
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z_][\w.-]{0,12}$/), fc.dictionary(fc.string(), fc.jsonValue()), fc.nat(), (toolName, input, cut) => {
        expectRoundTrip(harmonySyntax, { toolName, input }, cut);
      }),
      { numRuns: 150 },
    );
  });

  it('round-trips under the default syntaxes too', () => {
    const text = harmonySyntax.format({ toolName: 'run', input: { cmd: '<|end|> is text in a string' } });
    const [tool] = tools(`Go: ${text} ok`, {} as typeof only);
    expect(text).toContain('"<\\u007cend|> is text in a string"');
    expect(tool).toMatchObject({ syntax: 'harmony', toolName: 'run', raw: text, input: { cmd: '<|end|> is text in a string' } });
  });

  it('refuses what the format cannot write', () => {
    expect(() => harmonySyntax.format({ toolName: '' })).toThrow(/tool name must be a non-empty string/);
    expect(() => harmonySyntax.format({ toolName: 'a b' })).toThrow(/cannot hold blanks/);
    expect(() => harmonySyntax.format({ toolName: 't', input: 1 })).toThrow(/input must be an object/);
    expect(() => harmonySyntax.format({ toolName: 't', input: { n: 1n } })).toThrow(/cannot be written as JSON/);
  });

  it('teaches the harmony rule in its own words', () => {
    expect(harmonySyntax.describe!.rules).toContain("Calls to these tools must go to the commentary channel: 'functions'.");
    expect(harmonySyntax.describe!.rules).toContain('commentary to=functions.NAME <|constrain|>json<|message|>');
  });

  it('is on by default, inline', () => {
    expect(defaultSyntaxes).toContain(harmonySyntax);
    expect(harmonySyntax).toMatchObject({ name: 'harmony', placement: 'inline' });
  });
});

describe('harmony reading', () => {
  it('keeps the analysis and final channels, preambles, user and tool messages as text, tokens included', () => {
    const text =
      '<|channel|>analysis<|message|>Think.<|end|><|start|>assistant<|channel|>commentary<|message|>Preamble.<|end|>' +
      '<|start|>functions.x to=assistant<|channel|>commentary<|message|>{"ok": true}<|end|><|start|>assistant<|channel|>final<|message|>Done.<|return|>';
    expect(everySplit(text)).toEqual([{ type: 'text', value: text }]);
  });

  it('reads the header shapes the servers accept', () => {
    const shapes = [
      '<|start|>assistant<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"a": 1}<|call|>',
      '<|start|>assistant to=functions.f<|channel|>commentary json<|message|>{"a": 1}<|call|>',
      '<|start|>assistant to=functions.f abc<|channel|>analysis<|message|>{"a": 1}<|end|>',
      '<|channel|>commentary to=functions.f<|constrain|>json<|message|>{"a": 1}<|call|>',
    ];
    for (const shape of shapes) expect(tools(shape)[0], shape).toMatchObject({ toolName: 'f', input: { a: 1 }, closed: true });
  });

  it('makes a message that is not a JSON object an output-error with what and where', () => {
    // vLLM tests/tool_parsers/test_openai_tool_parser.py::test_extract_tool_calls_multiple_tools: vLLM passes "foo" on as the arguments.
    const text =
      '<|start|>assistant to=functions.get_current_weather<|channel|>commentary json<|message|>{"location": "Tokyo"}<|call|>' +
      '<|start|>assistant to=functions.no_content_type<|channel|>commentary<|message|>{"location": "Tokyo"}<|call|>' +
      '<|start|>assistant to=functions.not_json_no_content_type<|channel|>commentary<|message|>foo<|call|>' +
      '<|start|>assistant to=functions.empty_args<|channel|>commentary json<|message|>{}<|call|>' +
      '<|start|>assistant to=functions.no_args<|channel|>commentary json<|message|><|call|>';
    const read = tools(text);
    expect(read.map((tool) => [tool.toolName, tool.state, tool.input])).toEqual([
      ['get_current_weather', 'input-available', { location: 'Tokyo' }],
      ['no_content_type', 'input-available', { location: 'Tokyo' }],
      ['not_json_no_content_type', 'output-error', {}],
      ['empty_args', 'input-available', {}],
      ['no_args', 'input-available', {}],
    ]);
    expect(read[2]!.errorText).toBe('invalid JSON at line 1, column 4 of the arguments: Unexpected token \'o\', "foo" is not valid JSON');
    // Ollama harmony/harmonyparser_test.go TestHarmonyParserNonStreaming: a non-JSON message to a function.
    expect(tools('<|start|>assistant<|channel|>commentary to=functions.calc<|message|>Computing...<|end|>')[0]).toMatchObject({ toolName: 'calc', state: 'output-error' });
    expect(tools('<|channel|>commentary to=functions.s<|message|>"{}"<|call|>')[0]).toMatchObject({
      state: 'output-error',
      errorText: 'the arguments must be a JSON object, not a string (at line 1, column 1 of the arguments)',
    });
  });

  it('finishes a message cut off by the end of input best-effort', () => {
    expect(tools('<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"x": [1, "tw')[0]).toMatchObject({
      toolName: 'f',
      input: { x: [1, 'tw'] },
      state: 'input-available',
      closed: false,
    });
    expect(tools('<|channel|>commentary to=functions.f <|constr')[0]).toMatchObject({ toolName: 'f', closed: false, state: 'input-available' });
  });

  it('reads several calls in one delta, and zero-argument calls', () => {
    const parser = createTranscriptParser(only);
    parser.write(`a${call('x', '{}')}${call('y', '')}b${call('z', ' {} ')}c`);
    parser.end();
    expect(parser.chunks.map((chunk) => (chunk.type === 'tool' ? `${chunk.toolName}:${JSON.stringify(chunk.input)}` : chunk.value))).toEqual(['a', 'x:{}', 'y:{}', 'b', 'z:{}', 'c']);
  });

  it('finds every special token split at every position', () => {
    expect(tools(`x${call('n', '{"k": "v"}')}y`)[0]).toMatchObject({ toolName: 'n', input: { k: 'v' } });
  });

  it('names the call and shows its arguments while they stream', () => {
    const parser = createTranscriptParser(only);
    parser.write('Hi <|start|>assistant<|channel|>commentary to=functions.get_wea');
    expect(parser.chunks.at(-1)).toMatchObject({ type: 'tool', state: 'input-streaming' });
    const started = parser.write('ther <|constrain|>json<|message|>{"city": "Par');
    expect(started.find((event) => event.type === 'tool-input-start')).toMatchObject({ toolName: 'get_weather' });
    expect(parser.chunks.at(-1)).toMatchObject({ toolName: 'get_weather', state: 'input-streaming', input: { city: 'Par' } });
    parser.write('is"}<|call|>');
    parser.end();
    expect(parser.chunks.at(-1)).toMatchObject({ toolName: 'get_weather', input: { city: 'Paris' }, state: 'input-available' });
  });

  it('types values by `tools` when given', () => {
    const text = call('f', '{"n": "3"}');
    expect(tools(text)[0]!.input).toEqual({ n: '3' });
    const typed = parseTranscript(text, { ...only, tools: [{ name: 'f', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } }] });
    expect((typed[0] as ToolChunk).input).toEqual({ n: 3 });
  });

  it('scans adversarial input in linear work', () => {
    // A header refused is read by two openers (`<|start|>assistant`, then `<|channel|>`).
    const perUnit = { perUnit: 4 };
    expectLinearScan('<|start|>assistant<|channel|>commentary', only, perUnit);
    expectLinearScan('<|channel|><|channel|>to=functions.', undefined, perUnit);
    expectLinearScan('to=functions.x to=functions.', only, perUnit);
    expectLinearScan('<|start|>assistan', undefined, perUnit);
    expectLinearScan(`${call('x', '{"a": [')}`.slice(0, -8), only, perUnit);
  });
});
