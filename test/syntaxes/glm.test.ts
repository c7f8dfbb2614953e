/**
 * The glm syntax (GLM-4.5/4.6, GLM-4.7+, Hy3/Hy4): the servers' ported test cases (whole, at
 * every split, alone and under the default syntaxes), format → parse round trips, refusals,
 * describe, malformed and cut-off blocks, streaming, values typed by `tools`, and linear work
 * on adversarial input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGlmSyntax, createTranscriptParser, defaultSyntaxes, glmSyntax, parseTranscript, type ToolChunk, type UIMessageChunk } from '../../src/index.js';
import type { JsonSchema } from '../../src/types.js';
import { cases } from '../fixtures/servers/glm.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { runServerCases } from '../support/server-cases.js';
import { parseAtEverySplit, splitAnywhere, streamPieces } from '../support/splits.js';

const only = { syntaxes: [glmSyntax] };

runServerCases('glm: server cases, glm alone', cases, only);
runServerCases('glm: server cases, default syntaxes', cases);

/** Parses `text` whole (with `options`), then checks every split in two and one unit at a time give the same chunks. */
function everySplit(text: string, options: Parameters<typeof parseTranscript>[1] = only) {
  return parseAtEverySplit(text, options);
}
const tools = (chunks: ReturnType<typeof parseTranscript>) => chunks.filter((chunk): chunk is ToolChunk => chunk.type === 'tool');

describe('glm format', () => {
  it('writes the GLM-4.5/4.6 layout by default, GLM-4.7 on one line when asked; strings as they are, other values as JSON', () => {
    const call = { toolName: 'get_weather', input: { city: 'Paris', days: 3, opts: { deep: [1, null] } } };
    expect(glmSyntax.format(call)).toBe(
      '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n<arg_key>opts</arg_key>\n<arg_value>{"deep": [1, null]}</arg_value>\n</tool_call>',
    );
    expect(createGlmSyntax({ template: '4.7' }).format(call)).toBe(
      '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value><arg_key>days</arg_key><arg_value>3</arg_value><arg_key>opts</arg_key><arg_value>{"deep": [1, null]}</arg_value></tool_call>',
    );
    expect(glmSyntax.format({ toolName: 'now', input: {} })).toBe('<tool_call>now\n</tool_call>');
    expect(createGlmSyntax({ template: '4.7' }).format({ toolName: 'now' })).toBe('<tool_call>now</tool_call>');
  });

  it('throws a clear error for what it cannot express', () => {
    expect(() => glmSyntax.format({ toolName: '' })).toThrow(/tool name must be a non-empty string/);
    expect(() => glmSyntax.format({ toolName: 'a<b' })).toThrow(/without "<"/);
    expect(() => glmSyntax.format({ toolName: ' a' })).toThrow(/blanks around it/);
    expect(() => glmSyntax.format({ toolName: 't', input: 'x' })).toThrow(/input must be an object/);
    expect(() => glmSyntax.format({ toolName: 't', input: { ' k': 1 } })).toThrow(/key " k" cannot be written/);
    expect(() => glmSyntax.format({ toolName: 't', input: { v: 'a</arg_value>' } })).toThrow(/holds "<\/arg_value>"/);
  });

  it('describes the format in the template words, laid out as its format writes', () => {
    expect(glmSyntax.describe?.rules).toContain('Write each tool call as this template says. For each function call, output the function name and arguments within the following XML format:\n```text\n<tool_call>{function-name}\n<arg_key>{arg-key-1}</arg_key>\n<arg_value>{arg-value-1}</arg_value>');
    expect(createGlmSyntax({ template: '4.7' }).describe?.rules).toContain('<tool_call>{function-name}<arg_key>{arg-key-1}</arg_key><arg_value>{arg-value-1}</arg_value>');
  });

  it('is on by default and named glm', () => {
    expect(defaultSyntaxes).toContain(glmSyntax);
    expect(glmSyntax).toMatchObject({ name: 'glm', triggers: '<', placement: 'inline' });
  });
});

const key = fc.stringMatching(/^[a-z_][a-z0-9_]{0,6}$/);
const text = fc.string({ maxLength: 12 }).map((s) => s.replaceAll('</arg_value>', ''));

describe('glm round trip', () => {
  it('parse(format(call)) gives back name and values through a string schema, both layouts, whole and split anywhere, alone and under the defaults', () => {
    const glm47 = createGlmSyntax({ template: '4.7' });
    fc.assert(
      fc.property(key, fc.dictionary(key, text, { maxKeys: 4 }), fc.nat(), fc.boolean(), (toolName, input, cut, newer) => {
        const syntax = newer ? glm47 : glmSyntax;
        const block = syntax.format({ toolName, input });
        const schema: JsonSchema = { type: 'object', properties: Object.fromEntries(Object.keys(input).map((k) => [k, { type: 'string' }])) };
        for (const options of [{ syntaxes: [syntax] }, {}]) {
          const opts = { ...options, tools: [{ name: toolName, inputSchema: schema }] };
          const whole = parseTranscript(`see ${block} done`, opts);
          expect(tools(whole)).toMatchObject([{ syntax: 'glm', toolName, input, raw: block, closed: true }]);
          expect(streamPieces(splitAnywhere(`see ${block} done`, [cut]), opts).chunks).toEqual(whole);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('reads values by vLLM\'s rule without a schema, and types them by the schema with one', () => {
    const block = glmSyntax.format({ toolName: 't', input: { n: 3, b: true, list: ['a', 1], s: '  padded  ', q: "'quoted'", py: 'None', word: 'Paris', num: '42' } });
    expect(tools(parseTranscript(block, only))[0]!.input).toEqual({ n: 3, b: true, list: ['a', 1], s: 'padded', q: 'quoted', py: null, word: 'Paris', num: 42 });
    const schema = { type: 'object', properties: { s: { type: 'string' }, num: { type: 'string' }, n: { type: 'integer' }, q: { type: ['string', 'null'] } } } as const;
    expect(tools(parseTranscript(block, { ...only, tools: [{ name: 't', inputSchema: schema }] }))[0]!.input).toMatchObject({ s: '  padded  ', num: '42', n: 3, q: "'quoted'" });
  });
});

describe('glm reading, whole and at every split', () => {
  it('reads GLM-4.5 and GLM-4.7 layouts, zero-argument calls and Hy3\'s wrapper', () => {
    const chunks = everySplit(
      'A <tool_call>f\n<arg_key>k</arg_key>\n<arg_value>v</arg_value>\n</tool_call><tool_call>g<arg_key>k</arg_key><arg_value>[1]</arg_value></tool_call> <tool_call>now</tool_call> <tool_calls>\n<tool_call>h<tool_sep>\n<arg_key>n</arg_key>\n<arg_value>5</arg_value>\n</tool_call>\n<tool_call>i<tool_sep>\n</tool_call>\n</tool_calls>.',
    );
    expect(chunks).toMatchObject([
      { type: 'text', value: 'A ' },
      { type: 'tool', toolName: 'f', input: { k: 'v' } },
      { type: 'tool', toolName: 'g', input: { k: [1] } },
      { type: 'text', value: ' ' },
      { type: 'tool', toolName: 'now', input: {} },
      { type: 'text', value: ' ' },
      { type: 'tool', toolName: 'h', input: { n: '5' } },
      { type: 'tool', toolName: 'i', input: {}, raw: '' },
      { type: 'text', value: '.' },
    ]);
  });

  it('leaves <tool_call> not followed by a name and an argument, a separator or its closer as text', () => {
    for (const prose of ['the <tool_call> tag', 'use <tool_call>name here</tool_call>', '<tool_call></tool_call>', '<tool_call>\n', '<tool_calls>\n<tool_call>{"a": 1}</tool_call>', '<tool_call>"x"</tool_call>']) {
      expect(everySplit(prose)).toEqual([{ type: 'text', value: prose }]);
    }
  });

  it('makes a call without a name inside Hy\'s wrapper an output-error keeping the raw', () => {
    const block = '<tool_calls><tool_call>f</tool_call><tool_call><arg_key>k</arg_key><arg_value>v</arg_value></tool_call></tool_calls>';
    const [first, second] = tools(everySplit(block));
    expect(first).toMatchObject({ toolName: 'f', raw: block });
    expect(second).toMatchObject({ state: 'output-error', errorText: 'the GLM <tool_call> names no function (write <tool_call>NAME)', input: { k: 'v' } });
  });

  it('finishes a block cut off by the end of input best-effort: closed false, the values so far', () => {
    const [tool] = tools(everySplit('<tool_call>write\n<arg_key>path</arg_key>\n<arg_value>a.md</arg_value>\n<arg_key>content</arg_key>\n<arg_value># Ti'));
    expect(tool).toMatchObject({ toolName: 'write', closed: false, state: 'input-available', input: { path: 'a.md', content: '# Ti' } });
  });
});

describe('glm streaming', () => {
  it('names the card once the name ends, and shows a value before its closer', () => {
    const parser = createTranscriptParser(only);
    const events: UIMessageChunk[] = [...parser.write('Writing <tool_call>write_fi')];
    expect(events.some((e) => e.type === 'tool-input-start')).toBe(false);
    events.push(...parser.write('le\n<arg_key>path</arg_key>\n<arg_value>notes.md</arg_value>\n<arg_key>content</arg_key>\n<arg_value># Tit'));
    expect(events.find((e) => e.type === 'tool-input-start')).toMatchObject({ toolName: 'write_file' });
    expect(parser.chunks.at(-1)).toMatchObject({ type: 'tool', state: 'input-streaming', input: { path: 'notes.md', content: '# Tit' } });
    events.push(...parser.write('le</arg_value>\n</tool_call> ok'), ...parser.end());
    expect(events.find((e) => e.type === 'tool-input-available')).toMatchObject({ toolName: 'write_file', input: { path: 'notes.md', content: '# Title' } });
  });

  it('gives every call when several arrive in one delta, and a zero-argument call', () => {
    const parser = createTranscriptParser(only);
    const events = [...parser.write('<tool_call>a<arg_key>x</arg_key><arg_value>1</arg_value></tool_call><tool_call>b</tool_call>\nDone.'), ...parser.end()];
    expect(events.filter((e) => e.type === 'tool-input-available').map((e) => [(e as { toolName: string }).toolName, (e as { input: unknown }).input])).toEqual([
      ['a', { x: 1 }],
      ['b', {}],
    ]);
  });
});

describe('glm linear work', () => {
  it.each([
    ['openers', '<tool_call>'],
    ['openers and names', '<tool_call>name'],
    ['names and blanks', '<tool_call>name \n'],
    ['wrappers', '<tool_calls>\n<tool_call>'],
    ['unclosed values', '<tool_call>f<arg_key>k</arg_key><arg_value>v'],
    ['argument tags', '<arg_key>k</arg_key><arg_value>'],
    ['closer prefixes', '<tool_call>f</tool_cal'],
  ])('%s', (_, pattern) => expectLinearScan(pattern, only));
});
