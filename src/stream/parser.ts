import { createCallReview } from '../format/call-review.js';
import { Scanner } from '../scanner/scanner.js';
import { resolveSyntaxes } from '../syntaxes/index.js';
import type { TranscriptChunk, TranscriptOptions, UIMessageChunk } from '../types.js';
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

const DEFAULT_ID_PREFIX = 'tool-call-';

/**
 * Creates a streaming parser. Whatever the split of the input into deltas,
 * the final {@link TranscriptParser.chunks} equal `parseTranscript(input)`.
 */
export function createTranscriptParser(options: TranscriptOptions = {}): TranscriptParser {
  return new StreamParser(options, true);
}

/** Parses a whole transcript into text and tool chunks. Never throws on any string. */
export function parseTranscript(text: string, options: TranscriptOptions = {}): TranscriptChunk[] {
  const parser = new StreamParser(options, false);
  parser.write(text);
  parser.end();
  return parser.chunks;
}

class StreamParser implements TranscriptParser {
  private readonly builder: TranscriptBuilder;
  private readonly scanner: Scanner;
  private ended = false;

  constructor(options: TranscriptOptions, emitEvents: boolean) {
    this.builder = new TranscriptBuilder(options.idPrefix ?? DEFAULT_ID_PREFIX, emitEvents, createCallReview(options));
    this.scanner = new Scanner(resolveSyntaxes(options.syntaxes), this.builder);
  }

  write(delta: string): UIMessageChunk[] {
    if (typeof delta !== 'string') throw new TypeError('tool-transcript: write() takes a string');
    if (this.ended) throw new Error('tool-transcript: write() after end()');
    this.scanner.write(delta);
    return this.builder.drain();
  }

  end(): UIMessageChunk[] {
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
