import { createTranscriptParser } from '../stream/parser.js';
import type { ToolChunk, TranscriptChunk, TranscriptOptions } from '../types.js';
import { extendsText } from './extends-text.js';
import { nativeToolChunk, StreamedInput, type NativeToolFields } from './native-tool.js';
import { RecordHistory } from './record-history.js';
import { NativeSegment, ParsedSegment, SkippedSegment, type Segment } from './segments.js';
import type { TranscriptItem, TranscriptMessage, TranscriptMessagePart } from './types.js';

/** How the host settled a tool: it wins over what the text says. */
export type ToolResult = { output: unknown } | { errorText: string };

/** What one batch of operations changed. */
export interface ModelChanges {
  /** The new `ids`, when an item was added, removed or renamed. */
  ids: string[] | undefined;
  /** Ids of items that were added, changed or removed. */
  changed: string[];
}

interface Entry {
  /** The chunk as the parser or the AI SDK gave it (after id renumbering). */
  source: TranscriptChunk;
  /** The chunk shown: `source` with the host's result applied. */
  item: TranscriptItem;
  segment: Segment;
}

const DEFAULT_ID_PREFIX = 'tool-call-';

/**
 * The transcript as an ordered list of segments whose chunks become items.
 * Mutable and framework-free; the store wraps it and publishes each batch of
 * changes as one immutable state. Every operation touches only the items it
 * changes, so the cost of a delta does not grow with the transcript.
 */
export class TranscriptModel {
  private segments: Segment[] = [];
  private readonly entries = new Map<string, Entry>();
  private readonly history = new RecordHistory<TranscriptItem>();
  /** toolCallId → item id (the latest item with that toolCallId). */
  private readonly toolIndex = new Map<string, string>();
  private readonly results = new Map<string, ToolResult>();
  private textCount = 0;
  private toolItems = 0;
  private ids: string[] = [];
  private idsDirty = false;
  private readonly changed = new Set<string>();

  /** The segment `append` writes to. */
  private appendSegment: ParsedSegment | undefined;
  /** AI SDK text parts by their id. */
  private readonly textParts = new Map<string, ParsedSegment>();
  /** The message shown by `setMessage`, and one segment per part. */
  private messageId: string | undefined;
  private messageSlots: Segment[] = [];
  /** The segment of `setChunks`. */
  private chunksSegment: ParsedSegment | undefined;

  private readonly idPrefix: string;

  constructor(private readonly options: TranscriptOptions) {
    this.idPrefix = options.idPrefix ?? DEFAULT_ID_PREFIX;
  }

  // -- reading --------------------------------------------------------------

  getItem(id: string): TranscriptItem | undefined {
    return this.entries.get(id)?.item;
  }

  /** Tools still receiving input (a failed stream turns them into errors). */
  openToolIds(): string[] {
    const open: string[] = [];
    for (const [id, entry] of this.entries) if (entry.item.type === 'tool' && entry.item.state === 'input-streaming') open.push(id);
    return open;
  }

  /** The record-history snapshot of the current items (built lazily). */
  byIdSnapshot(): () => Readonly<Record<string, TranscriptItem>> {
    return this.history.snapshot();
  }

  /** Takes the changes since the previous call. */
  commit(): ModelChanges {
    let ids: string[] | undefined;
    if (this.idsDirty) {
      ids = [];
      for (const segment of this.segments) for (const id of segment.itemIds) ids.push(id);
      this.ids = ids;
      this.idsDirty = false;
    }
    const changed = [...this.changed];
    this.changed.clear();
    return { ids, changed };
  }

  currentIds(): string[] {
    return this.ids;
  }

  // -- text -----------------------------------------------------------------

  /** Parses a delta of the `append` text. */
  append(delta: string): void {
    let segment = this.appendSegment;
    if (!segment || segment.ended) segment = this.appendSegment = this.addParsedSegment();
    this.write(segment, delta);
  }

  /** Ends every parse still open. */
  endAll(): void {
    for (const segment of this.segments) if (segment.kind === 'parsed') this.endSegment(segment);
  }

  textStart(id: string): void {
    const existing = this.textParts.get(id);
    if (!existing || existing.ended) this.textParts.set(id, this.addParsedSegment());
  }

  textDelta(id: string, delta: string): void {
    if (!this.textParts.has(id)) this.textStart(id);
    this.write(this.textParts.get(id)!, delta);
  }

  textEnd(id: string): void {
    const segment = this.textParts.get(id);
    if (segment) this.endSegment(segment);
  }

  /** Shows a list of chunks given by the host (replacing anything else). */
  setChunks(chunks: readonly TranscriptChunk[]): void {
    let segment = this.chunksSegment;
    if (!segment || this.segments.length !== 1) {
      this.clear();
      segment = this.chunksSegment = new ParsedSegment(undefined, 0);
      segment.ended = true;
      this.segments.push(segment);
    }
    // A copy: the host may go on mutating its array.
    this.syncParsed(segment, chunks.slice(), false);
  }

  // -- native tools ---------------------------------------------------------

  /** `tool-input-start`: a native call begins (or restarts). */
  toolInputStart(toolCallId: string, toolName: string): void {
    const segment = this.nativeSegment(toolCallId, { toolCallId, toolName, state: 'input-streaming' });
    segment.input = new StreamedInput();
  }

  /** `tool-input-delta`: more of a native call's JSON input. */
  toolInputDelta(toolCallId: string, delta: string): void {
    const segment = this.findNative(toolCallId);
    if (!segment?.input || segment.source.state !== 'input-streaming') return;
    const input = segment.input.push(delta);
    if (input !== segment.source.input) this.setNativeSource(segment, { ...segment.source, input });
  }

  /** `tool-input-available` / `tool-input-error`, or a message's tool part: the call's fields as they are now. */
  setNativeTool(fields: NativeToolFields): void {
    const segment = this.nativeSegment(fields.toolCallId, fields);
    if (fields.state !== 'input-streaming') segment.input = undefined;
  }

  // -- results --------------------------------------------------------------

  /** Settles a tool (native or written in the text) by item id or toolCallId. */
  settleTool(id: string, result: ToolResult): boolean {
    const itemId = this.entries.get(id)?.item.type === 'tool' ? id : this.toolIndex.get(id);
    const entry = itemId === undefined ? undefined : this.entries.get(itemId);
    if (!entry || entry.source.type !== 'tool') return false;
    if (entry.segment.kind === 'native') {
      entry.segment.input = undefined;
      this.setNativeSource(entry.segment, withResult(entry.source, result));
    } else {
      this.results.set(itemId!, result);
      this.put(itemId!, entry.source, entry.segment);
    }
    return true;
  }

  // -- messages -------------------------------------------------------------

  /** Shows a UI message: one segment per part, fed only what changed. */
  setMessage(message: TranscriptMessage): void {
    if (message.id !== this.messageId || this.segments.length !== this.messageSlots.length) {
      this.clear();
      this.messageId = message.id;
    }
    const { parts } = message;
    parts.forEach((part, index) => this.syncPart(part, index));
    if (this.messageSlots.length > parts.length) this.removeSlotsFrom(parts.length);
  }

  private syncPart(part: TranscriptMessagePart, index: number): void {
    const kind = part.type === 'text' ? 'parsed' : toolPartName(part) !== undefined ? 'native' : 'skipped';
    let slot: Segment | undefined = this.messageSlots[index];
    if (slot && slot.kind !== kind) {
      this.removeSlotsFrom(index);
      slot = undefined;
    }
    if (kind === 'skipped') {
      if (!slot) this.pushSlot(new SkippedSegment());
      return;
    }
    if (kind === 'native') {
      const fields: NativeToolFields = {
        toolCallId: part.toolCallId ?? `${this.idPrefix}part-${index + 1}`,
        toolName: toolPartName(part)!,
        state: part.state ?? 'input-available',
        input: part.input,
        output: part.output,
        errorText: part.errorText,
      };
      if (!slot) {
        const chunk = nativeToolChunk(fields);
        const segment = new NativeSegment(this.allocateId(chunk), chunk);
        this.pushSlot(segment);
        this.put(segment.itemIds[0]!, segment.source, segment);
      } else {
        const segment = slot as NativeSegment;
        const next = nativeToolChunk(fields);
        if (!sameTool(segment.source, next)) this.setNativeSource(segment, next);
      }
      return;
    }
    let segment = slot as ParsedSegment | undefined;
    if (!segment) {
      segment = new ParsedSegment(createTranscriptParser(this.options), this.toolItems);
      this.pushSlot(segment);
    }
    const text = part.text ?? '';
    if (text !== segment.text) {
      if (!segment.ended && extendsText(text, segment.text)) {
        this.write(segment, text.slice(segment.text.length));
      } else {
        // Not an extension (or the part was already finished): parse it again; unchanged items keep their ids.
        segment.parser = createTranscriptParser(this.options);
        segment.ended = false;
        segment.parser.write(text);
        this.syncParsed(segment, segment.parser.chunks, false);
      }
      segment.text = text;
    }
    if (part.state !== 'streaming') this.endSegment(segment);
  }

  private pushSlot(segment: Segment): void {
    this.messageSlots.push(segment);
    this.segments.push(segment);
    this.idsDirty = true;
  }

  /** Removes the message's segments from part `index` on (they are the last segments). */
  private removeSlotsFrom(index: number): void {
    const removed = this.messageSlots.splice(index);
    this.segments.splice(this.segments.length - removed.length);
    for (const segment of removed) for (const id of segment.itemIds) this.drop(id);
    this.idsDirty = true;
  }

  // -- whole store ----------------------------------------------------------

  /** Removes everything (listeners of every item are told). */
  clear(): void {
    for (const id of this.entries.keys()) this.changed.add(id);
    this.segments = [];
    this.entries.clear();
    this.history.clear();
    this.toolIndex.clear();
    this.results.clear();
    this.textCount = 0;
    this.toolItems = 0;
    this.appendSegment = undefined;
    this.textParts.clear();
    this.messageId = undefined;
    this.messageSlots = [];
    this.chunksSegment = undefined;
    this.idsDirty = true;
  }

  // -- parsed segments ------------------------------------------------------

  private addParsedSegment(): ParsedSegment {
    const segment = new ParsedSegment(createTranscriptParser(this.options), this.toolItems);
    this.segments.push(segment);
    return segment;
  }

  private write(segment: ParsedSegment, delta: string): void {
    if (segment.ended || !segment.parser || delta === '') return;
    segment.parser.write(delta);
    this.syncParsed(segment, segment.parser.chunks, true);
  }

  private endSegment(segment: ParsedSegment): void {
    if (segment.ended || !segment.parser) return;
    segment.ended = true;
    segment.parser.end();
    this.syncParsed(segment, segment.parser.chunks, true);
  }

  /**
   * Brings a segment's items in line with a new snapshot. `tailOnly`: the
   * snapshot comes from the parser, whose finished chunks keep their identity,
   * so the comparison walks back from the end only as far as chunks changed.
   */
  private syncParsed(segment: ParsedSegment, snapshot: readonly TranscriptChunk[], tailOnly: boolean): void {
    const previous = segment.chunks;
    const common = Math.min(previous.length, snapshot.length);
    let start = 0;
    if (tailOnly) {
      let i = common - 1;
      while (i >= 0 && previous[i] !== snapshot[i]) i--;
      start = i + 1;
    } else {
      while (start < common && previous[start] === snapshot[start]) start++;
    }
    const { toolsBefore, itemIds } = segment;
    for (let j = start; j < snapshot.length; j++) {
      const before = j === 0 ? 0 : toolsBefore[j - 1]! + (snapshot[j - 1]!.type === 'tool' ? 1 : 0);
      const unchanged = j < previous.length && previous[j] === snapshot[j] && toolsBefore[j] === before;
      toolsBefore[j] = before;
      if (unchanged) continue;
      const source = this.renumber(segment, snapshot[j]!, before);
      if (j < itemIds.length) this.replace(segment, j, source);
      else {
        itemIds.push(this.allocateId(source));
        this.put(itemIds[j]!, source, segment);
        this.idsDirty = true;
      }
    }
    while (itemIds.length > snapshot.length) {
      this.drop(itemIds.pop()!);
      this.idsDirty = true;
    }
    toolsBefore.length = snapshot.length;
    segment.chunks = snapshot;
  }

  /**
   * In a segment after other tools, a generated id (`tool-call-N`, N counting
   * the segment's own tools) continues the store's count instead, so a
   * message with several text parts has no two `tool-call-1`.
   */
  private renumber(segment: ParsedSegment, chunk: TranscriptChunk, toolsBefore: number): TranscriptChunk {
    if (segment.toolOffset === 0 || chunk.type !== 'tool') return chunk;
    if (chunk.toolCallId !== `${this.idPrefix}${toolsBefore + 1}`) return chunk;
    return { ...chunk, toolCallId: `${this.idPrefix}${toolsBefore + 1 + segment.toolOffset}` };
  }

  /** The chunk at `index` of a segment changed: update its item, or rename it when its identity changed. */
  private replace(segment: ParsedSegment, index: number, source: TranscriptChunk): void {
    const id = segment.itemIds[index]!;
    const current = this.entries.get(id)!.source;
    const sameIdentity =
      current.type === source.type && (source.type === 'text' || (current as ToolChunk).toolCallId === source.toolCallId);
    if (sameIdentity) {
      this.put(id, source, segment);
      return;
    }
    const result = current.type === 'tool' && source.type === 'tool' ? this.results.get(id) : undefined;
    this.drop(id);
    const next = this.allocateId(source);
    segment.itemIds[index] = next;
    if (result) this.results.set(next, result);
    this.put(next, source, segment);
    this.idsDirty = true;
  }

  // -- native segments ------------------------------------------------------

  private findNative(toolCallId: string): NativeSegment | undefined {
    const id = this.toolIndex.get(toolCallId);
    const segment = id === undefined ? undefined : this.entries.get(id)?.segment;
    return segment?.kind === 'native' ? segment : undefined;
  }

  /** The native segment of `toolCallId` set to `fields` (created at the end when new). */
  private nativeSegment(toolCallId: string, fields: NativeToolFields): NativeSegment {
    const chunk = nativeToolChunk(fields);
    const existing = this.findNative(toolCallId);
    if (existing) {
      if (!sameTool(existing.source, chunk)) this.setNativeSource(existing, chunk);
      return existing;
    }
    const segment = new NativeSegment(this.allocateId(chunk), chunk);
    this.segments.push(segment);
    this.put(segment.itemIds[0]!, chunk, segment);
    this.idsDirty = true;
    return segment;
  }

  private setNativeSource(segment: NativeSegment, source: ToolChunk): void {
    segment.source = source;
    this.put(segment.itemIds[0]!, source, segment);
  }

  // -- items ----------------------------------------------------------------

  /** A free item id for a new chunk: `text-N` or the toolCallId, `~2`, `~3`… when taken. */
  private allocateId(chunk: TranscriptChunk): string {
    const base = chunk.type === 'text' ? `text-${++this.textCount}` : chunk.toolCallId;
    if (!this.entries.has(base)) return base;
    let n = 2;
    while (this.entries.has(`${base}~${n}`)) n++;
    return `${base}~${n}`;
  }

  /** Sets an item from its source chunk (applying the host's result). */
  private put(id: string, source: TranscriptChunk, segment: Segment): void {
    const previous = this.entries.get(id);
    const result = source.type === 'tool' ? this.results.get(id) : undefined;
    const item = result && source.type === 'tool' ? withResult(source, result) : source;
    this.entries.set(id, { source, item, segment });
    this.history.set(id, item, previous === undefined);
    this.changed.add(id);
    if (source.type === 'tool') {
      this.toolIndex.set(source.toolCallId, id);
      if (!previous) this.toolItems++;
    }
  }

  private drop(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.history.delete(id);
    this.results.delete(id);
    this.changed.add(id);
    if (entry.source.type === 'tool') {
      this.toolItems--;
      if (this.toolIndex.get(entry.source.toolCallId) === id) this.toolIndex.delete(entry.source.toolCallId);
    }
  }
}

/** A tool chunk with the host's result: output (`output-available`) or error (`output-error`). */
function withResult(source: ToolChunk, result: ToolResult): ToolChunk {
  const { output: _output, errorText: _errorText, ...rest } = source;
  return 'errorText' in result
    ? { ...rest, state: 'output-error', errorText: result.errorText }
    : { ...rest, state: 'output-available', output: result.output };
}

/** The tool name of a `tool-NAME` or `dynamic-tool` message part, else `undefined`. */
function toolPartName(part: TranscriptMessagePart): string | undefined {
  if (part.type === 'dynamic-tool') return part.toolName ?? 'tool';
  if (part.type.startsWith('tool-')) return part.type.slice(5);
  return undefined;
}

/** Same shown content (a message is cloned on each update, so compare by value). */
function sameTool(a: ToolChunk, b: ToolChunk): boolean {
  return (
    a.toolCallId === b.toolCallId &&
    a.toolName === b.toolName &&
    a.state === b.state &&
    a.errorText === b.errorText &&
    deepEqual(a.input, b.input) &&
    deepEqual(a.output, b.output)
  );
}

/** Structural equality of JSON-like values. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (const key of keysA) {
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
    if (!deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
