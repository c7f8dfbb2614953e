/**
 * The whole AI SDK tool lifecycle through the event pipeline: ids the SDK can keep apart,
 * the seven states and approvals, explicit states beside contradicting fields, each checked
 * whole and split, through the real `readUIMessageStream` of ai 6 and ai 7, and back into
 * the store.
 */
import { describe, expect, it } from 'vitest';
import { createStreamChunks, parseTranscript, type ToolChunk, type ToolSyntax, type TranscriptOptions } from '../../src/index.js';
import { builtinSyntaxes } from '../../src/syntaxes/index.js';
import { createTranscriptStore } from '../../src/store/index.js';
import { expectedParts, messageParts, messages, SDKS } from '../support/ai-sdk.js';
import { splitAt, streamPieces, unitByUnit } from '../support/splits.js';

const all: TranscriptOptions = { syntaxes: Object.values(builtinSyntaxes) as ToolSyntax[] };
const tools = (text: string, options: TranscriptOptions = all) =>
  parseTranscript(text, options).filter((chunk): chunk is ToolChunk => chunk.type === 'tool');

/** Whole, unit by unit and at a few cuts: the chunks of every split. */
function splits(text: string): string[][] {
  return [[text], unitByUnit(text), splitAt(text, [3, 11, 12, 29, text.length >> 1])];
}

describe('ids the AI SDK can keep apart', () => {
  const cases = {
    'a model repeating an id': '```tool a x\n```\n```tool b x\n```\n```tool c x\n```\n',
    'an explicit id colliding with a generated one': '```tool a id=tool-call-2\n```\n```tool b\n```\n',
    'an OpenAI list repeating an id':
      '{"tool_calls":[{"id":"c1","type":"function","function":{"name":"a","arguments":"{}"}},{"id":"c1","type":"function","function":{"name":"b","arguments":"{}"}}]}\n',
  };

  it.each(Object.entries(cases))('%s: every call gets its own id, the same whole and split', (_, text) => {
    const calls = tools(text);
    const ids = calls.map((call) => call.toolCallId);
    expect(new Set(ids).size).toBe(calls.length);
    for (const pieces of splits(text)) expect(streamPieces(pieces, all).chunks).toEqual(parseTranscript(text, all));
  });

  it('follows the documented rule: a repeated id becomes ID~2, ID~3; generated ids stay tool-call-N', () => {
    expect(tools(cases['a model repeating an id']).map((c) => c.toolCallId)).toEqual(['x', 'x~2', 'x~3']);
    expect(tools(cases['an explicit id colliding with a generated one']).map((c) => c.toolCallId)).toEqual(['tool-call-2', 'tool-call-2~2']);
    expect(tools(cases['an OpenAI list repeating an id']).map((c) => c.toolCallId)).toEqual(['c1', 'c1~2']);
    // A text whose ids repeat many times still costs linear work (the suffix counter moves on).
    const many = '```tool a x\n```\n'.repeat(2000);
    expect(tools(many).at(-1)!.toolCallId).toBe('x~2000');
  });

  it.each(SDKS)('$name keeps every call as its own part', async (sdk) => {
    for (const text of Object.values(cases)) {
      const { events } = streamPieces([text], all);
      const parts = (await messageParts(events, sdk)).filter((part) => (part as { type: string }).type === 'dynamic-tool');
      expect(parts).toHaveLength(tools(text).length);
      expect(await messageParts(events, sdk)).toEqual(expectedParts(parseTranscript(text, all)));
    }
  });

  it('the store shows the same ids', () => {
    for (const text of Object.values(cases)) {
      const store = createTranscriptStore(all);
      for (const piece of unitByUnit(text)) store.append(piece);
      store.end();
      const shown = store.getState().ids.map((id) => store.getItem(id)).filter((item) => item?.type === 'tool');
      expect(shown).toEqual(tools(text));
    }
  });
});

describe('seven states and approvals', () => {
  const text = [
    '```tool deploy d1\nstate: approval-requested\napproval: {id: ap-1}\ninput: {env: prod}\n```\n',
    '```tool deploy d2\nstate: approval-responded\napproval: {id: ap-2, approved: true}\ninput: {env: dev}\n```\n',
    '```tool deploy d3\nstate: output-denied\napproval: {id: ap-3, approved: false, reason: not on a Friday}\ninput: {env: prod}\n```\n',
    '```tool deploy d4\nstate: approval-requested\ninput: {env: qa}\n```\n',
    '```tool deploy d5\nstate: output-available\napproval: {id: ap-5, approved: true}\noutput: done\n```\n',
  ].join('');

  it('a fence records any state with its approval', () => {
    expect(tools(text).map(({ toolCallId, state, approval }) => ({ toolCallId, state, approval }))).toEqual([
      { toolCallId: 'd1', state: 'approval-requested', approval: { id: 'ap-1' } },
      { toolCallId: 'd2', state: 'approval-responded', approval: { id: 'ap-2', approved: true } },
      { toolCallId: 'd3', state: 'output-denied', approval: { id: 'ap-3', approved: false, reason: 'not on a Friday' } },
      { toolCallId: 'd4', state: 'approval-requested', approval: undefined },
      { toolCallId: 'd5', state: 'output-available', approval: { id: 'ap-5', approved: true } },
    ]);
    expect(tools('```tool x\napproval: {approved: true}\n```\n')[0]).toMatchObject({ state: 'output-error', errorText: expect.stringMatching(/approval must have an id/) });
  });

  it('the encoder sends the approval chunks in the SDK’s order', () => {
    const types = createStreamChunks(parseTranscript(text)).map((chunk) => chunk.type);
    // d2 (approval-responded) sends no request: without tool-approval-response it would stay one.
    expect(types.filter((type) => type.startsWith('tool-approval') || type === 'tool-output-denied')).toEqual([
      'tool-approval-request',
      'tool-approval-request',
      'tool-output-denied',
      'tool-approval-request',
      'tool-approval-request',
    ]);
    const withResponses = createStreamChunks(parseTranscript(text), { approvalResponses: true });
    expect(withResponses).toContainEqual({ type: 'tool-approval-response', approvalId: 'ap-3', approved: false, reason: 'not on a Friday' });
  });

  it.each(SDKS)('$name reads them whole and split (with and without approvalResponses)', async (sdk) => {
    for (const approvalResponses of [false, true]) {
      const options = { ...all, approvalResponses };
      const expected = expectedParts(parseTranscript(text, options), { approvalResponses: approvalResponses && sdk.name === 'ai 7', sent: approvalResponses });
      for (const pieces of [[text], splitAt(text, [10, 50, 51, 200])]) {
        expect(await messageParts(streamPieces(pieces, options).events, sdk)).toEqual(expected);
      }
    }
  });

  it.each(SDKS)('$name: the store fed the final message shows what parseTranscript says', async (sdk) => {
    const yielded = await messages(streamPieces([text], all).events, sdk);
    const store = createTranscriptStore(all);
    store.setMessage(yielded.at(-1)!);
    const shown = store.getState().ids.map((id) => store.getItem(id)).filter((item): item is ToolChunk => item?.type === 'tool');
    // The answer of an approval travels in toolMetadata when the SDK cannot carry it: nothing is
    // lost, and an approval-responded part (input-available in the SDK) is answered again here.
    expect(shown.map(({ raw: _r, closed: _c, ...rest }) => rest)).toEqual(
      tools(text).map(({ raw: _r, closed: _c, ...rest }) => ({
        ...rest,
        // An approval the block did not record gets the id the encoder made for it.
        approval: rest.approval ?? { id: `approval-${rest.toolCallId}` },
      })),
    );
  });
});

describe('an explicit state that contradicts its fields', () => {
  const text = '```tool search s1\nstate: input-available\ninput: {q: tides}\noutput: {hits: 3}\nerrorText: ignored\n```\n';

  it('the explicit state wins and the chunk keeps the output and error', () => {
    expect(tools(text)[0]).toMatchObject({ state: 'input-available', output: { hits: 3 }, errorText: 'ignored' });
  });

  it.each(SDKS)('$name: the part has the explicit state; the rest rides in toolMetadata, and the store gets it back', async (sdk) => {
    const yielded = await messages(streamPieces(unitByUnit(text), all).events, sdk);
    const part = yielded.at(-1)!.parts.find((p) => p.type === 'dynamic-tool') as { state: string; toolMetadata?: unknown };
    expect(part.state).toBe('input-available');
    expect(part.toolMetadata).toEqual({ syntax: 'fence', output: { hits: 3 }, errorText: 'ignored' });
    const store = createTranscriptStore(all);
    store.setMessage(yielded.at(-1)!);
    const { raw: _raw, ...expected } = tools(text)[0]!;
    expect(store.getItem('s1')).toEqual({ ...expected, raw: '' });
  });
});

describe('the seven states in the remark HTML', () => {
  it('every state shows its label and data-status; an approval shows its answer', async () => {
    const { toolCallToHast } = await import('../../src/remark/hast.js');
    const { DEFAULT_TOOL_CARD_LABELS } = await import('../../src/card/index.js');
    const { TOOL_STATES } = await import('../../src/index.js');
    for (const state of TOOL_STATES) {
      const hast = toolCallToHast({
        type: 'toolCall',
        toolCallId: 'c',
        toolName: 't',
        state,
        input: {},
        syntax: 'fence',
        closed: true,
        approval: { id: 'ap', approved: false, reason: 'no' },
      });
      expect(hast.properties).toMatchObject({ dataStatus: state, dataApprovalId: 'ap' });
      // Static HTML is a finished transcript: a call with no result there was "Called".
      expect(JSON.stringify(hast)).toContain(JSON.stringify(state === 'input-available' ? 'Called' : DEFAULT_TOOL_CARD_LABELS.states[state]));
      // A request shows that it waits; every other state the recorded answer.
      expect(JSON.stringify(hast)).toContain(state === 'approval-requested' ? 'Waiting for approval.' : 'Denied: no');
    }
  });
});
