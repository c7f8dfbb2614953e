import { createSegmentParser, type SegmentParser } from '../stream/event-parser.js';
import type { ToolChunk, ToolSyntax, TranscriptOptions, WorkMeter } from '../types.js';
import { transcriptMetadata } from './native-tool.js';
import type { StoreSyntaxes } from './store-syntaxes.js';

/**
 * What a source reader takes of the store's items (`ItemTable` is one): their options, the meter
 * its work is added to, and the syntaxes a native call's metadata may name. Said here, not
 * imported, so the store's rooms import one way (the table holds segments, which hold readers).
 */
export interface SourceContext {
  readonly options: TranscriptOptions;
  readonly parserWork: WorkMeter;
  readonly syntaxes: StoreSyntaxes;
}

/**
 * A tool call's input while it streams as source text of its syntax — what
 * `createTranscriptParser` sends as `tool-input-delta` (with `inputEncoding: 'text'` and
 * `toolMetadata.syntax`), and what the AI SDK then keeps as the part's `rawInput`. A parser of
 * that one syntax reads the text as it grows (only the new text each time), so the input shows
 * as it arrives, in every syntax, with the work of the syntax's own incremental reader.
 */
export class SourceInput {
  /** Length of the source fed so far (a message part gives the whole text each time). */
  fed = 0;
  /** The input so far (the same object while it does not change), and the name once the source gives one. */
  private input: unknown = {};
  private toolName: string | undefined;

  private readonly parser: SegmentParser;

  /** @param table the store's items: its options, and its meter, which counts this reader's work. */
  constructor(table: SourceContext, syntax: ToolSyntax) {
    const { tools, strictTools } = table.options;
    this.parser = createSegmentParser({ tools, strictTools, syntaxes: [syntax], reasoning: false }, 0, table.parserWork);
  }

  /** Reads `delta`, more source text; returns `chunk` with the input so far (and the name, once read) and `raw`. */
  show(chunk: ToolChunk, delta: string, raw: string): ToolChunk {
    if (delta !== '') this.read(delta);
    return { ...chunk, input: this.input, toolName: this.toolName ?? chunk.toolName, raw };
  }

  private read(delta: string): void {
    this.fed += delta.length;
    let events;
    try {
      events = this.parser.write(delta);
    } catch {
      return;
    }
    for (const event of events) {
      if (event.type !== 'tool-delta' || event.input === undefined) continue;
      this.input = event.input;
      this.toolName = event.toolName;
    }
  }
}

/** The syntax a native call's input is source text of, when tool-transcript's `toolMetadata` names one the store reads. */
export function sourceSyntax(table: SourceContext, toolMetadata: unknown): ToolSyntax | undefined {
  const name = transcriptMetadata(toolMetadata)?.syntax;
  return name === undefined ? undefined : table.syntaxes.find(name, table.options);
}
