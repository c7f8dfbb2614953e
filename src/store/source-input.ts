import { createSegmentParser, type SegmentParser } from '../stream/event-parser.js';
import type { ToolSyntax, TranscriptOptions, WorkMeter } from '../types.js';

/** The input so far of a block read from its source text. */
export interface SourceProgress {
  input: unknown;
  toolName?: string;
}

/**
 * A tool call's input while it streams as source text of its syntax — what
 * `createTranscriptParser` sends as `tool-input-delta` (with `inputEncoding: 'text'` and
 * `toolMetadata.syntax`), and what the AI SDK then keeps as the part's `rawInput`. A parser of
 * that one syntax reads the text as it grows (only the new text each time), so the input shows
 * as it arrives, in every syntax, with the work of the syntax's own incremental reader.
 */
export class SourceInput {
  private readonly parser: SegmentParser;
  /** Length of the source fed so far (a message part gives the whole text each time). */
  fed = 0;
  private progress: SourceProgress = { input: {} };

  /** @param work the store's meter, where this parser's work is added. */
  constructor(syntax: ToolSyntax, options: TranscriptOptions, work: WorkMeter) {
    this.parser = createSegmentParser({ tools: options.tools, strictTools: options.strictTools, syntaxes: [syntax], reasoning: false }, 0, work);
  }

  /** Adds source text; returns the input so far (the same object while it did not change). */
  push(delta: string): SourceProgress {
    if (delta === '') return this.progress;
    this.fed += delta.length;
    let events;
    try {
      events = this.parser.write(delta);
    } catch {
      return this.progress;
    }
    for (const event of events) {
      if (event.type !== 'tool-delta' || event.input === undefined) continue;
      if (event.input !== this.progress.input || event.toolName !== this.progress.toolName) {
        this.progress = event.toolName === undefined ? { input: event.input } : { input: event.input, toolName: event.toolName };
      }
    }
    return this.progress;
  }
}
