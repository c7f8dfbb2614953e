import type { CallReview } from '../review/call-review.js';
import type { ActiveBlock, ScannerSink } from '../scanner/scanner.js';
import { ReasoningReader } from '../scanner/reasoning.js';
import { TextBuffer } from '../scanner/text-buffer.js';
import type { ParsedCall, ReasoningChunk, ToolChunk, TranscriptChunk } from '../types.js';
import { toToolChunk } from './tool-chunk.js';
import { IdClaims, type TranscriptEvent } from './events.js';

/** The open block and where it stands in the event stream. */
interface OpenTool {
  block: ActiveBlock;
  /** The event key, given at the opener. */
  key: string;
  /** The claimed id, once the block's identity is settled. */
  toolCallId?: string;
  /** The reader's input and name at the last read of the partial input (`tool-delta.input`)… */
  readInput?: unknown;
  readName?: string;
  /** …and what the events show for them (reviewed: coerced by the tools' schemas). */
  input?: unknown;
  toolName?: string;
}

/** How a builder numbers and reports what it finds. */
export interface BuilderOptions {
  /** Prefix of generated tool call ids (`tool-call-`). */
  idPrefix: string;
  /** Queue {@link TranscriptEvent}s (a whole-string parse only needs the chunks). */
  emitEvents: boolean;
  /** Read the open block's input on every delta (`tool-delta.input`). */
  partialInput?: boolean;
  /** What the `tools`, `strictTools` and `policy` options do to calls (`undefined`: nothing). */
  review?: CallReview;
  /** Tool chunks before this text (generated ids count on from there: a store's second text part). */
  toolOffset?: number;
}

/**
 * Builds the transcript from what the scanner finds: the chunk list (each chunk object
 * replaced, never mutated, when it changes) and, when asked for, the {@link TranscriptEvent}s —
 * said once, as they happen, with stable keys.
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
  private events: TranscriptEvent[] = [];
  private textKey: string | undefined;
  private textCount = 0;
  private pendingText = '';
  private toolCount = 0;
  private tool: OpenTool | undefined;
  /** The open reasoning block and its event key. */
  private reasoning: { block: ActiveBlock; reader: ReasoningReader; key: string } | undefined;
  private reasoningCount = 0;
  private partialCache: { rawLength: number; chunks: ToolChunk[] } | undefined;
  /** Tool call ids used so far (see {@link IdClaims}). */
  private readonly ids = new IdClaims();
  /** Event keys of tool parts used so far. */
  private readonly keys = new IdClaims();
  private readonly idPrefix: string;
  private readonly emitEvents: boolean;
  private readonly partialInput: boolean;
  private readonly review: CallReview | undefined;

  constructor(options: BuilderOptions) {
    this.idPrefix = options.idPrefix;
    this.emitEvents = options.emitEvents;
    this.partialInput = options.partialInput === true;
    this.review = options.review;
    this.toolCount = options.toolOffset ?? 0;
  }

  /**
   * The settled chunks so far (an open block excluded, and those handed out by
   * {@link takeSettled}); the last text chunk is replaced, never mutated, when it grows. The
   * builder's own list, read-only and live: copy it to keep a snapshot.
   */
  get chunks(): readonly TranscriptChunk[] {
    this.foldText();
    return this.done;
  }

  /**
   * Hands out the settled chunks since the last take and forgets them, for a reader that
   * consumes chunks as they settle and never needs the whole list (the CLI over a big input).
   * The text written since is folded in first, so the last chunk of a take may be text that
   * the next take continues: consecutive text chunks across takes are one run, to be joined.
   * Tool chunks are exactly those {@link chunks} would hold; ids count on across takes.
   */
  takeSettled(): TranscriptChunk[] {
    this.foldText();
    return this.done.splice(0);
  }

  text(value: string): void {
    this.unfolded.append(value);
    if (!this.emitEvents) return;
    if (this.textKey === undefined) {
      this.textKey = `text-${++this.textCount}`;
      this.events.push({ type: 'text-start', key: this.textKey });
    }
    this.pendingText += value;
  }

  open(block: ActiveBlock): void {
    this.foldText();
    this.endText();
    this.partialCache = undefined;
    if (block.reader instanceof ReasoningReader) {
      const key = `reasoning-${++this.reasoningCount}`;
      this.reasoning = { block, reader: block.reader, key };
      if (this.emitEvents) this.events.push({ type: 'reasoning-start', key });
      return;
    }
    const identity = safeIdentity(block);
    const toolCallId = identity === undefined ? undefined : this.ids.claim(identity.toolCallId ?? this.nextId());
    const key = this.keys.claim(toolCallId ?? this.nextId());
    this.tool = { block, key, toolCallId };
    if (!this.emitEvents) return;
    const toolName = identity?.toolName ?? 'tool';
    this.events.push({ type: 'tool-start', key, toolCallId, toolName, syntax: block.syntax.name });
    this.pushDelta(this.tool, block.raw + block.reader.takeInputDelta());
  }

  close(block: ActiveBlock, closed: boolean): void {
    this.foldText();
    const reasoning = this.reasoning;
    if (reasoning !== undefined) {
      this.reasoning = undefined;
      const chunk: ReasoningChunk = { type: 'reasoning', value: reasoning.reader.text, raw: block.raw, closed };
      this.done.push(chunk);
      if (!this.emitEvents) return;
      this.reasoningProgress(reasoning);
      this.events.push({ type: 'reasoning-end', key: reasoning.key, chunk });
      return;
    }
    const tool = this.tool!;
    if (this.emitEvents) this.progress();
    this.tool = undefined;
    this.partialCache = undefined;
    const review = this.review;
    const calls = safeCalls(() => block.reader.finish(closed));
    calls.forEach((parsed, index) => {
      const reviewed = review ? review.finish(parsed, block.syntax) : parsed;
      const toolCallId = index === 0 && tool.toolCallId !== undefined ? tool.toolCallId : this.ids.claim(reviewed.toolCallId ?? this.nextId());
      const read = toToolChunk(
        { ...reviewed, toolCallId },
        { syntax: block.syntax.name, raw: index === 0 ? block.raw : '', closed, fallbackId: toolCallId },
      );
      const chunk = review ? review.admit(read) : read;
      this.toolCount++;
      this.done.push(chunk);
      if (!this.emitEvents) return;
      let key = tool.key;
      if (index > 0) {
        key = this.keys.claim(toolCallId);
        this.events.push({ type: 'tool-start', key, toolCallId, toolName: chunk.toolName, syntax: block.syntax.name });
      } else if (tool.toolCallId === undefined) {
        this.events.push({ type: 'tool-identity', key, toolCallId, toolName: chunk.toolName });
      }
      this.events.push({ type: 'tool-settle', key, chunk, invalid: reviewed.invalid === true });
    });
  }

  /** Flushes buffered text and the open block's progress; returns the events since the last drain. */
  drain(): TranscriptEvent[] {
    // The usual delta yields one event, a text or an input delta: returned in an array of its own
    // size (a fresh events array grown by push was a third of a one-unit write's cost).
    if (this.events.length === 0) {
      const tool = this.tool;
      if (tool === undefined) {
        const delta = this.takeLoneTextDelta();
        if (delta !== undefined) return [{ type: 'text-delta', key: this.textKey!, delta }];
      } else if (tool.toolCallId !== undefined && !this.partialInput && this.emitEvents) {
        // What progress() does for a block whose identity is settled, without the events array.
        const delta = tool.block.reader.takeInputDelta();
        return delta === '' ? [] : [{ type: 'tool-delta', key: tool.key, delta }];
      }
    }
    this.flushText();
    this.progress();
    if (this.reasoning !== undefined && this.emitEvents) this.reasoningProgress(this.reasoning);
    const events = this.events;
    if (events.length === 0) return [];
    this.events = [];
    return events;
  }

  /**
   * When the events since the last drain are one text delta and nothing else (the usual write of
   * a one-unit stream), takes and returns its text, in the text part {@link textPart}; else
   * `undefined`, and nothing is taken. Lets the chunk encoding skip the event object.
   */
  takeLoneTextDelta(): string | undefined {
    if (this.events.length !== 0 || this.tool !== undefined || this.textKey === undefined) return undefined;
    const delta = this.pendingText;
    if (delta === '') return undefined;
    this.pendingText = '';
    return delta;
  }

  /** The key of the open text part, if any. */
  get textPart(): string | undefined {
    return this.textKey;
  }

  /** The input is complete: closes the open text part. */
  finish(): void {
    this.endText();
  }

  /**
   * The open block as an `input-streaming` chunk (cached until its source grows). Only its first
   * call, as in the events: the later calls of an open multi-call block (a JSON list) start at its
   * closer, where their ids are claimed — shown earlier, they were chunks the final transcript
   * does not have (other ids, and not the last chunk of the snapshot).
   */
  openChunks(): Array<ToolChunk | ReasoningChunk> {
    const reasoning = this.reasoning;
    if (reasoning !== undefined) {
      return [{ type: 'reasoning', value: reasoning.reader.text, raw: reasoning.block.raw, closed: false }];
    }
    const tool = this.tool;
    if (!tool) return [];
    const { block } = tool;
    if (this.partialCache?.rawLength === block.raw.length) return this.partialCache.chunks;
    const read = safeCalls(() => block.reader.partial())[0]!;
    const call = this.review ? this.review.partial(read, block.syntax) : read;
    const chunks = [
      toToolChunk(
        { ...call, toolCallId: tool.toolCallId ?? call.toolCallId },
        { syntax: block.syntax.name, raw: block.raw, closed: false, fallbackId: this.nextId() },
        'input-streaming',
      ),
    ];
    this.partialCache = { rawLength: block.raw.length, chunks };
    return chunks;
  }

  /** A `reasoning-delta` event with the reasoning text read since the last one. */
  private reasoningProgress(reasoning: { reader: ReasoningReader; key: string }): void {
    const delta = reasoning.reader.takeValueDelta();
    if (delta !== '') this.events.push({ type: 'reasoning-delta', key: reasoning.key, delta });
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

  /** Reports the open block's identity once it is settled, then its new source. */
  private progress(): void {
    const tool = this.tool;
    if (!tool || !this.emitEvents) return;
    const { reader } = tool.block;
    if (tool.toolCallId === undefined) {
      const identity = safeIdentity(tool.block);
      if (identity !== undefined) {
        tool.toolCallId = this.ids.claim(identity.toolCallId ?? this.nextId());
        this.events.push({ type: 'tool-identity', key: tool.key, toolCallId: tool.toolCallId, toolName: identity.toolName });
      }
    }
    this.pushDelta(tool, reader.takeInputDelta());
  }

  /** A `tool-delta` event, with the input so far when asked for. */
  private pushDelta(tool: OpenTool, delta: string): void {
    if (delta === '') return;
    // The opener and the body read in the same write are one delta.
    const last = this.events[this.events.length - 1];
    if (last?.type === 'tool-delta' && last.key === tool.key) {
      this.events.pop();
      delta = last.delta + delta;
    }
    if (!this.partialInput) {
      this.events.push({ type: 'tool-delta', key: tool.key, delta });
      return;
    }
    // The reader is asked on every delta, as a snapshot read (`openChunks`) asks it: the syntaxes
    // read their partial input at points fixed by the text (syntaxes/shared/read-points.ts), spaced
    // geometrically past their small-body size, and hand back the same input in between. So the
    // input shown after a prefix is the one a whole parse of that prefix shows, however the deltas
    // fell (#22) — a throttle here, keyed to the deltas, made it depend on the split — and the
    // reads add up to a bounded multiple of the block. The review runs once per new input.
    const { block } = tool;
    // Only the first call shows while the block is open (a JSON list's later calls start at its closer).
    const read = safeCalls(() => block.reader.partial())[0]!;
    if (!('input' in tool) || read.input !== tool.readInput || read.toolName !== tool.readName) {
      tool.readInput = read.input;
      tool.readName = read.toolName;
      const call = this.review ? this.review.partial(read, block.syntax) : read;
      tool.input = call.input === undefined ? EMPTY_INPUT : call.input;
      tool.toolName = call.toolName;
    }
    const { input, toolName } = tool;
    this.events.push(
      toolName === undefined
        ? { type: 'tool-delta', key: tool.key, delta, input }
        : { type: 'tool-delta', key: tool.key, delta, input, toolName },
    );
  }

  private flushText(): void {
    if (this.pendingText === '' || this.textKey === undefined) return;
    this.events.push({ type: 'text-delta', key: this.textKey, delta: this.pendingText });
    this.pendingText = '';
  }

  private endText(): void {
    if (!this.emitEvents || this.textKey === undefined) return;
    this.flushText();
    this.events.push({ type: 'text-end', key: this.textKey });
    this.textKey = undefined;
  }
}

/** The input of a block that shows none yet; one frozen object, so an unchanged input keeps its identity. */
const EMPTY_INPUT: Readonly<Record<string, never>> = Object.freeze({});

/** A syntax reader that throws (a custom one, or a bug) yields an error call instead of breaking the parse. */
function safeCalls(read: () => ParsedCall[]): ParsedCall[] {
  try {
    const calls = read();
    return calls.length > 0 ? calls : [{}];
  } catch (error) {
    return [{ invalid: true, errorText: `the syntax failed to read this block: ${describeThrown(error)}` }];
  }
}

function safeIdentity(block: ActiveBlock) {
  try {
    return block.reader.identity();
  } catch {
    return undefined;
  }
}

/** A thrown value as text, even when reading its `message` throws. */
export function describeThrown(error: unknown): string {
  try {
    const message = (error as Error)?.message;
    return typeof message === 'string' ? message : String(error);
  } catch {
    return 'unknown error';
  }
}
