import type { ReasoningChunk, ToolApproval, ToolChunk, TranscriptChunk } from '../types.js';
import { extendsText } from './extends-text.js';
import type { ItemTable } from './item-table.js';
import { nativeToolChunk, type NativeToolFields } from './native-tool.js';
import { reasoningChunk } from './reasoning-input.js';
import type { ParsedText } from './parsed-text.js';
import { sameValue } from '../object.js';
import { NativeSegment, ParsedSegment, ReasoningSegment, SkippedSegment, type ItemSegment, type Segment } from './segments.js';
import { SourceInput, sourceSyntax } from './source-input.js';
import type { TranscriptMessage, TranscriptMessagePart } from './types.js';

/** A tool part's chunk while its input streams, and the reader of its source text when it has one. */
interface LiveTool {
  chunk: ToolChunk;
  reader: SourceInput | undefined;
}

/**
 * An AI SDK UI message, shown whole: one segment per part (the message's segments are the
 * table's), each fed only what changed since the message's last version.
 */
export class MessageInput {
  /** The message shown, and one segment per part. */
  private messageId: string | undefined;
  private slots: Segment[] = [];

  constructor(
    private readonly table: ItemTable,
    private readonly text: ParsedText,
    /** Clears the whole store: another message, or anything else shown, replaces everything. */
    private readonly clearAll: () => void,
  ) {}

  /** Shows a UI message: one segment per part, fed only what changed. */
  setMessage(message: TranscriptMessage): void {
    if (message.id !== this.messageId || this.table.segments.length !== this.slots.length) {
      this.clearAll();
      this.messageId = message.id;
    }
    const { parts } = message;
    parts.forEach((part, index) => this.syncPart(part, index));
    if (this.slots.length > parts.length) this.removeSlotsFrom(parts.length);
  }

  /** Forgets the message (the table was cleared). */
  reset(): void {
    this.messageId = undefined;
    this.slots = [];
  }

  private syncPart(part: TranscriptMessagePart, index: number): void {
    this.table.ownWork++;
    const kind = part.type === 'text' ? 'parsed' : part.type === 'reasoning' ? 'reasoning' : toolPartName(part) !== undefined ? 'native' : 'skipped';
    let slot: Segment | undefined = this.slots[index];
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
      segment = new ParsedSegment(this.text.parserAt(this.table.segments.length, this.table.toolItems));
      this.pushSlot(segment);
    }
    const text = part.text ?? '';
    // A finished part does not change (the SDK clones the message on every update: compared by length, not content).
    if (segment.ended && part.state !== 'streaming' && text.length === segment.text.length) return;
    if (text !== segment.text) {
      if (!segment.ended && extendsText(text, segment.text)) {
        this.text.write(segment, text.slice(segment.text.length));
      } else {
        this.text.reparse(segment, text);
      }
      segment.text = text;
    }
    if (part.state !== 'streaming') this.text.end(segment);
  }

  /** A message's `reasoning` part: one item (its raw is the text: the tags are not in the message). */
  private syncReasoningPart(part: TranscriptMessagePart, slot: ReasoningSegment | undefined): void {
    const { table } = this;
    const chunk = reasoningChunk(part.text ?? '', part.state !== 'streaming');
    if (!slot) return this.pushSlot(new ReasoningSegment(), chunk);
    const id = slot.itemIds[0]!;
    const previous = table.source(id) as ReasoningChunk | undefined;
    if (previous?.value !== chunk.value || previous.closed !== chunk.closed) table.put(id, chunk, slot);
  }

  private syncToolPart(part: TranscriptMessagePart, index: number, slot: NativeSegment | undefined): void {
    const { table } = this;
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
    const previous = slot ? (table.source(slot.itemIds[0]!) as ToolChunk | undefined) : undefined;
    // A settled part does not change its content, only its state (the message is cloned on every update).
    if (previous && fields.state === previous.state && fields.state !== 'input-streaming' && previous.closed && !part.preliminary) {
      if (sameApproval(previous.approval, fields.approval)) return;
    }
    let chunk = nativeToolChunk(fields);
    let reader: SourceInput | undefined;
    if (fields.state === 'input-streaming') {
      const live = this.liveSource(slot?.source, part, chunk);
      if (live) ({ chunk, reader } = live);
    }
    if (!slot) {
      const segment = new NativeSegment();
      segment.source = reader;
      return this.pushSlot(segment, chunk);
    }
    if (reader) slot.source = reader;
    if (!previous || !sameValue(previous, chunk)) table.put(slot.itemIds[0]!, chunk, slot);
  }

  /**
   * The input so far of a streaming part whose raw text is source of a tool-transcript syntax
   * (`toolMetadata.syntax`, `inputEncoding: 'text'`): read by that syntax, fed only the new text.
   * `reader` is the part's reader so far; the one returned reads on from where this part is now.
   */
  private liveSource(reader: SourceInput | undefined, part: TranscriptMessagePart, chunk: ToolChunk): LiveTool | undefined {
    const raw = typeof part.rawInput === 'string' ? part.rawInput : typeof part.input === 'string' ? part.input : undefined;
    const { table } = this;
    const syntax = raw === undefined ? undefined : sourceSyntax(table, part.toolMetadata);
    if (raw === undefined || !syntax) return undefined;
    const next = reader && raw.length >= reader.fed ? reader : new SourceInput(table, syntax);
    table.ownWork++;
    return { chunk: next.show(chunk, raw.slice(next.fed), raw), reader: next };
  }

  /** Adds the segment of the next part; one of a single item (reasoning, a tool) with that item. */
  private pushSlot(segment: Segment, chunk?: TranscriptChunk): void {
    this.slots.push(segment);
    if (chunk) this.table.pushItem(segment as ItemSegment, chunk);
    else this.table.pushSegment(segment);
  }

  /** Removes the message's segments from part `index` on (they are the last segments). */
  private removeSlotsFrom(index: number): void {
    const { table } = this;
    const removed = this.slots.splice(index);
    table.segments.splice(table.segments.length - removed.length);
    for (const segment of removed) for (const id of segment.itemIds) table.drop(id);
    table.rebuildOrder();
  }
}

/** The tool name of a `tool-NAME` or `dynamic-tool` message part, else `undefined`. */
function toolPartName(part: TranscriptMessagePart): string | undefined {
  if (part.type === 'dynamic-tool') return part.toolName ?? 'tool';
  if (part.type.startsWith('tool-')) return part.type.slice(5);
  return undefined;
}

/** Same approval, field by field (checked for every settled part of every version of a message: kept cheap). */
function sameApproval(a: ToolApproval | undefined, b: ToolApproval | undefined): boolean {
  return a?.id === b?.id && a?.approved === b?.approved && a?.reason === b?.reason;
}
