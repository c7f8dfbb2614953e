/**
 * A whole display-route chat in Node, with each SDK's own chat class (`AbstractChat`, what
 * `useChat` runs) talking to the route through a transport: `restoreTranscriptText` +
 * `convertToModelMessages` + `streamText` + `toTranscriptUIMessageStream` (`needsApproval` for
 * `delete_file`). A client-side tool answered with `addToolOutput`, an approval and a denial with
 * `addToolApprovalResponse`, the
 * automatic continuation of the same message, and a later turn: no error, no card replaced, and
 * the model reads its own text and the results each time.
 */
import type { UIMessage } from 'ai';
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { toTranscriptUIMessageStream } from '../../src/ai/index.js';
import { APPROVED, DENIED, restoreTranscriptText } from '../../src/index.js';
import { modelStream, PlainChatState, settled, toolParts } from './route-support.js';
import { messageText, SDKS, unitByUnit, type Sdk } from './support.js';

/** The last assistant message's text-born calls of its last step are all answered. */
function allAnswered({ messages }: { messages: UIMessage[] }): boolean {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return false;
  const step = last.parts.slice(last.parts.map((part) => part.type).lastIndexOf('step-start'));
  const calls = step.filter((part) => part.type === 'dynamic-tool');
  return calls.length > 0 && calls.every((part) => part.state !== 'input-available' && part.state !== 'approval-requested' && part.state !== 'input-streaming');
}

/** The chat, its route answering with `replies` in turn, the prompts the model read, and the chat's errors. */
function chatWith(sdk: Sdk, replies: string[]) {
  const prompts: LanguageModelV3Prompt[] = [];
  const errors: unknown[] = [];
  const model = new sdk.test.MockLanguageModelV3({
    doStream: async ({ prompt }) => {
      prompts.push(prompt);
      const reply = replies.shift();
      if (reply === undefined) throw new Error('no reply left');
      return { stream: sdk.test.convertArrayToReadableStream(modelStream(unitByUnit(reply))) };
    },
  });
  // The README's route, with the model injected and the HTTP hop left out.
  const transport = {
    sendMessages: async ({ messages, abortSignal }: { messages: UIMessage[]; abortSignal: AbortSignal | undefined }) => {
      const result = sdk.sdk.streamText({ model, messages: await sdk.sdk.convertToModelMessages(restoreTranscriptText(messages)), abortSignal });
      return toTranscriptUIMessageStream(result, { needsApproval: ({ toolName }) => toolName === 'delete_file' });
    },
    reconnectToStream: async () => null,
  };
  const Chat = class extends (sdk.sdk.AbstractChat as unknown as new (init: object) => {
    messages: UIMessage[];
    status: string;
    sendMessage(message: { text: string }): Promise<void>;
    addToolOutput(options: { tool: string; toolCallId: string; output: unknown }): Promise<void>;
    addToolApprovalResponse(options: { id: string; approved: boolean; reason?: string }): Promise<void>;
  }) {};
  const chat = new Chat({ state: new PlainChatState(), transport, sendAutomaticallyWhen: allAnswered, onError: (error: unknown) => errors.push(error) });
  return { chat, prompts, errors };
}

describe.each(SDKS)('$name', (sdk) => {
  it('holds a conversation: a client tool, an approval, a denial, the continuation, and a later turn', async () => {
    const step1 = [
      'Reading first.\n',
      '```tool read_file\ninput:\n  path: a.md\n```\n',
      '```tool delete_file\ninput:\n  path: old.md\n```\n',
      '```tool delete_file\ninput:\n  path: keep.md\n```\n',
    ].join('');
    const step2 = 'Read it; deleted old.md.\n```tool read_file\ninput:\n  path: b.md\n```\n';
    const turn2 = 'Both read.';
    const { chat, prompts, errors } = chatWith(sdk, [step1, step2, turn2]);

    await chat.sendMessage({ text: 'Tidy up.' });
    await settled(chat);
    let calls = toolParts(chat.messages.at(-1)!);
    expect(calls.map((part) => part.state)).toEqual(['input-available', 'approval-requested', 'approval-requested']);
    // The source rides on the part through the chat's own reducer.
    expect(calls.map((part) => (part.toolMetadata as { raw?: string }).raw)).toEqual([
      '```tool read_file\ninput:\n  path: a.md\n```',
      '```tool delete_file\ninput:\n  path: old.md\n```',
      '```tool delete_file\ninput:\n  path: keep.md\n```',
    ]);

    const approvalId = (index: number) => (calls[index] as { approval: { id: string } }).approval.id;
    await chat.addToolOutput({ tool: 'read_file', toolCallId: calls[0]!.toolCallId, output: 'alpha' });
    await chat.addToolApprovalResponse({ id: approvalId(1), approved: true });
    await chat.addToolApprovalResponse({ id: approvalId(2), approved: false, reason: 'still needed' });
    await settled(chat);

    // The continuation went to the same message: every card is there, none replaced.
    expect(chat.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    calls = toolParts(chat.messages.at(-1)!);
    expect(calls.map((part) => [part.toolName, (part.input as { path: string }).path])).toEqual([
      ['read_file', 'a.md'],
      ['delete_file', 'old.md'],
      ['delete_file', 'keep.md'],
      ['read_file', 'b.md'],
    ]);
    expect(new Set(calls.map((part) => part.toolCallId)).size).toBe(4);
    // The model read its own text, then the answers as result sections.
    const second = prompts[1]!;
    expect(second.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messageText(second[1])).toBe(step1);
    expect(messageText(second[2])).toContain('alpha');
    expect(messageText(second[2])).toContain(APPROVED);
    expect(messageText(second[2])).toContain(`${DENIED} Reason: still needed`);

    // A later turn, with b.md never answered: no AI_MissingToolResultsError.
    await chat.sendMessage({ text: 'Thanks.' });
    await settled(chat);
    expect(errors).toEqual([]);
    const third = prompts[2]!;
    expect(third.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(messageText(third[3])).toBe(step2);
    expect(messageText(third[4])).toBe('Thanks.');
    expect(chat.messages.at(-1)!.parts.filter((part) => part.type === 'text').map((part) => (part as { text: string }).text)).toEqual([turn2]);
  });
});
