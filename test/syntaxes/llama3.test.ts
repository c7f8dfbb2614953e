/**
 * The json syntax reading Llama 3.1–3.3 and xLAM output: the servers' parser tests ported as
 * data (`test/fixtures/servers/llama3.ts`, `xlam.ts`), each whole and split every way, and what
 * the Llama shapes add to the json syntax — `<|python_tag|>` anywhere, `;` between calls,
 * `placement: 'inline'`, the `llama` and `xlam` styles of `format` and `describe`.
 */
import { describe, expect, it } from 'vitest';
import { createJsonSyntax, createTranscriptParser, jsonSyntax, parseTranscript, type ToolChunk } from '../../src/index.js';
import { cases as llama3 } from '../fixtures/servers/llama3.js';
import { cases as xlam } from '../fixtures/servers/xlam.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { runServerCases } from '../support/server-cases.js';
import { streamPieces } from '../support/splits.js';

const inline = createJsonSyntax({ placement: 'inline' });
const llama = createJsonSyntax({ style: 'llama' });
const xlamStyle = createJsonSyntax({ style: 'xlam' });

runServerCases('llama3 server cases (json, inline)', llama3, { syntaxes: [inline] });
runServerCases('xlam server cases (json, inline)', xlam, { syntaxes: [inline] });

/** The cases whose calls all stand at a line start, after `<|python_tag|>` or right after `;`: the default json reads them too. */
const LINE_START = llama3.filter((c) => !/^(Here|Some intro|Let me|I'll|\{\}|\{"a": 1\} <)/.test(c.text) && !c.text.includes('} ;') && !c.text.includes('<|python_tag|>'));
runServerCases('llama3 server cases (json, line start)', LINE_START, { syntaxes: [jsonSyntax] });

const tools = (text: string, syntax = inline) => parseTranscript(text, { syntaxes: [syntax] }).filter((chunk): chunk is ToolChunk => chunk.type === 'tool');

describe('json: Llama 3 shapes', () => {
  it('reads <|python_tag|> and a bare call mid-line with placement inline; the default placement reads neither mid-line', () => {
    const text = 'Let me check. <|python_tag|>{"name": "get_weather", "parameters": {"city": "Oslo"}}';
    expect(tools(text)).toMatchObject([{ toolName: 'get_weather', input: { city: 'Oslo' }, raw: text.slice(14) }]);
    expect(tools(text, jsonSyntax)).toEqual([]);
    const bare = 'Let me check. {"name": "get_weather", "parameters": {"city": "Oslo"}}';
    expect(tools(bare, jsonSyntax)).toEqual([]);
    expect(tools(bare)).toMatchObject([{ toolName: 'get_weather', raw: bare.slice(14) }]);
  });

  it('a <|python_tag|> not followed by JSON, or followed by JSON that is no call, is text', () => {
    for (const text of ['<|python_tag|>print(1)', '<|python_ta', '<|python_tag|>{"a": 1}', 'a <|b|> c']) {
      expect(parseTranscript(text, { syntaxes: [inline] })).toEqual([{ type: 'text', value: text }]);
    }
  });

  it('one block for calls joined by ";": the first chunk carries the raw, a trailing ";" belongs to the block', () => {
    const text = '{"name": "a", "parameters": {}};{"name": "b", "parameters": {"x": 1}}; done';
    const chunks = parseTranscript(text, { syntaxes: [jsonSyntax] });
    expect(chunks).toMatchObject([
      { type: 'tool', toolName: 'a', input: {}, raw: '{"name": "a", "parameters": {}};{"name": "b", "parameters": {"x": 1}}; ' },
      { type: 'tool', toolName: 'b', input: { x: 1 }, raw: '' },
      { type: 'text', value: 'done' },
    ]);
    expect(parseTranscript('{"name": "a", "parameters": {}};', { syntaxes: [jsonSyntax] })).toMatchObject([{ type: 'tool', raw: '{"name": "a", "parameters": {}};', closed: true }]);
  });

  it('a malformed value after ";" is an output-error of its own, saying which value and where', () => {
    const calls = tools('{"name": "a", "parameters": {}}; {"name": "b", "parameters": {x}}');
    expect(calls.map((call) => call.state)).toEqual(['input-available', 'output-error']);
    expect(calls[1]!.errorText).toMatch(/^value 2: invalid JSON at line 1, column \d+/);
  });

  it('vLLM test_extract_tool_calls_invalid_json and SGLang test_invalid_then_valid_json: a recognised call with invalid JSON is an output-error, raw kept (the servers give text or skip to the next object)', () => {
    const text = '{"name": "invalidTool", "parameters": {invalid json}';
    const [call] = tools(text);
    expect(call).toMatchObject({ state: 'output-error', raw: text, closed: false });
    expect(call!.errorText).toMatch(/invalid JSON at line 1, column 40/);
    const sglang = '{"name": "get_weather", "parameters": {{"name": "get_weather", "parameters": {}}';
    expect(tools(sglang)).toMatchObject([{ state: 'output-error', raw: sglang }]);
  });

  it('a block cut off by the end of input is read as far as it goes', () => {
    expect(tools('<|python_tag|>{"name": "f", "parameters": {"q": "ab')).toMatchObject([{ toolName: 'f', input: { q: 'ab' }, closed: false }]);
    expect(tools('{"name": "f", "parameters": {}}; {"name": "g", "parameters": {"n": 1')).toMatchObject([
      { toolName: 'f', closed: false },
      { toolName: 'g', input: { n: 1 } },
    ]);
  });

  it('shows the partial arguments of a python-tagged call while it streams', () => {
    const parser = createTranscriptParser({ syntaxes: [inline] });
    parser.write('<|python_tag|>{"name": "search", "parameters": {"query": "tool trans');
    expect(parser.chunks).toMatchObject([{ type: 'tool', toolName: 'search', state: 'input-streaming', input: { query: 'tool trans' } }]);
    parser.write('cript"}}');
    parser.end();
    expect(parser.chunks).toMatchObject([{ type: 'tool', toolName: 'search', state: 'input-available', input: { query: 'tool transcript' } }]);
  });

  it('types values by the tools schema', () => {
    const [call] = parseTranscript('{"name": "f", "parameters": {"n": "3", "on": "true"}}', {
      syntaxes: [jsonSyntax],
      tools: [{ name: 'f', inputSchema: { type: 'object', properties: { n: { type: 'integer' }, on: { type: 'boolean' } } } }],
    }) as ToolChunk[];
    expect(call!.input).toEqual({ n: 3, on: true });
  });

  it('the marker split at every position gives the same chunks', () => {
    const text = 'x <|python_tag|>{"name": "f", "parameters": {}};{"name": "g", "parameters": {}}\n';
    const whole = parseTranscript(text, { syntaxes: [inline] });
    expect(whole.filter((chunk) => chunk.type === 'tool')).toHaveLength(2);
    for (let i = 1; i < text.length; i++) expect(streamPieces([text.slice(0, i), text.slice(i)], { syntaxes: [inline] }).chunks).toEqual(whole);
  });

  it('linear on adversarial input', () => {
    expectLinearScan('<|python_tag|', { syntaxes: [inline] });
    expectLinearScan('<|python_tag|>{"name": "f", "parameters": {}};', { syntaxes: [inline] });
    expectLinearScan('{"name": "f", "parameters": {}}; ', { syntaxes: [inline] });
    expectLinearScan('x {"name": ', { syntaxes: [inline] });
  });
});

describe('json: llama and xlam styles', () => {
  it('format writes the call as the chat templates do, and reads it back', () => {
    const call = { toolName: 'get_weather', input: { city: 'Paris', days: [1, 2] } };
    expect(llama.format(call)).toBe('{"name": "get_weather", "parameters": {"city": "Paris", "days": [1, 2]}}');
    expect(xlamStyle.format(call)).toBe('[{"name": "get_weather", "arguments": {"city": "Paris", "days": [1, 2]}}]');
    for (const syntax of [llama, xlamStyle]) {
      expect(tools(syntax.format(call), syntax)).toMatchObject([{ toolName: 'get_weather', input: call.input }]);
      expect(tools(syntax.format({ toolName: 'ping' }), syntax)).toMatchObject([{ toolName: 'ping', input: {} }]);
    }
  });

  it('format refuses what it cannot express', () => {
    expect(() => llama.format({ toolName: '' })).toThrow(/tool name must be a non-empty string/);
    expect(() => xlamStyle.format({ toolName: 'f', input: [1] })).toThrow(/input must be an object/);
    expect(() => llama.format({ toolName: 'f', input: { n: 1n } })).toThrow(/cannot be written as JSON/);
  });

  it('describe teaches in the template words', () => {
    expect(llama.describe?.rules).toContain('Respond in the format {"name": function name, "parameters": dictionary of argument name and its value}.');
    expect(xlamStyle.describe?.rules).toContain('one JSON list of {"name": function name, "arguments"');
  });

  it('placement is checked', () => {
    expect(() => createJsonSyntax({ placement: 'anywhere' as 'inline' })).toThrow('json syntax: unknown placement "anywhere" (expected "line-start" or "inline")');
    expect(inline).toMatchObject({ placement: 'inline', triggers: '{[<' });
  });
});
