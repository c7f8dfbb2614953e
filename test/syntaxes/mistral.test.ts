/**
 * The mistral syntax: the servers' cases (vLLM, llama.cpp, Ollama) whole and at every split, with
 * it alone and with the default syntaxes; format → parse, refusals, describe, malformed and cut-off
 * blocks, streaming, schema typing and linear work.
 */
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, mistralSyntax, parseTranscript, type ToolChunk, type TranscriptOptions } from '../../src/index.js';
import { cases } from '../fixtures/servers/mistral.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { runServerCases } from '../support/server-cases.js';
import { parseAtEverySplit } from '../support/splits.js';

const only: TranscriptOptions = { syntaxes: [mistralSyntax] };

runServerCases('mistral: server cases, mistral alone', cases, only);
runServerCases('mistral: server cases, default syntaxes', cases);

function everySplit(text: string, options = only) {
  return parseAtEverySplit(text, options);
}
const tools = (text: string, options = only) => everySplit(text, options).filter((chunk): chunk is ToolChunk => chunk.type === 'tool');

describe('mistral format', () => {
  it('writes the v11 template form, with [CALL_ID] when the call has an id, and reads it back (also by default)', () => {
    const input = { city: 'Paris', days: [1, 2], deep: { a: null }, html: '</x>' };
    const text = mistralSyntax.format({ toolName: 'get_weather', input });
    expect(text).toBe('[TOOL_CALLS]get_weather[ARGS]{"city": "Paris", "days": [1, 2], "deep": {"a": null}, "html": "<\\/x>"}');
    const withId = mistralSyntax.format({ toolName: 'f', toolCallId: 'a1B2c3D4e', input: {} });
    expect(withId).toBe('[TOOL_CALLS]f[CALL_ID]a1B2c3D4e[ARGS]{}');
    for (const options of [only, {}]) {
      expect(tools(`Sure. ${text}${withId}`, options)).toMatchObject([
        { toolName: 'get_weather', input, closed: true, state: 'input-available' },
        { toolName: 'f', toolCallId: 'a1B2c3D4e', input: {}, raw: withId },
      ]);
    }
  });

  it('refuses what it cannot write', () => {
    expect(() => mistralSyntax.format({ toolName: '' })).toThrow(/tool name must be non-empty/);
    expect(() => mistralSyntax.format({ toolName: 'a b' })).toThrow(/tool name/);
    expect(() => mistralSyntax.format({ toolName: 'a', toolCallId: 'x[ARGS]' })).toThrow(/tool call id/);
    expect(() => mistralSyntax.format({ toolName: 'a', input: [1] })).toThrow(/input must be an object/);
    expect(() => mistralSyntax.format({ toolName: 'a', input: { n: 1n } })).toThrow(/cannot be written as JSON/);
  });

  it('describes the format in the template words', () => {
    expect(mistralSyntax.describe?.rules).toContain('[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}');
  });
});

describe('mistral blocks', () => {
  it('makes invalid JSON an output-error saying what, keeping the raw text', () => {
    const [tool] = tools('[TOOL_CALLS]get[ARGS]{"a": 1,, "b": 2} after');
    expect(tool).toMatchObject({ state: 'output-error', toolName: 'get', raw: '[TOOL_CALLS]get[ARGS]{"a": 1,, "b": 2}' });
    expect(tool!.errorText).toMatch(/^the arguments of get are not valid JSON: /);
    const [list] = tools('[TOOL_CALLS] [{"name": "a", "arguments": 3}]');
    expect(list).toMatchObject({ state: 'output-error', errorText: '"arguments" must be a JSON object, not a number' });
    const [literal] = tools('[TOOL_CALLS]get{"a": tru} more');
    expect(literal).toMatchObject({ state: 'output-error', raw: '[TOOL_CALLS]get{"a": tru}' });
    const [token] = tools('[TOOL_CALLS]get[CALL_ID]x[OOPS]{"a": 1}');
    expect(token).toMatchObject({ state: 'output-error', errorText: 'unexpected [OOPS] after the tool name get: expected [ARGS] or [CALL_ID]' });
  });

  it('reads a block cut off by the end of input as far as it goes', () => {
    expect(tools('[TOOL_CALLS]write[ARGS]{"path": "a.md", "content": "# Ti')).toMatchObject([
      { toolName: 'write', input: { path: 'a.md', content: '# Ti' }, closed: false, state: 'input-available' },
    ]);
    expect(tools('[TOOL_CALLS]write[ARGS]')).toMatchObject([{ toolName: 'write', input: {}, closed: false }]);
    expect(tools('[TOOL_CALLS] [{"name": "a", "arguments": {"x": [1, 2')).toMatchObject([{ toolName: 'a', input: { x: [1, 2] }, closed: false }]);
  });

  it('reads several calls in one delta, zero-argument calls, and a marker split at every position', () => {
    const text = 'a [TOOL_CALLS]x[ARGS]{}[TOOL_CALLS]y{}[TOOL_CALLS][{"name": "z", "arguments": {}}, {"name": "w"}] b';
    const chunks = everySplit(text);
    expect(chunks.filter((chunk) => chunk.type === 'tool').map((tool) => [(tool as ToolChunk).toolName, (tool as ToolChunk).input])).toEqual([
      ['x', {}],
      ['y', {}],
      ['z', {}],
      ['w', {}],
    ]);
    expect(chunks.at(-1)).toEqual({ type: 'text', value: ' b' });
  });

  it('leaves [TOOL_CALLS] as text when no call shape follows, and in code', () => {
    for (const text of ['[TOOL_CALLS] is the token', '[TOOL_CALLS]name then prose', 'Use `[TOOL_CALLS]a{}` here', '```text\n[TOOL_CALLS]a{}\n```\n']) {
      expect(everySplit(text, {})).toEqual([{ type: 'text', value: text }]);
    }
  });

  it('shows the name and the arguments so far while streaming', () => {
    const parser = createTranscriptParser(only);
    const events = ['[TOOL_CALLS]write[CALL_ID]c1', '[ARGS]{"path": "a.md", "content": "hel', 'lo"}'].flatMap((piece) => parser.write(piece));
    expect(events.find((event) => event.type === 'tool-input-start')).toMatchObject({ toolName: 'write', toolCallId: 'c1' });
    const open = createTranscriptParser(only);
    open.write('[TOOL_CALLS]write[ARGS]{"path": "a.md", "content": "hel');
    expect(open.chunks).toMatchObject([{ type: 'tool', toolName: 'write', state: 'input-streaming', input: { path: 'a.md', content: 'hel' } }]);
  });

  it('types values by the tools schemas', () => {
    const options = { ...only, tools: [{ name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'integer' } } } }] };
    expect(parseTranscript('[TOOL_CALLS]add[ARGS]{"a": "3.5", "b": "4"}', options as never)).toMatchObject([{ type: 'tool', input: { a: 3.5, b: 4 } }]);
  });
});

describe('mistral linear work', () => {
  it.each([
    ['markers', '[TOOL_CALLS]'],
    ['names without JSON', '[TOOL_CALLS]abc '],
    ['unclosed tokens', '[TOOL_CALLS]a[ARG'],
    ['calls', '[TOOL_CALLS]a[ARGS]{"x": [1, {"y": "z"}]}'],
    ['open JSON', '[TOOL_CALLS]a{"x": ['],
    ['list', '[TOOL_CALLS] [{"name": "a", "arguments": {}}'],
  ])('%s', (_, pattern) => expectLinearScan(pattern, only));
});
