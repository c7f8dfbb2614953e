import type { TranscriptChunk, UIMessageChunk, UIMessageChunkFor } from '../types.js';
import { checkTranscriptOptions } from '../options.js';
import { settleEvents, type EncodeOptions } from './settle-events.js';

/**
 * The UI-message chunks that replay a finished transcript: a text part per
 * text chunk, a reasoning part per reasoning chunk (its value), and per tool chunk `tool-input-start` then the events of its state
 * (approvals included; `options.approvalResponses` as in `TranscriptOptions`).
 * Ids are taken as the chunks give them.
 */
export function createStreamChunks<Options extends EncodeOptions = {}>(chunks: readonly TranscriptChunk[], given?: Options | null): UIMessageChunkFor<Options>[] {
  const options = checkTranscriptOptions<EncodeOptions>('createStreamChunks', given);
  const events: UIMessageChunk[] = [];
  let textCount = 0;
  let reasoningCount = 0;
  for (const chunk of chunks) {
    if (chunk.type === 'reasoning') {
      const id = `reasoning-${++reasoningCount}`;
      events.push({ type: 'reasoning-start', id });
      if (chunk.value !== '') events.push({ type: 'reasoning-delta', id, delta: chunk.value });
      events.push({ type: 'reasoning-end', id });
      continue;
    }
    if (chunk.type === 'text') {
      if (chunk.value === '') continue;
      const id = `text-${++textCount}`;
      events.push({ type: 'text-start', id }, { type: 'text-delta', id, delta: chunk.value }, { type: 'text-end', id });
      continue;
    }
    const { toolCallId, toolName } = chunk;
    events.push({ type: 'tool-input-start', toolCallId, toolName, dynamic: true, inputEncoding: 'text', toolMetadata: { syntax: chunk.syntax } });
    // A block still open sends its source so far, which a client reads with the same syntax.
    if (chunk.state === 'input-streaming' && chunk.raw !== '') events.push({ type: 'tool-input-delta', toolCallId, inputTextDelta: chunk.raw });
    events.push(...settleEvents(chunk, false, options));
  }
  // Only `approvalResponses: true` adds `tool-approval-response`.
  return events as UIMessageChunkFor<Options>[];
}

