import type { TranscriptChunk } from '../types.js';
import type { ItemTable } from './item-table.js';
import { ChunksSegment } from './segments.js';

/** A list of chunks given whole by the host (`setChunks`): unchanged chunks keep their items. */
export class ChunksInput {
  /** The segment of `setChunks`, with the chunks it shows. */
  private segment: ChunksSegment | undefined;
  private shown: readonly TranscriptChunk[] = [];

  constructor(
    private readonly table: ItemTable,
    /** Clears the whole store: the chunks replace anything else shown. */
    private readonly clearAll: () => void,
  ) {}

  /** Shows a list of chunks given by the host (replacing anything else); unchanged chunks keep their items. */
  setChunks(chunks: readonly TranscriptChunk[]): void {
    const { table } = this;
    let segment = this.segment;
    if (!segment || table.segments.length !== 1) {
      this.clearAll();
      segment = this.segment = new ChunksSegment();
      table.pushSegment(segment);
      this.shown = [];
    }
    const previous = this.shown;
    const ids = segment.itemIds;
    let start = 0;
    while (start < previous.length && start < chunks.length && previous[start] === chunks[start]) start++;
    // Items from the first change on are rebuilt; an item whose kind and id match keeps its item id.
    const removed = ids.splice(start);
    let reuse = 0;
    for (let i = start; i < chunks.length; i++) {
      const chunk = chunks[i]!;
      const candidate = removed[reuse];
      const reused = candidate !== undefined && table.fits(candidate, chunk);
      if (reused) reuse++;
      const id = reused ? candidate : table.newItemId(chunk);
      ids.push(id);
      table.put(id, chunk, segment);
    }
    for (const id of removed.slice(reuse)) table.drop(id);
    if (reuse !== removed.length || ids.length !== previous.length) table.order.replace(ids.slice());
    // A copy: the host may go on mutating its array.
    this.shown = chunks.slice();
  }

  /** Forgets the chunks (the table was cleared). */
  reset(): void {
    this.segment = undefined;
    this.shown = [];
  }
}
