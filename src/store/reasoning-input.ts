import type { ReasoningChunk } from '../types.js';
import type { ItemTable } from './item-table.js';
import { ReasoningSegment } from './segments.js';

/** A reasoning item from the AI SDK: its raw is its text (the tags are not in the stream or the message). */
export function reasoningChunk(text: string, closed: boolean): ReasoningChunk {
  return { type: 'reasoning', value: text, raw: text, closed };
}

/** The AI SDK's `reasoning-*` chunks: one item per part id. */
export class ReasoningInput {
  /** AI SDK reasoning parts by their id. */
  private readonly parts = new Map<string, ReasoningSegment>();

  constructor(private readonly table: ItemTable) {}

  /** `reasoning-start`: an AI SDK reasoning part begins (a new item at the end). */
  reasoningStart(id: string): void {
    if (!this.parts.has(id)) this.parts.set(id, this.table.pushItem(new ReasoningSegment(), reasoningChunk('', false)));
  }

  /** `reasoning-delta`: more reasoning text. */
  reasoningDelta(id: string, delta: string): void {
    if (!this.parts.has(id)) this.reasoningStart(id);
    if (delta !== '') this.update(id, (source) => reasoningChunk(source.value + delta, false));
  }

  /** `reasoning-end`: the reasoning part is complete. */
  reasoningEnd(id: string): void {
    this.update(id, (source) => reasoningChunk(source.value, true));
  }

  /** Forgets the parts (the table was cleared). */
  reset(): void {
    this.parts.clear();
  }

  /** Sets the item of part `id` to `next` of its source, unless the part is unknown or closed. */
  private update(id: string, next: (source: ReasoningChunk) => ReasoningChunk): void {
    const segment = this.parts.get(id);
    if (!segment) return;
    const itemId = segment.itemIds[0]!;
    const source = this.table.source(itemId) as ReasoningChunk;
    if (!source.closed) this.table.put(itemId, next(source), segment);
  }
}
