import { checkLiteOptions } from '../options.js';
import { createCallReview } from '../review/call-review.js';
import { Scanner } from '../scanner/scanner.js';
import { createWorkMeter } from '../scanner/work-meter.js';
import type { ToolDefinition, ToolSyntax, TranscriptChunk, TranscriptOptions, UIMessageChunk, UIMessageChunkFor, WorkMeter } from '../types.js';
import { createChunkEncoding, textDeltaChunk } from './encode.js';
import { EventQueue } from './event-queue.js';
import type { TranscriptEvent } from './events.js';
import { FoldState } from './fold.js';
import { syncOpen, TranscriptBuilder } from './transcript-builder.js';

// The parser over syntax objects given by the caller. It knows no syntax by name and has no
// default set, so a bundle that uses it carries only the syntaxes passed to it (an XML-only
// app carries no YAML). `./parser.ts` adds the names and the defaults of the main entry.

/**
 * An incremental transcript parser: deltas in, AI SDK UI-message chunks out. `Chunk` is the
 * union its options allow (see {@link UIMessageChunkFor}).
 */
export interface TranscriptParser<Chunk extends UIMessageChunk = UIMessageChunk> {
  /** Feeds a delta; returns the UI-message chunks it produced, in order. */
  write(delta: string): Chunk[];
  /** Ends the input: flushes held text and finishes an open block (`closed: false`). */
  end(): Chunk[];
  /**
   * Snapshot of the transcript so far; an open block shows as `input-streaming`. A new array
   * on every read, never changed afterwards: a read costs O(chunks), so reading it after every
   * delta of a long stream is quadratic. To show a long stream as it arrives, use the chunks
   * {@link write} returns, or a store (`createTranscriptStore`, `getItem` / `subscribeItem`).
   */
  readonly chunks: TranscriptChunk[];
  /**
   * The work this parser did so far (see {@link WorkMeter}), a snapshot: a diagnostic whose
   * counts grow linearly with the input, for tests and benchmarks that count work instead of
   * timing it.
   */
  readonly work: Readonly<WorkMeter>;
}

/** Options of {@link createTranscriptEventParser}. */
export interface EventParserOptions extends TranscriptOptions {
  /**
   * Read the open block's input on every delta and put it on its `tool-delta` events
   * (`event.input`, with the block's source so far as `event.raw`): what a UI shows while a call
   * streams, so that folding the events shows the open block as the `chunks` snapshot does.
   * Costs the syntax's incremental partial parse (amortised linear); leave it off when only
   * forwarding the events.
   */
  partialInput?: boolean;
}

/** An incremental transcript parser at the event level: deltas in, {@link TranscriptEvent}s out. */
export interface TranscriptEventParser {
  /** Feeds a delta; returns the events it produced, in order. */
  write(delta: string): TranscriptEvent[];
  /** Ends the input: flushes held text, settles an open block (`closed: false`) and ends the text part. */
  end(): TranscriptEvent[];
  /**
   * Snapshot of the transcript so far; an open block shows as `input-streaming`: the fold of the
   * events said so far (`foldEvent`), the open block's input and source read for it when the
   * events do not carry them (without `partialInput`).
   */
  readonly chunks: TranscriptChunk[];
  /**
   * The work this parser did so far (see {@link WorkMeter}), a snapshot: a diagnostic whose
   * counts grow linearly with the input, for tests and benchmarks that count work instead of
   * timing it.
   */
  readonly work: Readonly<WorkMeter>;
}

/**
 * Options whose `syntaxes` are the syntax objects themselves: required, no names, no defaults.
 * What `tool-transcript/lite` takes.
 */
export type ExplicitOptions<Options extends TranscriptOptions = TranscriptOptions> = Omit<Options, 'syntaxes'> & {
  syntaxes: readonly ToolSyntax[];
};

const DEFAULT_ID_PREFIX = 'tool-call-';

/**
 * Creates a streaming parser over the given syntax objects. Whatever the split of the input
 * into deltas, the final {@link TranscriptParser.chunks} equal `parseTranscript(input)`.
 * Its chunks are the encoding of {@link createTranscriptEventParser}'s events.
 */
export function createTranscriptParser<Options extends ExplicitOptions>(given: Options): TranscriptParser<UIMessageChunkFor<Options>> {
  const options = checkLiteOptions('createTranscriptParser', given);
  const events = new SnapshotParser(options, 'events');
  const queue = events.queue!;
  const encoding = createChunkEncoding(options);
  const parser: TranscriptParser = {
    write: (delta) => {
      events.scan(delta);
      // The usual write of a one-unit stream yields one text or input delta: encoded with no event in between.
      const lone = queue.takeLoneDelta();
      if (lone === undefined) return encoding.encode(queue.drain());
      return queue.loneIsText ? [textDeltaChunk(queue.loneKey, lone)] : encoding.toolDelta(queue.loneKey, lone);
    },
    end: () => encoding.encode(events.end()),
    get chunks() {
      return events.chunks;
    },
    get work() {
      return events.work;
    },
  };
  // Only `approvalResponses: true` makes the encoder send `tool-approval-response`.
  return parser as TranscriptParser<UIMessageChunkFor<Options>>;
}

/**
 * Creates a streaming parser over the given syntax objects that reports
 * {@link TranscriptEvent}s (see the main entry's `createTranscriptEventParser`).
 */
export function createTranscriptEventParser(options: ExplicitOptions<EventParserOptions>): TranscriptEventParser {
  return new SnapshotParser(checkLiteOptions('createTranscriptEventParser', options), 'events');
}

/**
 * An event parser without a snapshot: what the store runs over one text, folding the events
 * itself (`foldEvent`, one fold per text).
 * @internal
 */
export type SegmentParser = Omit<TranscriptEventParser, 'chunks'>;

/**
 * The store's parser of one text (its `append` text, an AI SDK text part): events with the
 * input so far, generated ids counting on after `toolOffset` tools already shown, its work
 * added to the store's meter.
 * @internal
 */
export function createSegmentParser(options: ExplicitOptions, toolOffset: number, work: WorkMeter): SegmentParser {
  return new EventParser({ ...options, partialInput: true }, 'events-only', toolOffset, work);
}

/**
 * Parses a whole transcript with the given syntax objects. Never throws on any string. The
 * chunks are the fold of the parser's events (`foldEvent`), said straight into it.
 */
export function parseTranscript(text: string, options: ExplicitOptions): TranscriptChunk[] {
  const parser = new EventParser(checkLiteOptions('parseTranscript', options), 'fold');
  parser.scan(text);
  parser.end();
  return parser.fold!.takeSettled();
}

/**
 * A Web `TransformStream` from text deltas to AI SDK UI-message chunks, over the given
 * syntax objects. Wrap its output in `start` … `finish` to hand it to `readUIMessageStream`.
 */
export function transcriptTransform<Options extends ExplicitOptions>(options: Options): TransformStream<string, UIMessageChunkFor<Options>> {
  const parser = createTranscriptParser(checkLiteOptions('transcriptTransform', options)) as TranscriptParser<UIMessageChunkFor<Options>>;
  return new TransformStream<string, UIMessageChunkFor<Options>>({
    transform(delta, controller) {
      for (const chunk of parser.write(delta)) controller.enqueue(chunk);
    },
    flush(controller) {
      for (const chunk of parser.end()) controller.enqueue(chunk);
    },
  });
}

/**
 * The syntax list, required, with no names in it: what the options check (`checkLiteOptions`,
 * which checks the rest of the list) leaves to the lite entries, so their message can say which
 * entries take names. @internal
 */
export function checkedSyntaxes(syntaxes: readonly ToolSyntax[] | undefined): readonly ToolSyntax[] {
  if (!Array.isArray(syntaxes)) {
    throw new TypeError('tool-transcript: `syntaxes` must be an array of syntax objects (for example [xmlSyntax]): the lite entries (tool-transcript/lite, /react/lite, /store/lite) have no default set');
  }
  for (const syntax of syntaxes as readonly unknown[]) {
    if (typeof syntax === 'string') {
      throw new TypeError(
        `tool-transcript: the syntax name ${JSON.stringify(syntax)} needs a full entry (tool-transcript, tool-transcript/react, tool-transcript/store); the lite entries take syntax objects (for example xmlSyntax)`,
      );
    }
  }
  return syntaxes;
}

/** The syntaxes bound to the parser's `tools` (see `ToolSyntax.withTools`): once per parser. @internal */
export function boundSyntaxes(syntaxes: readonly ToolSyntax[], tools: readonly ToolDefinition[] | undefined): readonly ToolSyntax[] {
  if (tools === undefined || !syntaxes.some((syntax) => syntax.withTools)) return syntaxes;
  return syntaxes.map((syntax) => (syntax.withTools ? syntax.withTools(tools) : syntax));
}

/**
 * What an {@link EventParser} does with its builder's events: fold them only (a whole parse, whose
 * result is the fold), queue them for `write()` and fold them (the public parsers: their `chunks`
 * is the fold), or queue them only (a store's text, which folds them itself).
 */
type Output = 'fold' | 'events' | 'events-only';

class EventParser implements SegmentParser {
  readonly builder: TranscriptBuilder;
  /** The fold of the events: what {@link SnapshotParser.chunks} reads (absent for `events-only`). */
  readonly fold: FoldState | undefined;
  /** The events of the current write (absent for a whole parse). */
  readonly queue: EventQueue | undefined;
  private readonly scanner: Scanner;
  /** `end()` was called. */
  ended = false;

  constructor(
    options: ExplicitOptions<EventParserOptions>,
    output: Output,
    toolOffset = 0,
    private readonly meter: WorkMeter = createWorkMeter(),
  ) {
    this.fold = output === 'events-only' ? undefined : new FoldState();
    this.queue = output === 'fold' ? undefined : new EventQueue(this.fold);
    this.builder = new TranscriptBuilder(this.queue ?? this.fold!, {
      idPrefix: options.idPrefix ?? DEFAULT_ID_PREFIX,
      partialInput: options.partialInput,
      review: createCallReview(options),
      toolOffset,
      settledOnly: output === 'fold',
    });
    this.scanner = new Scanner(boundSyntaxes(checkedSyntaxes(options.syntaxes), options.tools), this.builder, meter, options);
  }

  write(delta: string): TranscriptEvent[] {
    this.scan(delta);
    return this.drain();
  }

  /** Reads a delta; its events wait in the queue until {@link drain}. */
  scan(delta: string): void {
    if (typeof delta !== 'string') throw new TypeError('tool-transcript: write() takes a string');
    if (this.ended) throw new Error('tool-transcript: write() after end()');
    this.scanner.write(delta);
    this.builder.flush();
  }

  /** The events since the last drain. */
  drain(): TranscriptEvent[] {
    return this.queue?.drain() ?? [];
  }

  end(): TranscriptEvent[] {
    if (this.ended) return [];
    this.ended = true;
    this.scanner.end();
    this.builder.finish();
    return this.drain();
  }

  get work(): Readonly<WorkMeter> {
    return { ...this.meter };
  }
}

/**
 * An event parser with the `chunks` snapshot (the public parsers): the fold of its events, the
 * open block brought up to date first (see {@link syncOpen}). A subclass rather than a getter of
 * {@link EventParser}: a store's parsers have no snapshot, and a bundle of the store alone leaves
 * it out.
 */
class SnapshotParser extends EventParser implements TranscriptEventParser {
  get chunks(): TranscriptChunk[] {
    const fold = this.fold!;
    if (!this.ended) syncOpen(this.builder, fold);
    return fold.chunks();
  }
}
