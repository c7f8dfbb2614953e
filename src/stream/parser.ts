import { checkTranscriptOptions } from '../options.js';
import { resolveSyntaxes } from '../syntaxes/index.js';
import type { ToolSyntax, TranscriptChunk, TranscriptOptions, UIMessageChunkFor, WorkMeter } from '../types.js';
import * as explicit from './event-parser.js';
import type { EventParserOptions, SegmentParser, TranscriptEventParser, TranscriptParser } from './event-parser.js';

// The main entry's parser: the explicit parser of `./event-parser.ts` with the syntaxes option
// resolved, names looked up and the default set when it is absent. That lookup is what ties
// every built-in syntax (and `yaml`) to these functions.

export type { EventParserOptions, TranscriptEventParser, TranscriptParser } from './event-parser.js';

/** `options` with `syntaxes` as syntax objects: names looked up, `defaultSyntaxes` when absent (led by `tooltags` when `tools` are given). */
export function withSyntaxObjects<Options extends TranscriptOptions>(options: Options): Omit<Options, 'syntaxes'> & { syntaxes: ToolSyntax[] } {
  return { ...options, syntaxes: resolveSyntaxes(options.syntaxes, options.tools) };
}

/**
 * Creates a streaming parser. Whatever the split of the input into deltas,
 * the final {@link TranscriptParser.chunks} equal `parseTranscript(input)`.
 * Its chunks are the encoding of {@link createTranscriptEventParser}'s events.
 */
export function createTranscriptParser<Options extends TranscriptOptions = {}>(options?: Options): TranscriptParser<UIMessageChunkFor<Options>> {
  return explicit.createTranscriptParser(withSyntaxObjects(checkTranscriptOptions('createTranscriptParser', options))) as TranscriptParser<UIMessageChunkFor<Options>>;
}

/**
 * Creates a streaming parser that reports `TranscriptEvent`s: what the AI SDK chunks,
 * the store and the model middleware are all built from. Same parse, same ids, same chunks
 * snapshot as {@link createTranscriptParser}.
 *
 * @example
 * const parser = createTranscriptEventParser({ partialInput: true });
 * for (const event of parser.write('🛠️[read a.md]🛠️[/end]')) console.log(event.type);
 * // tool-start, tool-delta, tool-settle
 */
export function createTranscriptEventParser(options: EventParserOptions = {}): TranscriptEventParser {
  return explicit.createTranscriptEventParser(withSyntaxObjects(checkTranscriptOptions('createTranscriptEventParser', options)));
}

/**
 * The store's parser of one text (its `append` text, an AI SDK text part): events with the
 * input so far, generated ids counting on after `toolOffset` tools already shown, its work
 * added to the store's meter.
 * @internal
 */
export function createSegmentParser(options: TranscriptOptions, toolOffset: number, work: WorkMeter): SegmentParser {
  return explicit.createSegmentParser(withSyntaxObjects(options), toolOffset, work);
}

/** Parses a whole transcript into text and tool chunks. Never throws on any string. */
export function parseTranscript(text: string, options: TranscriptOptions = {}): TranscriptChunk[] {
  return explicit.parseTranscript(text, withSyntaxObjects(checkTranscriptOptions('parseTranscript', options)));
}
