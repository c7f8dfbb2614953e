import type { TranscriptEvent } from '../stream/events.js';
import { createWorkMeter } from '../scanner/work-meter.js';
import type { ReasoningChunk, TextChunk, ToolApproval, ToolChunk, ToolState, TranscriptChunk, TranscriptOptions } from '../types.js';
import { extendsText } from './extends-text.js';
import { IdOrder } from './id-order.js';
import { nativeToolChunk, NATIVE_SYNTAX, StreamedJsonInput, transcriptMetadata, type NativeToolFields } from './native-tool.js';
import { RecordHistory } from './record-history.js';
import { ChunksSegment, NativeSegment, ParsedSegment, ReasoningSegment, SkippedSegment, type Segment } from './segments.js';
import { SourceInput } from './source-input.js';
import type { StoreSyntaxes } from './store-syntaxes.js';
import type { TranscriptItem, TranscriptMessage, TranscriptMessagePart } from './types.js';

/**
 * What the host (or a later AI SDK chunk) says about a tool, laid over what the text says:
 * an output, an error, an approval request or answer, a denial. It wins over the block.
 */
export interface ToolPatch {
  state?: ToolState;
  output?: unknown;
  errorText?: string;
  approval?: ToolApproval;
}

/** What one batch of operations changed. */
export interface ModelChanges {
  /** The ids snapshot: a new function when an item was added or removed. */
  ids: () => readonly string[];
  /** Ids of items that were added, changed or removed. */
  changed: string[];
}

interface Entry {
  /** The chunk as the events (or the AI SDK) made it. */
  source: TranscriptChunk;
  /** The chunk shown: `source` with the host's patch applied. */
  item: TranscriptItem;
  segment: Segment;
}

/**
 * The transcript as an ordered list of segments whose events become items. Mutable and
 * framework-free; the store wraps it and publishes each batch of changes as one immutable
 * state. Every event touches only its own item, so the work of a delta is the parser's plus
 * a constant, whatever the length of the transcript ({@link ownWork} counts it for the tests).
 */
export class TranscriptModel {
  private segments: Segment[] = [];
  private readonly entries = new Map<string, Entry>();
  private readonly history = new RecordHistory<TranscriptItem>();
  /** toolCallId → item id (the latest item with that toolCallId). */
  private readonly toolIndex = new Map<string, string>();
  private readonly patches = new Map<string, ToolPatch>();
  private readonly order = new IdOrder();
  private textCount = 0;
  private reasoningCount = 0;
  private toolItems = 0;
  private readonly changed = new Set<string>();
  /** Units of store work (events folded, items written, ids copied): linear in the input, by construction. */
  ownWork = 0;
  /** The meter of every parser the store runs: each text's, each tool's source input, each native tool's JSON input. */
  readonly parserWork = createWorkMeter();

  /** The segment `append` writes to. */
  private appendSegment: ParsedSegment | undefined;
  /** AI SDK text parts by their id. */
  private readonly textParts = new Map<string, ParsedSegment>();
  /** AI SDK reasoning parts by their id. */
  private readonly reasoningParts = new Map<string, ReasoningSegment>();
  /** The message shown by `setMessage`, and one segment per part. */
  private messageId: string | undefined;
  private messageSlots: Segment[] = [];
  /** The segment of `setChunks`, with the chunks it shows. */
  private chunksSegment: ChunksSegment | undefined;
  private shownChunks: readonly TranscriptChunk[] = [];

  constructor(
    private readonly options: TranscriptOptions,
    private readonly syntaxes: StoreSyntaxes,
  ) {}

  // -- reading --------------------------------------------------------------

  getItem(id: string): TranscriptItem | undefined {
    return this.entries.get(id)?.item;
  }

  /** Item id of a tool by item id or toolCallId. */
  toolItemId(id: string): string | undefined {
    return this.entries.get(id)?.item.type === 'tool' ? id : this.toolIndex.get(id);
  }

  /** Tools still receiving input (a stopped stream interrupts them). */
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
    const changed = [...this.changed];
    this.changed.clear();
    return { ids: this.order.snapshot(), changed };
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

  /** Shows a list of chunks given by the host (replacing anything else); unchanged chunks keep their items. */
  setChunks(chunks: readonly TranscriptChunk[]): void {
    let segment = this.chunksSegment;
    if (!segment || this.segments.length !== 1) {
      this.clear();
      segment = this.chunksSegment = new ChunksSegment();
      this.segments.push(segment);
      this.shownChunks = [];
    }
    const previous = this.shownChunks;
    const ids = segment.itemIds;
    let start = 0;
    while (start < previous.length && start < chunks.length && previous[start] === chunks[start]) start++;
    // Items from the first change on are rebuilt; an item whose kind and id match keeps its item id.
    const removed = ids.splice(start);
    let reuse = 0;
    for (let i = start; i < chunks.length; i++) {
      const chunk = chunks[i]!;
      const candidate = removed[reuse];
      const existing = candidate === undefined ? undefined : this.entries.get(candidate)?.source;
      if (existing && existing.type === chunk.type && (chunk.type !== 'tool' || (existing as ToolChunk).toolCallId === chunk.toolCallId)) {
        reuse++;
        ids.push(candidate!);
        this.put(candidate!, chunk, segment);
      } else {
        const id = this.allocateId(chunk.type === 'tool' ? chunk.toolCallId : this.nextBaseId(chunk.type));
        ids.push(id);
        this.put(id, chunk, segment);
      }
    }
    for (const id of removed.slice(reuse)) this.drop(id);
    if (reuse !== removed.length || ids.length !== previous.length) this.order.replace(ids.slice());
    // A copy: the host may go on mutating its array.
    this.shownChunks = chunks.slice();
  }

  // -- reasoning --------------------------------------------------------------

  /** `reasoning-start`: an AI SDK reasoning part begins (a new item at the end). */
  reasoningStart(id: string): void {
    if (this.reasoningParts.has(id)) return;
    const segment = new ReasoningSegment(this.allocateId(this.nextBaseId('reasoning')));
    this.reasoningParts.set(id, segment);
    this.segments.push(segment);
    this.order.append(segment.itemIds[0]!);
    this.put(segment.itemIds[0]!, { type: 'reasoning', value: '', raw: '', closed: false }, segment);
  }

  /** `reasoning-delta`: more reasoning text (its raw is the text: the tags are not in the stream). */
  reasoningDelta(id: string, delta: string): void {
    if (!this.reasoningParts.has(id)) this.reasoningStart(id);
    const segment = this.reasoningParts.get(id)!;
    const itemId = segment.itemIds[0]!;
    const source = this.entries.get(itemId)!.source as ReasoningChunk;
    if (source.closed || delta === '') return;
    this.put(itemId, { ...source, value: source.value + delta, raw: source.raw + delta }, segment);
  }

  /** `reasoning-end`: the reasoning part is complete. */
  reasoningEnd(id: string): void {
    const segment = this.reasoningParts.get(id);
    if (!segment) return;
    const itemId = segment.itemIds[0]!;
    const source = this.entries.get(itemId)!.source as ReasoningChunk;
    if (!source.closed) this.put(itemId, { ...source, closed: true }, segment);
  }

  /** Item id base of the next text or reasoning item (`text-N`, `reasoning-N`). */
  private nextBaseId(type: 'text' | 'reasoning'): string {
    return type === 'text' ? `text-${++this.textCount}` : `reasoning-${++this.reasoningCount}`;
  }

  // -- native tools ---------------------------------------------------------

  /**
   * `tool-input-start`: a native call begins. With tool-transcript's `inputEncoding: 'text'`
   * and `toolMetadata.syntax`, its deltas are source text of that syntax, read as it arrives.
   */
  toolInputStart(toolCallId: string, toolName: string, toolMetadata?: unknown, inputEncoding?: unknown): void {
    const segment = this.nativeSegment(toolCallId, { toolCallId, toolName, state: 'input-streaming', toolMetadata });
    const syntaxName = inputEncoding === 'text' ? transcriptMetadata(toolMetadata)?.syntax : undefined;
    const syntax = syntaxName === undefined ? undefined : this.syntaxes.find(syntaxName, this.options);
    segment.source = syntax ? new SourceInput(syntax, this.options, this.parserWork) : undefined;
    segment.json = syntax || inputEncoding === 'text' ? undefined : new StreamedJsonInput(this.parserWork);
  }

  /** `tool-input-delta`: more of a native call's input (JSON, or source text of a syntax). */
  toolInputDelta(toolCallId: string, delta: string): void {
    const segment = this.findNative(toolCallId);
    if (!segment) return;
    const id = segment.itemIds[0]!;
    const source = this.entries.get(id)!.source as ToolChunk;
    if (source.state !== 'input-streaming') return;
    this.ownWork++;
    if (segment.source) {
      const progress = segment.source.push(delta);
      this.put(id, { ...source, input: progress.input, toolName: progress.toolName ?? source.toolName, raw: source.raw + delta }, segment);
    } else if (segment.json) {
      const input = segment.json.push(delta);
      if (input !== source.input) this.put(id, { ...source, input }, segment);
    } else {
      // Text input of an unknown syntax: shown as the text so far.
      this.put(id, { ...source, input: (typeof source.input === 'string' ? source.input : '') + delta }, segment);
    }
  }

  /** `tool-input-available` / `tool-input-error`, or a message's tool part: the call as it is now. */
  setNativeTool(fields: NativeToolFields): void {
    const segment = this.nativeSegment(fields.toolCallId, fields);
    if (fields.state !== 'input-streaming') {
      segment.json = undefined;
      segment.source = undefined;
    }
  }

  // -- results --------------------------------------------------------------

  /** Lays a patch over a tool (native or written in the text), by item id or toolCallId. */
  patchTool(id: string, patch: ToolPatch): boolean {
    const itemId = this.toolItemId(id);
    const entry = itemId === undefined ? undefined : this.entries.get(itemId);
    if (!entry || entry.source.type !== 'tool') return false;
    this.patches.set(itemId!, mergePatch(this.patches.get(itemId!), patch));
    this.put(itemId!, entry.source, entry.segment);
    return true;
  }

  /** Item id of the tool whose approval has this id (an AI SDK `tool-approval-response` names only that). */
  toolByApproval(approvalId: string): string | undefined {
    for (const [id, entry] of this.entries) if (entry.item.type === 'tool' && entry.item.approval?.id === approvalId) return id;
    return undefined;
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
    this.ownWork++;
    const kind = part.type === 'text' ? 'parsed' : part.type === 'reasoning' ? 'reasoning' : toolPartName(part) !== undefined ? 'native' : 'skipped';
    let slot: Segment | undefined = this.messageSlots[index];
    if (slot && slot.kind !== kind) {
      this.removeSlotsFrom(index);
      slot = undefined;
    }
    if (kind === 'skipped') {
      if (!slot) this.pushSlot(new SkippedSegment());
      return;
    }
    if (kind === 'native') return this.syncToolPart(part, index, slot as NativeSegment | undefined);
    if (kind === 'reasoning') return this.syncReasoningPart(part, slot as ReasoningSegment | undefined);
    this.syncTextPart(part, slot as ParsedSegment | undefined);
  }

  private syncTextPart(part: TranscriptMessagePart, slot: ParsedSegment | undefined): void {
    let segment = slot;
    if (!segment) {
      segment = new ParsedSegment(this.syntaxes.segmentParser(this.optionsAt(this.segments.length), this.toolItems, this.parserWork));
      this.pushSlot(segment);
    }
    const text = part.text ?? '';
    // A finished part does not change (the SDK clones the message on every update: compared by length, not content).
    if (segment.ended && part.state !== 'streaming' && text.length === segment.text.length) return;
    if (text !== segment.text) {
      if (!segment.ended && extendsText(text, segment.text)) {
        this.write(segment, text.slice(segment.text.length));
      } else {
        this.reparse(segment, text);
      }
      segment.text = text;
    }
    if (part.state !== 'streaming') this.endSegment(segment);
  }

  /** A message's `reasoning` part: one item (its raw is the text: the tags are not in the message). */
  private syncReasoningPart(part: TranscriptMessagePart, slot: ReasoningSegment | undefined): void {
    const text = part.text ?? '';
    const chunk: ReasoningChunk = { type: 'reasoning', value: text, raw: text, closed: part.state !== 'streaming' };
    if (!slot) {
      const segment = new ReasoningSegment(this.allocateId(this.nextBaseId('reasoning')));
      this.pushSlot(segment);
      this.put(segment.itemIds[0]!, chunk, segment);
      return;
    }
    const id = slot.itemIds[0]!;
    const previous = this.entries.get(id)?.source as ReasoningChunk | undefined;
    if (previous?.value !== text || previous.closed !== chunk.closed) this.put(id, chunk, slot);
  }

  /** A part's text that does not extend what was shown: parsed again; items of the same kind keep their ids. */
  private reparse(segment: ParsedSegment, text: string): void {
    const old = segment.itemIds.splice(0);
    segment.items.clear();
    segment.parser = this.syntaxes.segmentParser(this.optionsAt(this.segments.indexOf(segment)), this.toolItems - old.filter((id) => this.entries.get(id)?.source.type === 'tool').length, this.parserWork);
    segment.ended = false;
    const reusable = old.slice();
    this.fold(segment, segment.parser.write(text), reusable);
    for (const id of reusable) if (!segment.itemIds.includes(id)) this.drop(id);
    this.rebuildOrder();
  }

  private syncToolPart(part: TranscriptMessagePart, index: number, slot: NativeSegment | undefined): void {
    const fields: NativeToolFields = {
      toolCallId: part.toolCallId ?? `tool-part-${index + 1}`,
      toolName: toolPartName(part)!,
      state: part.state ?? 'input-available',
      input: part.input,
      output: part.output,
      errorText: part.errorText,
      approval: part.approval,
      toolMetadata: part.toolMetadata,
    };
    let segment = slot;
    const previous = segment ? (this.entries.get(segment.itemIds[0]!)?.source as ToolChunk | undefined) : undefined;
    // A settled part does not change its content, only its state (the message is cloned on every update).
    if (previous && fields.state === previous.state && fields.state !== 'input-streaming' && previous.closed && !part.preliminary) {
      if (sameApproval(previous.approval, fields.approval)) return;
    }
    let chunk = nativeToolChunk(fields);
    if (fields.state === 'input-streaming') {
      const live = this.liveSource(segment, part, chunk);
      if (live) chunk = live;
    }
    if (!segment) {
      segment = new NativeSegment(this.allocateId(chunk.toolCallId));
      this.pushSlot(segment);
      this.put(segment.itemIds[0]!, chunk, segment);
      return;
    }
    if (!previous || !sameTool(previous, chunk)) this.put(segment.itemIds[0]!, chunk, segment);
  }

  /**
   * The input so far of a streaming part whose raw text is source of a tool-transcript syntax
   * (`toolMetadata.syntax`, `inputEncoding: 'text'`): read by that syntax, fed only the new text.
   */
  private liveSource(segment: NativeSegment | undefined, part: TranscriptMessagePart, chunk: ToolChunk): ToolChunk | undefined {
    const raw = typeof part.rawInput === 'string' ? part.rawInput : typeof part.input === 'string' ? part.input : undefined;
    const syntaxName = transcriptMetadata(part.toolMetadata)?.syntax;
    const syntax = raw === undefined || syntaxName === undefined ? undefined : this.syntaxes.find(syntaxName, this.options);
    if (raw === undefined || !syntax) return undefined;
    const holder = segment ?? { source: undefined as SourceInput | undefined };
    let reader = holder.source;
    if (!reader || raw.length < reader.fed) reader = new SourceInput(syntax, this.options, this.parserWork);
    const progress = reader.push(raw.slice(reader.fed));
    this.ownWork++;
    if (segment) segment.source = reader;
    else this.pendingSource = reader;
    return { ...chunk, input: progress.input, toolName: progress.toolName ?? chunk.toolName, raw };
  }

  /** The reader made for a part whose segment is created right after. */
  private pendingSource: SourceInput | undefined;

  private pushSlot(segment: Segment): void {
    if (segment.kind === 'native' && this.pendingSource) {
      segment.source = this.pendingSource;
      this.pendingSource = undefined;
    }
    this.messageSlots.push(segment);
    this.segments.push(segment);
    for (const id of segment.itemIds) this.order.append(id);
  }

  /** Removes the message's segments from part `index` on (they are the last segments). */
  private removeSlotsFrom(index: number): void {
    const removed = this.messageSlots.splice(index);
    this.segments.splice(this.segments.length - removed.length);
    for (const segment of removed) for (const id of segment.itemIds) this.drop(id);
    this.rebuildOrder();
  }

  // -- whole store ----------------------------------------------------------

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
    this.appendSegment = undefined;
    this.textParts.clear();
    this.reasoningParts.clear();
    this.messageId = undefined;
    this.messageSlots = [];
    this.chunksSegment = undefined;
    this.shownChunks = [];
  }

  // -- parsed segments ------------------------------------------------------

  /**
   * The parse options of a text segment at `index`: `reasoningStartsOpen` holds only for the
   * transcript's first text (a later text part does not start inside the reasoning).
   */
  private optionsAt(index: number): TranscriptOptions {
    if (this.options.reasoningStartsOpen !== true) return this.options;
    for (let i = 0; i < index && i < this.segments.length; i++) {
      if (this.segments[i]!.kind !== 'skipped') return { ...this.options, reasoningStartsOpen: false };
    }
    return this.options;
  }

  private addParsedSegment(): ParsedSegment {
    // Generated ids continue the store's count of tools, so two text parts give no two `tool-call-1`.
    const segment = new ParsedSegment(this.syntaxes.segmentParser(this.optionsAt(this.segments.length), this.toolItems, this.parserWork));
    this.segments.push(segment);
    return segment;
  }

  private write(segment: ParsedSegment, delta: string): void {
    if (segment.ended || delta === '') return;
    this.fold(segment, segment.parser.write(delta));
  }

  private endSegment(segment: ParsedSegment): void {
    if (segment.ended) return;
    segment.ended = true;
    this.fold(segment, segment.parser.end());
  }

  /**
   * Folds a segment's events into its items: one item written per event, nothing else
   * looked at. `reuse`: item ids of a reparsed segment, given again to items of the same kind.
   */
  private fold(segment: ParsedSegment, events: readonly TranscriptEvent[], reuse?: string[]): void {
    for (const event of events) {
      this.ownWork++;
      switch (event.type) {
        case 'text-start': {
          const id = takeReusable(reuse, (old) => this.entries.get(old)?.source.type === 'text') ?? this.allocateId(this.nextBaseId('text'));
          segment.items.set(event.key, id);
          this.addItem(segment, id, { type: 'text', value: '' });
          break;
        }
        case 'text-delta': {
          const id = segment.items.get(event.key)!;
          const source = this.entries.get(id)!.source as TextChunk;
          this.put(id, { type: 'text', value: source.value + event.delta }, segment);
          break;
        }
        case 'text-end':
          break;
        case 'tool-start': {
          const toolCallId = event.toolCallId ?? event.key;
          const id =
            takeReusable(reuse, (old) => (this.entries.get(old)?.source as ToolChunk | undefined)?.toolCallId === toolCallId) ??
            this.allocateId(event.key);
          segment.items.set(event.key, id);
          const chunk: ToolChunk = {
            type: 'tool',
            toolCallId,
            toolName: event.toolName,
            state: 'input-streaming',
            input: {},
            syntax: event.syntax,
            raw: '',
            closed: false,
          };
          this.addItem(segment, id, chunk);
          break;
        }
        case 'tool-identity': {
          const id = segment.items.get(event.key)!;
          const source = this.entries.get(id)!.source as ToolChunk;
          this.put(id, { ...source, toolCallId: event.toolCallId, toolName: event.toolName }, segment);
          break;
        }
        case 'tool-delta': {
          const id = segment.items.get(event.key)!;
          const source = this.entries.get(id)!.source as ToolChunk;
          const next: ToolChunk = { ...source, raw: source.raw + event.delta };
          if (event.input !== undefined) next.input = event.input;
          if (event.toolName !== undefined) next.toolName = event.toolName;
          this.put(id, next, segment);
          break;
        }
        case 'tool-settle':
          this.put(segment.items.get(event.key)!, event.chunk, segment);
          break;
        case 'reasoning-start': {
          const id = takeReusable(reuse, (old) => this.entries.get(old)?.source.type === 'reasoning') ?? this.allocateId(this.nextBaseId('reasoning'));
          segment.items.set(event.key, id);
          this.addItem(segment, id, { type: 'reasoning', value: '', raw: '', closed: false });
          break;
        }
        case 'reasoning-delta': {
          const id = segment.items.get(event.key)!;
          const source = this.entries.get(id)!.source as ReasoningChunk;
          // The raw so far is the value (the opener is known only at the end, on the settled chunk).
          this.put(id, { ...source, value: source.value + event.delta, raw: source.raw + event.delta }, segment);
          break;
        }
        case 'reasoning-end':
          this.put(segment.items.get(event.key)!, event.chunk, segment);
          break;
      }
    }
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
      const id = existing.itemIds[0]!;
      const source = this.entries.get(id)!.source as ToolChunk;
      // A native chunk without tool-transcript's metadata keeps the syntax and raw the call already had.
      const next = chunk.syntax === NATIVE_SYNTAX && source.syntax !== NATIVE_SYNTAX ? { ...chunk, syntax: source.syntax } : chunk;
      if (!sameTool(source, next)) this.put(id, next, existing);
      return existing;
    }
    const segment = new NativeSegment(this.allocateId(chunk.toolCallId));
    this.segments.push(segment);
    this.order.append(segment.itemIds[0]!);
    this.put(segment.itemIds[0]!, chunk, segment);
    return segment;
  }

  // -- items ----------------------------------------------------------------

  /** A free item id: `base`, else `base~2`, `base~3`… */
  private allocateId(base: string): string {
    if (!this.entries.has(base)) return base;
    let n = 2;
    while (this.entries.has(`${base}~${n}`)) n++;
    return `${base}~${n}`;
  }

  /** Adds an item at the end of its segment (at the end of the transcript, unless a later segment exists). */
  private addItem(segment: Segment, id: string, source: TranscriptChunk): void {
    (segment.itemIds as string[]).push(id);
    this.put(id, source, segment);
    if (this.segments[this.segments.length - 1] === segment) this.order.append(id);
    else this.rebuildOrder();
  }

  private rebuildOrder(): void {
    const ids: string[] = [];
    for (const segment of this.segments) for (const id of segment.itemIds) ids.push(id);
    this.ownWork += ids.length;
    this.order.replace(ids);
  }

  /** Sets an item from its source chunk (applying the host's patch). */
  private put(id: string, source: TranscriptChunk, segment: Segment): void {
    this.ownWork++;
    const previous = this.entries.get(id);
    const patch = source.type === 'tool' ? this.patches.get(id) : undefined;
    const item = patch && source.type === 'tool' ? applyPatch(source, patch) : source;
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

  private drop(id: string): void {
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
}

/** The first id of `reuse` that `fits`, taken out of it. */
function takeReusable(reuse: string[] | undefined, fits: (id: string) => boolean): string | undefined {
  if (!reuse || reuse.length === 0) return undefined;
  const index = reuse.findIndex(fits);
  if (index < 0) return undefined;
  return reuse.splice(index, 1)[0];
}

/** Two patches, the later one winning; an output clears an error and the other way round. */
function mergePatch(a: ToolPatch | undefined, b: ToolPatch): ToolPatch {
  const merged: ToolPatch = { ...a, ...b };
  if (a?.approval && b.approval) merged.approval = { ...a.approval, ...b.approval };
  if (b.state === 'output-available' || b.state === 'output-denied') delete merged.errorText;
  if (b.state === 'output-error' || b.state === 'output-denied') delete merged.output;
  return merged;
}

/** A tool chunk with a patch laid over it. */
function applyPatch(source: ToolChunk, patch: ToolPatch): ToolChunk {
  const item: ToolChunk = { ...source, ...patch };
  if (patch.approval && source.approval) item.approval = { ...source.approval, ...patch.approval };
  if (patch.state === 'output-available' && patch.errorText === undefined) delete item.errorText;
  if ((patch.state === 'output-error' || patch.state === 'output-denied') && patch.output === undefined) delete item.output;
  return item;
}

/** The tool name of a `tool-NAME` or `dynamic-tool` message part, else `undefined`. */
function toolPartName(part: TranscriptMessagePart): string | undefined {
  if (part.type === 'dynamic-tool') return part.toolName ?? 'tool';
  if (part.type.startsWith('tool-')) return part.type.slice(5);
  return undefined;
}

function sameApproval(a: ToolApproval | undefined, b: ToolApproval | undefined): boolean {
  return a?.id === b?.id && a?.approved === b?.approved && a?.reason === b?.reason;
}

/** Same shown content (a message is cloned on each update, so compare by value). */
function sameTool(a: ToolChunk, b: ToolChunk): boolean {
  return (
    a.toolCallId === b.toolCallId &&
    a.toolName === b.toolName &&
    a.state === b.state &&
    a.errorText === b.errorText &&
    a.syntax === b.syntax &&
    a.raw === b.raw &&
    sameApproval(a.approval, b.approval) &&
    deepEqual(a.input, b.input) &&
    deepEqual(a.output, b.output) &&
    deepEqual(a.fields, b.fields)
  );
}

/** Structural equality of JSON-like values. */
function deepEqual(a: unknown, b: unknown): boolean {
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
