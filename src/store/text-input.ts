import type { ParsedText } from './parsed-text.js';
import type { ParsedSegment } from './segments.js';

/** Text that arrives as deltas: the store's `append` text, and the AI SDK's `text-*` chunks (one segment per part id). */
export class TextInput {
  /** The segment `append` writes to. */
  private appendSegment: ParsedSegment | undefined;
  /** AI SDK text parts by their id. */
  private readonly parts = new Map<string, ParsedSegment>();

  constructor(private readonly text: ParsedText) {}

  /** Parses a delta of the `append` text. */
  append(delta: string): void {
    let segment = this.appendSegment;
    if (!segment || segment.ended) segment = this.appendSegment = this.text.addSegment();
    this.text.write(segment, delta);
  }

  /** `text-start`: a text part begins (again, once its previous segment ended). */
  textStart(id: string): void {
    const existing = this.parts.get(id);
    if (!existing || existing.ended) this.parts.set(id, this.text.addSegment());
  }

  /** `text-delta`: more text of a part (a part never started starts here). */
  textDelta(id: string, delta: string): void {
    if (!this.parts.has(id)) this.textStart(id);
    this.text.write(this.parts.get(id)!, delta);
  }

  /** `text-end`: the part's parse ends. */
  textEnd(id: string): void {
    const segment = this.parts.get(id);
    if (segment) this.text.end(segment);
  }

  /** Forgets the segments (the table was cleared). */
  reset(): void {
    this.appendSegment = undefined;
    this.parts.clear();
  }
}

