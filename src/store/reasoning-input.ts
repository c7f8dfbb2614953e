import type { ReasoningChunk } from '../types.js';
import type { ItemTable } from './item-table.js';
import { ReasoningSegment } from './segments.js';

/** The AI SDK's `reasoning-*` chunks: one item per part id, its raw the text (the tags are not in the stream). */
export class ReasoningInput {
  /** AI SDK reasoning parts by their id. */
  private readonly parts = new Map<string, ReasoningSegment>();

  constructor(private readonly table: ItemTable) {}

  /** `reasoning-start`: an AI SDK reasoning part begins (a new item at the end). */
  reasoningStart(id: string): void {
    if (this.parts.has(id)) return;
    const { table } = this;
    const segment = new ReasoningSegment(table.allocateId(table.nextBaseId('reasoning')));
    this.parts.set(id, segment);
    table.pushSegment(segment);
    table.put(segment.itemIds[0]!, { type: 'reasoning', value: '', raw: '', closed: false }, segment);
  }

  /** `reasoning-delta`: more reasoning text (its raw is the text: the tags are not in the stream). */
  reasoningDelta(id: string, delta: string): void {
    if (!this.parts.has(id)) this.reasoningStart(id);
    const segment = this.parts.get(id)!;
    const itemId = segment.itemIds[0]!;
    const source = this.table.source(itemId) as ReasoningChunk;
    if (source.closed || delta === '') return;
    this.table.put(itemId, { ...source, value: source.value + delta, raw: source.raw + delta }, segment);
  }

  /** `reasoning-end`: the reasoning part is complete. */
  reasoningEnd(id: string): void {
    const segment = this.parts.get(id);
    if (!segment) return;
    const itemId = segment.itemIds[0]!;
    const source = this.table.source(itemId) as ReasoningChunk;
    if (!source.closed) this.table.put(itemId, { ...source, closed: true }, segment);
  }

  /** Forgets the parts (the table was cleared). */
  reset(): void {
    this.parts.clear();
  }
}
