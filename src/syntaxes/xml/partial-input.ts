import { ReadPoints } from '../shared/read-points.js';

/**
 * When a `<tool>` block's partial input is read again: at value closes and at steps within a
 * value, points fixed by the body's text (see {@link ReadPoints}), so a message caught mid-stream
 * shows what the same text streamed in any pieces shows, and the reads of a block stay amortised
 * linear. Between points the last input read is shown again.
 */
export class PartialInput {
  private readonly points = new ReadPoints();
  /** The body length the partial input was last read at. */
  private readAt = 0;
  private snapshot: Record<string, unknown> = {};

  /** A value (or element) closed with the body's unit before `at`: a point to read at. */
  event(at: number): void {
    this.points.event(at);
  }

  /**
   * The input for a body of which `length` units are read: read by `inputUpTo` at the latest
   * point within them, if that is past the last read.
   */
  read(length: number, inputUpTo: (length: number) => Record<string, unknown>): Record<string, unknown> {
    const at = this.points.latest(length);
    if (at > this.readAt) {
      this.readAt = at;
      this.snapshot = inputUpTo(at);
    }
    return this.snapshot;
  }
}
