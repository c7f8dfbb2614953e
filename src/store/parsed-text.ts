import type { TranscriptEvent } from '../stream/events.js';
import { foldEvent, FoldState } from '../stream/fold.js';
import type { TranscriptOptions } from '../types.js';
import type { ItemTable } from './item-table.js';
import { ParsedSegment } from './segments.js';

/**
 * Text read by the parser into items: a segment per text (the `append` text, an AI SDK text
 * part, a message's text part) whose parser's events are folded into the table, one item written
 * per event, as the segment's fold of the events has it, and nothing else looked at.
 */
export class ParsedText {
  constructor(private readonly table: ItemTable) {}

  /** A new text segment at the end of the transcript. */
  addSegment(): ParsedSegment {
    const segment = new ParsedSegment(this.parserAt(this.table.segments.length, this.table.toolItems));
    this.table.pushSegment(segment);
    return segment;
  }

  /**
   * A text parser for the segment at `index`. Generated ids continue `toolCount`, the store's
   * count of tools before it, so two text parts give no two `tool-call-1`.
   */
  parserAt(index: number, toolCount: number): ParsedSegment['parser'] {
    return this.table.syntaxes.segmentParser(this.optionsAt(index), toolCount, this.table.parserWork);
  }

  write(segment: ParsedSegment, delta: string): void {
    if (segment.ended || delta === '') return;
    this.fold(segment, segment.parser.write(delta));
  }

  end(segment: ParsedSegment): void {
    if (segment.ended) return;
    segment.ended = true;
    this.fold(segment, segment.parser.end());
  }

  /** Ends every parse still open. */
  endAll(): void {
    for (const segment of this.table.segments) if (segment.kind === 'parsed') this.end(segment);
  }

  /** A text that does not extend what was shown: parsed again; items of the same kind keep their ids. */
  reparse(segment: ParsedSegment, text: string): void {
    const { table } = this;
    const old = segment.itemIds.splice(0);
    segment.items.clear();
    const toolsBefore = table.toolItems - old.filter((id) => table.source(id)?.type === 'tool').length;
    segment.parser = this.parserAt(table.segments.indexOf(segment), toolsBefore);
    segment.fold = new FoldState();
    segment.ended = false;
    const reusable = old.slice();
    this.fold(segment, segment.parser.write(text), reusable);
    for (const id of reusable) if (!segment.itemIds.includes(id)) table.drop(id);
    table.rebuildOrder();
  }

  /**
   * The parse options of a text segment at `index`: `reasoningStartsOpen` holds only for the
   * transcript's first text (a later text part does not start inside the reasoning).
   */
  private optionsAt(index: number): TranscriptOptions {
    const { options, segments } = this.table;
    if (options.reasoningStartsOpen !== true) return options;
    for (let i = 0; i < index && i < segments.length; i++) {
      if (segments[i]!.kind !== 'skipped') return { ...options, reasoningStartsOpen: false };
    }
    return options;
  }

  /**
   * Folds a segment's events into its items: each event folded into the segment's
   * {@link ParsedSegment.fold} (`foldEvent`, the one definition of the chunks of events), and the
   * item of its part written with the part's chunk as the fold now has it; nothing else looked at.
   * `reuse`: item ids of a reparsed segment, given again to items of the same kind.
   */
  private fold(segment: ParsedSegment, events: readonly TranscriptEvent[], reuse?: string[]): void {
    const { table } = this;
    const fold = segment.fold;
    for (const event of events) {
      table.ownWork++;
      foldEvent(fold, event);
      if (event.type === 'text-end') continue;
      const chunk = fold.part(event.key)!;
      if (event.type === 'text-start' || event.type === 'tool-start' || event.type === 'reasoning-start') {
        const id = takeReusable(reuse, (old) => table.fits(old, chunk)) ?? table.newItemId(chunk, event.key);
        segment.items.set(event.key, id);
        table.addItem(segment, id, chunk);
      } else {
        table.put(segment.items.get(event.key)!, chunk, segment);
      }
    }
  }
}

/** The first id of `reuse` that `fits`, taken out of it. */
function takeReusable(reuse: string[] | undefined, fits: (id: string) => boolean): string | undefined {
  if (!reuse || reuse.length === 0) return undefined;
  const index = reuse.findIndex(fits);
  if (index < 0) return undefined;
  return reuse.splice(index, 1)[0];
}
