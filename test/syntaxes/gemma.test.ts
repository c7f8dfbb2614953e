/**
 * The gemma syntax (Gemma 4 and FunctionGemma): the servers' cases (vLLM, Ollama) whole and at every
 * split, alone and with the default syntaxes; format → parse, refusals, describe, malformed and
 * cut-off blocks, streaming, schema typing and linear work.
 */
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, gemmaSyntax, parseTranscript, type ToolChunk, type TranscriptOptions } from '../../src/index.js';
import { readBareObject } from '../../src/syntaxes/kit/bare-object.js';
import { cases } from '../fixtures/servers/gemma.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { runServerCases } from '../support/server-cases.js';
import { parseAtEverySplit } from '../support/splits.js';

const only: TranscriptOptions = { syntaxes: [gemmaSyntax] };
const Q = '<|"|>';

runServerCases('gemma: server cases, gemma alone', cases, only);
runServerCases('gemma: server cases, default syntaxes', cases);

function everySplit(text: string, options = only) {
  return parseAtEverySplit(text, options);
}
const tools = (text: string, options = only) => everySplit(text, options).filter((chunk): chunk is ToolChunk => chunk.type === 'tool');

describe('gemma format', () => {
  it('writes the Gemma 4 template form, keys sorted, and reads it back (also by default)', () => {
    const input = { unit: 'celsius', City: 'Paris', days: [1, 2.5, true, null, 'x'], deep: { b: false, a: { 'odd key': 'v', 'k:1': 2 } } };
    const text = gemmaSyntax.format({ toolName: 'get_weather', input });
    expect(text).toBe(
      `<|tool_call>call:get_weather{City:${Q}Paris${Q},days:[1,2.5,true,null,${Q}x${Q}],deep:{a:{${Q}k:1${Q}:2,${Q}odd key${Q}:${Q}v${Q}},b:false},unit:${Q}celsius${Q}}<tool_call|>`,
    );
    for (const options of [only, {}]) expect(tools(`Sure. ${text}${gemmaSyntax.format({ toolName: 'f', input: {} })} ok`, options)).toMatchObject([
      { toolName: 'get_weather', input, closed: true, state: 'input-available', raw: text },
      { toolName: 'f', input: {} },
    ]);
  });

  it('refuses what it cannot write', () => {
    expect(() => gemmaSyntax.format({ toolName: '' })).toThrow(/tool name must be non-empty/);
    expect(() => gemmaSyntax.format({ toolName: 'a b' })).toThrow(/tool name/);
    expect(() => gemmaSyntax.format({ toolName: 'a', input: [1] })).toThrow(/input must be an object/);
    expect(() => gemmaSyntax.format({ toolName: 'a', input: { s: `x${Q}y` } })).toThrow(/cannot hold <\|"\|>/);
    expect(() => gemmaSyntax.format({ toolName: 'a', input: { s: 'x<tool_call|>' } })).toThrow(/cannot hold <tool_call\|>/);
  });

  it('describes the format in the template words', () => {
    expect(gemmaSyntax.describe?.rules).toContain(`<|tool_call>call:get_weather{city:${Q}Paris${Q},days:3}<tool_call|>`);
  });
});

describe('gemma blocks', () => {
  it('makes malformed arguments an output-error saying what and where, keeping the raw text', () => {
    const [tool] = tools(`<|tool_call>call:get{a:1,junk}<tool_call|> after`);
    expect(tool).toMatchObject({ state: 'output-error', toolName: 'get', raw: '<|tool_call>call:get{a:1,junk}<tool_call|>' });
    expect(tool!.errorText).toBe('invalid arguments of get at column 18: expected ":" after the key "junk"');
    const [open] = tools(`<|tool_call>call:get{a:${Q}never closed<tool_call|>`);
    expect(open).toMatchObject({ state: 'output-error', errorText: 'the arguments of get are not complete before <tool_call|>' });
    const [stray] = tools(`<|tool_call>call:get{l:[}]}<tool_call|>`);
    expect(stray).toMatchObject({ state: 'output-error', errorText: 'invalid arguments of get at column 13: unexpected "}"' });
    const [trailing] = tools(`<|tool_call>call:get{a:1}<tx`);
    expect(trailing).toMatchObject({ state: 'output-error', raw: '<|tool_call>call:get{a:1}<t', errorText: 'unexpected "<t" after the arguments of get' });
  });

  it('ends a call without a closer at its "}", and reads one cut off by the end of input as far as it goes', () => {
    expect(everySplit('<|tool_call>call:a{x:1} then text')).toMatchObject([
      { type: 'tool', toolName: 'a', input: { x: 1 }, closed: true, raw: '<|tool_call>call:a{x:1}' },
      { type: 'text', value: ' then text' },
    ]);
    expect(tools(`<|tool_call>call:write{path:${Q}a.md${Q},content:${Q}# Ti`)).toMatchObject([
      { toolName: 'write', input: { path: 'a.md', content: '# Ti' }, closed: false, state: 'input-available' },
    ]);
  });

  it('reads several calls in one delta, zero-argument calls, and markers split at every position', () => {
    const text = `a <|tool_call>call:x{}<tool_call|><|tool_call>call:y{n:[1,{m:${Q}}{${Q}}]}<turn|><start_function_call>call:z{}<end_function_call> b`;
    expect(tools(text).map((tool) => [tool.toolName, tool.input])).toEqual([
      ['x', {}],
      ['y', { n: [1, { m: '}{' }] }],
      ['z', {}],
    ]);
  });

  it('leaves the opener as text when call:NAME{ does not follow, and in code', () => {
    const notCalls = ['<|tool_call> is the token', '<|tool_call>call:na me{}', '<|tool_call>call:{}', '<|tool_call>::call:a{}', '<|tool_call>cal', '<|tool_call>callx', '<|tool_call>:call'];
    for (const text of [...notCalls, 'Use `<|tool_call>call:a{}<tool_call|>` here', '```text\n<|tool_call>call:a{}<tool_call|>\n```\n']) {
      expect(everySplit(text, {})).toEqual([{ type: 'text', value: text }]);
    }
    // The opener decides unit by unit: a stray `:` before `call`, names of `[\w.-]`.
    expect(tools('<|tool_call>:call:a.b-c_1{}<tool_call|>').map((tool) => tool.toolName)).toEqual(['a.b-c_1']);
  });

  it('names the call and shows the arguments so far while streaming, a cut-off scalar left out', () => {
    const parser = createTranscriptParser(only);
    const events = ['<|tool_call>call:write{', `path:${Q}a.md${Q},content:${Q}hel`, `lo${Q}}<tool_call|>`].flatMap((piece) => parser.write(piece));
    expect(events.find((event) => event.type === 'tool-input-start')).toMatchObject({ toolName: 'write' });
    const open = createTranscriptParser(only);
    open.write(`<|tool_call>call:write{path:${Q}a.md${Q},content:${Q}hel<|`);
    expect(open.chunks).toMatchObject([{ type: 'tool', toolName: 'write', state: 'input-streaming', input: { path: 'a.md', content: 'hel' } }]);
    expect(readBareObject('{a:1,b:tru', 0, Q, true).value).toEqual({ a: 1 });
  });

  it('types values by the tools schemas', () => {
    const options = { ...only, tools: [{ name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'string' } } } }] };
    expect(parseTranscript(`<|tool_call>call:add{a:${Q}3.5${Q},b:4}<tool_call|>`, options as never)).toMatchObject([{ type: 'tool', input: { a: 3.5, b: '4' } }]);
  });

  it('limits nesting', () => {
    const deep = `<|tool_call>call:d{a:${'['.repeat(150)}${']'.repeat(150)}}<tool_call|>`;
    expect(tools(deep)[0]).toMatchObject({ state: 'output-error', errorText: expect.stringContaining('nested deeper than 100') });
  });
});

describe('gemma linear work', () => {
  it.each([
    ['openers', '<|tool_call>'],
    ['heads', '<|tool_call>call:a'],
    ['quotes', `<|tool_call>call:a{b:${Q}`],
    ['open objects', '<|tool_call>call:a{b:{'],
    ['calls', `<|tool_call>call:a{b:${Q}x${Q},c:[1,2]}<tool_call|>`],
    ['json quotes', '<|tool_call>call:a{b:"'],
    ['function gemma', '<start_function_call>call:a{b:<escape>'],
  ])('%s', (_, pattern) => expectLinearScan(pattern, only));
});
