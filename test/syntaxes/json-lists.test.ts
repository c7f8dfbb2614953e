/**
 * The JSON-list syntaxes over the kit: granite (`<|tool_call|>[…]`), toolcalls
 * (`<tool_calls>[…]</tool_calls>`) and phi4 (`functools[…]`). The servers' cases whole and at every
 * split, alone and with the default syntaxes; format → parse, refusals, describe, malformed and
 * cut-off blocks, streaming, schema typing and linear work.
 */
import { describe, expect, it } from 'vitest';
import {
  createTranscriptParser,
  graniteSyntax,
  hermesSyntax,
  parseTranscript,
  phi4Syntax,
  toolcallsSyntax,
  type ToolChunk,
  type ToolSyntax,
  type TranscriptOptions,
} from '../../src/index.js';
import { cases as granite } from '../fixtures/servers/granite.js';
import { cases as phi4 } from '../fixtures/servers/phi4.js';
import { cases as toolcalls } from '../fixtures/servers/toolcalls.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { runServerCases } from '../support/server-cases.js';
import { parseAtEverySplit } from '../support/splits.js';

runServerCases('granite: server cases, granite and hermes', granite, { syntaxes: [graniteSyntax, hermesSyntax] });
runServerCases('granite: server cases, default syntaxes', granite);
runServerCases('toolcalls: server cases, toolcalls alone', toolcalls, { syntaxes: [toolcallsSyntax] });
runServerCases('toolcalls: server cases, default syntaxes', toolcalls);
runServerCases('phi4: server cases, phi4 alone', phi4, { syntaxes: [phi4Syntax] });
runServerCases('phi4: server cases, default syntaxes', phi4);

function everySplit(text: string, options: TranscriptOptions) {
  return parseAtEverySplit(text, options);
}
const tools = (text: string, options: TranscriptOptions) => everySplit(text, options).filter((chunk): chunk is ToolChunk => chunk.type === 'tool');

const SYNTAXES: Array<[ToolSyntax, string, string]> = [
  [graniteSyntax, '<|tool_call|>[', ']'],
  [toolcallsSyntax, '<tool_calls>[', ']</tool_calls>'],
  [phi4Syntax, 'functools[', ']'],
];

describe.each(SYNTAXES)('%s', (syntax, open, close) => {
  const only: TranscriptOptions = { syntaxes: [syntax] };

  it('writes the template form and reads it back (also by default)', () => {
    const input = { city: 'Paris', days: [1, 2], deep: { a: null }, html: '</tool_calls>' };
    const text = syntax.format({ toolName: 'get_weather', input });
    expect(text).toBe(`${open}{"name": "get_weather", "arguments": {"city": "Paris", "days": [1, 2], "deep": {"a": null}, "html": "<\\/tool_calls>"}}${close}`);
    for (const options of [only, {}]) expect(tools(`Sure. ${text} ok`, options)).toMatchObject([{ toolName: 'get_weather', input, closed: true, state: 'input-available', raw: text }]);
  });

  it('refuses what it cannot write, and describes the format', () => {
    expect(() => syntax.format({ toolName: '' })).toThrow(/tool name must be a non-empty string/);
    expect(() => syntax.format({ toolName: 'a', input: [1] })).toThrow(/input must be an object/);
    expect(() => syntax.format({ toolName: 'a', input: { n: 1n } })).toThrow(/cannot be written as JSON/);
    expect(syntax.describe?.rules).toContain(`${open}{"name": "get_weather", "arguments": {"city": "Paris"}}${close}`);
  });

  it('makes a malformed list an output-error saying what, keeping the raw text; reads a cut-off one as far as it goes', () => {
    const bad = `${open}{"name": "a", "arguments": "not json"}${close}`;
    expect(tools(bad, only)).toMatchObject([{ state: 'output-error', raw: bad, errorText: expect.stringContaining('"arguments" string is not valid JSON') }]);
    const broken = `${open}{"name": "a", "arguments": {"x": tru}}${close}`;
    expect(tools(broken, only)[0]).toMatchObject({ state: 'output-error', errorText: expect.stringMatching(/^invalid JSON (after|in) /) });
    expect(tools(`${open}{"name": "w", "arguments": {"path": "a.md", "content": "# Ti`, only)).toMatchObject([
      { toolName: 'w', input: { path: 'a.md', content: '# Ti' }, closed: false, state: 'input-available' },
    ]);
  });

  it('reads several calls, zero-argument calls, and the marker split at every position', () => {
    const text = `a ${open}{"name": "x", "arguments": {}}, {"name": "y"}${close} b`;
    expect(tools(text, only).map((tool) => [tool.toolName, tool.input])).toEqual([
      ['x', {}],
      ['y', {}],
    ]);
  });

  it('shows the name and the arguments so far while streaming', () => {
    const parser = createTranscriptParser(only);
    parser.write(`${open}{"name": "write", "arguments": {"path": "a.md", "content": "hel`);
    expect(parser.chunks).toMatchObject([{ type: 'tool', toolName: 'write', state: 'input-streaming', input: { path: 'a.md', content: 'hel' } }]);
  });

  it('types values by the tools schemas', () => {
    const options = { ...only, tools: [{ name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'number' } } } }] };
    expect(parseTranscript(`${open}{"name": "add", "arguments": {"a": "3.5"}}${close}`, options as never)).toMatchObject([{ type: 'tool', input: { a: 3.5 } }]);
  });

  it.each([
    ['markers', open.slice(0, -1)],
    ['open lists', `${open}{`],
    ['calls', `${open}{"name": "a", "arguments": {"x": [1]}}${close}`],
  ])('linear work: %s', (_, pattern) => expectLinearScan(pattern, only));
});

describe('markers that are text', () => {
  it('leaves prose and code shapes as text', () => {
    for (const text of ['functools[0] and functools.partial', '<tool_calls> is a tag', '<tool_calls>\n{"name": "a"}\n</tool_calls>', '<|tool_call|> then prose', 'Use `functools[{"name": "a"}]` here']) {
      expect(everySplit(text, {})).toEqual([{ type: 'text', value: text }]);
    }
  });
});
