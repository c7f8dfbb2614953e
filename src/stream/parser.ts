import { createCallReview } from '../format/call-review.js';
import { Scanner } from '../scanner/scanner.js';
import { resolveSyntaxes } from '../syntaxes/index.js';
import type { TranscriptChunk, TranscriptOptions, UIMessageChunk } from '../types.js';
import { createChunkEncoder } from './encode.js';
import type { TranscriptEvent } from './events.js';
import { TranscriptBuilder } from './transcript.js';

/** An incremental transcript parser: deltas in, AI SDK UI-message chunks out. */
export interface TranscriptParser {
  /** Feeds a delta; returns the UI-message chunks it produced, in order. */
  write(delta: string): UIMessageChunk[];
  /** Ends the input: flushes held text and finishes an open block (`closed: false`). */
  end(): UIMessageChunk[];
  /** Snapshot of the transcript so far; an open block shows as `input-streaming`. */
  readonly chunks: TranscriptChunk[];
  /** Code units the scanner visited (rescans included): linear in the input. */
  readonly steps: number;
}

/** Options of {@link createTranscriptEventParser}. */
export interface EventParserOptions extends TranscriptOptions {
  /**
   * Read the open block's input on every delta and put it on its `tool-delta` events
   * (`event.input`): what a UI shows while a call streams. Costs the syntax's incremental
   * partial parse (amortised linear); leave it off when only forwarding the events.
   */
  partialInput?: boolean;
}

/** An incremental transcript parser at the event level: deltas in, {@link TranscriptEvent}s out. */
export interface TranscriptEventParser {
  /** Feeds a delta; returns the events it produced, in order. */
  write(delta: string): TranscriptEvent[];
  /** Ends the input: flushes held text, settles an open block (`closed: false`) and ends the text part. */
  end(): TranscriptEvent[];
  /** Snapshot of the transcript so far; an open block shows as `input-streaming`. */
  readonly chunks: TranscriptChunk[];
  /** Code units the scanner visited (rescans included): linear in the input. */
  readonly steps: number;
}

const DEFAULT_ID_PREFIX = 'tool-call-';

/**
 * Creates a streaming parser. Whatever the split of the input into deltas,
 * the final {@link TranscriptParser.chunks} equal `parseTranscript(input)`.
 * Its chunks are the encoding of {@link createTranscriptEventParser}'s events.
 */
export function createTranscriptParser(options: TranscriptOptions = {}): TranscriptParser {
  const events = new EventParser(options, true);
  const encode = createChunkEncoder(options);
  return {
    write: (delta) => encode(events.write(delta)),
    end: () => encode(events.end()),
    get chunks() {
      return events.chunks;
    },
    get steps() {
      return events.steps;
    },
  };
}

/**
 * Creates a streaming parser that reports {@link TranscriptEvent}s: what the AI SDK chunks,
 * the store and the model middleware are all built from. Same parse, same ids, same chunks
 * snapshot as {@link createTranscriptParser}.
 *
 * @example
 * const parser = createTranscriptEventParser({ partialInput: true });
 * for (const event of parser.write('🛠️[read a.md]🛠️[/end]')) console.log(event.type);
 * // tool-start, tool-delta, tool-settle
 */
export function createTranscriptEventParser(options: EventParserOptions = {}): TranscriptEventParser {
  return new EventParser(options, true);
}

/**
 * The store's parser of one text (its `append` text, an AI SDK text part): events with the
 * input so far, generated ids counting on after `toolOffset` tools already shown.
 * @internal
 */
export function createSegmentParser(options: TranscriptOptions, toolOffset: number): TranscriptEventParser {
  return new EventParser({ ...options, partialInput: true }, true, toolOffset);
}

/** Parses a whole transcript into text and tool chunks. Never throws on any string. */
export function parseTranscript(text: string, options: TranscriptOptions = {}): TranscriptChunk[] {
  const parser = new EventParser(options, false);
  parser.write(text);
  parser.end();
  return parser.chunks;
}

class EventParser implements TranscriptEventParser {
  private readonly builder: TranscriptBuilder;
  private readonly scanner: Scanner;
  private ended = false;

  constructor(options: EventParserOptions, emitEvents: boolean, toolOffset = 0) {
    this.builder = new TranscriptBuilder({
      idPrefix: options.idPrefix ?? DEFAULT_ID_PREFIX,
      emitEvents,
      partialInput: options.partialInput,
      review: createCallReview(options),
      toolOffset,
    });
    this.scanner = new Scanner(resolveSyntaxes(options.syntaxes), this.builder);
  }

  write(delta: string): TranscriptEvent[] {
    if (typeof delta !== 'string') throw new TypeError('tool-transcript: write() takes a string');
    if (this.ended) throw new Error('tool-transcript: write() after end()');
    this.scanner.write(delta);
    return this.builder.drain();
  }

  end(): TranscriptEvent[] {
    if (this.ended) return [];
    this.ended = true;
    this.scanner.end();
    this.builder.finish();
    return this.builder.drain();
  }

  get chunks(): TranscriptChunk[] {
    const open = this.ended ? [] : this.builder.openChunks();
    return open.length === 0 ? this.builder.chunks.slice() : [...this.builder.chunks, ...open];
  }

  get steps(): number {
    return this.scanner.steps;
  }
}
