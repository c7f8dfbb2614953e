/**
 * `restoreTranscriptText`: the messages of a display route, as the model should read them on the
 * next request. Every text-born tool part becomes exactly the text the model wrote (every syntax,
 * however its text was split); what the person answered becomes result sections as the
 * middleware writes them; and the real SDKs' `convertToModelMessages` + `streamText` then run a
 * second turn without `AI_MissingToolResultsError`, the model reading its own protocol.
 */
import type { UIMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toTranscriptUIMessageStream } from '../../src/ai/index.js';
import { CUT_OFF_ERROR_TEXT } from '../../src/ai/route-step.js';
import {
  defaultSyntaxes,
  formatToolResults,
  markdownSections,
  restoreTranscriptText,
  xmlSections,
  type SyntaxName,
  type TranscriptOptions,
} from '../../src/index.js';
import { APPROVED, DENIED } from '../../src/format/restore.js';
import { EXAMPLES } from '../../stories/support/transcripts.js';
import { splitAnywhere } from '../support/splits.js';
import { collect, modelStream, readMessage, toolParts } from './route-support.js';
import { messageText, randomSplit, SDKS, unitByUnit, whole, type Sdk } from './support.js';

/** The assistant message a display route gives for a model that writes `pieces`. */
async function streamed(sdk: Sdk, pieces: readonly string[], options?: TranscriptOptions): Promise<UIMessage> {
  const model = new sdk.test.MockLanguageModelV3({ doStream: async () => ({ stream: sdk.test.convertArrayToReadableStream(modelStream(pieces)) }) });
  const chunks = await collect(toTranscriptUIMessageStream(sdk.sdk.streamText({ model, prompt: 'Hi' }), options));
  const { message, errors } = await readMessage(sdk, chunks);
  expect(errors).toEqual([]);
  return { ...message, id: 'a1' };
}

/** The text of a message's text parts. */
const textOf = (message: UIMessage) => message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });

/** The tools the tool-name syntax reads in its example (it reads only given tools). */
const TOOLTAGS_TOOLS = [{ name: 'read_file' }, { name: 'write_to_file' }];

/** Applies what `addToolOutput` / `addToolApprovalResponse` do to a part (the real ones run in chat.test.ts). */
function answer(message: UIMessage, index: number, change: Record<string, unknown>): UIMessage {
  const parts = message.parts.slice();
  const tools = parts.flatMap((part, at) => (part.type === 'dynamic-tool' ? [at] : []));
  parts[tools[index]!] = { ...parts[tools[index]!], ...change } as UIMessage['parts'][number];
  return { ...message, parts };
}

describe.each(SDKS)('$name', (sdk) => {
  it.each(Object.entries(EXAMPLES) as Array<[SyntaxName, string]>)('%s: the restored message is exactly the text the model wrote (whole, unit by unit, random splits)', async (syntax, text) => {
    const options: TranscriptOptions = { syntaxes: [syntax], ...(syntax === 'tooltags' ? { tools: TOOLTAGS_TOOLS } : {}) };
    for (const split of [whole, unitByUnit, randomSplit(3)]) {
      const message = await streamed(sdk, split(text), options);
      expect(toolParts(message).length, `${syntax}: no tool part`).toBeGreaterThan(0);
      const restored = restoreTranscriptText([message]);
      expect(restored).toHaveLength(1);
      expect(restored[0]!.parts).toEqual([{ type: 'step-start' }, { type: 'text', text, state: 'done' }]);
    }
  });

  it('the default syntaxes: any mix of examples and prose, at random splits, restores to the exact text', async () => {
    const defaults = defaultSyntaxes.map((syntax) => syntax.name as SyntaxName).filter((name) => name in EXAMPLES);
    const pieces = [...defaults.map((name) => EXAMPLES[name]), 'Some prose.\n', ' ', '\n\n', 'a `code` span '];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 4 }), fc.array(fc.nat(), { maxLength: 8 }), async (parts, cuts) => {
        const text = parts.join('');
        const message = await streamed(sdk, splitAnywhere(text, cuts));
        expect(textOf(restoreTranscriptText([message])[0]!)).toBe(text);
      }),
      { numRuns: 30 },
    );
  });

  it("writes the person's answers as result sections after the step, as the middleware does, and not what the text recorded", async () => {
    const text = [
      'Three calls.\n',
      '```tool read_file r1\ninput:\n  path: a.md\n```\n',
      '```tool delete_file d1\nstate: approval-requested\ninput:\n  path: b.md\n```\n',
      '```tool delete_file d2\nstate: approval-requested\ninput:\n  path: c.md\n```\n',
      '```tool search s1\ninput:\n  q: x\noutput: 3 hits\n```\n',
      '```tool search s2\ninput:\n  q: y\n```\nDone.',
    ].join('');
    let message = await streamed(sdk, unitByUnit(text));
    const states = toolParts(message).map((part) => part.state);
    expect(states).toEqual(['input-available', 'approval-requested', 'approval-requested', 'output-available', 'input-available']);
    const approvalOf = (index: number) => (toolParts(message)[index] as { approval: { id: string } }).approval.id;
    message = answer(message, 0, { state: 'output-available', output: { lines: 2 } });
    message = answer(message, 1, { state: 'approval-responded', approval: { id: approvalOf(1), approved: true } });
    message = answer(message, 2, { state: 'approval-responded', approval: { id: approvalOf(2), approved: false, reason: 'keep it' } });
    const before = structuredClone(message);
    const restored = restoreTranscriptText([user('u1', 'Go'), message]);
    expect(message).toEqual(before);
    expect(restored.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(textOf(restored[1]!)).toBe(text);
    const ids = toolParts(message).map((part) => part.toolCallId);
    expect(textOf(restored[2]!)).toBe(
      formatToolResults(
        [
          { toolName: 'read_file', toolCallId: ids[0], output: { lines: 2 } },
          { toolName: 'delete_file', toolCallId: ids[1], output: APPROVED },
          { toolName: 'delete_file', toolCallId: ids[2], errorText: `${DENIED} Reason: keep it` },
        ],
        markdownSections,
      ).text,
    );
    // A denial as the SDK records it after the step (output-denied), and an output error.
    const denied = answer(answer(message, 1, { state: 'output-denied' }), 4, { state: 'output-error', errorText: 'disk full' });
    expect(textOf(restoreTranscriptText([denied])[1]!)).toContain('Error: disk full');
    expect(textOf(restoreTranscriptText([denied])[1]!)).toContain(DENIED);
  });

  it('tells the model what was wrong with a call it could not be read (malformed, or cut off by the end of the reply), as the middleware does', async () => {
    const text = 'Two.\n```tool a\ninput: [unclosed\n```\n```tool b\ninput:\n  x: 1';
    const message = await streamed(sdk, unitByUnit(text));
    const [broken, cut] = toolParts(message);
    expect([broken!.state, cut!.state]).toEqual(['output-error', 'output-error']);
    const restored = restoreTranscriptText([message]);
    expect(textOf(restored[0]!)).toBe(text);
    expect(textOf(restored[1]!)).toBe(
      formatToolResults(
        [
          { toolName: 'a', errorText: broken!.errorText! },
          { toolName: 'b', errorText: CUT_OFF_ERROR_TEXT },
        ],
        markdownSections,
      ).text,
    );
  });

  it('puts the results of a step between that step and the next one; xml-like syntaxes get xml sections', async () => {
    const step1 = 'Reading <tool name="read" id="x1"><arg name="path">a</arg></tool> now.';
    const first = await streamed(sdk, [step1]);
    const answered = answer(first, 0, { state: 'output-available', output: 'contents' });
    const message: UIMessage = { ...answered, parts: [...answered.parts, { type: 'step-start' }, { type: 'text', text: 'It says contents.', state: 'done' }] };
    const restored = restoreTranscriptText([message]);
    expect(restored.map((m) => [m.id, m.role])).toEqual([
      ['a1', 'assistant'],
      ['a1-results-1', 'user'],
      ['a1-2', 'assistant'],
    ]);
    expect(restored[0]!.parts).toEqual([{ type: 'step-start' }, { type: 'text', text: step1, state: 'done' }]);
    expect(textOf(restored[1]!)).toBe(formatToolResults([{ toolName: 'read', output: 'contents' }], xmlSections).text);
    expect(restored[2]!.parts).toEqual([{ type: 'step-start' }, { type: 'text', text: 'It says contents.', state: 'done' }]);
    // `results` chooses the format.
    expect(textOf(restoreTranscriptText([message], { results: markdownSections })[1]!)).toBe(formatToolResults([{ toolName: 'read', output: 'contents' }], markdownSections).text);
  });

  it('leaves native tool parts, reasoning, files, and user and system messages as they are', async () => {
    const streamedMessage = await streamed(sdk, ['Hi 🛠️[sh]\nls\n🛠️[/end]']);
    const native = { type: 'dynamic-tool', toolName: 'weather', toolCallId: 'n1', state: 'output-available', input: {}, output: 3 } as const;
    const message: UIMessage = {
      ...streamedMessage,
      parts: [{ type: 'reasoning', text: 'hm', state: 'done' }, ...streamedMessage.parts, native, { type: 'file', mediaType: 'image/png', url: 'data:,' }],
    };
    const messages: UIMessage[] = [{ id: 's', role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] }, user('u1', 'Hi'), message];
    const restored = restoreTranscriptText(messages);
    expect(restored.slice(0, 2)).toEqual(messages.slice(0, 2));
    expect(restored[2]!.parts).toEqual([
      { type: 'reasoning', text: 'hm', state: 'done' },
      { type: 'step-start' },
      { type: 'text', text: 'Hi 🛠️[sh]\nls\n🛠️[/end]', state: 'done' },
      native,
      { type: 'file', mediaType: 'image/png', url: 'data:,' },
    ]);
    // A message with no text-born part is the same object.
    const plain = user('u2', 'x');
    expect(restoreTranscriptText([plain])[0]).toBe(plain);
  });

  it('never throws on messages of any shape (what a client can send), and keeps what it cannot read', () => {
    const part = fc.oneof(
      fc.anything(),
      fc.record({ type: fc.constantFrom('text', 'dynamic-tool', 'tool-x', 'step-start', 'reasoning'), text: fc.anything(), state: fc.anything(), toolMetadata: fc.anything(), approval: fc.anything() }),
      fc.record({ type: fc.constant('dynamic-tool'), toolName: fc.anything(), state: fc.string(), toolMetadata: fc.record({ syntax: fc.string(), raw: fc.string(), textState: fc.anything() }) }),
    );
    const message = fc.oneof(fc.anything(), fc.record({ id: fc.string(), role: fc.constantFrom('assistant', 'user', 'system'), parts: fc.oneof(fc.anything(), fc.array(part)) }));
    fc.assert(
      fc.property(fc.array(message), (messages) => {
        const restored = restoreTranscriptText(messages as UIMessage[]);
        expect(restored.length).toBeGreaterThanOrEqual(messages.length);
      }),
      { numRuns: 300 },
    );
    expect(() => restoreTranscriptText('x' as never)).toThrow(TypeError);
  });

  it('restores a call cut off by a stop (still input-streaming) from its raw input', async () => {
    const message: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'text', text: 'Writing ', state: 'streaming' },
        { type: 'dynamic-tool', toolName: 'sh', toolCallId: 'c1', state: 'input-streaming', input: '🛠️[sh]\nls', rawInput: '🛠️[sh]\nls', toolMetadata: { syntax: 'emoji' } } as never,
      ],
    };
    expect(restoreTranscriptText([message])[0]!.parts).toEqual([{ type: 'text', text: 'Writing 🛠️[sh]\nls', state: 'done' }]);
  });

  it('the second turn: convertToModelMessages + streamText throw AI_MissingToolResultsError without it; with it the model reads its own text and the results', async () => {
    const text = 'Let me check.\n```tool read_file r1\ninput:\n  path: a.md\n```\n```tool read_file r2\ninput:\n  path: b.md\n```\n';
    let message = await streamed(sdk, randomSplit(5)(text));
    message = answer(message, 0, { state: 'output-available', output: 'alpha' });
    const history = [user('u1', 'Read both.'), message, user('u2', 'Thanks. And now?')];
    const prompts: unknown[] = [];
    const model = new sdk.test.MockLanguageModelV3({
      doStream: async (options) => {
        prompts.push(options.prompt);
        return { stream: sdk.test.convertArrayToReadableStream(modelStream(['Done.'])) };
      },
    });
    const run = async (messages: UIMessage[]) => {
      const errors: unknown[] = [];
      const result = sdk.sdk.streamText({ model, messages: await sdk.sdk.convertToModelMessages(messages), onError: ({ error }) => void errors.push(error) });
      const out = await Promise.resolve(result.text).catch((error: unknown) => (errors.push(error), ''));
      return { out, errors };
    };
    // Before: the raw UI messages (what the README route did).
    const before = await run(history).catch((error: unknown) => ({ out: '', errors: [error] }));
    expect(before.errors.map((error) => (error as Error).name)).toContain('AI_MissingToolResultsError');
    // After.
    const after = await run(restoreTranscriptText(history));
    expect(after).toEqual({ out: 'Done.', errors: [] });
    const prompt = prompts.at(-1) as Parameters<typeof messageText>[0][];
    expect(prompt.map((m) => m!.role)).toEqual(['user', 'assistant', 'user', 'user']);
    expect(messageText(prompt[1])).toBe(text);
    expect(messageText(prompt[2])).toBe(formatToolResults([{ toolName: 'read_file', output: 'alpha' }], markdownSections).text);
    expect(prompt.every((m) => typeof m!.content === 'string' || m!.content.every((part) => part.type === 'text'))).toBe(true);
  });
});
