/**
 * `toTranscriptUIMessageStream`: a `streamText` result in, the UI message stream of a display
 * route out, read by the real `readUIMessageStream` of ai 6 and ai 7 — steps, the parts
 * `transcriptTransform` makes (whole and at every split), ids unique across responses, calls cut
 * off by the end of the model's output, and model errors.
 */
import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { toTranscriptUIMessageStream } from '../../src/ai/index.js';
import { CUT_OFF_ERROR_TEXT } from '../../src/ai/route-step.js';
import { DEFAULT_ERROR_TEXT } from '../../src/ai/ui-message-stream.js';
import { parseTranscript, transcriptTransform, type ToolChunk, type UIMessageChunk } from '../../src/index.js';
import { MIXED } from '../../stories/support/transcripts.js';
import { splitsInTwo } from '../support/splits.js';
import { collect, modelStream, readMessage, source, stepParts, toolParts } from './route-support.js';
import { randomSplit, SDKS, unitByUnit, whole, type Sdk } from './support.js';

const SHORT = 'Looking.\n```tool search s1\ninput:\n  query: tides\n```\nThen 🛠️[sh]\nls\n🛠️[/end] done.';

/** The route's stream for a mock model that writes `pieces`. */
function route(sdk: Sdk, pieces: readonly string[], options?: Parameters<typeof toTranscriptUIMessageStream>[1], end?: Parameters<typeof modelStream>[1]) {
  const model = new sdk.test.MockLanguageModelV3({ doStream: async () => ({ stream: sdk.test.convertArrayToReadableStream(modelStream(pieces, end)) }) });
  return toTranscriptUIMessageStream(sdk.sdk.streamText({ model, prompt: 'Hi', onError: () => {} }), options);
}

/** What a message shows: text, reasoning and tool parts, as compared across streams. */
function view(message: UIMessage): unknown[] {
  return message.parts
    .filter((part) => part.type === 'text' || part.type === 'reasoning' || part.type === 'dynamic-tool')
    .map((part) => {
      if (part.type === 'text' || part.type === 'reasoning') return { type: part.type, text: part.text };
      if (part.type !== 'dynamic-tool') throw new Error('unreachable');
      return {
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        state: part.state,
        input: part.input,
        ...(part.state === 'output-available' ? { output: part.output } : {}),
        ...(part.state === 'output-error' ? { errorText: part.errorText } : {}),
      };
    });
}

/** The message `transcriptTransform` gives for the whole text (the low-level piece the route builds on). */
async function transformed(sdk: Sdk, text: string): Promise<UIMessage> {
  const chunks = await collect(
    new ReadableStream<string>({
      start(controller) {
        controller.enqueue(text);
        controller.close();
      },
    }).pipeThrough(transcriptTransform()),
  );
  return (await readMessage(sdk, [{ type: 'start' }, ...chunks, { type: 'finish' }])).message;
}

describe.each(SDKS)('$name', (sdk) => {
  it('sends start, one step with the parts transcriptTransform makes, and finish (whole, unit by unit, random splits)', async () => {
    const expected = view(await transformed(sdk, MIXED));
    for (const split of [whole, unitByUnit, randomSplit(7)]) {
      const chunks = await collect(route(sdk, split(MIXED), { idPrefix: 'tool-call-' }));
      expect(chunks[0]).toEqual({ type: 'start' });
      expect(chunks.filter((chunk) => chunk.type === 'start-step')).toHaveLength(1);
      expect(chunks.at(-2)).toEqual({ type: 'finish-step' });
      expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
      const { message, errors } = await readMessage(sdk, chunks);
      expect(errors).toEqual([]);
      expect(message.parts[0]).toEqual({ type: 'step-start' });
      expect(view(message)).toEqual(expected);
    }
  });

  it('gives the same message split at every position', async () => {
    const expected = view((await readMessage(sdk, await collect(route(sdk, [SHORT], { idPrefix: 'c-' })))).message);
    for (const pieces of splitsInTwo(SHORT)) {
      expect(view((await readMessage(sdk, await collect(route(sdk, pieces, { idPrefix: 'c-' })))).message)).toEqual(expected);
    }
  });

  it('carries each block source in toolMetadata.raw, and the syntax', async () => {
    const { message } = await readMessage(sdk, await collect(route(sdk, unitByUnit(SHORT))));
    const raws = parseTranscript(SHORT).filter((chunk): chunk is ToolChunk => chunk.type === 'tool').map((chunk) => ({ syntax: chunk.syntax, raw: chunk.raw }));
    expect(toolParts(message).map((part) => part.toolMetadata)).toEqual(raws);
  });

  it('makes tool call ids unique across responses by default (generated and written ones), deterministic with idPrefix', async () => {
    const ids = async (options?: Parameters<typeof toTranscriptUIMessageStream>[1]) =>
      toolParts((await readMessage(sdk, await collect(route(sdk, [SHORT], options)))).message).map((part) => part.toolCallId);
    const [first, second] = [await ids(), await ids()];
    expect(first).toHaveLength(2);
    expect(new Set([...first, ...second]).size).toBe(4);
    expect(first[0]).toMatch(/-s1$/);
    expect(await ids({ generateId: () => 'r1' })).toEqual(['r1-s1', 'r1-tool-call-2']);
    expect(await ids({ idPrefix: 'x-' })).toEqual(['s1', 'x-2']);
    expect(await ids({ idPrefix: 'x-' })).toEqual(['s1', 'x-2']);
  });

  it('keeps every card when a response continues the message after an approval, and when a step repeats ids', async () => {
    const step = ['Doing it.\n```tool write a1\ninput:\n  path: a\n```\n```tool write\ninput:\n  path: b\n```\n'];
    const first = await readMessage(sdk, await collect(toTranscriptUIMessageStream(source([...stepParts(step), { type: 'finish', finishReason: 'stop' }]))));
    // The next request continues the same assistant message (useChat after an approval), with two steps that write the same ids again.
    const next = await collect(toTranscriptUIMessageStream(source([...stepParts(step), ...stepParts(step), { type: 'finish', finishReason: 'stop' }])));
    const { message, errors } = await readMessage(sdk, next, first.message);
    expect(errors).toEqual([]);
    const parts = toolParts(message);
    expect(parts).toHaveLength(6);
    expect(new Set(parts.map((part) => part.toolCallId)).size).toBe(6);
    expect(parts.map((part) => (part.input as { path: string }).path)).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    expect(message.parts.filter((part) => part.type === 'step-start')).toHaveLength(3);
    // With idPrefix, a repeat in a later step of the same response gets ~2.
    const fixed = await readMessage(sdk, await collect(toTranscriptUIMessageStream(source([...stepParts(step), ...stepParts(step)]), { idPrefix: 'x-' })));
    expect(toolParts(fixed.message).map((part) => part.toolCallId)).toEqual(['a1', 'x-2', 'a1~2', 'x-2~2']);
  });

  it('asks for approval of the calls needsApproval names, after their input (not for answered, broken or cut-off ones)', async () => {
    const text = [
      '```tool delete_file\ninput:\n  path: a\n```\n',
      '```tool read_file\ninput:\n  path: b\n```\n',
      '```tool delete_file\ninput:\n  path: c\noutput: gone\n```\n',
      '```tool delete_file\ninput: [unclosed\n```\n',
      '```tool delete_file\ninput:\n  path: cut',
    ].join('');
    const seen: unknown[] = [];
    const chunks = await collect(
      route(sdk, unitByUnit(text), { generateId: () => 'r', needsApproval: (call) => (seen.push(call), call.toolName === 'delete_file') }),
    );
    expect(seen).toEqual([
      { toolCallId: 'r-tool-call-1', toolName: 'delete_file', input: { path: 'a' } },
      { toolCallId: 'r-tool-call-2', toolName: 'read_file', input: { path: 'b' } },
    ]);
    const at = chunks.findIndex((chunk) => chunk.type === 'tool-approval-request');
    expect(chunks[at - 1]).toMatchObject({ type: 'tool-input-available', toolCallId: 'r-tool-call-1' });
    expect(chunks[at]).toEqual({ type: 'tool-approval-request', approvalId: 'r-approval-tool-call-1', toolCallId: 'r-tool-call-1' });
    const { message } = await readMessage(sdk, chunks);
    const states = ['approval-requested', 'input-available', 'output-available', 'output-error', 'output-error'];
    expect(toolParts(message).map((part) => part.state)).toEqual(states);
    // The same at every split.
    for (const pieces of splitsInTwo(text)) {
      const split = await readMessage(sdk, await collect(route(sdk, pieces, { needsApproval: (call) => call.toolName === 'delete_file' })));
      expect(toolParts(split.message).map((part) => part.state)).toEqual(states);
    }
    // `true` asks for every call; a function that throws asks too.
    for (const needsApproval of [true, () => { throw new Error('no'); }] as const) {
      const { message: asked } = await readMessage(sdk, await collect(route(sdk, [SHORT], { needsApproval })));
      expect(toolParts(asked).map((part) => part.state)).toEqual(['approval-requested', 'approval-requested']);
    }
  });

  it('ends a call still open when the model stops in output-error, with its input so far, at every split', async () => {
    const text = 'Writing.\n```tool write_file w1\ninput:\n  path: notes.md\n  content: half a li';
    const open = parseTranscript(text).find((chunk): chunk is ToolChunk => chunk.type === 'tool')!;
    expect(open.closed).toBe(false);
    for (const pieces of [[text], ...splitsInTwo(text)]) {
      const chunks = await collect(route(sdk, pieces, undefined, { finishReason: 'length' }));
      expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'length' });
      // Nothing downstream may take it for a finished call.
      expect(chunks.filter((chunk) => chunk.type === 'tool-input-available')).toEqual([]);
      expect(chunks.filter((chunk) => chunk.type === 'tool-input-error')).toHaveLength(1);
      const { message } = await readMessage(sdk, chunks);
      const [part] = toolParts(message);
      expect(part).toMatchObject({ state: 'output-error', toolName: 'write_file', input: open.input, errorText: CUT_OFF_ERROR_TEXT });
      expect(part!.toolMetadata).toEqual({ syntax: 'fence', raw: text.slice('Writing.\n'.length) });
    }
  });

  it('turns a model error into an error chunk (hidden by default, worded by onError) after closing the open call', async () => {
    const pieces = ['Writing.\n```tool write_file w1\n', 'input:\n  path: a'];
    for (const [options, errorText] of [
      [undefined, DEFAULT_ERROR_TEXT],
      [{ onError: (error: unknown) => `Model failed: ${(error as Error).message}` }, 'Model failed: rate limited'],
      [{ onError: () => { throw new Error('oops'); } }, DEFAULT_ERROR_TEXT],
    ] as const) {
      const chunks = await collect(route(sdk, pieces, options, { error: new Error('rate limited') }));
      const error = chunks.findIndex((chunk) => chunk.type === 'error');
      expect(chunks[error]).toEqual({ type: 'error', errorText });
      expect(chunks.slice(0, error).map((chunk) => chunk.type)).toContain('tool-input-error');
      expect(chunks.slice(0, error).map((chunk) => chunk.type)).not.toContain('tool-input-available');
      const { message, errors } = await readMessage(sdk, chunks);
      expect(errors.map((e) => (e as Error).message)).toEqual([errorText]);
      expect(toolParts(message).map((part) => part.state)).toEqual(['output-error']);
    }
  });

  it('turns a failing full stream (a throw) into an error chunk, and closes the open parts', async () => {
    const chunks = await collect(toTranscriptUIMessageStream(source(stepParts(['Hi ```tool a\ninput:\n  x: 1']).slice(0, -2), new Error('socket hang up'))));
    expect(chunks.at(-1)).toEqual({ type: 'error', errorText: DEFAULT_ERROR_TEXT });
    const { message } = await readMessage(sdk, chunks);
    expect(message.parts.some((part) => 'state' in part && (part.state === 'input-streaming' || part.state === 'streaming'))).toBe(false);
  });

  it('passes an abort on after closing the open parts', async () => {
    const chunks = await collect(toTranscriptUIMessageStream(source([...stepParts(['```tool a\ninput:\n  x: 1']).slice(0, -2), { type: 'abort', reason: 'stop' }])));
    expect(chunks.slice(-3).map((chunk) => chunk.type)).toEqual(['tool-input-error', 'finish-step', 'abort']);
    expect(chunks.at(-1)).toEqual({ type: 'abort', reason: 'stop' });
  });

  it("passes the model's own reasoning and native tool calls on as the SDK sends them", async () => {
    const chunks = await collect(
      toTranscriptUIMessageStream(
        source([
          { type: 'start-step' },
          { type: 'reasoning-start', id: 'r' },
          { type: 'reasoning-delta', id: 'r', text: 'thinking' },
          { type: 'reasoning-end', id: 'r' },
          { type: 'tool-input-start', id: 'n1', toolName: 'weather', dynamic: true },
          { type: 'tool-input-delta', id: 'n1', delta: '{"city":' },
          { type: 'tool-input-delta', id: 'n1', delta: '"Oslo"}' },
          { type: 'tool-input-end', id: 'n1' },
          { type: 'tool-call', toolCallId: 'n1', toolName: 'weather', input: { city: 'Oslo' }, dynamic: true },
          { type: 'tool-result', toolCallId: 'n1', toolName: 'weather', input: { city: 'Oslo' }, output: { c: 3 }, dynamic: true },
          { type: 'text-delta', id: 't', text: 'Cold.' },
          { type: 'finish-step' },
          { type: 'finish', finishReason: 'stop' },
        ]),
      ),
    );
    const { message, errors } = await readMessage(sdk, chunks);
    expect(errors).toEqual([]);
    expect(view(message)).toEqual([
      { type: 'reasoning', text: 'thinking' },
      { toolCallId: 'n1', toolName: 'weather', state: 'output-available', input: { city: 'Oslo' }, output: { c: 3 } },
      { type: 'text', text: 'Cold.' },
    ]);
  });

  it('throws a bad option where it is called (not as a hidden error chunk)', () => {
    expect(() => toTranscriptUIMessageStream(source([]), { syntaxes: ['nope' as never] })).toThrow(/nope/);
  });

  it('merges into createUIMessageStream, whose onFinish gets the message with each source (to save the chat)', async () => {
    const original: UIMessage[] = [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }];
    let saved: UIMessage[] | undefined;
    const stream = sdk.sdk.createUIMessageStream({
      originalMessages: original,
      generateId: () => 'a1',
      onFinish: ({ messages }) => void (saved = messages),
      execute: ({ writer }) => writer.merge(route(sdk, [SHORT]) as never),
    });
    await collect(stream);
    expect(saved!.map((m) => [m.id, m.role])).toEqual([
      ['u1', 'user'],
      ['a1', 'assistant'],
    ]);
    expect(toolParts(saved![1]!).map((part) => (part.toolMetadata as { raw: string }).raw)).toEqual(
      parseTranscript(SHORT).flatMap((chunk) => (chunk.type === 'tool' ? [chunk.raw] : [])),
    );
  });

  it('reads a stream with no step parts (text deltas alone) as one step', async () => {
    const chunks = await collect(toTranscriptUIMessageStream(source([{ type: 'text-delta', text: 'Hi ' }, { type: 'text-delta', text: '🛠️[sh]\nls\n🛠️[/end]' }])));
    expect(chunks.map((chunk) => chunk.type)).toEqual(
      (['start', 'start-step', 'text-start', 'text-delta', 'text-end', 'tool-input-start', 'tool-input-delta', 'tool-input-available', 'finish-step', 'finish'] satisfies Array<UIMessageChunk['type'] | 'start' | 'start-step' | 'finish-step' | 'finish'>),
    );
  });
});
