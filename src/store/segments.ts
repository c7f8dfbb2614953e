import type { SegmentParser } from '../stream/event-parser.js';
import { FoldState } from '../stream/fold.js';
import type { StreamedJsonInput } from './native-tool.js';
import type { SourceInput } from './source-input.js';

/**
 * A run of items parsed from one text: the `append` text, one AI SDK text part, or one
 * text part of a message. Its parser's events are folded ({@link fold}) into items; `items` maps the
 * events' keys to the store's item ids, given once and never changed.
 */
export class ParsedSegment {
  readonly kind = 'parsed';
  /** Item ids in order. */
  readonly itemIds: string[] = [];
  /** Event key → item id. */
  readonly items = new Map<string, string>();
  /** The text of a message part as last seen (message parts only: compared with the part's next version). */
  text = '';
  ended = false;
  /** The fold of the parser's events: each item shows its part's chunk as the fold has it. */
  fold = new FoldState();

  constructor(public parser: SegmentParser) {}
}

/** One native AI SDK tool call (from stream chunks or a message part). */
export class NativeSegment {
  readonly kind = 'native';
  readonly itemIds: string[] = [];
  /** Partial JSON input while `tool-input-delta` chunks arrive. */
  json: StreamedJsonInput | undefined;
  /** Source text of a tool-transcript syntax while it arrives (`inputEncoding: 'text'`). */
  source: SourceInput | undefined;
}

/** Items given as a list of chunks by the host (`setChunks`). */
export class ChunksSegment {
  readonly kind = 'chunks';
  readonly itemIds: string[] = [];
}

/** One reasoning part of the AI SDK stream or message (`reasoning-start` … `reasoning-end`, a `reasoning` part). */
export class ReasoningSegment {
  readonly kind = 'reasoning';
  readonly itemIds: string[] = [];
}

/** A part of a message that the transcript does not show (files, sources, data, steps). */
export class SkippedSegment {
  readonly kind = 'skipped';
  readonly itemIds: readonly string[] = [];
}

/** A segment of exactly one item, given when it is added (`ItemTable.pushItem`). */
export type ItemSegment = NativeSegment | ReasoningSegment;

export type Segment = ParsedSegment | NativeSegment | ChunksSegment | ReasoningSegment | SkippedSegment;
