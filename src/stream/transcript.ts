import type { CallReview } from '../format/call-review.js';
import type { ActiveBlock, ScannerSink } from '../scanner/scanner.js';
import { TextBuffer } from '../scanner/text-buffer.js';
import type { ParsedCall, ToolChunk, TranscriptChunk, UIMessageChunk } from '../types.js';
import { settleEvents, toToolChunk } from './chunks.js';

/** Where the open block stands in the event stream. */
interface OpenTool {
  block: ActiveBlock;
  /** The id announced with `tool-input-start`, once the block's identity is settled. */
  startedId?: string;
}

/**
 * Builds the transcript from what the scanner finds: the chunk list (each
 * chunk object replaced, never mutated, when it changes) and, when asked for,
 * the AI SDK UI-message chunks.
 */
export class TranscriptBuilder implements ScannerSink {
  /** Finished chunks (the last text chunk may still grow, by replacement), without the text not yet folded in. */
  private readonly done: TranscriptChunk[] = [];
  /**
   * Text since the last read of {@link chunks}. Folded into the last text chunk only when the
   * chunks are read: a new chunk object and a rope node per delta made one-unit deltas several
   * times slower than the whole parse.
   */
  private readonly unfolded = new TextBuffer();
  private events: UIMessageChunk[] = [];
  private textId: string | undefined;
  private textCount = 0;
  private pendingText = '';
  private toolCount = 0;
  private tool: OpenTool | undefined;
  private partialCache: { rawLength: number; chunks: ToolChunk[] } | undefined;

  /**
   * @param review What the `tools`, `strictTools` and `policy` options do to
   *   calls (`undefined`: nothing); applied here, where calls become chunks.
   */
  constructor(
    private readonly idPrefix: string,
    private readonly emitEvents: boolean,
    private readonly review?: CallReview,
  ) {}

  /** The chunks so far (an open block excluded); the last text chunk is replaced, never mutated, when it grows. */
  get chunks(): TranscriptChunk[] {
    this.foldText();
    return this.done;
  }

  text(value: string): void {
    this.unfolded.append(value);
    if (!this.emitEvents) return;
    if (this.textId === undefined) {
      this.textId = `text-${++this.textCount}`;
      this.events.push({ type: 'text-start', id: this.textId });
    }
    this.pendingText += value;
  }

  open(block: ActiveBlock): void {
    this.foldText();
    this.endText();
    this.tool = { block };
    this.partialCache = undefined;
    this.progress();
  }

  close(block: ActiveBlock, closed: boolean): void {
    this.foldText();
    this.progress();
    const tool = this.tool!;
    this.tool = undefined;
    this.partialCache = undefined;
    const review = this.review;
    const calls = safeCalls(() => block.reader.finish(closed));
    calls.forEach((parsed, index) => {
      const call = review ? review.finish(parsed, block.syntax.name) : parsed;
      const read = toToolChunk(call, {
        syntax: block.syntax.name,
        raw: index === 0 ? block.raw : '',
        closed,
        fallbackId: this.nextId(),
      });
      const chunk = review ? review.admit(read) : read;
      this.toolCount++;
      this.done.push(chunk);
      if (!this.emitEvents) return;
      if (index > 0 || tool.startedId === undefined) {
        this.events.push({ type: 'tool-input-start', toolCallId: chunk.toolCallId, toolName: chunk.toolName, dynamic: true });
        const delta = index === 0 ? block.reader.takeInputDelta() : '';
        if (delta !== '') this.events.push({ type: 'tool-input-delta', toolCallId: chunk.toolCallId, inputTextDelta: delta });
      }
      this.events.push(...settleEvents(chunk, call.invalid === true));
    });
  }

  /** Flushes buffered text and the open block's progress; returns the events since the last drain. */
  drain(): UIMessageChunk[] {
    // The usual delta yields one event, a text or an input delta: returned in an array of its own
    // size (a fresh events array grown by push was a third of a one-unit write's cost).
    if (this.events.length === 0) {
      const tool = this.tool;
      if (tool === undefined && this.textId !== undefined && this.pendingText !== '') {
        const delta = this.pendingText;
        this.pendingText = '';
        return [{ type: 'text-delta', id: this.textId, delta }];
      }
      if (tool?.startedId !== undefined && this.pendingText === '') {
        const delta = tool.block.reader.takeInputDelta();
        return delta === '' ? [] : [{ type: 'tool-input-delta', toolCallId: tool.startedId, inputTextDelta: delta }];
      }
    }
    this.flushText();
    this.progress();
    const events = this.events;
    if (events.length === 0) return [];
    this.events = [];
    return events;
  }

  /** The input is complete: closes the open text part. */
  finish(): void {
    this.endText();
  }

  /** The open block as `input-streaming` chunks (cached until its source grows). */
  openChunks(): ToolChunk[] {
    const tool = this.tool;
    if (!tool) return [];
    const { block } = tool;
    if (this.partialCache?.rawLength === block.raw.length) return this.partialCache.chunks;
    const review = this.review;
    const read = safeCalls(() => block.reader.partial());
    const calls = review ? read.map((call) => review.partial(call, block.syntax.name)) : read;
    const chunks = calls.map((call, index) =>
      toToolChunk(
        { ...call, toolCallId: index === 0 ? (tool.startedId ?? call.toolCallId) : call.toolCallId },
        { syntax: block.syntax.name, raw: index === 0 ? block.raw : '', closed: false, fallbackId: this.nextId(index) },
        'input-streaming',
      ),
    );
    this.partialCache = { rawLength: block.raw.length, chunks };
    return chunks;
  }

  /** Folds the pending text into the last text chunk (a new chunk object). */
  private foldText(): void {
    if (this.unfolded.length === 0) return;
    const value = this.unfolded.take();
    const chunks = this.done;
    const last = chunks[chunks.length - 1];
    if (last?.type === 'text') chunks[chunks.length - 1] = { type: 'text', value: last.value + value };
    else chunks.push({ type: 'text', value });
  }

  /** `tool-call-N` for the next tool chunk (plus `offset`). */
  private nextId(offset = 0): string {
    return `${this.idPrefix}${this.toolCount + 1 + offset}`;
  }

  /** Announces the open block once its identity is settled, then sends its input deltas. */
  private progress(): void {
    const tool = this.tool;
    if (!tool || !this.emitEvents) return;
    const { reader } = tool.block;
    if (tool.startedId === undefined) {
      const identity = reader.identity();
      if (!identity) return;
      tool.startedId = identity.toolCallId ?? this.nextId();
      this.events.push({ type: 'tool-input-start', toolCallId: tool.startedId, toolName: identity.toolName, dynamic: true });
    }
    const delta = reader.takeInputDelta();
    if (delta !== '') this.events.push({ type: 'tool-input-delta', toolCallId: tool.startedId, inputTextDelta: delta });
  }

  private flushText(): void {
    if (this.pendingText === '' || this.textId === undefined) return;
    this.events.push({ type: 'text-delta', id: this.textId, delta: this.pendingText });
    this.pendingText = '';
  }

  private endText(): void {
    if (!this.emitEvents || this.textId === undefined) return;
    this.flushText();
    this.events.push({ type: 'text-end', id: this.textId });
    this.textId = undefined;
  }
}

/** A syntax reader that throws (a custom one, or a bug) yields an error call instead of breaking the parse. */
function safeCalls(read: () => ParsedCall[]): ParsedCall[] {
  try {
    const calls = read();
    return calls.length > 0 ? calls : [{}];
  } catch (error) {
    return [{ invalid: true, errorText: `the syntax failed to read this block: ${String((error as Error)?.message ?? error)}` }];
  }
}
