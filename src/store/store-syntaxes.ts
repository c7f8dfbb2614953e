import { createSegmentParser, type ExplicitOptions, type SegmentParser } from '../stream/event-parser.js';
import type { ToolSyntax, TranscriptOptions, WorkMeter } from '../types.js';

/**
 * How a store reaches its syntaxes: the parser of one text (its `append` text, an AI SDK text
 * part), and the syntax a native call's source text is in (`toolMetadata.syntax`). Given to the
 * store by its entry, so the store itself imports no syntax: `tool-transcript/store` resolves
 * names and the default set, `tool-transcript/store/lite` knows only the objects it was given
 * (and a bundle then holds only those).
 */
export interface StoreSyntaxes {
  /**
   * Events with the input so far, generated ids counting on after `toolOffset` tools already
   * shown; the parser's work is counted on the store's `work` meter.
   */
  segmentParser(options: TranscriptOptions, toolOffset: number, work: WorkMeter): SegmentParser;
  /** The syntax named `name` that a native call's source text may be read with, else `undefined`. */
  find(name: string, options: TranscriptOptions): ToolSyntax | undefined;
}

/** The syntax objects of the options, and nothing else (the lite store's). */
export const explicitSyntaxes: StoreSyntaxes = {
  segmentParser: (options, toolOffset, work) => createSegmentParser(options as ExplicitOptions, toolOffset, work),
  find: (name, options) => (options as ExplicitOptions).syntaxes.find((syntax) => syntax.name === name),
};
