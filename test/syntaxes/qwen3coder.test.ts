/**
 * The qwen3coder syntax (Qwen3-Coder XML, Seed-OSS): the servers' ported test cases (whole, at
 * every split, alone and under the default syntaxes), format → parse round trips, refusals,
 * describe, malformed and cut-off blocks, streaming (name and partial values before the
 * closer, several calls in one delta, markers split anywhere), values typed by `tools`, and
 * linear work on adversarial input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, defaultSyntaxes, parseTranscript, qwen3CoderSyntax, type ToolChunk, type UIMessageChunk } from '../../src/index.js';
import { cases, qwenOnlyCases, reasoningCases } from '../fixtures/servers/qwen3coder.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { expectRoundTrip } from '../support/round-trip.js';
import { runServerCases } from '../support/server-cases.js';
import { parseAtEverySplit, streamPieces } from '../support/splits.js';

const only = { syntaxes: [qwen3CoderSyntax] };

runServerCases('qwen3coder: server cases, qwen3coder alone', cases, only);
runServerCases('qwen3coder: server cases, default syntaxes', cases);
runServerCases('qwen3coder: server cases where GLM reads a zero-argument call under the defaults', qwenOnlyCases, only);
runServerCases('qwen3coder: Seed-OSS cases with a call written inside <seed:think>, default syntaxes', reasoningCases);

/** Parses `text` whole (with `options`), then checks every split in two and one unit at a time give the same chunks. */
function everySplit(text: string, options: Parameters<typeof parseTranscript>[1] = only) {
  return parseAtEverySplit(text, options);
}
const tools = (chunks: ReturnType<typeof parseTranscript>) => chunks.filter((chunk): chunk is ToolChunk => chunk.type === 'tool');

describe('qwen3coder format', () => {
  it('writes the chat template layout: strings as they are, other values as JSON', () => {
    expect(qwen3CoderSyntax.format({ toolName: 'write', input: { path: 'a.md', lines: 3, opts: { deep: [1, true] }, none: null } })).toBe(
      '<tool_call>\n<function=write>\n<parameter=path>\na.md\n</parameter>\n<parameter=lines>\n3\n</parameter>\n<parameter=opts>\n{"deep": [1, true]}\n</parameter>\n<parameter=none>\nnull\n</parameter>\n</function>\n</tool_call>',
    );
    expect(qwen3CoderSyntax.format({ toolName: 'now', input: {} })).toBe('<tool_call>\n<function=now>\n</function>\n</tool_call>');
  });

  it('throws a clear error for what it cannot express', () => {
    expect(() => qwen3CoderSyntax.format({ toolName: '' })).toThrow(/tool name must be a non-empty string/);
    expect(() => qwen3CoderSyntax.format({ toolName: ' a' })).toThrow(/blanks around it/);
    expect(() => qwen3CoderSyntax.format({ toolName: '{{ x }}' })).toThrow(/braces/);
    expect(() => qwen3CoderSyntax.format({ toolName: 't', input: [1] })).toThrow(/input must be an object/);
    expect(() => qwen3CoderSyntax.format({ toolName: 't', input: { 'a>b': 1 } })).toThrow(/parameter name "a>b" cannot be written/);
    expect(() => qwen3CoderSyntax.format({ toolName: 't', input: { ' k': 1 } })).toThrow(/blanks around it/);
    expect(() => qwen3CoderSyntax.format({ toolName: 't', input: { v: 'a</parameter>b' } })).toThrow(/holds "<\/parameter>"/);
    expect(() => qwen3CoderSyntax.format({ toolName: 't', input: { n: 1n } })).toThrow(/cannot be written as JSON/);
  });

  it('describes the format in the template words', () => {
    expect(qwen3CoderSyntax.describe?.rules).toContain('```text\n<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n</parameter>');
    expect(qwen3CoderSyntax.describe?.rules).toContain('an inner `<function=...></function>` block must be nested within `<tool_call></tool_call>` XML tags');
  });

  it('is on by default and named qwen3coder', () => {
    expect(defaultSyntaxes).toContain(qwen3CoderSyntax);
    expect(qwen3CoderSyntax).toMatchObject({ name: 'qwen3coder', triggers: '<', placement: 'inline' });
  });
});

const text = fc.string({ maxLength: 12 }).map((s) => s.replaceAll('</parameter>', ''));
const key = fc.stringMatching(/^[a-z_][a-z0-9_]{0,6}$/);

describe('qwen3coder round trip', () => {
  it('parse(format(call)) gives back the name and string values, whole and split anywhere, alone and under the defaults', () => {
    fc.assert(
      fc.property(
        key,
        fc.dictionary(
          key,
          text.filter((value) => value.toLowerCase() !== 'null'),
          { maxKeys: 4 },
        ),
        fc.nat(),
        (toolName, input, cut) => {
          expectRoundTrip(qwen3CoderSyntax, { toolName, input }, cut);
          const block = qwen3CoderSyntax.format({ toolName, input });
          expect(tools(parseTranscript(`see ${block} done`))).toMatchObject([{ syntax: 'qwen3coder', toolName, input }]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('gives back typed values through the tool schema', () => {
    const input = { n: 3, f: 2.5, b: false, list: ['a', 1], obj: { k: null }, s: '42', word: 'null', none: null };
    const schema = {
      type: 'object',
      properties: {
        n: { type: 'integer' },
        f: { type: 'number' },
        b: { type: 'boolean' },
        list: { type: 'array' },
        obj: { type: 'object' },
        s: { type: 'string' },
        word: { type: 'string' },
        none: { type: ['integer', 'null'] },
      },
    } as const;
    const block = qwen3CoderSyntax.format({ toolName: 't', input });
    expect(tools(parseTranscript(block, { ...only, tools: [{ name: 't', inputSchema: schema }] }))[0]!.input).toEqual(input);
    // Without a schema the values stay the text written, as the servers keep them; `null` is null.
    expect(tools(parseTranscript(block, only))[0]!.input).toEqual({ n: '3', f: '2.5', b: 'false', list: '["a", 1]', obj: '{"k": null}', s: '42', word: null, none: null });
  });
});

describe('qwen3coder reading, whole and at every split', () => {
  it('reads several functions in one block, several blocks, a zero-parameter function and Seed-OSS blocks', () => {
    const chunks = everySplit(
      'A <tool_call>\n<function=a>\n<parameter=x>\n1\n</parameter>\n</function>\n<function=b>\n</function>\n</tool_call><tool_call><function=c></function></tool_call> <seed:tool_call><function=d><parameter=k>v</parameter></function></seed:tool_call>.',
    );
    expect(chunks).toMatchObject([
      { type: 'text', value: 'A ' },
      { type: 'tool', toolName: 'a', input: { x: '1' }, toolCallId: 'tool-call-1' },
      { type: 'tool', toolName: 'b', input: {}, raw: '', toolCallId: 'tool-call-2' },
      { type: 'tool', toolName: 'c', input: {} },
      { type: 'text', value: ' ' },
      { type: 'tool', toolName: 'd', input: { k: 'v' } },
      { type: 'text', value: '.' },
    ]);
  });

  it('reads a bare <function=NAME> (no <tool_call>) and takes the stray </tool_call> after it into its block', () => {
    const chunks = everySplit('Run:\n<function=ls>\n<parameter=path>\n.\n</parameter>\n</function>\n</tool_call>\nDone.');
    expect(chunks).toMatchObject([
      { type: 'text', value: 'Run:\n' },
      { type: 'tool', toolName: 'ls', input: { path: '.' }, raw: '<function=ls>\n<parameter=path>\n.\n</parameter>\n</function>\n</tool_call>', closed: true },
      { type: 'text', value: '\nDone.' },
    ]);
    // Consecutive bare functions, or a bare one followed by a full block, are one block of several calls.
    expect(tools(everySplit('<function=a></function>\n<function=b></function>\n<tool_call>\n<function=c></function>\n</tool_call> x')).map((t) => t.toolName)).toEqual(['a', 'b', 'c']);
    // Anything else after </function> ends the block before it (blanks read meanwhile stay in its raw).
    expect(everySplit('<function=a></function>\nok')).toMatchObject([{ type: 'tool', raw: '<function=a></function>\n' }, { type: 'text', value: 'ok' }]);
  });

  it('leaves <tool_call> not followed by <function=NAME> as text (hermes and GLM read their own)', () => {
    for (const prose of ['the <tool_call> tag', '<tool_call>\n<parameter=x>1</parameter>\n</tool_call>', '<function=>x</function>', '<function=a\nb>', '<tool_call><function={{ name }}>']) {
      expect(everySplit(prose)).toEqual([{ type: 'text', value: prose }]);
    }
    expect(tools(everySplit('<tool_call>{"name": "h", "arguments": {}}</tool_call> <tool_call>g<arg_key>k</arg_key><arg_value>1</arg_value></tool_call> <tool_call>\n<function=q>\n</function>\n</tool_call>', {}))).toMatchObject([
      { syntax: 'hermes', toolName: 'h' },
      { syntax: 'glm', toolName: 'g' },
      { syntax: 'qwen3coder', toolName: 'q' },
    ]);
  });

  it('makes a closed block without a function, or a function without a name, an output-error keeping its raw', () => {
    const [tool] = tools(everySplit('<tool_call>\n<function=a>\n</function>\n<function>\n</function>\n</tool_call>'));
    expect(tool).toMatchObject({ toolName: 'a', state: 'input-available' });
    const second = tools(everySplit('<tool_call>\n<function=a>\n</function>\n<function>\n</function>\n</tool_call>'))[1]!;
    expect(second).toMatchObject({ state: 'output-error', errorText: 'the <function…> tag at character 27 of the block body names no function (write <function=NAME>)' });
    const block = '<tool_call>\n<function=a>x</function>\n</tool_call>';
    expect(everySplit(block)).toMatchObject([{ type: 'tool', raw: block, state: 'input-available', input: {} }]);
  });

  it('finishes a block cut off by the end of input best-effort: closed false, the values so far', () => {
    const [tool] = tools(everySplit('<tool_call>\n<function=write>\n<parameter=path>\na.md\n</parameter>\n<parameter=content>\n# Ti'));
    expect(tool).toMatchObject({ toolName: 'write', closed: false, state: 'input-available', input: { path: 'a.md', content: '# Ti' } });
    const [cut] = tools(everySplit('<tool_call>\n<function=write>\n<parameter=content>\nabc</param'));
    expect(cut!.input).toEqual({ content: 'abc' });
  });

  it('reads the marker split at every position, and the whole text in one delta', () => {
    const block = '<tool_call>\n<function=get>\n<parameter=q>\nv\n</parameter>\n</function>\n</tool_call>';
    const whole = everySplit(`x${block}y`);
    expect(streamPieces([`x${block}y`], only).chunks).toEqual(whole);
    expect(whole).toHaveLength(3);
  });
});

describe('qwen3coder streaming', () => {
  it('names the card at the function name, and shows a value before its closer', () => {
    const parser = createTranscriptParser(only);
    const events: UIMessageChunk[] = [...parser.write('Writing <tool_call>\n<function=wri')];
    expect(events.some((e) => e.type === 'tool-input-start')).toBe(false);
    events.push(...parser.write('te_file>\n<parameter=path>\nnotes.md\n</parameter>\n<parameter=content>\n# Tit'));
    expect(events.find((e) => e.type === 'tool-input-start')).toMatchObject({ toolName: 'write_file' });
    expect(parser.chunks.at(-1)).toMatchObject({ type: 'tool', state: 'input-streaming', input: { path: 'notes.md', content: '# Tit' } });
    events.push(...parser.write('le\n</parameter>\n</function>\n</tool_call> ok'), ...parser.end());
    expect(events.find((e) => e.type === 'tool-input-available')).toMatchObject({ toolName: 'write_file', input: { path: 'notes.md', content: '# Title' } });
  });

  it('gives every call when several arrive in one delta (speculative decoding)', () => {
    const parser = createTranscriptParser(only);
    const events = [...parser.write(`${qwen3CoderSyntax.format({ toolName: 'a', input: { x: '1' } })}\n${qwen3CoderSyntax.format({ toolName: 'b', input: {} })}\nAll done!`), ...parser.end()];
    expect(events.filter((e) => e.type === 'tool-input-available').map((e) => (e as { toolName: string }).toolName)).toEqual(['a', 'b']);
    expect(parser.chunks.at(-1)).toEqual({ type: 'text', value: '\nAll done!' });
  });
});

describe('qwen3coder linear work', () => {
  it.each([
    ['openers', '<tool_call>'],
    ['openers with blanks', '<tool_call>\n \n'],
    ['function prefixes', '<tool_call><function=ab'],
    ['bare function prefixes', '<function=abc'],
    ['unclosed parameters', '<tool_call><function=a><parameter=k>v'],
    ['parameter openers', '<parameter=k>'],
    ['bare calls and tails', '<function=a></function>\n</tool_c'],
    ['seed openers', '<seed:tool_call>\n<function='],
  ])('%s', (_, pattern) => expectLinearScan(pattern, only));

  it('reads one block of many parameters without closers in linear work', () => {
    expectLinearScan('<parameter=k>v', only, { size: 100_000 });
    const [tool] = tools(parseTranscript(`<tool_call><function=a>${'<parameter=k>v'.repeat(20_000)}</function></tool_call>`, only));
    expect(tool!.input).toEqual({ k: 'v' });
  });
});
