import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCaretSyntax, createFenceSyntax, createJsonSyntax, createXmlSyntax, describeTools, parseTranscript, type SyntaxName, type ToolChunk, type ToolDefinition, type ToolSyntax } from '../../src/index.js';
import { builtinSyntaxes } from '../../src/syntaxes/index.js';
import { presets } from '../../src/format/describe/presets.js';
import { SYNTAX_RULES } from '../../src/format/describe/rules.js';
import { toolExample } from '../../src/format/describe/example.js';

const tools = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'manifest', 'tools.json'), 'utf8')) as ToolDefinition[];
const registered = Object.keys(builtinSyntaxes) as SyntaxName[];
const byName = (name: string) => tools.find((tool) => tool.name === name)!;

function toolChunks(text: string, syntax: SyntaxName, withTools = true): ToolChunk[] {
  const options = withTools ? { syntaxes: [syntax], tools } : { syntaxes: [syntax] };
  return parseTranscript(text, options).filter((chunk): chunk is ToolChunk => chunk.type === 'tool');
}

/** Tools a syntax can write (emoji carries only words and a body). */
function writable(syntax: SyntaxName): ToolDefinition[] {
  return syntax === 'emoji' ? tools.filter((tool) => tool.name !== 'create_issue') : tools;
}

describe('every registered syntax reads back its describeTools examples', () => {
  for (const syntax of registered) {
    it(`${syntax}: each example parses to its call`, () => {
      for (const tool of writable(syntax)) {
        const { call, text } = toolExample(tool, syntax);
        const chunks = toolChunks(text, syntax);
        expect(chunks, text).toHaveLength(1);
        expect(chunks[0]).toMatchObject({ toolName: tool.name, input: call.input, state: 'input-available', raw: text });
      }
    });

    it(`${syntax}: the whole manifest holds exactly its examples as calls`, () => {
      const manifest = describeTools(writable(syntax), syntax);
      const chunks = toolChunks(manifest, syntax);
      const expected = writable(syntax).map((tool) => {
        const { call } = toolExample(tool, syntax);
        return { toolName: call.toolName, input: call.input };
      });
      expect(chunks.map(({ toolName, input }) => ({ toolName, input }))).toEqual(expected);
    });

    it(`${syntax}: has rules of its own`, () => {
      expect(SYNTAX_RULES[syntax]).toBeTruthy();
      expect(describeTools(tools.slice(0, 1), syntax)).toContain(SYNTAX_RULES[syntax]);
    });
  }

  it('typed syntaxes give the typed input even without the tools option', () => {
    for (const syntax of registered.filter((name) => name === 'fence' || name === 'sentinel' || name === 'json')) {
      for (const tool of tools) {
        const { call, text } = toolExample(tool, syntax);
        expect(toolChunks(text, syntax, false)[0]!.input).toEqual(call.input);
      }
    }
  });

  it('caret writes strings; the tools option gives the typed input back', () => {
    const { call, text } = toolExample(byName('create_issue'), 'caret');
    expect(call.input).toEqual({
      title: 'TITLE',
      labels: ['bug', 'feature'],
      assignee: { login: 'octocat', team: null },
      priority: 0,
    });
    expect(toolChunks(text, 'caret', false)[0]!.input).toEqual({
      title: 'TITLE',
      labels: ['bug', 'feature'],
      assignee: '{"login":"octocat","team":null}',
      priority: '0',
    });
    expect(toolChunks(text, 'caret')[0]!.input).toEqual(call.input);
  });
});

describe('examples', () => {
  it('take examples, then default, const, enum, then a placeholder per type', () => {
    const tool: ToolDefinition = {
      name: 't',
      inputSchema: {
        type: 'object',
        properties: {
          a: { type: 'string', examples: ['from examples'], default: 'no' },
          b: { type: 'integer', default: 7 },
          c: { const: 'fixed' },
          d: { type: 'string', enum: ['x', 'y'] },
          e: { type: 'string' },
          f: { type: 'integer', minimum: 3 },
          g: { type: 'number' },
          h: { type: 'boolean' },
          i: { type: 'null' },
          j: { type: 'string', format: 'uri' },
          k: { type: ['null', 'string'] },
          l: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
          m: { type: 'array', items: { type: 'integer' }, minItems: 3 },
          n: { type: 'array', items: { type: 'string' }, maxItems: 1 },
          o: { type: 'object', properties: { p: { type: 'string' }, q: { type: 'string' } }, required: ['p'] },
          p: {},
          optional: { type: 'string' },
        },
        required: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p'],
      },
    };
    expect(toolExample(tool, 'fence').call.input).toEqual({
      a: 'from examples',
      b: 7,
      c: 'fixed',
      d: 'x',
      e: 'E',
      f: 3,
      g: 1,
      h: true,
      i: null,
      j: 'https://example.com',
      k: 'K',
      l: 1,
      m: [1, 2, 3],
      n: ['N'],
      o: { p: 'P' },
      p: 'P',
    });
  });

  it('use the schema-level example when it is an object', () => {
    const tool: ToolDefinition = {
      name: 'ls',
      inputSchema: { type: 'object', properties: { dir: { type: 'string' } }, examples: [{ dir: 'src', all: true }] },
    };
    expect(toolExample(tool, 'fence').call.input).toEqual({ dir: 'src', all: true });
  });

  it('emoji: words that cannot be words become placeholders; an array argument brings the words before it', () => {
    const tool: ToolDefinition = {
      name: 'grep',
      inputSchema: {
        type: 'object',
        properties: {
          pattern: { type: 'string', examples: ['two words'] },
          flags: { type: 'string' },
          files: { type: 'array', items: { type: 'string' } },
          code: { type: 'string' },
        },
        required: ['pattern', 'files'],
      },
    };
    const { call, text } = toolExample(tool, 'emoji');
    expect(text).toBe('🛠️[grep PATTERN FLAGS FILE_1 FILE_2]🛠️[/end]');
    expect(call.input).toEqual({ pattern: 'PATTERN', flags: 'FLAGS', files: ['FILE_1', 'FILE_2'] });
    expect(toolChunks(text, 'emoji', false)[0]!.input).toEqual({ args: ['PATTERN', 'FLAGS', 'FILE_1', 'FILE_2'], body: '' });
  });
});

describe('describeTools', () => {
  it('summarises parameters: types, required, enums, defaults, bounds, nested objects one level', () => {
    const manifest = describeTools([byName('create_issue'), byName('read_file')], 'fence');
    expect(manifest).toContain(
      [
        'Parameters:',
        '- `title` (string, required)',
        '- `labels` (string[], required)',
        '- `assignee` (object, optional): Who should work on it.',
        '  - `login` (string, required)',
        '  - `team` (string | null, optional)',
        '  - `notify` (object, optional)',
        '- `priority` (number, required; minimum 0; maximum 1): From 0 (low) to 1 (urgent).',
      ].join('\n'),
    );
    expect(manifest).toContain('- `encoding` (string, optional; one of "utf8", "base64"; default "utf8")');
    expect(manifest).not.toContain('`email`');
  });

  it('summarises arrays of objects with their item properties, and tools without parameters', () => {
    const manifest = describeTools(
      [
        {
          name: 'edit',
          inputSchema: {
            type: 'object',
            properties: {
              edits: {
                type: 'array',
                items: { type: 'object', properties: { old: { type: 'string' }, new: { type: 'string' } }, required: ['old', 'new'] },
              },
              mode: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
            },
            required: ['edits'],
          },
        },
        { name: 'now', description: 'The time.' },
      ],
      'fence',
    );
    expect(manifest).toContain('- `edits` (object[], required)\n  - `old` (string, required)\n  - `new` (string, required)');
    expect(manifest).toContain('- `mode` (string | integer, optional)');
    expect(manifest).toContain('## now\n\nThe time.\n\nParameters: none.\n\nExample:\n\n```tool now\ninput: {}\n```');
  });

  it('takes a preset, and an explicit syntax overrides it', () => {
    expect(presets.ollama.syntax).toBe('fence');
    expect(describeTools(tools, presets.ollama)).toBe(describeTools(tools, 'fence'));
    expect(describeTools(tools, presets.ollama, { syntax: 'caret' })).toBe(describeTools(tools, 'caret'));
    if (builtinSyntaxes.xml) expect(describeTools(tools, presets.anthropic)).toBe(describeTools(tools, 'xml'));
    if (builtinSyntaxes.json) expect(describeTools(tools, presets.openai)).toBe(describeTools(tools, 'json'));
    expect(presets.anthropic.sections.kind).toBe('xml');
    expect(presets.openai.sections.kind).toBe('markdown');
  });

  it('gemini: examples in Gemini\'s {name, args} form, which the json reader reads back', () => {
    const manifest = describeTools(tools, presets.gemini);
    expect(manifest).toContain('\n\n{"name":"read_file","args":{"path":"PATH"}}\n\n');
    const chunks = toolChunks(manifest, 'json');
    expect(chunks.map((c) => c.toolName)).toEqual(tools.map((t) => t.name));
    expect(chunks.map((c) => c.input)).toEqual(tools.map((t) => toolExample(t, presets.gemini.syntax).call.input));
    expect(describeTools(tools, presets.openai)).toContain('{"tool_calls":[{"type":"function","function":{"name":"read_file"');
  });

  it('throws clear errors: unknown syntax, repeated tool, a tool the syntax cannot write', () => {
    expect(() => describeTools(tools, 'yaml' as SyntaxName)).toThrow(/unknown syntax "yaml"/);
    expect(() => describeTools([tools[0]!, tools[0]!], 'fence')).toThrow(/"read_file" is listed twice/);
    expect(() => describeTools(tools, 'emoji')).toThrow(
      /emoji syntax: tool "create_issue" cannot be written .*"assignee" is an object/,
    );
    const dashed: ToolDefinition = { name: 'x', inputSchema: { type: 'object', properties: { 'file-path': { type: 'string' } }, required: ['file-path'] } };
    expect(() => describeTools([dashed], 'caret')).toThrow(/the caret syntax cannot write an example call of tool "x": caret syntax: parameter key "file-path"/);
  });

  it('describes a syntax without rules with generic rules, or the rules given', () => {
    const custom: ToolSyntax = { ...createCaretSyntax(), name: 'mine', describe: undefined };
    expect(describeTools(tools.slice(0, 1), custom)).toContain('Write each tool call exactly in the form of the examples below.');
    const v0 = createCaretSyntax({ grammar: 'v0' });
    const manifest = describeTools(tools.slice(0, 1), v0, { rules: 'Caret v0 rules.' });
    expect(manifest).toContain('## How to write a tool call\n\nCaret v0 rules.\n\n## read_file');
  });

  it('takes the rules from the syntax object, so a renamed copy keeps them and a custom syntax brings its own', () => {
    const copy: ToolSyntax = { ...createCaretSyntax(), name: 'mine' };
    expect(describeTools(tools.slice(0, 1), copy)).toContain(SYNTAX_RULES.caret);
    const own: ToolSyntax = { ...createCaretSyntax(), name: 'mine', describe: { rules: 'Write calls my way.', toolNote: (tool) => `Note on ${tool.name}.` } };
    const manifest = describeTools(tools.slice(0, 1), own);
    expect(manifest).toContain('## How to write a tool call\n\nWrite calls my way.\n\n## read_file');
    expect(manifest).toContain('Note on read_file.\n\nExample:');
  });

  it('describes customised instances in what they write: fence word, caret v0, XML param style, JSON styles', () => {
    const one = tools.slice(0, 1);
    const fence = describeTools(one, createFenceSyntax({ word: 'call' }));
    expect(fence).toContain('a line `` ```call `` followed by the tool name');
    expect(fence).toContain('```call read_file');
    const v0 = describeTools(one, createCaretSyntax({ grammar: 'v0' }));
    expect(v0).toContain('- Arrays: a line `key:`, then one `  - item` line per item.');
    expect(v0).not.toContain('`key ---`');
    const param = describeTools(one, createXmlSyntax({ style: 'param' }));
    expect(param).toContain('Write each tool call as `<tool:NAME>…</tool:NAME>`');
    expect(param).toContain('`<param:limit type="json">10</param:limit>`');
    expect(param).toContain('<tool:read_file><param:path>PATH</param:path></tool:read_file>');
    expect(describeTools(one, createJsonSyntax({ style: 'gemini' }))).not.toContain('the `tool_calls` envelope');
    expect(describeTools(one, 'json')).toContain('the `tool_calls` envelope');
  });

  it('states a call-count policy, and takes a heading and its level', () => {
    const single = describeTools(tools.slice(0, 1), 'fence', { policy: 'single' });
    expect(single).toContain('Write at most one tool call per message');
    const readOnly = describeTools(tools.slice(0, 1), 'fence', { policy: { readOnly: ['read_file'] } });
    expect(readOnly).toContain('Calls to the read-only tools (`read_file`) may follow one another');
    expect(describeTools(tools.slice(0, 1), 'fence', { policy: 'unlimited' })).toBe(describeTools(tools.slice(0, 1), 'fence'));
    const nested = describeTools(tools.slice(0, 1), 'fence', { heading: 'Available tools', headingLevel: 2 });
    expect(nested.startsWith('## Available tools\n\n')).toBe(true);
    expect(nested).toContain('\n### read_file\n');
    expect(() => describeTools(tools, 'fence', { headingLevel: 0 })).toThrow(/headingLevel/);
  });

  it('gives no text for no tools', () => {
    expect(describeTools([], 'fence')).toBe('');
  });
});
