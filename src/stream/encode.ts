import type { ToolChunk, ToolMetadata, UIMessageChunk } from '../types.js';
import { checkTranscriptOptions } from '../options.js';
import { TextBuffer } from '../scanner/text-buffer.js';
import { settleEvents, type EncodeOptions } from './settle-events.js';
import type { TranscriptEvent } from './events.js';

/** A tool part the encoder has seen start. */
interface EncodedTool {
  toolName: string;
  syntax: string;
  /** The AI SDK id, once the part was announced with `tool-input-start`. */
  toolCallId?: string;
  /**
   * Source text received before the announcement, sent as the first input delta. A buffer: a body
   * that never names its call is held to its end, and `+=` made a rope node per delta that the
   * collector copied again and again (a 200 KB body of 4-unit deltas: 51,000 nodes, 1.7 MB).
   */
  pending?: TextBuffer;
}

function inputDeltaChunk(toolCallId: string, delta: string): UIMessageChunk {
  return { type: 'tool-input-delta', toolCallId, inputTextDelta: delta };
}

/** The chunk of a `text-delta` event. */
export function textDeltaChunk(key: string, delta: string): UIMessageChunk {
  return { type: 'text-delta', id: key, delta };
}

/**
 * Turns {@link TranscriptEvent}s into AI SDK UI-message chunks. Stateful (one per stream):
 * a tool part is announced with `tool-input-start` once its id is known — the SDK cannot rename
 * a part — with `inputEncoding: 'text'` (the deltas are the block's source text, which the SDK
 * then keeps as text instead of parsing it as JSON) and `toolMetadata: { syntax }` (so a client
 * can read that text with the same syntax: `store.setMessage` does); source that arrived before
 * is sent as its first delta. With `sourceMetadata`, the settling chunk's `toolMetadata` also
 * carries the block's source (`raw`).
 */
export function createChunkEncoder(given?: (EncodeOptions & { sourceMetadata?: boolean }) | null): (events: readonly TranscriptEvent[]) => UIMessageChunk[] {
  return createChunkEncoding(checkTranscriptOptions('createChunkEncoder', given)).encode;
}

/** The chunk encoder, and the chunks of one source-only `tool-delta` said without its event object. @internal */
export interface ChunkEncoding {
  encode(events: readonly TranscriptEvent[]): UIMessageChunk[];
  /** The chunks of `{ type: 'tool-delta', key, delta }` (the lone delta of a one-unit write). */
  toolDelta(key: string, delta: string): UIMessageChunk[];
}

/** See {@link createChunkEncoder}; `options` checked by the caller. @internal */
export function createChunkEncoding(options: EncodeOptions & { sourceMetadata?: boolean }): ChunkEncoding {
  const tools = new Map<string, EncodedTool>();

  /**
   * The chunks of a tool delta: sent once the part is announced, gathered until then. An empty
   * delta (partialInput: only the input or source so far changed) sends nothing.
   */
  const toolDelta = (key: string, delta: string): UIMessageChunk[] => {
    const tool = tools.get(key);
    if (!tool || delta === '') return [];
    if (tool.toolCallId !== undefined) return [inputDeltaChunk(tool.toolCallId, delta)];
    (tool.pending ??= new TextBuffer()).append(delta);
    return [];
  };

  const announce = (out: UIMessageChunk[], tool: EncodedTool, toolCallId: string, toolName: string) => {
    tool.toolCallId = toolCallId;
    out.push({
      type: 'tool-input-start',
      toolCallId,
      toolName,
      dynamic: true,
      inputEncoding: 'text',
      toolMetadata: { syntax: tool.syntax },
    });
    if (tool.pending !== undefined && tool.pending.length > 0) out.push(inputDeltaChunk(toolCallId, tool.pending.toString()));
    tool.pending = undefined;
  };

  const encode = (events: readonly TranscriptEvent[]): UIMessageChunk[] => {
    // The usual delta: one text or input delta, encoded without the general loop's array growth.
    if (events.length === 1) {
      const event = events[0]!;
      if (event.type === 'text-delta') return [textDeltaChunk(event.key, event.delta)];
      if (event.type === 'tool-delta') return toolDelta(event.key, event.delta);
    }
    const out: UIMessageChunk[] = [];
    for (const event of events) {
      switch (event.type) {
        case 'text-start':
          out.push({ type: 'text-start', id: event.key });
          break;
        case 'text-delta':
          out.push(textDeltaChunk(event.key, event.delta));
          break;
        case 'text-end':
          out.push({ type: 'text-end', id: event.key });
          break;
        case 'reasoning-start':
          out.push({ type: 'reasoning-start', id: event.key });
          break;
        case 'reasoning-delta':
          if (event.delta !== '') out.push({ type: 'reasoning-delta', id: event.key, delta: event.delta });
          break;
        case 'reasoning-end':
          out.push({ type: 'reasoning-end', id: event.key });
          break;
        case 'tool-start': {
          const tool: EncodedTool = { toolName: event.toolName, syntax: event.syntax };
          tools.set(event.key, tool);
          if (event.toolCallId !== undefined) announce(out, tool, event.toolCallId, event.toolName);
          break;
        }
        case 'tool-identity': {
          const tool = tools.get(event.key);
          if (tool && tool.toolCallId === undefined) announce(out, tool, event.toolCallId, event.toolName);
          break;
        }
        case 'tool-delta':
          for (const chunk of toolDelta(event.key, event.delta)) out.push(chunk);
          break;
        case 'tool-settle': {
          const tool = tools.get(event.key);
          const { chunk } = event;
          if (tool && tool.toolCallId === undefined) announce(out, tool, chunk.toolCallId, chunk.toolName);
          else if (!tool) announce(out, { toolName: chunk.toolName, syntax: chunk.syntax }, chunk.toolCallId, chunk.toolName);
          tools.delete(event.key);
          const settled = settleEvents(chunk, event.invalid, options);
          if (options.sourceMetadata) withSource(settled[0], chunk);
          for (const part of settled) out.push(part);
          break;
        }
      }
    }
    return out;
  };

  return { encode, toolDelta };
}

/**
 * Puts the block's source (and the state its text recorded, if any) in the `toolMetadata` of the
 * chunk that settles the input: the SDK keeps it on the part, so `restoreTranscriptText` can give
 * the model back exactly what it wrote once `rawInput` is gone. A call that could not be read
 * (`tool-input-error`) records no state: its error is news to the model, not part of its text.
 */
function withSource(settled: UIMessageChunk | undefined, chunk: ToolChunk): void {
  if (settled?.type !== 'tool-input-available' && settled?.type !== 'tool-input-error') return;
  const meta: ToolMetadata = { ...settled.toolMetadata!, raw: chunk.raw };
  if (settled.type === 'tool-input-available' && chunk.state !== 'input-available') meta.textState = chunk.state;
  settled.toolMetadata = meta;
}
