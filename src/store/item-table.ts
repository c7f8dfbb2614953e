import { createWorkMeter } from '../scanner/work-meter.js';
import type { ToolChunk, TranscriptChunk, TranscriptOptions } from '../types.js';
import { IdOrder } from './id-order.js';
import { RecordHistory } from './record-history.js';
import type { ItemSegment, Segment } from './segments.js';
import type { StoreSyntaxes } from './store-syntaxes.js';
import { ToolPatches } from './tool-patch.js';
import type { TranscriptItem } from './types.js';

/** What one batch of operations changed. */
export interface ModelChanges {
  /** The ids snapshot: a new function when an item was added or removed. */
  ids: () => readonly string[];
  /** Ids of items that were added, changed or removed. */
  changed: string[];
}

/** One item: where it came from, what is shown, and the segment that owns it. */
export interface Entry {
  /** The chunk as the events (or the AI SDK) made it. */
  source: TranscriptChunk;
  /** The chunk shown: `source` with the host's patch applied. */
  item: TranscriptItem;
  segment: Segment;
}

/**
 * The store's items, in segments, and what changed since the last commit: the one place every
 * input (text, AI SDK chunks, messages, host chunks, patches) writes through. It knows nothing of
 * where an item came from; each input's module decides what to write.
 */
export class ItemTable {
  segments: Segment[] = [];
  private readonly entries = new Map<string, Entry>();
  private readonly history = new RecordHistory<TranscriptItem>();
  /** toolCallId → item id (the latest item with that toolCallId). */
  private readonly toolIndex = new Map<string, string>();
  readonly patches = new ToolPatches();
  readonly order = new IdOrder();
  private textCount = 0;
  private reasoningCount = 0;
  /** Tool items in the table: a new text parser's generated ids continue this count. */
  toolItems = 0;
  private readonly changed = new Set<string>();
  /** Units of store work (events folded, items written, ids copied): linear in the input, by construction. */
  ownWork = 0;
  /** The meter of every parser the store runs: each text's, each tool's source input, each native tool's JSON input. */
  readonly parserWork = createWorkMeter();

  constructor(
    readonly options: TranscriptOptions,
    readonly syntaxes: StoreSyntaxes,
  ) {}

  // -- reading --------------------------------------------------------------

  entry(id: string): Entry | undefined {
    return this.entries.get(id);
  }

  /** The source chunk of an item (as the events or the AI SDK made it, before any patch). */
  source(id: string): TranscriptChunk | undefined {
    return this.entries.get(id)?.source;
  }

  getItem(id: string): TranscriptItem | undefined {
    return this.entries.get(id)?.item;
  }

  /** Item id of a tool by item id or toolCallId. */
  toolItemId(id: string): string | undefined {
    return this.entries.get(id)?.item.type === 'tool' ? id : this.toolIndex.get(id);
  }

  /** Item id of the latest item with this toolCallId. */
  itemOfToolCall(toolCallId: string): string | undefined {
    return this.toolIndex.get(toolCallId);
  }

  /** Tools still receiving input (a stopped stream interrupts them). */
  openToolIds(): string[] {
    const open: string[] = [];
    for (const [id, entry] of this.entries) if (entry.item.type === 'tool' && entry.item.state === 'input-streaming') open.push(id);
    return open;
  }

  /** Item id of the tool whose approval has this id (an AI SDK `tool-approval-response` names only that). */
  toolByApproval(approvalId: string): string | undefined {
    for (const [id, entry] of this.entries) if (entry.item.type === 'tool' && entry.item.approval?.id === approvalId) return id;
    return undefined;
  }

  /** The record-history snapshot of the current items (built lazily). */
  byIdSnapshot(): () => Readonly<Record<string, TranscriptItem>> {
    return this.history.snapshot();
  }

  /** Takes the changes since the previous call. */
  commit(): ModelChanges {
    const changed = [...this.changed];
    this.changed.clear();
    return { ids: this.order.snapshot(), changed };
  }

  // -- writing --------------------------------------------------------------

  /**
   * A free id for a new item of `chunk`: a tool's `key` (its event key; by default its
   * toolCallId), a text's or reasoning's the next `text-N` / `reasoning-N`; when that is taken,
   * `ID~2`, `ID~3`…
   */
  newItemId(chunk: TranscriptChunk, key?: string): string {
    const base = chunk.type === 'tool' ? (key ?? chunk.toolCallId) : chunk.type === 'text' ? `text-${++this.textCount}` : `reasoning-${++this.reasoningCount}`;
    if (!this.entries.has(base)) return base;
    let n = 2;
    while (this.entries.has(`${base}~${n}`)) n++;
    return `${base}~${n}`;
  }

  /** Whether the item `id` may be given to `chunk` when its items are rebuilt: same kind (a tool, same toolCallId). */
  fits(id: string, chunk: TranscriptChunk): boolean {
    const old = this.source(id);
    return old?.type === chunk.type && (chunk.type !== 'tool' || (old as ToolChunk).toolCallId === chunk.toolCallId);
  }

  /** Adds a segment of one item (a reasoning part, a native call) at the end of the transcript. */
  pushItem<S extends ItemSegment>(segment: S, chunk: TranscriptChunk): S {
    const id = this.newItemId(chunk);
    segment.itemIds.push(id);
    this.pushSegment(segment);
    this.put(id, chunk, segment);
    return segment;
  }

  /** Adds a segment at the end of the transcript, with the items it already has. */
  pushSegment(segment: Segment): void {
    this.segments.push(segment);
    for (const id of segment.itemIds) this.order.append(id);
  }

  /** Adds an item at the end of its segment (at the end of the transcript, unless a later segment exists). */
  addItem(segment: Segment, id: string, source: TranscriptChunk): void {
    (segment.itemIds as string[]).push(id);
    this.put(id, source, segment);
    if (this.segments[this.segments.length - 1] === segment) this.order.append(id);
    else this.rebuildOrder();
  }

  rebuildOrder(): void {
    const ids: string[] = [];
    for (const segment of this.segments) for (const id of segment.itemIds) ids.push(id);
    this.ownWork += ids.length;
    this.order.replace(ids);
  }

  /** Sets an item from its source chunk (applying the host's patch). */
  put(id: string, source: TranscriptChunk, segment: Segment): void {
    this.ownWork++;
    const previous = this.entries.get(id);
    const item = source.type === 'tool' ? this.patches.over(id, source) : source;
    if (previous) {
      // Updated in place: an entry object per delta was needless garbage.
      previous.source = source;
      previous.item = item;
      previous.segment = segment;
    } else this.entries.set(id, { source, item, segment });
    this.history.set(id, item, previous === undefined);
    this.changed.add(id);
    if (source.type === 'tool') {
      this.toolIndex.set(source.toolCallId, id);
      if (!previous) this.toolItems++;
    }
  }

  drop(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.history.delete(id);
    this.patches.delete(id);
    this.changed.add(id);
    if (entry.source.type === 'tool') {
      this.toolItems--;
      if (this.toolIndex.get(entry.source.toolCallId) === id) this.toolIndex.delete(entry.source.toolCallId);
    }
  }

  /** Removes everything (listeners of every item are told). */
  clear(): void {
    for (const id of this.entries.keys()) this.changed.add(id);
    this.segments = [];
    this.entries.clear();
    this.history.clear();
    this.toolIndex.clear();
    this.patches.clear();
    this.order.replace([]);
    this.textCount = 0;
    this.reasoningCount = 0;
    this.toolItems = 0;
  }
}
