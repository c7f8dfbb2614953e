/** Reads our UI-message chunks with the real `ai` packages (6 as `ai`, 7 as `ai7`): the message a host would get. */
import { readUIMessageStream as read6, type UIMessage } from 'ai';
import { readUIMessageStream as read7 } from 'ai7';
import { approvalIdOf } from '../../src/stream/settle-events.js';
import type { TranscriptChunk, UIMessageChunk } from '../../src/index.js';

/** One AI SDK version's `readUIMessageStream`. */
export interface Sdk {
  name: string;
  read(stream: ReadableStream<never>): AsyncIterable<UIMessage>;
}

export const SDKS: readonly Sdk[] = [
  {
    name: 'ai 6',
    read: (stream) => read6({ stream, onError: (error) => { throw error; } }),
  },
  {
    name: 'ai 7',
    read: (stream) => read7({ stream, onError: (error: unknown) => { throw error; } }) as AsyncIterable<UIMessage>,
  },
];

/** The chunks wrapped in start … finish, as a host sends them. */
function wrapped(events: readonly UIMessageChunk[]): ReadableStream<never> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue({ type: 'start', messageId: 'm1' } as never);
      for (const event of events) controller.enqueue(event as never);
      controller.enqueue({ type: 'finish' } as never);
      controller.close();
    },
  });
}

/** Every message `readUIMessageStream` yields for the chunks (cloned: the SDK may reuse objects). */
export async function messages(events: readonly UIMessageChunk[], sdk: Sdk = SDKS[0]!): Promise<UIMessage[]> {
  const out: UIMessage[] = [];
  for await (const message of sdk.read(wrapped(events))) out.push(structuredClone(message));
  return out;
}

/** Runs the chunks through `readUIMessageStream` (wrapped in start … finish) and returns the message's text, reasoning and tool parts. */
export async function messageParts(events: readonly UIMessageChunk[], sdk: Sdk = SDKS[0]!): Promise<unknown[]> {
  let last: UIMessage | undefined;
  for await (const message of sdk.read(wrapped(events))) last = message;
  return last!.parts
    .filter((part) => part.type === 'text' || part.type === 'reasoning' || part.type === 'dynamic-tool')
    .map((part) => {
      if (part.type === 'text') return { type: 'text', text: part.text };
      if (part.type === 'reasoning') return { type: 'reasoning', text: part.text, state: part.state };
      if (part.type !== 'dynamic-tool') throw new Error('unreachable');
      const approval = (part as { approval?: { id: string; approved?: boolean; reason?: string } }).approval;
      return {
        type: 'dynamic-tool',
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        state: part.state,
        ...(part.state === 'input-streaming' ? {} : { input: part.input }),
        ...(part.state === 'output-available' ? { output: part.output } : {}),
        ...(part.state === 'output-error' ? { errorText: part.errorText } : {}),
        ...(approval ? { approval: { ...approval } } : {}),
      };
    });
}

/**
 * What the message should hold for these chunks. An answered approval (`approval-responded`,
 * and the answer of `output-denied`) reaches the part only through `tool-approval-response`,
 * which ai 7 reads and only the `approvalResponses` option sends. Without it an
 * `approval-responded` call gets no request either (a client would ask again): its part is
 * `input-available` with no approval of its own (the answer rides in `toolMetadata`). `sent`:
 * the encoder had the option (default: `approvalResponses`) — ai 6 then shows the request it
 * cannot see answered.
 */
export function expectedParts(chunks: readonly TranscriptChunk[], options: { approvalResponses?: boolean; sent?: boolean } = {}): unknown[] {
  return chunks.map((chunk) => {
    if (chunk.type === 'text') return { type: 'text', text: chunk.value };
    if (chunk.type === 'reasoning') return { type: 'reasoning', text: chunk.value, state: 'done' };
    const answered = options.approvalResponses === true;
    const viaApproval =
      chunk.approval !== undefined || ['approval-requested', 'approval-responded', 'output-denied'].includes(chunk.state);
    const sent = options.sent ?? answered;
    const unanswered = chunk.state === 'approval-responded' && !(answered && chunk.approval?.approved !== undefined);
    const unmarked = unanswered && !sent;
    const state = unmarked ? 'input-available' : unanswered ? 'approval-requested' : chunk.state;
    let approval: Record<string, unknown> | undefined;
    if (viaApproval && !unmarked) {
      approval = { id: approvalIdOf(chunk) };
      const approved = chunk.state === 'output-denied' ? false : chunk.approval?.approved;
      if (answered && approved !== undefined) {
        approval.approved = approved;
        if (chunk.approval?.reason !== undefined) approval.reason = chunk.approval.reason;
      }
    }
    return {
      type: 'dynamic-tool',
      toolCallId: chunk.toolCallId,
      toolName: chunk.toolName,
      state,
      ...(chunk.state === 'input-streaming' ? {} : { input: chunk.input }),
      ...(chunk.state === 'output-available' ? { output: chunk.output } : {}),
      ...(chunk.state === 'output-error' ? { errorText: chunk.errorText } : {}),
      ...(approval ? { approval } : {}),
    };
  });
}
