/**
 * Where an open block's partial input is read, fixed by the block's text alone, so a whole parse
 * of a prefix and the same prefix streamed in any split read it at the same point and show the
 * same input (issue #22). Two kinds of point:
 *
 * - an event the text marks (a value closed, a line ended), once the body grew by
 *   {@link EVENT_SHARE} of its size since the last point (a quarter past {@link SMALL_BODY});
 * - within a value being written, once the body grew by `step` units ({@link STEP} unless given)
 *   and {@link STEP_SHARE} of its size (a quarter past {@link SMALL_BODY}).
 *
 * A reader that re-reads the body up to a point (about its size in work) therefore does a bounded
 * multiple of the body's length in all: amortised linear, however the deltas arrive.
 */
export class ReadPoints {
  private reached = 0;

  /** @param step The fewest units a point within a value follows the last one by. */
  constructor(private readonly step: number = STEP) {}

  /**
   * The text marks an event at body length `at` (non-decreasing, and never past a `size` asked of
   * {@link latest} later). Taken at once: the points up to `at` depend only on the events up to it,
   * so nothing is kept per event (a list of them grew with the body in a whole parse, which never
   * asks for a point: 80,000 of them for one 2 MB block of short args).
   */
  event(at: number): void {
    this.advance(at, at);
  }

  /** The last point at or below `size`, the body's length now (0: none yet). */
  latest(size: number): number {
    this.advance(size, -1);
    return this.reached;
  }

  /** Moves to the last point at or below `size`, with `event` (or -1: none) the event not yet taken. */
  private advance(size: number, event: number): void {
    for (;;) {
      const last = this.reached;
      const small = last < SMALL_BODY;
      // An event is a point once the body grew by a share of its size since the last point; one
      // that is not, is not later either (the last point only moves on).
      if (event >= 0 && !(event > last && event - last >= event * (small ? EVENT_SHARE : 0.25))) event = -1;
      const within = last + Math.max(this.step, Math.ceil(last * (small ? STEP_SHARE : 0.25)));
      const next = event >= 0 && event < within ? event : within;
      if (next > size) return;
      this.reached = next;
    }
  }
}

/** Below this size points come often (see the shares); past it, once the body grew by a quarter. */
const SMALL_BODY = 4096;
/** An event is a point once the body grew by this share of its size since the last point. */
const EVENT_SHARE = 1 / 32;
/** Within a value, a point every this many units at least… */
const STEP = 8;
/** …and this share of the body. */
const STEP_SHARE = 1 / 16;

/**
 * The last read point at or below `size` for a reader that reads on every growth while the body
 * is below `small`, and past it at `small`, `small·(1 + growth)`, … — points fixed by the size
 * alone (a throttle keyed to the last read would read at points that depend on how the deltas
 * arrived, so a message caught mid-stream would show other input than the stream did, issue #22).
 * Each read costing about the body, the reads past `small` add up to `(1 + 1/growth)` × the body.
 */
export function growthPoint(size: number, small: number, growth: number): number {
  if (size < small) return size;
  let point = small;
  for (let next = Math.ceil(point * (1 + growth)); next <= size; next = Math.ceil(point * (1 + growth))) point = next;
  return point;
}
