/** Reads our UI-message chunks with the real `ai` package: the message a host would get. */
import { readUIMessageStream, type UIMessage, type UIMessageChunk as SdkChunk } from 'ai';
import type { TranscriptChunk, UIMessageChunk } from '../../src/index.js';

/** Runs the chunks through `readUIMessageStream` (wrapped in start … finish) and returns the message's text and tool parts. */
export async function messageParts(events: readonly UIMessageChunk[]): Promise<unknown[]> {
  const stream = new ReadableStream<SdkChunk>({
    start(controller) {
      controller.enqueue({ type: 'start', messageId: 'm1' });
      for (const event of events) controller.enqueue(event as SdkChunk);
      controller.enqueue({ type: 'finish' });
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream, onError: (error) => { throw error; } })) last = message;
  return last!.parts
    .filter((part) => part.type === 'text' || part.type === 'dynamic-tool')
    .map((part) => {
      if (part.type === 'text') return { type: 'text', text: part.text };
      if (part.type !== 'dynamic-tool') throw new Error('unreachable');
      return {
        type: 'dynamic-tool',
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        state: part.state,
        ...(part.state === 'input-streaming' ? {} : { input: part.input }),
        ...(part.state === 'output-available' ? { output: part.output } : {}),
        ...(part.state === 'output-error' ? { errorText: part.errorText } : {}),
      };
    });
}

/** What the message should hold for these chunks. */
export function expectedParts(chunks: readonly TranscriptChunk[]): unknown[] {
  return chunks.map((chunk) =>
    chunk.type === 'text'
      ? { type: 'text', text: chunk.value }
      : {
          type: 'dynamic-tool',
          toolCallId: chunk.toolCallId,
          toolName: chunk.toolName,
          state: chunk.state,
          ...(chunk.state === 'input-streaming' ? {} : { input: chunk.input }),
          ...(chunk.state === 'output-available' ? { output: chunk.output } : {}),
          ...(chunk.state === 'output-error' ? { errorText: chunk.errorText } : {}),
        },
  );
}
