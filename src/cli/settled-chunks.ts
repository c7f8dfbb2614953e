import { createCallReview } from '../review/call-review.js';
import { Scanner } from '../scanner/scanner.js';
import { FoldState } from '../stream/fold.js';
import { TranscriptBuilder } from '../stream/transcript-builder.js';
import { resolveSyntaxes } from '../syntaxes/index.js';
import type { TranscriptChunk, TranscriptOptions } from '../types.js';

/**
 * `parseTranscript` over a text that arrives in pieces, handing out each chunk once it is settled
 * and then forgetting it, so a big input is never held whole, nor its chunk list.
 *
 * The chunks handed out, in order, are `parseTranscript(whole text)`'s chunks, except that a
 * text chunk may come in several pieces (consecutive text chunks, to be joined): the text of a
 * run is handed out as the scanner lets it go, not when the run ends. Tool chunks, their ids
 * numbered across the whole text, are exactly the whole parse's.
 *
 * Built from the same scanner, builder and fold as `parseTranscript` (same syntaxes, same review
 * of calls): the builder's events are folded as they come, and the fold hands the settled chunks
 * over with `takeSettled` and keeps none of them.
 */
export class SettledChunks {
  private readonly fold = new FoldState();
  private readonly builder: TranscriptBuilder;
  private readonly scanner: Scanner;

  constructor(options: TranscriptOptions = {}) {
    this.builder = new TranscriptBuilder(this.fold, { idPrefix: 'tool-call-', review: createCallReview(options), settledOnly: true });
    this.scanner = new Scanner(resolveSyntaxes(options.syntaxes), this.builder, undefined, options);
  }

  /** Feeds the next piece; returns the chunks settled by it. */
  write(text: string): TranscriptChunk[] {
    this.scanner.write(text);
    return this.fold.takeSettled();
  }

  /** Ends the input; returns the rest of the chunks (an open block settles, `closed: false`). */
  end(): TranscriptChunk[] {
    this.scanner.end();
    this.builder.finish();
    return this.fold.takeSettled();
  }
}

/**
 * The chunks of {@link SettledChunks} with the pieces of each text run joined: exactly
 * `parseTranscript`'s chunks. A text run is held until a block or the end closes it.
 */
export class WholeChunks {
  private readonly settled: SettledChunks;
  private text: string[] = [];

  constructor(options: TranscriptOptions = {}) {
    this.settled = new SettledChunks(options);
  }

  write(piece: string): TranscriptChunk[] {
    return this.join(this.settled.write(piece), false);
  }

  end(): TranscriptChunk[] {
    return this.join(this.settled.end(), true);
  }

  private join(chunks: TranscriptChunk[], ended: boolean): TranscriptChunk[] {
    const out: TranscriptChunk[] = [];
    for (const chunk of chunks) {
      if (chunk.type === 'text') {
        this.text.push(chunk.value);
        continue;
      }
      this.flushText(out);
      out.push(chunk);
    }
    if (ended) this.flushText(out);
    return out;
  }

  private flushText(out: TranscriptChunk[]): void {
    if (this.text.length === 0) return;
    out.push({ type: 'text', value: this.text.join('') });
    this.text = [];
  }
}
