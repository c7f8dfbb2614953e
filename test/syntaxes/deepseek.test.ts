/**
 * The deepseek syntax (V3 / R1 / V3.1 special tokens): the servers' parser tests ported as data
 * (test/fixtures/servers/deepseek.ts) with this syntax alone and with the defaults, `format` and
 * what it refuses, the round trip, `describe`, malformed and cut-off sections, several calls in
 * one delta, a special token split at every position, partial input while streaming, values
 * typed by `tools`, and linear work on adversarial input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDeepSeekSyntax, createTranscriptParser, deepSeekSyntax, defaultSyntaxes, parseTranscript, type ToolChunk } from '../../src/index.js';
import { cases } from '../fixtures/servers/deepseek.js';
import { cases as step3Cases } from '../fixtures/servers/step3.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { expectRoundTrip } from '../support/round-trip.js';
import { runServerCases } from '../support/server-cases.js';
import { parseAtEverySplit, splitsInTwo, streamPieces } from '../support/splits.js';

const only = { syntaxes: [deepSeekSyntax] };
const B = '<｜tool▁calls▁begin｜>';
const E = '<｜tool▁calls▁end｜>';
const call = (name: string, args: string) => `<｜tool▁call▁begin｜>${name}<｜tool▁sep｜>${args}<｜tool▁call▁end｜>`;

function everySplit(text: string, options = only) {
  return parseAtEverySplit(text, options);
}
const tools = (text: string, options = only) => everySplit(text, options).filter((chunk): chunk is ToolChunk => chunk.type === 'tool');

runServerCases('deepseek: the servers’ cases, deepseek alone', cases, only);
runServerCases('deepseek: the servers’ cases, default syntaxes', cases);
runServerCases('deepseek: Step-3’s <steptml:invoke> calls in the section, deepseek alone', step3Cases, only);
runServerCases('deepseek: Step-3’s <steptml:invoke> calls in the section, default syntaxes', step3Cases);

describe('deepseek format and describe', () => {
  it('writes the V3.1 template by default and the V3 / R1 template on request, both read back', () => {
    expect(deepSeekSyntax.format({ toolName: 'get_weather', input: { city: 'Paris' } })).toBe(`${B}${call('get_weather', '{"city":"Paris"}')}${E}`);
    const v3 = createDeepSeekSyntax({ version: 'v3' });
    expect(v3.format({ toolName: 'w', input: { a: [1] } })).toBe(`${B}<｜tool▁call▁begin｜>function<｜tool▁sep｜>w\n\`\`\`json\n{"a":[1]}\n\`\`\`<｜tool▁call▁end｜>${E}`);
    for (const syntax of [deepSeekSyntax, v3]) {
      fc.assert(
        fc.property(fc.stringMatching(/^[A-Za-z_][\w.-]{0,12}$/), fc.dictionary(fc.string(), fc.jsonValue()), fc.nat(), (toolName, input, cut) => {
          expectRoundTrip(syntax, { toolName, input }, cut);
        }),
        { numRuns: 150 },
      );
    }
  });

  it('round-trips under the default syntaxes too', () => {
    const text = deepSeekSyntax.format({ toolName: 'run', input: { cmd: 'ls <tool_call> `x`', n: 2, end: '<｜tool▁calls▁end｜>' } });
    expect(text).toContain('"<\\uff5ctool▁calls▁end｜>"');
    const [tool] = tools(`Go: ${text} ok`, {} as typeof only);
    expect(tool).toMatchObject({ syntax: 'deepseek', toolName: 'run', input: { cmd: 'ls <tool_call> `x`', n: 2, end: '<｜tool▁calls▁end｜>' }, raw: text });
  });

  it('refuses what the template cannot write', () => {
    expect(() => deepSeekSyntax.format({ toolName: '' })).toThrow(/tool name must be a non-empty string/);
    expect(() => deepSeekSyntax.format({ toolName: 'a\nb' })).toThrow(/cannot hold a line break/);
    expect(() => deepSeekSyntax.format({ toolName: 't', input: [1] })).toThrow(/input must be an object/);
    expect(() => deepSeekSyntax.format({ toolName: 't', input: { n: 1n } })).toThrow(/cannot be written as JSON/);
  });

  it('teaches the format in the chat template’s words', () => {
    expect(deepSeekSyntax.describe!.rules).toContain('IMPORTANT: ALWAYS adhere to this exact format for tool use:');
    expect(deepSeekSyntax.describe!.rules).toContain('<｜tool▁call▁begin｜>tool_call_name<｜tool▁sep｜>tool_call_arguments<｜tool▁call▁end｜>');
    expect(createDeepSeekSyntax({ version: 'v3' }).describe!.rules).toContain('function<｜tool▁sep｜>tool_call_name\n```json');
  });

  it('is on by default, inline', () => {
    expect(defaultSyntaxes).toContain(deepSeekSyntax);
    expect(deepSeekSyntax).toMatchObject({ name: 'deepseek', placement: 'inline' });
  });
});

describe('deepseek reading', () => {
  it('reads the spellings llama.cpp accepts', () => {
    for (const [open, close] of [
      ['<｜tool calls begin｜>', '<｜tool calls end｜>'],
      ['<｜tool_calls_begin｜>', '<｜tool_calls_end｜>'],
      ['<｜tool\\_calls\\_begin｜>', '<｜tool\\_calls\\_end｜>'],
      ['<｜tool▁calls｜>', '<｜tool▁calls▁end｜>'],
    ]) {
      const [tool] = tools(`${open}<｜tool call begin｜>f<｜tool sep｜>{"a": 1}<｜tool call end｜>${close}`);
      expect(tool, open).toMatchObject({ toolName: 'f', input: { a: 1 }, closed: true });
    }
  });

  it('makes a malformed call an output-error with what and where, its raw kept, the other calls read', () => {
    // SGLang test (DeepSeek V3 / V3.1 detectors): a malformed call does not discard the valid one.
    const text = `Sure. ${B}${call('get_weather', '{"city": "Boston"}')}${call('search', '{bad json')}${E}`;
    const [good, bad] = tools(text);
    expect(good).toMatchObject({ toolName: 'get_weather', input: { city: 'Boston' }, state: 'input-available' });
    expect(bad).toMatchObject({ toolName: 'search', state: 'output-error', raw: '' });
    expect(bad!.errorText).toMatch(/^invalid JSON at line 1, column 2 of the arguments/);
    // Ollama model/parsers/deepseek3_test.go TestDeepSeekParser_EdgeCases: missing separator, invalid JSON.
    const [missing] = tools(`Testing.${B}<｜tool▁call▁begin｜>bad_tool{"arg":"value"}<｜tool▁call▁end｜>${E}`);
    expect(missing).toMatchObject({ state: 'output-error', errorText: 'call 1: no <｜tool▁sep｜> between the tool name and its arguments' });
    const [invalid] = tools(`Testing.${B}${call('bad_tool', '{invalid json}')}${E}`);
    expect(invalid).toMatchObject({ toolName: 'bad_tool', state: 'output-error' });
    // A JSON string of arguments is not an object.
    const [string] = tools(`${B}${call('s', '"{\\"a\\": 1}"')}${E}`);
    expect(string).toMatchObject({ state: 'output-error', errorText: 'the arguments must be a JSON object, not a string (at line 1, column 1 of the arguments)' });
  });

  it('keeps a section with no call as an error block (vLLM test_deepseekv31 unparsable, V3 malformed inputs)', () => {
    // vLLM tests/tool_parsers/test_deepseekv31_tool_parser.py::test_extract_tool_calls_unparsable_block: cut off before any call.
    const chunks = everySplit(`Let me look that up.${B}get_weather`);
    expect(chunks[0]).toEqual({ type: 'text', value: 'Let me look that up.' });
    expect(chunks[1]).toMatchObject({ type: 'tool', state: 'output-error', closed: false, errorText: 'the deepseek block holds no tool call' });
    // vLLM test_deepseekv3_tool_parser.py malformed_input_outputs: never throws, nothing lost.
    const unclosedJson = `${B}<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n\`\`\`json\n{"city": "Tokyo"\n\`\`\`<｜tool▁call▁end｜>${E}`;
    expect(tools(unclosedJson)[0]).toMatchObject({ toolName: 'get_weather', state: 'output-error' });
    const noCallBegin = `${B}function<｜tool▁sep｜>get_weather\n\`\`\`json\n{"city": "Tokyo"}\n\`\`\`${E}`;
    expect(tools(noCallBegin)[0]).toMatchObject({ toolName: 'get_weather', input: { city: 'Tokyo' }, state: 'input-available' });
  });

  it('finishes a section cut off by the end of input best-effort', () => {
    const [tool] = tools(`${B}${call('a', '{}')}<｜tool▁call▁begin｜>b<｜tool▁sep｜>{"x": [1, "tw`);
    expect(tool).toMatchObject({ toolName: 'a', closed: false });
    const all = parseTranscript(`${B}${call('a', '{}')}<｜tool▁call▁begin｜>b<｜tool▁sep｜>{"x": [1, "tw`, only).filter((c) => c.type === 'tool');
    expect(all[1]).toMatchObject({ toolName: 'b', input: { x: [1, 'tw'] }, state: 'input-available', closed: false });
  });

  it('reads several calls and sections arriving in one delta, and zero-argument calls', () => {
    const text = `a${B}${call('x', '{}')}${call('y', '')}${E}b${B}${call('z', '  {} ')}${E}c`;
    const parser = createTranscriptParser(only);
    parser.write(text);
    parser.end();
    expect(parser.chunks.map((chunk) => (chunk.type === 'tool' ? `${chunk.toolName}:${JSON.stringify(chunk.input)}` : chunk.value))).toEqual(['a', 'x:{}', 'y:{}', 'b', 'z:{}', 'c']);
  });

  it('finds every special token split at every position', () => {
    const text = `x${B}<｜tool▁call▁begin｜>function<｜tool▁sep｜>n\n\`\`\`json\n{"k": "v"}\n\`\`\`<｜tool▁call▁end｜>${E}y`;
    const [tool] = tools(text);
    expect(tool).toMatchObject({ toolName: 'n', input: { k: 'v' } });
  });

  it('names the call and shows its arguments while they stream', () => {
    const parser = createTranscriptParser(only);
    parser.write(`Hi ${B}<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_wea`);
    expect(parser.chunks.at(-1)).toMatchObject({ type: 'tool', state: 'input-streaming' });
    parser.write('ther\n```json\n{"city": "Par');
    expect(parser.chunks.at(-1)).toMatchObject({ toolName: 'get_weather', state: 'input-streaming', input: { city: 'Par' } });
    parser.write('is"}\n```<｜tool▁call▁end｜>');
    expect(parser.chunks.at(-1)).toMatchObject({ toolName: 'get_weather', input: { city: 'Paris' } });
    const events = parser.write(E);
    parser.end();
    expect(events.at(-1)).toMatchObject({ type: 'tool-input-available', toolName: 'get_weather', input: { city: 'Paris' } });
  });

  it('types nothing by itself: JSON values stay as written, `tools` coerces strings by schema', () => {
    const text = `${B}${call('f', '{"n": "3", "b": "true"}')}${E}`;
    expect(tools(text)[0]!.input).toEqual({ n: '3', b: 'true' });
    const typed = parseTranscript(text, { ...only, tools: [{ name: 'f', inputSchema: { type: 'object', properties: { n: { type: 'integer' }, b: { type: 'boolean' } } } }] });
    expect((typed[0] as ToolChunk).input).toEqual({ n: 3, b: true });
  });

  it('leaves markers in code as text', () => {
    const text = `\`${B}${call('a', '{}')}${E}\`\n\n\`\`\`text\n${B}${call('a', '{}')}${E}\n\`\`\`\n`;
    expect(everySplit(text, {} as typeof only)).toEqual([{ type: 'text', value: text }]);
  });

  it('scans adversarial input in linear work', () => {
    expectLinearScan('<｜tool▁calls▁begi', only);
    expectLinearScan('<｜<｜tool▁calls▁begin', undefined);
    expectLinearScan(`${B}<｜tool▁call▁begin｜>x<｜tool▁sep｜>{"a": [`, only);
    expectLinearScan(`${B}<｜<｜<｜tool▁sep｜><｜tool▁call▁begin｜>`, only);
  });
});

describe('Step-3 calls (vLLM test_step3_tool_parser.py malformed_input_outputs)', () => {
  it('keeps a section cut off inside an invoke as a call read as far as it goes, whole and at every split', () => {
    const text = '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="func">';
    const whole = parseTranscript(text, only);
    expect(whole).toMatchObject([{ type: 'tool', toolName: 'func', input: {}, closed: false }]);
    for (const pieces of splitsInTwo(text)) expect(streamPieces(pieces, only).chunks).toEqual(whole);
  });

  it('leaves a call written without its section as text', () => {
    const text = '<｜tool_call_begin｜><steptml:invoke name="func"></steptml:invoke><｜tool_call_end｜>';
    expect(parseTranscript(text)).toEqual([{ type: 'text', value: text }]);
  });

  it('names the call while it streams once `function<｜tool_sep｜>NAME` ends its line', () => {
    const parser = createTranscriptParser(only);
    const started = parser.write('<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜>edit_file\n<steptml:invoke name="edit_file">');
    expect(started.find((chunk) => chunk.type === 'tool-input-start')).toMatchObject({ toolName: 'edit_file' });
  });
});
