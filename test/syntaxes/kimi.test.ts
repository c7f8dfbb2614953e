/**
 * The kimi syntax (Kimi K2 / K2.5 special tokens): the servers' parser tests ported as data
 * (test/fixtures/servers/kimi.ts) with this syntax alone and with the defaults, `format` and what
 * it refuses, the round trip, `describe`, malformed, empty and cut-off sections, several calls in
 * one delta, a special token split at every position, partial input while streaming, values
 * typed by `tools`, and linear work on adversarial input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, defaultSyntaxes, kimiSyntax, parseTranscript, type ToolChunk } from '../../src/index.js';
import { cases } from '../fixtures/servers/kimi.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { expectRoundTrip } from '../support/round-trip.js';
import { runServerCases } from '../support/server-cases.js';
import { parseAtEverySplit } from '../support/splits.js';

const only = { syntaxes: [kimiSyntax] };
const B = '<|tool_calls_section_begin|>';
const E = '<|tool_calls_section_end|>';
const call = (id: string, args: string) => `<|tool_call_begin|>${id}<|tool_call_argument_begin|>${args}<|tool_call_end|>`;

function everySplit(text: string, options = only) {
  return parseAtEverySplit(text, options);
}
const tools = (text: string, options = only) => everySplit(text, options).filter((chunk): chunk is ToolChunk => chunk.type === 'tool');

runServerCases('kimi: the servers’ cases, kimi alone', cases, only);
runServerCases('kimi: the servers’ cases, default syntaxes', cases);

describe('kimi format and describe', () => {
  it('writes the chat template’s section, the call id functions.NAME:IDX, and reads it back', () => {
    expect(kimiSyntax.format({ toolName: 'get_weather', input: { city: 'Paris' } })).toBe(`${B}${call('functions.get_weather:0', '{"city":"Paris"}')}${E}`);
    expect(kimiSyntax.format({ toolName: 'w', toolCallId: 'functions.w:3', input: {} })).toBe(`${B}${call('functions.w:3', '{}')}${E}`);
    // An id that is not this tool's functions.NAME:IDX (a generated tool-call-N) is not written.
    expect(kimiSyntax.format({ toolName: 'w', toolCallId: 'tool-call-1', input: {} })).toBe(`${B}${call('functions.w:0', '{}')}${E}`);
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z_][\w.-]{0,12}$/), fc.nat(9), fc.dictionary(fc.string(), fc.jsonValue()), fc.nat(), (toolName, index, input, cut) => {
        expectRoundTrip(kimiSyntax, { toolName, toolCallId: `functions.${toolName}:${index}`, input }, cut);
      }),
      { numRuns: 150 },
    );
  });

  it('round-trips under the default syntaxes too', () => {
    const text = kimiSyntax.format({ toolName: 'run', input: { cmd: 'echo "<tool_call>"', end: '<|tool_calls_section_end|>' } });
    expect(text).toContain('"<\\u007ctool_calls_section_end|>"');
    const [tool] = tools(`Go: ${text} ok`, {} as typeof only);
    expect(tool).toMatchObject({ syntax: 'kimi', toolName: 'run', toolCallId: 'functions.run:0', input: { cmd: 'echo "<tool_call>"', end: '<|tool_calls_section_end|>' }, raw: text });
  });

  it('refuses what the template cannot write', () => {
    expect(() => kimiSyntax.format({ toolName: '' })).toThrow(/tool name must be a non-empty string/);
    expect(() => kimiSyntax.format({ toolName: 'a:b' })).toThrow(/cannot hold blanks, `:`/);
    expect(() => kimiSyntax.format({ toolName: 't', input: 'x' })).toThrow(/input must be an object/);
    expect(() => kimiSyntax.format({ toolName: 't', input: { n: 1n } })).toThrow(/cannot be written as JSON/);
  });

  it('teaches the section and the call id', () => {
    expect(kimiSyntax.describe!.rules).toContain('<|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>');
    expect(kimiSyntax.describe!.rules).toContain('<|tool_calls_section_end|>');
  });

  it('is on by default, inline', () => {
    expect(defaultSyntaxes).toContain(kimiSyntax);
    expect(kimiSyntax).toMatchObject({ name: 'kimi', placement: 'inline' });
  });
});

describe('kimi reading', () => {
  it('reads the singular section spelling the servers accept', () => {
    const [tool] = tools(`<|tool_call_section_begin|>${call('functions.f:0', '{"a": 1}')}<|tool_call_section_end|>`);
    expect(tool).toMatchObject({ toolName: 'f', toolCallId: 'functions.f:0', input: { a: 1 }, closed: true });
  });

  it('takes the name between functions. and :IDX, keeps other ids unnamed', () => {
    const read = tools(`${B}${call('functions.mcp.server.tool:2', '{}')}${call('functions_snake_name_4', '{}')}${call('call_3', '{}')}${call('0', '{}')}${E}`);
    expect(read.map((tool) => [tool.toolName, tool.toolCallId, tool.state])).toEqual([
      ['mcp.server.tool', 'functions.mcp.server.tool:2', 'input-available'],
      ['snake_name', 'functions_snake_name_4', 'input-available'],
      ['tool', 'call_3', 'input-available'],
      ['tool', '0', 'input-available'],
    ]);
  });

  it('makes a malformed call an output-error with what and where, the other calls read', () => {
    // vLLM tests/tool_parsers/test_kimi_k2_tool_parser.py::test_invalid_json_still_extracted (vLLM passes the broken arguments on as text).
    const [bad, good] = tools(`Help. ${B}${call('functions.bad:0', '{"city": "Beijing"')}${call('functions.good:1', '{"city": "Shanghai"}')}${E}`);
    expect(bad).toMatchObject({ toolName: 'bad', state: 'output-error', errorText: 'invalid JSON at line 1, column 19 of the arguments: the JSON value is not complete (1 bracket left open)' });
    expect(good).toMatchObject({ toolName: 'good', input: { city: 'Shanghai' }, state: 'input-available' });
    const [noArgs] = tools(`${B}<|tool_call_begin|>functions.f:0 {"a": 1}<|tool_call_end|>${E}`);
    expect(noArgs).toMatchObject({ state: 'output-error', errorText: 'call 1: expected a call id functions.NAME:INDEX before <|tool_call_argument_begin|>, found "functions.f:0 {\\"a\\": 1}"' });
    const [string] = tools(`${B}${call('functions.s:0', '"{}"')}${E}`);
    expect(string).toMatchObject({ state: 'output-error', errorText: 'the arguments must be a JSON object, not a string (at line 1, column 1 of the arguments)' });
  });

  it('keeps an empty section as an error block (vLLM test_empty_tool_section: no call)', () => {
    const chunks = everySplit(`Reasoning. ${B}${E}`);
    expect(chunks[1]).toMatchObject({ type: 'tool', state: 'output-error', errorText: 'the kimi block holds no tool call', raw: `${B}${E}` });
  });

  it('finishes a section cut off by the end of input best-effort', () => {
    const all = tools(`${B}${call('functions.a:0', '{}')}<|tool_call_begin|>functions.b:1<|tool_call_argument_begin|>{"x": [1, "tw`);
    expect(all[1]).toMatchObject({ toolName: 'b', toolCallId: 'functions.b:1', input: { x: [1, 'tw'] }, state: 'input-available', closed: false });
  });

  it('reads several calls and sections in one delta, and zero-argument calls', () => {
    const text = `a${B}${call('functions.x:0', '{}')}${call('functions.y:1', '')}${E}b${B}${call('functions.z:2', ' {} ')}${E}c`;
    const parser = createTranscriptParser(only);
    parser.write(text);
    parser.end();
    expect(parser.chunks.map((chunk) => (chunk.type === 'tool' ? `${chunk.toolName}:${JSON.stringify(chunk.input)}` : chunk.value))).toEqual(['a', 'x:{}', 'y:{}', 'b', 'z:{}', 'c']);
  });

  it('finds every special token split at every position', () => {
    const [tool] = tools(`x${B}\n${call('functions.n:0', '{"k": "v"}')}\n${E}y`);
    expect(tool).toMatchObject({ toolName: 'n', input: { k: 'v' } });
  });

  it('names the call (and its id) and shows its arguments while they stream', () => {
    const parser = createTranscriptParser(only);
    parser.write(`Hi ${B}<|tool_call_begin|>functions.get_wea`);
    expect(parser.chunks.at(-1)).toMatchObject({ type: 'tool', state: 'input-streaming' });
    const started = parser.write('ther:0<|tool_call_argument_begin|>{"city": "Par');
    expect(started.find((event) => event.type === 'tool-input-start')).toMatchObject({ toolCallId: 'functions.get_weather:0', toolName: 'get_weather' });
    expect(parser.chunks.at(-1)).toMatchObject({ toolName: 'get_weather', state: 'input-streaming', input: { city: 'Par' } });
    parser.write(`is"}<|tool_call_end|>${E}`);
    parser.end();
    expect(parser.chunks.at(-1)).toMatchObject({ toolName: 'get_weather', input: { city: 'Paris' }, state: 'input-available' });
  });

  it('types values by `tools` when given', () => {
    const text = `${B}${call('functions.f:0', '{"n": "3"}')}${E}`;
    expect(tools(text)[0]!.input).toEqual({ n: '3' });
    const typed = parseTranscript(text, { ...only, tools: [{ name: 'f', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } }] });
    expect((typed[0] as ToolChunk).input).toEqual({ n: 3 });
  });

  it('scans adversarial input in linear work', () => {
    expectLinearScan('<|tool_calls_section_begi', only);
    expectLinearScan('<|<|tool_calls_section_begin', undefined);
    expectLinearScan(`${B}<|tool_call_begin|>functions.x:0<|tool_call_argument_begin|>{"a": [`, only);
    expectLinearScan(`${B}<|<|<|tool_call_begin|>`, only);
  });
});
