/**
 * The tool-name XML syntax (`tooltags`): the ported cases of `@ai-sdk-tool/parser`'s morph-XML
 * tests and Cline's prompt examples (`test/fixtures/servers/tooltags.ts`) whole and split every
 * way, under the default syntaxes with `tools` and under `syntaxes: ['tooltags']`; how the
 * parser learns the tool names (every path: parse, stream, transform, store, remark, the
 * middleware); `format`, `describe`, malformed and cut-off calls, partial input, the `xml`
 * shorthand conflict, and linear work.
 */
import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import {
  createTooltagsSyntax,
  createTranscriptParser,
  parseTranscript,
  tooltagsSyntax,
  transcriptTransform,
  type ToolChunk,
  type ToolDefinition,
  type TranscriptOptions,
} from '../../src/index.js';
import * as lite from '../../src/lite/index.js';
import { remarkToolCalls, type ToolCallNode } from '../../src/remark/index.js';
import { createTranscriptStore } from '../../src/store/index.js';
import { toolTranscriptMiddleware } from '../../src/ai/index.js';
import { cases } from '../fixtures/servers/tooltags.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { runServerCases } from '../support/server-cases.js';
import { callBlock, scriptedModel, SDKS, sdkTools } from '../ai/support.js';

runServerCases('tooltags cases (default syntaxes with tools)', cases);
runServerCases('tooltags cases (syntaxes: tooltags)', cases, { syntaxes: ['tooltags'] });

const tools: readonly ToolDefinition[] = [
  { name: 'read_file', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } },
  { name: 'write_to_file', inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } } },
  { name: 'search', inputSchema: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } } } },
  { name: 'list', inputSchema: { type: 'object' } },
];
const READ = '<read_file>\n<path>src/a.md</path>\n</read_file>';
const toolChunks = (text: string, options: TranscriptOptions = { tools }) => parseTranscript(text, options).filter((c): c is ToolChunk => c.type === 'tool');

describe('tooltags: how the parser learns the tool names', () => {
  it('without tools nothing changes: the element is text', () => {
    expect(parseTranscript(READ)).toEqual([{ type: 'text', value: READ }]);
    expect(parseTranscript(READ, { syntaxes: ['tooltags'] })).toEqual([{ type: 'text', value: READ }]);
  });

  it('with tools and the default syntaxes, an element named after a tool is a call', () => {
    expect(toolChunks(READ)).toMatchObject([{ toolName: 'read_file', input: { path: 'src/a.md' }, syntax: 'tooltags', raw: READ, closed: true }]);
    expect(toolChunks('<unknown_tool>\n<path>a</path>\n</unknown_tool>')).toEqual([]);
  });

  it('createTranscriptParser, transcriptTransform and the store read it with their tools', async () => {
    const parser = createTranscriptParser({ tools });
    parser.write(READ.slice(0, 20));
    parser.write(READ.slice(20));
    parser.end();
    expect(parser.chunks).toEqual(parseTranscript(READ, { tools }));
    const out: unknown[] = [];
    const reader = new ReadableStream<string>({
      start(controller) {
        for (const unit of READ) controller.enqueue(unit);
        controller.close();
      },
    })
      .pipeThrough(transcriptTransform({ tools }))
      .getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) out.push(read.value);
    expect(out).toContainEqual(expect.objectContaining({ type: 'tool-input-available', toolName: 'read_file', input: { path: 'src/a.md' } }));
    const store = createTranscriptStore({ tools });
    store.append(READ);
    store.end();
    const state = store.getState();
    expect(state.ids.map((id) => state.byId[id])).toContainEqual(expect.objectContaining({ toolName: 'read_file', input: { path: 'src/a.md' } }));
  });

  it('the lite entry binds the syntax object to the tools passed; a factory may fix its own names', () => {
    expect(lite.parseTranscript(READ, { syntaxes: [lite.tooltagsSyntax], tools })).toMatchObject([{ type: 'tool', toolName: 'read_file' }]);
    const fixed = createTooltagsSyntax({ tools: ['read_file'] });
    expect(fixed.withTools).toBeUndefined();
    expect(lite.parseTranscript(READ, { syntaxes: [fixed] })).toMatchObject([{ type: 'tool', toolName: 'read_file' }]);
    expect(tooltagsSyntax.withTools).toBeTypeOf('function');
  });

  it('the remark plugin with tools gives a toolCall node and writes the document back', () => {
    const doc = `Reading.\n\n${READ}\n\nDone.\n`;
    const processor = unified().use(remarkParse).use(remarkToolCalls, { tools }).use(remarkStringify);
    const tree = processor.runSync(processor.parse(doc)) as Root;
    const nodes = tree.children.filter((node): node is ToolCallNode => node.type === 'toolCall');
    expect(nodes).toMatchObject([{ toolName: 'read_file', input: { path: 'src/a.md' }, syntax: 'tooltags' }]);
    expect(parseTranscript(String(processor.processSync(doc)), { tools })).toEqual(parseTranscript(doc, { tools }));
  });

  it.each(SDKS)('the middleware taught tooltags runs the call with the request tools ($name)', async (sdk) => {
    const syntax = tooltagsSyntax;
    const reply = `Adding.\n${callBlock(syntax, 'add', { a: 2, b: 3 })}\n`;
    const { model } = scriptedModel(sdk, [reply, 'Done.']);
    const { tools: sdkToolSet, ran } = sdkTools(sdk);
    const wrapped = sdk.sdk.wrapLanguageModel({ model, middleware: toolTranscriptMiddleware({ syntax: 'tooltags', generateId: () => 'call-1' }) });
    await sdk.sdk.generateText({ model: wrapped, tools: sdkToolSet, prompt: 'add', stopWhen: sdk.sdk.stepCountIs(3) });
    expect(ran).toEqual([{ tool: 'add', input: { a: 2, b: 3 } }]);
  });
});

describe('tooltags: conflicts with the xml shorthand tags', () => {
  const runBash: ToolDefinition[] = [{ name: 'run_bash', inputSchema: { type: 'object', properties: { command: { type: 'string' } } } }, { name: 'write_file' }];
  it('a tool named run_bash: the tool-name reading wins over <run_bash> (tooltags leads the defaults)', () => {
    expect(toolChunks('<run_bash>\n<command>ls -la</command>\n</run_bash>', { tools: runBash })).toMatchObject([{ syntax: 'tooltags', toolName: 'run_bash', input: { command: 'ls -la' } }]);
    expect(toolChunks('<run_bash>\n<command>ls</command>\n</run_bash>')).toMatchObject([{ syntax: 'xml' }]);
  });

  it('a tool named write_file: <write_file path="…"> stays xml (a tag with attributes never opens a tool-name call)', () => {
    expect(toolChunks('<write_file path="a.md">hello</write_file>', { tools: runBash })).toMatchObject([{ syntax: 'xml', toolName: 'write_file', input: { path: 'a.md', content: 'hello' } }]);
    expect(toolChunks('<write_file>\n<path>a.md</path>\n<content>hello</content>\n</write_file>', { tools: runBash })).toMatchObject([
      { syntax: 'tooltags', input: { path: 'a.md', content: 'hello' } },
    ]);
  });
});

describe('tooltags: values', () => {
  it('keeps a value as written, code and tags inside, without the line break after the opening and before the closing tag', () => {
    const text = '<write_to_file>\n<path>a.html</path>\n<content>\n<div>x</div>\n\n  indented\n</content>\n</write_to_file>';
    expect(toolChunks(text)[0]!.input).toEqual({ path: 'a.html', content: '<div>x</div>\n\n  indented' });
  });

  it('types values by the tools schema; a repeated parameter is an array', () => {
    const text = '<search><query>tides</query><limit>5</limit><tags>a</tags><tags>b</tags></search>';
    expect(toolChunks(text)[0]!.input).toEqual({ query: 'tides', limit: 5, tags: ['a', 'b'] });
    expect(toolChunks('<search><tags>only</tags></search>')[0]!.input).toEqual({ tags: ['only'] });
  });

  it('zero-argument calls: empty, blank and self-closing', () => {
    for (const text of ['<list></list>', '<list>\n</list>', '<list/>']) expect(toolChunks(text)).toMatchObject([{ toolName: 'list', input: {}, raw: text, state: 'input-available' }]);
  });

  it('several calls in one delta', () => {
    const text = `${READ}\n<list/>\n<search><query>x</query></search>`;
    const parser = createTranscriptParser({ tools });
    parser.write(text);
    parser.end();
    expect(parser.chunks.filter((c) => c.type === 'tool').map((c) => (c as ToolChunk).toolName)).toEqual(['read_file', 'list', 'search']);
  });
});

describe('tooltags: malformed and cut-off calls', () => {
  it('a parameter left open in a closed call is an output-error saying which and where, raw kept', () => {
    const text = '<read_file>\n<path>a.md\n</read_file>';
    const [call] = toolChunks(text);
    expect(call).toMatchObject({ state: 'output-error', raw: text, toolName: 'read_file' });
    expect(call!.errorText).toBe('the <path> parameter of <read_file> (line 2 of the call) has no closing </path>');
  });

  it('text outside the parameter elements is an output-error naming it', () => {
    const [call] = toolChunks('<read_file>src/a.md</read_file>');
    expect(call).toMatchObject({ state: 'output-error' });
    expect(call!.errorText).toContain('text outside the parameter elements of <read_file>: "src/a.md"');
  });

  it('a call cut off by the end of input is read as far as it goes', () => {
    expect(toolChunks('<write_to_file>\n<path>a.md</path>\n<content>\nline one\nline tw')).toMatchObject([
      { toolName: 'write_to_file', closed: false, input: { path: 'a.md', content: 'line one\nline tw' } },
    ]);
  });

  it('shows a parameter value while it streams, before its closing tag', () => {
    const parser = createTranscriptParser({ tools });
    parser.write('<write_to_file>\n<path>notes/a.md</path>\n<content>\n# Title\nbo');
    expect(parser.chunks).toMatchObject([{ type: 'tool', toolName: 'write_to_file', state: 'input-streaming', input: { path: 'notes/a.md', content: '# Title\nbo' } }]);
    parser.write('dy</cont');
    expect(parser.chunks).toMatchObject([{ type: 'tool', input: { content: '# Title\nbody' } }]);
  });

  it('is not read inside code', () => {
    for (const text of [`\`\`\`xml\n${READ}\n\`\`\``, '`<read_file><path>a</path></read_file>`']) expect(toolChunks(text)).toEqual([]);
  });

  it('does linear work on adversarial input', () => {
    expectLinearScan('<read_file', { tools });
    expectLinearScan('<read_file>', { tools });
    expectLinearScan('<read_file><path>', { tools });
    expectLinearScan('<read_file><<a <b/', { tools });
    expectLinearScan('<search><tags>x</tags>', { tools });
  });
});

describe('tooltags: format and describe', () => {
  it('format writes Cline\'s layout; parse(format(call)) gives the call back', () => {
    const call = { toolName: 'write_to_file', input: { path: 'a.md', content: '# T\n\n<b>x</b>\n' } };
    const text = tooltagsSyntax.format(call);
    expect(text).toBe('<write_to_file>\n<path>a.md</path>\n<content>\n# T\n\n<b>x</b>\n\n</content>\n</write_to_file>');
    expect(toolChunks(text)).toMatchObject([{ toolName: 'write_to_file', input: call.input }]);
    expect(toolChunks(tooltagsSyntax.format({ toolName: 'search', input: { query: 'q', limit: 3, tags: ['a', 'b'] } }))[0]!.input).toEqual({ query: 'q', limit: 3, tags: ['a', 'b'] });
    expect(tooltagsSyntax.format({ toolName: 'list' })).toBe('<list>\n</list>');
  });

  it('format refuses what it cannot express', () => {
    expect(() => tooltagsSyntax.format({ toolName: 'two words' })).toThrow(/tool name "two words" is not an XML tag name/);
    expect(() => tooltagsSyntax.format({ toolName: 'f', input: [1] })).toThrow(/input must be an object/);
    expect(() => tooltagsSyntax.format({ toolName: 'f', input: { 'a b': 1 } })).toThrow(/parameter name "a b"/);
    expect(() => tooltagsSyntax.format({ toolName: 'f', input: { c: 'x</c>' } })).toThrow(/contains <\/c>/);
    expect(() => tooltagsSyntax.format({ toolName: 'f', input: { c: 'x</f>' } })).toThrow(/contains <\/f>/);
    expect(() => tooltagsSyntax.format({ toolName: 'f', input: { c: 'x\r' } })).toThrow(/carriage return/);
  });

  it('describe teaches the format in Cline\'s words', () => {
    expect(tooltagsSyntax.describe?.rules).toContain('Tool use is formatted using XML-style tags.');
    expect(tooltagsSyntax.describe?.rules).toContain('<parameter1_name>value1</parameter1_name>');
  });
});
