import type { TranscriptParser } from '../stream/parser.js';
import type { ToolChunk, TranscriptChunk } from '../types.js';
import type { StreamedInput } from './native-tool.js';

/**
 * A run of items parsed from one text: the `append` text, one AI SDK text
 * part, one text part of a message, or a list of chunks given by the host.
 */
export class ParsedSegment {
  readonly kind = 'parsed';
  /** Item ids, one per chunk of the last snapshot. */
  readonly itemIds: string[] = [];
  /** The last snapshot, to tell changed chunks (new objects) from unchanged ones. */
  chunks: readonly TranscriptChunk[] = [];
  /** `toolsBefore[i]`: tool chunks before index `i` (a generated id is `PREFIX` + that + 1). */
  readonly toolsBefore: number[] = [];
  /** The text of a message part as last seen (message parts only: compared with the part's next version). */
  text = '';
  ended = false;

  /**
   * @param parser `undefined` for a list of chunks given by the host.
   * @param toolOffset Tool items before this segment: generated ids continue from there.
   */
  constructor(
    public parser: TranscriptParser | undefined,
    readonly toolOffset: number,
  ) {}
}

/** One native AI SDK tool call (from stream chunks or a message part). */
export class NativeSegment {
  readonly kind = 'native';
  readonly itemIds: string[];
  /** Partial input while `tool-input-delta` chunks arrive. */
  input: StreamedInput | undefined;

  constructor(
    itemId: string,
    public source: ToolChunk,
  ) {
    this.itemIds = [itemId];
  }
}

/** A part of a message that the transcript does not show (reasoning, files, sources, data, steps). */
export class SkippedSegment {
  readonly kind = 'skipped';
  readonly itemIds: readonly string[] = [];
}

export type Segment = ParsedSegment | NativeSegment | SkippedSegment;
