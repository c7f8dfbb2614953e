/**
 * The chunks of `transcriptTransform` go into the AI SDK's own UI-message stream writers as they
 * are, with no cast: `writer.merge` of ai 6 and ai 7 (checked by `tsc` in `npm test`, then run).
 * Only `approvalResponses: true` adds ai 7's `tool-approval-response`, which ai 6's writer type
 * does not list — the `@ts-expect-error` below fails the type-check if that ever changes.
 */
import { createUIMessageStream, readUIMessageStream, type UIMessage } from 'ai';
import { createUIMessageStream as createUIMessageStream7, readUIMessageStream as readUIMessageStream7 } from 'ai7';
import { expect, it } from 'vitest';
import { transcriptTransform } from '../../src/index.js';

const TEXT = 'Looking.\n\n```tool search call_1\ninput:\n  query: cats\n```\n';

function textStream(): ReadableStream<string> {
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < TEXT.length; i += 7) controller.enqueue(TEXT.slice(i, i + 7));
      controller.close();
    },
  });
}

async function lastMessage(stream: AsyncIterable<UIMessage>): Promise<UIMessage | undefined> {
  let last: UIMessage | undefined;
  for await (const message of stream) last = message;
  return last;
}

it('ai 6: writer.merge takes transcriptTransform() as it is', async () => {
  const stream = createUIMessageStream({
    execute({ writer }) {
      writer.merge(textStream().pipeThrough(transcriptTransform({ idPrefix: 'call-' })));
    },
  });
  const message = await lastMessage(readUIMessageStream({ stream }));
  expect(message?.parts.map((part) => part.type)).toEqual(['text', 'dynamic-tool', 'text']);
  expect(message?.parts[1]).toMatchObject({ toolCallId: 'call_1', toolName: 'search', state: 'input-available' });
});

it('ai 7: writer.merge takes it too, approval responses included', async () => {
  const stream = createUIMessageStream7({
    execute({ writer }) {
      writer.merge(textStream().pipeThrough(transcriptTransform({ approvalResponses: true })));
    },
  });
  const message = await lastMessage(readUIMessageStream7({ stream }));
  expect(message?.parts.map((part) => part.type)).toEqual(['text', 'dynamic-tool', 'text']);
});

it('ai 6: a stream that may send approval responses is refused by the type', () => {
  createUIMessageStream({
    execute({ writer }) {
      // @ts-expect-error ai 6's writer does not list `tool-approval-response`.
      writer.merge(textStream().pipeThrough(transcriptTransform({ approvalResponses: true })));
    },
  });
});
