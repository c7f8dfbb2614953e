/**
 * The lifecycle at its edges (issue #23), through every path a recorded state takes: parseTranscript,
 * the stream parser at every split, the UI chunks read by the real `readUIMessageStream` of ai 6
 * and ai 7 (default options and `approvalResponses`), the store (fed the text, the chunks, or the
 * SDK's message) and the remark plugin.
 *
 * - `state: approval-responded` with its answer never reaches a client as a request to answer again;
 * - `approval-responded` without `approved`, and `input-streaming` recorded on a block, are
 *   errors that keep the block's input (never its source text);
 * - fields recorded beside a state the SDK part has no place for ride in `toolMetadata` and come back.
 */
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { createStreamChunks, fenceSyntax, parseTranscript, TOOL_STATES, type ToolChunk, type TranscriptOptions, type UIMessageChunk } from '../../src/index.js';
import remarkToolCalls from '../../src/remark/index.js';
import { createTranscriptStore } from '../../src/store/index.js';
import { toolCalls } from '../remark/support.js';
import { messages, SDKS, type Sdk } from '../support/ai-sdk.js';
import { parseAtEverySplit, streamPieces, unitByUnit } from '../support/splits.js';

const fence = (body: string) => `Deploying.\n\`\`\`tool deploy d1\n${body}\n\`\`\`\nDone.\n`;

/** The tool chunk of `text`, checked the same at every split in two and one unit at a time. */
function everySplit(text: string, options: TranscriptOptions = {}): ToolChunk {
  const whole = parseAtEverySplit(text, options);
  return whole.find((chunk): chunk is ToolChunk => chunk.type === 'tool')!;
}

interface SdkPart {
  type: string;
  state: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
  approval?: { id: string; approved?: boolean; reason?: string };
  toolMetadata?: Record<string, unknown>;
}

/** The final dynamic-tool part `sdk` builds from `events`, and that message. */
async function finalPart(events: readonly UIMessageChunk[], sdk: Sdk) {
  const message = (await messages(events, sdk)).at(-1)!;
  return { message, part: message.parts.find((p) => p.type === 'dynamic-tool') as unknown as SdkPart };
}

/** Every UI-chunk stream of `text`: encoded from the chunks, and from the parser fed whole and unit by unit. */
function eventStreams(text: string, options: TranscriptOptions = {}): UIMessageChunk[][] {
  return [createStreamChunks(parseTranscript(text, options), options), streamPieces([text], options).events, streamPieces(unitByUnit(text), options).events];
}

/** The store's item for `id`, fed the text a few units at a time. */
function storeItem(text: string, id: string) {
  const store = createTranscriptStore();
  for (let i = 0; i < text.length; i += 3) store.append(text.slice(i, i + 3));
  store.end();
  return store.getItem(id);
}

const remarkNode = (text: string) => toolCalls(unified().use(remarkParse).use(remarkToolCalls).parse(text))[0];

describe('approval-responded: an answered request is never offered again', () => {
  const approved = fence('state: approval-responded\napproval: {id: ap-1, approved: true}\ninput: {env: prod}');
  const denied = fence('state: approval-responded\napproval: {id: ap-2, approved: false, reason: not today}\ninput: {env: prod}');
  const answers = [
    [approved, { id: 'ap-1', approved: true }],
    [denied, { id: 'ap-2', approved: false, reason: 'not today' }],
  ] as const;

  it('parseTranscript, the stream at every split, the store and remark keep the state and answer', () => {
    for (const [text, approval] of answers) {
      expect(everySplit(text)).toMatchObject({ state: 'approval-responded', approval, input: { env: 'prod' } });
      expect(storeItem(text, 'd1')).toMatchObject({ state: 'approval-responded', approval });
      expect(remarkNode(text)).toMatchObject({ state: 'approval-responded', input: { env: 'prod' } });
    }
  });

  it.each(SDKS)('$name, default options: the part is not a request (input-available), the answer in toolMetadata', async (sdk) => {
    for (const [text, approval] of answers) {
      for (const events of eventStreams(text)) {
        expect(events.map((event) => event.type)).not.toContain('tool-approval-request');
        const { part, message } = await finalPart(events, sdk);
        expect(part.state).toBe('input-available');
        expect(part.approval).toBeUndefined();
        expect(part.input).toEqual({ env: 'prod' });
        expect(part.toolMetadata).toMatchObject({ syntax: 'fence', approval });
        // A client reading the message (store.setMessage, <ToolTranscript message>) shows it answered.
        const store = createTranscriptStore();
        store.setMessage(message);
        expect(store.getItem('d1')).toMatchObject({ state: 'approval-responded', approval, input: { env: 'prod' } });
        // And so does a store fed the UI chunks themselves.
        const fed = createTranscriptStore();
        for (const event of events) fed.applyChunk(event);
        expect(fed.getItem('d1')).toMatchObject({ state: 'approval-responded', approval, input: { env: 'prod' } });
      }
    }
  });

  it('ai 7 with approvalResponses: the part ends approval-responded with approved and reason', async () => {
    const sdk = SDKS.find((s) => s.name === 'ai 7')!;
    for (const [text, approval] of answers) {
      for (const events of eventStreams(text, { approvalResponses: true })) {
        const { part } = await finalPart(events, sdk);
        expect(part.state).toBe('approval-responded');
        expect(part.approval).toEqual(approval);
        expect(part.input).toEqual({ env: 'prod' });
      }
    }
  });

  it('approval-responded without the answer is an error that says what is missing, its input kept', async () => {
    for (const body of ['state: approval-responded\napproval: {id: ap-3}\ninput: {env: prod}', 'state: approval-responded\ninput: {env: prod}']) {
      const text = fence(body);
      const tool = everySplit(text);
      expect(tool).toMatchObject({ state: 'output-error', input: { env: 'prod' }, errorText: 'state approval-responded needs the answer: approval: {id, approved: true or false}' });
      expect(storeItem(text, 'd1')).toMatchObject({ state: 'output-error', input: { env: 'prod' } });
      expect(remarkNode(text)).toMatchObject({ state: 'output-error' });
      for (const sdk of SDKS) {
        for (const options of [{}, { approvalResponses: true }]) {
          for (const events of eventStreams(text, options)) {
            const { part } = await finalPart(events, sdk);
            expect(part, sdk.name).toMatchObject({ state: 'output-error', input: { env: 'prod' }, errorText: tool.errorText });
          }
        }
      }
    }
  });
});

describe('input-streaming recorded on a block', () => {
  const closed = fence('state: input-streaming\ninput: {path: a.txt}');
  const cutOff = 'Deploying.\n```tool deploy d1\nstate: input-streaming\ninput: {path: a.txt}\n';
  const message = 'state input-streaming cannot be recorded: it means the call is still being written, and this block is complete (record input-available, or leave the state out)';

  it('is an error keeping the block’s input, whole, at every split, in the store and in remark', () => {
    for (const text of [closed, cutOff]) {
      expect(everySplit(text)).toMatchObject({ state: 'output-error', input: { path: 'a.txt' }, errorText: message, closed: text === closed });
      expect(storeItem(text, 'd1')).toMatchObject({ state: 'output-error', input: { path: 'a.txt' } });
    }
    expect(remarkNode(closed)).toMatchObject({ state: 'output-error', input: { path: 'a.txt' }, errorText: message });
  });

  it.each(SDKS)('$name: the part’s input is the block’s input, not its source text, and nothing is left streaming', async (sdk) => {
    for (const events of eventStreams(closed)) {
      const { part } = await finalPart(events, sdk);
      expect(part).toMatchObject({ state: 'output-error', input: { path: 'a.txt' }, errorText: message });
    }
  });
});

describe('the fence format', () => {
  it('writes no state that would read back as an error: input-streaming and approval-responded are left out', () => {
    for (const state of TOOL_STATES) {
      const text = fenceSyntax.format({ toolName: 't', toolCallId: 'c', input: { a: 1 }, state });
      const tool = everySplit(text);
      expect(tool.input, state).toEqual({ a: 1 });
      expect(tool.state, state).toBe(state === 'input-streaming' || state === 'approval-responded' ? 'input-available' : state);
    }
  });
});

describe('fields recorded beside a state the SDK part has no place for', () => {
  const cases = [
    [fence('state: output-error\nerrorText: disk full\noutput: {partial: 3}\ninput: {env: prod}'), 'output-error', { output: { partial: 3 } }],
    [fence('state: output-available\noutput: {ok: true}\nerrorText: retried once\ninput: {env: prod}'), 'output-available', { errorText: 'retried once' }],
  ] as const;

  it.each(SDKS)('$name: ride in toolMetadata, and the store reading the message gets them back', async (sdk) => {
    for (const [text, state, kept] of cases) {
      const tool = everySplit(text);
      expect(tool).toMatchObject({ state, ...kept });
      for (const events of eventStreams(text)) {
        const { part, message } = await finalPart(events, sdk);
        expect(part.state).toBe(state);
        expect(part.toolMetadata).toEqual({ syntax: 'fence', ...kept });
        const store = createTranscriptStore();
        store.setMessage(message);
        const { raw: _raw, ...rest } = tool;
        expect(store.getItem('d1')).toEqual({ ...rest, raw: '' });
      }
    }
  });
});
