import type { CallReview } from '../review/call-review.js';
import type { ActiveBlock, ScannerSink } from '../scanner/scanner.js';
import { ReasoningReader } from '../scanner/reasoning.js';
import type { ParsedCall, ReasoningChunk } from '../types.js';
import { EMPTY_INPUT } from './fold.js';
import { toToolChunk } from './tool-chunk.js';
import { IdClaims, type TranscriptEvent, type TranscriptEventSink } from './events.js';

/** An open block (tool or reasoning) and where it stands in the event stream. */
interface OpenPart {
  block: ActiveBlock;
  /** The event key, given at the opener. */
  key: string;
  /** Length of the source last shown to a snapshot's fold by {@link syncOpen} (-1: none since the last delta). */
  syncedLength: number;
}

/** The open tool block. */
interface OpenTool extends OpenPart {
  /** The claimed id, once the block's identity is settled. */
  toolCallId?: string;
  /** The reader's input and name at the last read of the partial input (`tool-delta.input`)… */
  readInput?: unknown;
  readName?: string;
  /** …and what the events show for them (reviewed: coerced by the tools' schemas). */
  input?: unknown;
  toolName?: string;
}

/** The open reasoning block. */
interface OpenReasoning extends OpenPart {
  reader: ReasoningReader;
}

/** How a builder numbers and reports what it finds. */
export interface BuilderOptions {
  /** Prefix of generated tool call ids (`tool-call-`). */
  idPrefix: string;
  /** Read the open block's input on every delta (`tool-delta.input`, `raw`). */
  partialInput?: boolean;
  /** What the `tools`, `strictTools` and `policy` options do to calls (`undefined`: nothing). */
  review?: CallReview;
  /** Tool chunks before this text (generated ids count on from there: a store's second text part). */
  toolOffset?: number;
  /**
   * The sink keeps only settled chunks and never shows an open block (a whole parse, the CLI's
   * settled reader): the open block's source is not said (`tool-delta`, `reasoning-delta`), since
   * the settling event carries the block whole. Its fold gives the same chunks; the syntaxes'
   * delta buffers are never joined, as a whole parse never needed them.
   */
  settledOnly?: boolean;
}

/**
 * Turns what the scanner finds into {@link TranscriptEvent}s, said to a sink as they happen,
 * with stable keys and claimed ids: the parser's only output. The chunks are the fold of these
 * events (`./fold.ts`); the builder keeps no chunk of its own.
 *
 * Text is said as it comes; an open block's identity and new source are said at the end of a
 * write ({@link flush}) and at its closer, where its calls settle.
 */
export class TranscriptBuilder implements ScannerSink {
  private textKey: string | undefined;
  private textCount = 0;
  private toolCount = 0;
  /** The open tool block (read by {@link syncOpen}). @internal */
  tool: OpenTool | undefined;
  /** The open reasoning block (read by {@link syncOpen}). @internal */
  reasoning: OpenReasoning | undefined;
  private reasoningCount = 0;
  /** Tool call ids used so far (see {@link IdClaims}). */
  private readonly ids: IdClaims;
  /** Event keys of tool parts used so far. */
  private readonly keys: IdClaims;
  private readonly idPrefix: string;
  private readonly partialInput: boolean;
  private readonly settledOnly: boolean;
  private readonly review: CallReview | undefined;

  constructor(
    private readonly sink: TranscriptEventSink,
    options: BuilderOptions,
  ) {
    this.idPrefix = options.idPrefix;
    this.ids = new IdClaims(options.idPrefix);
    this.keys = new IdClaims(options.idPrefix);
    this.partialInput = options.partialInput === true;
    this.settledOnly = options.settledOnly === true;
    this.review = options.review;
    this.toolCount = options.toolOffset ?? 0;
  }

  text(value: string): void {
    let key = this.textKey;
    if (key === undefined) {
      key = this.textKey = `text-${++this.textCount}`;
      this.sink.event({ type: 'text-start', key });
    }
    this.sink.textDelta(key, value);
  }

  open(block: ActiveBlock): void {
    this.endText();
    if (block.reader instanceof ReasoningReader) {
      const key = `reasoning-${++this.reasoningCount}`;
      this.reasoning = { block, reader: block.reader, key, syncedLength: -1 };
      this.sink.event({ type: 'reasoning-start', key });
      return;
    }
    const identity = safeIdentity(block);
    const toolCallId = identity === undefined ? undefined : this.ids.claim(identity.toolCallId ?? this.nextId());
    const key = this.keys.claim(toolCallId ?? this.nextId());
    this.tool = { block, key, toolCallId, syncedLength: -1 };
    const toolName = identity?.toolName ?? 'tool';
    this.sink.event({ type: 'tool-start', key, toolCallId, toolName, syntax: block.syntax.name });
    if (!this.settledOnly) this.sayDelta(this.tool, block.raw + block.reader.takeInputDelta());
  }

  close(block: ActiveBlock, closed: boolean): void {
    const reasoning = this.reasoning;
    if (reasoning !== undefined) {
      this.reasoning = undefined;
      this.reasoningProgress(reasoning, true);
      const chunk: ReasoningChunk = { type: 'reasoning', value: reasoning.reader.text, raw: block.raw, closed };
      this.sink.event({ type: 'reasoning-end', key: reasoning.key, chunk });
      return;
    }
    const tool = this.tool!;
    // Settled only: the identity is claimed with the calls below, as the stream's identity would be.
    if (!this.settledOnly) this.progress(true);
    this.tool = undefined;
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
      let key = tool.key;
      if (index > 0) {
        key = this.keys.claim(toolCallId);
        this.sink.event({ type: 'tool-start', key, toolCallId, toolName: chunk.toolName, syntax: block.syntax.name });
      } else if (tool.toolCallId === undefined) {
        this.sink.event({ type: 'tool-identity', key, toolCallId, toolName: chunk.toolName });
      }
      this.sink.event({ type: 'tool-settle', key, chunk, invalid: reviewed.invalid === true });
    });
  }

  /** The end of a write: says the open block's settled identity and new source. */
  flush(): void {
    if (this.settledOnly) return;
    if (this.tool !== undefined) this.progress();
    else if (this.reasoning !== undefined) this.reasoningProgress(this.reasoning);
  }

  /** The input is complete: closes the open text part. */
  finish(): void {
    this.endText();
  }

  /** `tool-call-N` for the next tool chunk. */
  private nextId(): string {
    return `${this.idPrefix}${this.toolCount + 1}`;
  }

  /** A `reasoning-delta` event with the reasoning text read since the last one. */
  private reasoningProgress(reasoning: OpenReasoning, closing = false): void {
    if (this.settledOnly) return;
    const delta = reasoning.reader.takeValueDelta();
    if (delta === '' && (closing || !this.partialInput || reasoning.syncedLength === reasoning.block.raw.length)) return;
    if (!this.partialInput) {
      reasoning.syncedLength = -1;
      this.sink.event({ type: 'reasoning-delta', key: reasoning.key, delta });
      return;
    }
    const raw = reasoning.block.raw;
    reasoning.syncedLength = raw.length;
    this.sink.event({ type: 'reasoning-delta', key: reasoning.key, delta, raw });
  }

  /**
   * Reports the open block's identity once it is settled, then its new source. `closing`: the
   * block settles next, so a delta that would only refresh the input is not said.
   */
  private progress(closing = false): void {
    const tool = this.tool!;
    if (tool.toolCallId === undefined) {
      const identity = safeIdentity(tool.block);
      if (identity !== undefined) {
        tool.toolCallId = this.ids.claim(identity.toolCallId ?? this.nextId());
        this.sink.event({ type: 'tool-identity', key: tool.key, toolCallId: tool.toolCallId, toolName: identity.toolName });
      }
    }
    this.sayDelta(tool, tool.block.reader.takeInputDelta(), closing);
  }

  /**
   * A `tool-delta` event, with the input and source so far when asked for. With `partialInput`,
   * source the reader holds back (a closer's first units) still grows `raw`: said with an empty
   * delta, so a fold of the events shows the block's source exactly, as the snapshot does.
   */
  private sayDelta(tool: OpenTool, delta: string, closing = false): void {
    if (delta === '' && (closing || !this.partialInput || tool.syncedLength === tool.block.raw.length)) return;
    if (!this.partialInput) {
      tool.syncedLength = -1;
      this.sink.toolDelta(tool.key, delta);
      return;
    }
    const raw = tool.block.raw;
    // The event carries what a sync would: the next snapshot need not read again.
    tool.syncedLength = raw.length;
    this.sink.event(this.inputDelta(tool, delta, raw));
  }

  /** A `tool-delta` carrying the block's input so far (read now) and its source `raw` (also for {@link syncOpen}). @internal */
  inputDelta(tool: OpenTool, delta: string, raw: string): TranscriptEvent {
    // The reader is asked on every delta, as a snapshot read asks it: the syntaxes read their
    // partial input at points fixed by the text (syntaxes/shared/read-points.ts), spaced
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
    return toolName === undefined
      ? { type: 'tool-delta', key: tool.key, delta, input, raw }
      : { type: 'tool-delta', key: tool.key, delta, input, toolName, raw };
  }

  private endText(): void {
    if (this.textKey === undefined) return;
    this.sink.event({ type: 'text-end', key: this.textKey });
    this.textKey = undefined;
  }
}

/**
 * Brings a snapshot's fold up to date with the builder's open block, after its flush: its input
 * and source so far, as a `tool-delta` (or `reasoning-delta`) with no new source — the event a
 * `partialInput` parser says, from the same read — when they changed since the last time.
 * Said to `fold` only: the events a caller of `write()` gets do not depend on snapshot reads.
 * A function beside the builder rather than a method: only parsers with a `chunks` snapshot call
 * it, so a bundle with none (a store's) leaves it out.
 */
export function syncOpen(builder: TranscriptBuilder, fold: TranscriptEventSink): void {
  const { reasoning, tool } = builder;
  const part = reasoning ?? tool;
  if (part === undefined) return;
  const raw = part.block.raw;
  if (part.syncedLength === raw.length) return;
  part.syncedLength = raw.length;
  fold.event(reasoning !== undefined ? { type: 'reasoning-delta', key: reasoning.key, delta: '', raw } : builder.inputDelta(tool!, '', raw));
}

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
