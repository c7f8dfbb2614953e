/**
 * Reasoning blocks (`<think>…</think>`, `<seed:think>…</seed:think>`): reasoning chunks whose body
 * is not scanned for calls, whole and at every split; their events and UI chunks, read by the real
 * `readUIMessageStream` of ai 6 and ai 7; the `reasoning: false` and `reasoningStartsOpen` options;
 * vLLM's reasoning-parser test data.
 */
import { describe, expect, it } from 'vitest';
import {
  createStreamChunks,
  createTranscriptEventParser,
  createTranscriptParser,
  parseTranscript,
  type ReasoningChunk,
  type TranscriptChunk,
  type TranscriptOptions,
  type UIMessageChunk,
} from '../../src/index.js';
import { cases, sglangCases, sglangStartsOpenCases, startsOpenCases } from '../fixtures/servers/reasoning.js';
import { messageParts, SDKS } from '../support/ai-sdk.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { runServerCases } from '../support/server-cases.js';
import { reassemble, splitsInTwo, streamPieces, unitByUnit } from '../support/splits.js';

const HERMES_CALL = '<tool_call>{"name": "search", "arguments": {"q": "x"}}</tool_call>';

/** Parses whole, checks lossless, and that every split in two and unit by unit give the same chunks. */
function parseEveryWay(text: string, options?: TranscriptOptions): TranscriptChunk[] {
  const whole = parseTranscript(text, options);
  expect(reassemble(whole)).toBe(text);
  for (const pieces of splitsInTwo(text)) expect(streamPieces(pieces, options).chunks, `split at ${pieces[0]!.length}`).toEqual(whole);
  expect(streamPieces(unitByUnit(text), options).chunks, 'unit by unit').toEqual(whole);
  return whole;
}

runServerCases('vLLM reasoning parsers: the model writes the opening tag', cases);
runServerCases('vLLM reasoning parsers: reasoningStartsOpen', startsOpenCases, { reasoningStartsOpen: true });
runServerCases('SGLang reasoning detectors: the model writes the opening tag', sglangCases);
runServerCases('SGLang reasoning detectors: force_reasoning (reasoningStartsOpen)', sglangStartsOpenCases, { reasoningStartsOpen: true });

describe('reasoning chunks', () => {
  it('a call inside a reasoning block is reasoning text; the call after it is a call, numbered from 1', () => {
    const text = `Let me see. <think>maybe ${HERMES_CALL} or\n\n\`\`\`tool search\nq: y\n\`\`\`\n</think>\n${HERMES_CALL}`;
    const chunks = parseEveryWay(text);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['text', 'reasoning', 'text', 'tool']);
    expect(chunks[1]).toEqual({
      type: 'reasoning',
      value: `maybe ${HERMES_CALL} or\n\n\`\`\`tool search\nq: y\n\`\`\`\n`,
      raw: `<think>maybe ${HERMES_CALL} or\n\n\`\`\`tool search\nq: y\n\`\`\`\n</think>`,
      closed: true,
    } satisfies ReasoningChunk);
    expect(chunks[3]).toMatchObject({ type: 'tool', toolCallId: 'tool-call-1', toolName: 'search', input: { q: 'x' } });
  });

  it('reads Kimi-VL\'s ◁think▷ blocks too (not Magistral\'s [THINK]: see REASONING_TAGS)', () => {
    expect(parseEveryWay('[THINK]hm[/THINK]ok ◁think▷k◁/think▷')).toEqual([
      { type: 'text', value: '[THINK]hm[/THINK]ok ' },
      { type: 'reasoning', value: 'k', raw: '◁think▷k◁/think▷', closed: true },
    ]);
  });

  it('reads <seed:think> and a reasoning block at the start, in the middle and at the end', () => {
    const chunks = parseEveryWay('<seed:think>plan</seed:think>Answer.<think>more</think>');
    expect(chunks).toEqual([
      { type: 'reasoning', value: 'plan', raw: '<seed:think>plan</seed:think>', closed: true },
      { type: 'text', value: 'Answer.' },
      { type: 'reasoning', value: 'more', raw: '<think>more</think>', closed: true },
    ]);
  });

  it('a block cut off by the end of input is reasoning with closed: false (a partial closer is its text)', () => {
    expect(parseEveryWay('<think>still thinking </thi')).toEqual([
      { type: 'reasoning', value: 'still thinking </thi', raw: '<think>still thinking </thi', closed: false },
    ]);
    expect(parseEveryWay('<think>')).toEqual([{ type: 'reasoning', value: '', raw: '<think>', closed: false }]);
  });

  it('the closer is its own tag: </seed:think> does not close <think>, a nested <think> is text', () => {
    expect(parseEveryWay('<think>a</seed:think><think>b</think>c')).toEqual([
      { type: 'reasoning', value: 'a</seed:think><think>b', raw: '<think>a</seed:think><think>b</think>', closed: true },
      { type: 'text', value: 'c' },
    ]);
  });

  it('a tag that is not exactly <think> is text', () => {
    for (const text of ['<thinking>x</thinking>', '<Think>x</Think>', '<think >x</think>', '<thin', '< think>']) {
      expect(parseEveryWay(text), text).toEqual([{ type: 'text', value: text }]);
    }
  });

  it('a <think> inside code is text (invariant 7)', () => {
    for (const text of ['Use `<think>` tags.', '```text\n<think>\n' + HERMES_CALL + '\n```\n', '~~~\n<think>x</think>\n~~~']) {
      const chunks = parseEveryWay(text);
      expect(chunks.every((chunk) => chunk.type === 'text'), text).toBe(true);
    }
  });

  it('reasoning: false reads the tags as text and the calls inside them as calls', () => {
    const chunks = parseEveryWay(`<think>${HERMES_CALL}</think>`, { reasoning: false });
    expect(chunks.map((chunk) => chunk.type)).toEqual(['text', 'tool', 'text']);
    expect(chunks[0]).toEqual({ type: 'text', value: '<think>' });
  });

  it('reasoningStartsOpen: the text up to </think> is reasoning, a leading <think> is its opener, empty text has no chunk', () => {
    const options = { reasoningStartsOpen: true };
    expect(parseEveryWay(`plan ${HERMES_CALL}</think>\n${HERMES_CALL}`, options)).toMatchObject([
      { type: 'reasoning', value: `plan ${HERMES_CALL}`, raw: `plan ${HERMES_CALL}</think>`, closed: true },
      { type: 'text', value: '\n' },
      { type: 'tool', toolCallId: 'tool-call-1' },
    ]);
    expect(parseEveryWay(' \n<think>a</think>b', options)).toEqual([
      { type: 'reasoning', value: 'a', raw: ' \n<think>a</think>b'.slice(0, -1), closed: true },
      { type: 'text', value: 'b' },
    ]);
    expect(parseEveryWay('<thinx</think>', options)).toEqual([{ type: 'reasoning', value: '<thinx', raw: '<thinx</think>', closed: true }]);
    expect(parseEveryWay(' <th', options)).toEqual([{ type: 'reasoning', value: ' <th', raw: ' <th', closed: false }]);
    expect(parseTranscript('', options)).toEqual([]);
    // With reasoning off, the option does nothing.
    expect(parseTranscript('a</think>b', { ...options, reasoning: false })).toEqual([{ type: 'text', value: 'a</think>b' }]);
  });

  it('shows the open block while it streams, as a prefix of what it becomes', () => {
    const parser = createTranscriptParser();
    parser.write('Hi <think>first ');
    expect(parser.chunks).toEqual([
      { type: 'text', value: 'Hi ' },
      { type: 'reasoning', value: 'first ', raw: '<think>first ', closed: false },
    ]);
    parser.write('then</th');
    expect(parser.chunks[1]).toEqual({ type: 'reasoning', value: 'first then', raw: '<think>first then</th', closed: false });
    parser.write('ink>done');
    parser.end();
    expect(parser.chunks).toEqual([
      { type: 'text', value: 'Hi ' },
      { type: 'reasoning', value: 'first then', raw: '<think>first then</think>', closed: true },
      { type: 'text', value: 'done' },
    ]);
  });

  it('is linear on adversarial input (openers, partial closers, calls inside)', () => {
    expectLinearScan('<think></thi</think', undefined);
    expectLinearScan('<think>' + '</thin'.repeat(20) + '</think>', undefined);
    expectLinearScan(`<think>${HERMES_CALL}<tool_call></think>`, undefined);
    expectLinearScan('<thin<see<seed:thin', undefined);
    expectLinearScan(' \n<thi', { reasoningStartsOpen: true });
  });
});

describe('reasoning events', () => {
  const text = `Hello <think>step 1\nstep 2 ${HERMES_CALL}</think> Answer ${HERMES_CALL}`;

  it('the text part ends, reasoning-start / -delta / -end carry the value, and text resumes in a new part', () => {
    const parser = createTranscriptEventParser();
    const events = [...parser.write(text), ...parser.end()];
    const kinds = events.filter((event) => event.type !== 'text-delta' && event.type !== 'reasoning-delta' && event.type !== 'tool-delta').map((event) => `${event.type} ${event.key}`);
    expect(kinds).toEqual([
      'text-start text-1',
      'text-end text-1',
      'reasoning-start reasoning-1',
      'reasoning-end reasoning-1',
      'text-start text-2',
      'text-end text-2',
      'tool-start tool-call-1',
      'tool-identity tool-call-1',
      'tool-settle tool-call-1',
    ]);
    const deltas = events.flatMap((event) => (event.type === 'reasoning-delta' ? [event.delta] : []));
    expect(deltas.join('')).toBe(`step 1\nstep 2 ${HERMES_CALL}`);
    const end = events.find((event) => event.type === 'reasoning-end');
    expect(end).toMatchObject({ chunk: { type: 'reasoning', closed: true, raw: `<think>step 1\nstep 2 ${HERMES_CALL}</think>` } });
  });

  it('at every split, the UI chunks carry the same reasoning text, never a tag', () => {
    const expected = `step 1\nstep 2 ${HERMES_CALL}`;
    for (const pieces of [...splitsInTwo(text), unitByUnit(text)]) {
      const { events } = streamPieces(pieces);
      const deltas = events.flatMap((event) => (event.type === 'reasoning-delta' ? [event.delta] : []));
      expect(deltas.join('')).toBe(expected);
      expect(deltas.every((delta) => delta !== '')).toBe(true);
      expect(events.filter((event) => event.type === 'reasoning-start')).toEqual([{ type: 'reasoning-start', id: 'reasoning-1' }]);
      expect(events.filter((event) => event.type === 'reasoning-end')).toEqual([{ type: 'reasoning-end', id: 'reasoning-1' }]);
    }
  });

  it('createStreamChunks replays a reasoning chunk as one reasoning part', () => {
    const chunks = parseTranscript('<think>why</think>because');
    expect(createStreamChunks(chunks)).toEqual([
      { type: 'reasoning-start', id: 'reasoning-1' },
      { type: 'reasoning-delta', id: 'reasoning-1', delta: 'why' },
      { type: 'reasoning-end', id: 'reasoning-1' },
      { type: 'text-start', id: 'text-1' },
      { type: 'text-delta', id: 'text-1', delta: 'because' },
      { type: 'text-end', id: 'text-1' },
    ] satisfies UIMessageChunk[]);
  });
});

describe.each(SDKS)('readUIMessageStream ($name) gets reasoning parts', (sdk) => {
  const inputs = [
    `Hello <think>step 1\nstep 2 ${HERMES_CALL}</think> Answer ${HERMES_CALL}`,
    '<seed:think>a</seed:think><think></think>b',
    '<think>cut off',
    'no reasoning',
  ];

  it.each(inputs)('%j: whole, replayed and split', async (input) => {
    const chunks = parseTranscript(input);
    const expected = chunks.map((chunk) => {
      if (chunk.type === 'text') return { type: 'text', text: chunk.value };
      if (chunk.type === 'reasoning') return { type: 'reasoning', text: chunk.value, state: 'done' };
      return expect.objectContaining({ type: 'dynamic-tool', toolCallId: chunk.toolCallId, toolName: chunk.toolName, state: chunk.state, input: chunk.input });
    });
    expect(await messageParts(streamPieces([input]).events, sdk)).toEqual(expected);
    expect(await messageParts(createStreamChunks(chunks), sdk)).toEqual(expected);
    for (const pieces of splitsInTwo(input)) expect(await messageParts(streamPieces(pieces).events, sdk)).toEqual(expected);
    expect(await messageParts(streamPieces(unitByUnit(input)).events, sdk)).toEqual(expected);
  });
});
