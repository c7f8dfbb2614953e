import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTranscript, type ToolChunk, type TranscriptChunk, type TranscriptOptions } from '../../src/index.js';
import type { CallPolicy } from '../../src/types.js';
import { reassemble, splitAt, splitsInTwo, streamPieces, unitByUnit } from '../support/splits.js';
import { expectedParts, messageParts } from '../support/ai-sdk.js';

const tools = (chunks: TranscriptChunk[]): ToolChunk[] => chunks.filter((c): c is ToolChunk => c.type === 'tool');
const summary = (chunks: TranscriptChunk[]) => tools(chunks).map(({ toolName, state, errorText }) => ({ toolName, state, errorText }));

/** Four calls in three syntaxes, text between them. */
const doc = [
  'Let me look.',
  '^^^read_file\npath: a.ts\n^^^',
  '🛠️[list_dir src]🛠️[/end] and then',
  '```tool write_file\ninput:\n  path: b.ts\n  content: x\n```',
  '^^^read_file\npath: b.ts\n^^^',
  'Done.',
].join('\n');

/** Whole, streamed in every split in two, unit by unit and at random cuts: all the same chunks; the SDK agrees. */
async function expectSameEverywhere(text: string, options: TranscriptOptions): Promise<TranscriptChunk[]> {
  const whole = parseTranscript(text, options);
  expect(reassemble(whole)).toBe(text);
  for (const pieces of splitsInTwo(text)) {
    const { chunks } = streamPieces(pieces, options);
    if (JSON.stringify(chunks) !== JSON.stringify(whole)) expect(chunks, `split at ${pieces[0]!.length}`).toEqual(whole);
  }
  for (const pieces of [unitByUnit(text), splitAt(text, [5, 20, 21, 60, 61, 62])]) {
    const { chunks, events } = streamPieces(pieces, options);
    expect(chunks).toEqual(whole);
    expect(await messageParts(events)).toEqual(expectedParts(whole));
  }
  return whole;
}

describe('call-count policy', () => {
  it("'unlimited' (the default) changes nothing", async () => {
    const whole = await expectSameEverywhere(doc, { policy: 'unlimited' });
    expect(whole).toEqual(parseTranscript(doc));
    expect(tools(whole).every((chunk) => chunk.state === 'input-available')).toBe(true);
  });

  it("'single' lets the first call run and refuses the others, naming the policy", async () => {
    const whole = await expectSameEverywhere(doc, { policy: 'single' });
    const refusal = (n: number) => `not run: the single-call policy allows one tool call per message; this is call ${n}`;
    expect(summary(whole)).toEqual([
      { toolName: 'read_file', state: 'input-available', errorText: undefined },
      { toolName: 'list_dir', state: 'output-error', errorText: refusal(2) },
      { toolName: 'write_file', state: 'output-error', errorText: refusal(3) },
      { toolName: 'read_file', state: 'output-error', errorText: refusal(4) },
    ]);
    // Nothing is lost: input and raw stay.
    expect(tools(whole)[2]).toMatchObject({ input: { path: 'b.ts', content: 'x' }, raw: '```tool write_file\ninput:\n  path: b.ts\n  content: x\n```' });
  });

  it('sends tool-input-available then tool-output-error for a refused call', () => {
    const { events } = streamPieces([doc], { policy: 'single' });
    const second = events.filter((e) => 'toolCallId' in e && e.toolCallId === 'tool-call-2' && e.type !== 'tool-input-delta').map((e) => e.type);
    expect(second).toEqual(['tool-input-start', 'tool-input-available', 'tool-output-error']);
  });

  it('{ readOnly } lets read-only calls chain and refuses a write after them (it must see their results), and all after it', async () => {
    const whole = await expectSameEverywhere(doc, { policy: { readOnly: ['read_file', 'list_dir'] } });
    expect(summary(whole).map((c) => c.state)).toEqual(['input-available', 'input-available', 'output-error', 'output-error']);
    expect(tools(whole)[2]!.errorText).toBe(
      "not run: the read-only policy allows a tool that is not read-only (write_file) only as a message's first call, since it must see the results of the calls before it; this is call 3",
    );
    expect(tools(whole)[3]!.errorText).toBe(
      "not run: the read-only policy ends a message's tool calls at its first call to a tool that is not read-only (call 3, write_file); this is call 4",
    );
  });

  it('{ readOnly }: a first call that is not read-only is allowed and is the last', async () => {
    const whole = await expectSameEverywhere(doc, { policy: { readOnly: ['list_dir'] } });
    expect(summary(whole).map((c) => c.state)).toEqual(['input-available', 'output-error', 'output-error', 'output-error']);
    expect(tools(whole)[1]!.errorText).toContain('(call 1, read_file); this is call 2');
    const none = parseTranscript(doc, { policy: { readOnly: [] } });
    expect(summary(none).map((c) => c.state)).toEqual(summary(whole).map((c) => c.state));
  });

  it('{ readOnly }: read-only calls alone all run, however many', async () => {
    const text = 'Look:\n^^^read_file\npath: a\n^^^\n🛠️[list_dir src]🛠️[/end]\n^^^read_file\npath: b\n^^^\nok';
    const whole = await expectSameEverywhere(text, { policy: { readOnly: ['read_file', 'list_dir'] } });
    expect(summary(whole).map((c) => c.state)).toEqual(['input-available', 'input-available', 'input-available']);
  });

  it('{ readOnly }: what runs is a run of read-only calls from the start, or one first call that is not read-only', () => {
    const readOnly = ['r1', 'r2'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom('r1', 'r2', 'w1', 'w2'), { maxLength: 8 }), (names) => {
        const text = names.map((name) => `^^^${name}\n^^^`).join('\n');
        const ran = tools(parseTranscript(text, { policy: { readOnly } })).map((chunk) => chunk.state === 'input-available');
        const firstWrite = names.findIndex((name) => !readOnly.includes(name));
        const expected = names.map((_, i) => (firstWrite === 0 ? i === 0 : firstWrite === -1 || i < firstWrite));
        expect(ran).toEqual(expected);
      }),
    );
  });

  it('counts malformed blocks and recorded results, but leaves those as they are', async () => {
    const text = [
      '```tool broken\ninput: [unclosed\n```',
      '```tool search\ninput: {q: x}\noutput: [1, 2]\n```',
      '^^^read_file\npath: a\n^^^',
    ].join('\n');
    const whole = await expectSameEverywhere(text, { policy: 'single' });
    const plain = parseTranscript(text);
    expect(tools(whole)[0]).toEqual(tools(plain)[0]);
    expect(tools(whole)[1]).toEqual(tools(plain)[1]);
    expect(tools(whole)[2]).toMatchObject({ state: 'output-error', errorText: expect.stringContaining('this is call 3') });
  });

  it('counts each call of a multi-call block (a JSON tool_calls array)', async () => {
    const call = (name: string, args: object) => ({ type: 'function', function: { name, arguments: JSON.stringify(args) } });
    const text = `Two at once:\n${JSON.stringify({ tool_calls: [call('read_file', { path: 'a' }), call('write_file', { path: 'b' })] })}\nend`;
    const options: TranscriptOptions = { syntaxes: ['json'], policy: 'single' };
    const whole = await expectSameEverywhere(text, options);
    expect(summary(whole).map((c) => c.state)).toEqual(['input-available', 'output-error']);
    expect(tools(whole)[1]).toMatchObject({ raw: '', input: { path: 'b' }, errorText: expect.stringContaining('this is call 2') });
  });

  it('works with idPrefix and tools (a refused call is coerced too)', () => {
    const text = '^^^a\n^^^\n^^^b\nn: 2\n^^^';
    const chunks = parseTranscript(text, {
      policy: 'single',
      idPrefix: 'c',
      tools: [{ name: 'b', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } }],
    });
    expect(tools(chunks)[1]).toMatchObject({ toolCallId: 'c2', state: 'output-error', input: { n: 2 } });
  });

  it('a strict unknown tool keeps its own error, and still counts', () => {
    const chunks = parseTranscript('^^^ghost\n^^^\n^^^read_file\n^^^', {
      policy: 'single',
      tools: [{ name: 'read_file' }],
      strictTools: true,
    });
    expect(summary(chunks)).toEqual([
      { toolName: 'ghost', state: 'output-error', errorText: 'unknown tool ghost' },
      { toolName: 'read_file', state: 'output-error', errorText: expect.stringContaining('this is call 2') },
    ]);
  });

  it('rejects an unknown policy with a clear error', () => {
    expect(() => parseTranscript('', { policy: 'one' as CallPolicy })).toThrow(/parseTranscript options\.policy must be "unlimited", "single" or \{ readOnly: \[tool names\] \}, got "one"/);
    expect(() => parseTranscript('', { policy: { readOnly: 'read_file' } as unknown as CallPolicy })).toThrow(/options\.policy must be/);
  });
});
