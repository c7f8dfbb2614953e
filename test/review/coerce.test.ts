import { describe, expect, it } from 'vitest';
import { createTranscriptParser, emojiSyntax, parseTranscript, type ToolChunk, type ToolDefinition, type ToolSyntax, type TranscriptChunk, type TranscriptOptions } from '../../src/index.js';
import { coerceInput } from '../../src/review/coerce.js';
import type { JsonSchema } from '../../src/types.js';
import { expectedParts, messageParts } from '../support/ai-sdk.js';
import { reassemble, splitsInTwo, streamPieces, unitByUnit } from '../support/splits.js';

const tools: ToolDefinition[] = [
  {
    name: 'read_files',
    inputSchema: {
      type: 'object',
      properties: {
        paths: { type: 'array', items: { type: 'string' } },
        max_lines: { type: 'integer' },
        follow: { type: 'boolean' },
        options: {
          type: 'object',
          properties: { depth: { type: 'number' }, entries: { type: 'array', items: { type: 'integer' } } },
        },
      },
      required: ['paths'],
    },
  },
  {
    name: 'write_file',
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' }, mode: { type: ['integer', 'null'] } },
      required: ['path', 'content'],
    },
  },
];

const tool = (chunks: TranscriptChunk[], index = 0): ToolChunk => chunks.filter((c): c is ToolChunk => c.type === 'tool')[index]!;

describe('coerceInput', () => {
  const schema: JsonSchema = tools[0]!.inputSchema!;

  it('turns strings into numbers, integers, booleans and null where the schema says so', () => {
    const s: JsonSchema = {
      type: 'object',
      properties: {
        n: { type: 'number' },
        i: { type: 'integer' },
        b: { type: 'boolean' },
        z: { type: 'null' },
        either: { type: ['integer', 'string'] },
        maybe: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        e: { enum: [1, 2, 3] },
        s: { type: 'string' },
      },
    };
    expect(coerceInput({ n: ' -2.5e1 ', i: '42', b: 'TRUE', z: 'null', either: '7', maybe: 'null', e: '2', s: 'x' }, s)).toEqual({
      n: -25,
      i: 42,
      b: true,
      z: null,
      either: '7',
      maybe: null,
      e: 2,
      s: 'x',
    });
  });

  it('leaves strings that do not convert, and does not make integers of fractions', () => {
    const s: JsonSchema = { type: 'object', properties: { n: { type: 'number' }, i: { type: 'integer' }, b: { type: 'boolean' } } };
    expect(coerceInput({ n: 'ten', i: '1.5', b: 'yes' }, s)).toEqual({ n: 'ten', i: '1.5', b: 'yes' });
    expect(coerceInput({ n: '', i: '3.0' }, s)).toEqual({ n: '', i: 3 });
    expect(coerceInput({ n: 'Infinity', i: '1e999' }, s)).toEqual({ n: 'Infinity', i: '1e999' });
  });

  it('writes numbers and booleans as strings where only strings are allowed', () => {
    const s: JsonSchema = { type: 'object', properties: { v: { type: 'string' }, w: { type: 'string' } } };
    expect(coerceInput({ v: 1.5, w: false }, s)).toEqual({ v: '1.5', w: 'false' });
  });

  it('wraps a single value where the schema has an array (no splitting on commas)', () => {
    expect(coerceInput({ paths: 'a.ts, b.ts' }, schema)).toEqual({ paths: ['a.ts, b.ts'] });
    expect(coerceInput({ paths: ['a', 'b'] }, schema)).toEqual({ paths: ['a', 'b'] });
    expect(coerceInput({ options: { entries: '3' } }, schema)).toEqual({ options: { entries: [3] } });
  });

  it('maps a singular key onto its array parameter, wrapped; keeps it when the plural is given too', () => {
    expect(coerceInput({ path: 'a.ts' }, schema)).toEqual({ paths: ['a.ts'] });
    expect(coerceInput({ path: ['a.ts', 'b.ts'] }, schema)).toEqual({ paths: ['a.ts', 'b.ts'] });
    expect(coerceInput({ option: {} }, schema)).toEqual({ option: {} });
    expect(coerceInput({ paths: ['x'], path: 'y' }, schema)).toEqual({ paths: ['x'], path: 'y' });
    const plural: JsonSchema = { type: 'object', properties: { entries: { type: 'array' }, boxes: { type: 'array' } } };
    expect(coerceInput({ entry: 1, box: 2 }, plural)).toEqual({ entries: [1], boxes: [2] });
  });

  it('coerces nested objects and array items, parses JSON strings where objects or arrays are asked for', () => {
    expect(coerceInput({ options: { depth: '2', entries: ['1', '2'] } }, schema)).toEqual({ options: { depth: 2, entries: [1, 2] } });
    expect(coerceInput({ options: '{"depth":"3"}' }, schema)).toEqual({ options: { depth: 3 } });
    expect(coerceInput({ paths: '["a","b"]' }, schema)).toEqual({ paths: ['a', 'b'] });
    expect(coerceInput({ options: '{not json' }, schema)).toEqual({ options: '{not json' });
  });

  it('leaves unknown keys, untyped schemas and non-objects as they are; never mutates', () => {
    const input = { paths: 'a', extra: '1', __proto__x: 1 };
    const copy = structuredClone(input);
    expect(coerceInput(input, schema)).toEqual({ paths: ['a'], extra: '1', __proto__x: 1 });
    expect(input).toEqual(copy);
    expect(coerceInput({ a: '1' }, {})).toEqual({ a: '1' });
    expect(coerceInput('text', schema)).toBe('text');
    expect(coerceInput({ a: '1' }, undefined)).toEqual({ a: '1' });
    const proto = JSON.parse('{"__proto__": "1"}') as Record<string, unknown>;
    const out = coerceInput(proto, { type: 'object', properties: { other: { type: 'integer' } } }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
  });
});

describe('the tools option', () => {
  const caret = '^^^read_files\npath: a.ts\npath: b.ts\nmax_lines: 10\nfollow: false\noptions: {"depth":"2"}\nextra: 1\n^^^\n';

  it('coerces caret strings by the schema, maps repeated singular keys, leaves unknown keys', () => {
    const input = tool(parseTranscript(caret, { tools })).input;
    expect(input).toEqual({ paths: ['a.ts', 'b.ts'], max_lines: 10, follow: false, options: { depth: 2 }, extra: '1' });
  });

  it('changes nothing without tools, and nothing for tools it does not know', () => {
    expect(tool(parseTranscript(caret)).input).toEqual({
      path: ['a.ts', 'b.ts'],
      max_lines: '10',
      follow: 'false',
      options: '{"depth":"2"}',
      extra: '1',
    });
    expect(parseTranscript(caret, { tools: [] })).toEqual(parseTranscript(caret));
    const other = '^^^other\nn: 1\n^^^';
    expect(parseTranscript(other, { tools })).toEqual(parseTranscript(other));
  });

  it('maps an emoji block onto the named parameters (body, words, rest) and coerces them', () => {
    const emojiTools: ToolDefinition[] = [
      ...tools,
      {
        name: 'grep',
        inputSchema: {
          type: 'object',
          properties: { pattern: { type: 'string' }, limit: { type: 'integer' }, files: { type: 'array', items: { type: 'string' } } },
          required: ['pattern'],
        },
      },
      { name: 'raw', inputSchema: { type: 'object', properties: { args: { type: 'array' }, body: { type: 'string' } } } },
    ];
    const text = [
      '🛠️[write_file src/a.ts 644]\nhello\n🛠️[/end]',
      '🛠️[grep TODO 5 a.ts b.ts]🛠️[/end]',
      '🛠️[grep TODO]🛠️[/end]',
      '🛠️[raw x y]\nz🛠️[/end]',
      '🛠️[write_file a b c d]\n🛠️[/end]',
    ].join('\n');
    const chunks = parseTranscript(text, { syntaxes: ['emoji'], tools: emojiTools });
    expect(chunks.filter((c): c is ToolChunk => c.type === 'tool').map((c) => c.input)).toEqual([
      { path: 'src/a.ts', content: 'hello\n', mode: 644 },
      { pattern: 'TODO', limit: 5, files: ['a.ts', 'b.ts'] },
      { pattern: 'TODO' },
      { args: ['x', 'y'], body: 'z' },
      { path: 'a', mode: 'b', args: ['c', 'd'], content: '' },
    ]);
  });

  it("applies the syntax object's mapInput: a renamed emoji copy maps too, and a custom syntax maps its own input", () => {
    const renamed: ToolSyntax = { ...emojiSyntax, name: 'my-emoji' };
    const grep: ToolDefinition = {
      name: 'grep',
      inputSchema: { type: 'object', properties: { pattern: { type: 'string' }, limit: { type: 'integer' } }, required: ['pattern'] },
    };
    const [chunk] = parseTranscript('🛠️[grep TODO 3]🛠️[/end]', { syntaxes: [renamed], tools: [grep] }) as ToolChunk[];
    expect(chunk).toMatchObject({ syntax: 'my-emoji', input: { pattern: 'TODO', limit: 3 } });
    const csv: ToolSyntax = {
      ...emojiSyntax,
      name: 'csv',
      mapInput: (input, tool) => {
        const { args } = input as { args: string[] };
        return tool.name === 'read_files' ? { paths: args[0]!.split(','), max_lines: args[1] } : input;
      },
    };
    const text = '🛠️[read_files a.ts,b.ts 7]🛠️[/end]';
    for (const pieces of splitsInTwo(text)) {
      expect(tool(streamPieces(pieces, { syntaxes: [csv], tools }).chunks).input).toEqual({ paths: ['a.ts', 'b.ts'], max_lines: 7 });
    }
    const throwing: ToolSyntax = { ...csv, mapInput: () => { throw new Error('boom'); } };
    expect(tool(parseTranscript(text, { syntaxes: [throwing], tools })).input).toEqual({ args: ['a.ts,b.ts', '7'], body: '' });
  });

  it('coerces the open block in the live snapshot too', () => {
    const parser = createTranscriptParser({ tools });
    parser.write('^^^read_files\nmax_lines: 10\npath: a.ts\n');
    expect(tool(parser.chunks)).toMatchObject({ state: 'input-streaming', input: { max_lines: 10, paths: ['a.ts'] } });
    parser.write('^^^');
    parser.end();
    expect(tool(parser.chunks)).toMatchObject({ state: 'input-available', input: { max_lines: 10, paths: ['a.ts'] } });
  });

  it('gives the same chunks whole and streamed in any split, and the SDK builds the same message', async () => {
    const doc = `Reading.\n\n${caret}\n\`\`\`tool write_file\ninput:\n  path: a\n  content: 1\n  mode: "7"\n\`\`\`\n`;
    const options: TranscriptOptions = { tools, strictTools: true };
    const whole = parseTranscript(doc, options);
    expect(reassemble(whole)).toBe(doc);
    expect(tool(whole, 1).input).toEqual({ path: 'a', content: '1', mode: 7 });
    for (const pieces of splitsInTwo(doc)) expect(streamPieces(pieces, options).chunks).toEqual(whole);
    const { chunks, events } = streamPieces(unitByUnit(doc), options);
    expect(chunks).toEqual(whole);
    expect(await messageParts(events)).toEqual(expectedParts(whole));
  });
});

describe('strictTools', () => {
  const doc = '^^^read_files\npath: a\n^^^\n^^^delete_all\nforce: true\n^^^\n```tool ghost\ninput: {}\noutput: done\n```\n';

  it('makes a call to an unknown tool an output-error "unknown tool NAME", keeping input and raw', () => {
    const chunks = parseTranscript(doc, { tools, strictTools: true });
    expect(tool(chunks, 0)).toMatchObject({ state: 'input-available', input: { paths: ['a'] } });
    expect(tool(chunks, 1)).toMatchObject({
      state: 'output-error',
      errorText: 'unknown tool delete_all',
      input: { force: 'true' },
      raw: '^^^delete_all\nforce: true\n^^^',
    });
    expect(tool(chunks, 2)).toMatchObject({ state: 'output-error', errorText: 'unknown tool ghost' });
    expect(tool(chunks, 2).output).toBeUndefined();
    expect(reassemble(chunks)).toBe(doc);
  });

  it('sends tool-input-error for it, as the AI SDK does for an unknown tool', async () => {
    const { chunks, events } = streamPieces(unitByUnit(doc), { tools, strictTools: true });
    expect(chunks).toEqual(parseTranscript(doc, { tools, strictTools: true }));
    expect(events.filter((e) => e.type === 'tool-input-error').map((e) => 'errorText' in e && e.errorText)).toEqual([
      'unknown tool delete_all',
      'unknown tool ghost',
    ]);
    expect(await messageParts(events)).toEqual(expectedParts(chunks));
  });

  it('does nothing without tools, and keeps the error of a malformed block', () => {
    expect(parseTranscript(doc, { strictTools: true })).toEqual(parseTranscript(doc));
    const bad = '```tool ghost\ninput: [unclosed\n```';
    expect(tool(parseTranscript(bad, { tools, strictTools: true })).errorText).toEqual(tool(parseTranscript(bad)).errorText);
  });

  it('rejects a tools option that is not a list of named tools', () => {
    expect(() => parseTranscript('', { tools: {} as unknown as ToolDefinition[] })).toThrow(/parseTranscript options\.tools must be an array of tool definitions/);
    expect(() => parseTranscript('', { tools: [{} as ToolDefinition] })).toThrow(/string name/);
  });
});
