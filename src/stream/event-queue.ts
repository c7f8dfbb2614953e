import type { TranscriptEvent, TranscriptEventSink } from './events.js';
import { foldEvent, type FoldState } from './fold.js';

/** Which delta is pending: text, or a tool's source with no input. */
const enum Pending {
  None,
  Text,
  Tool,
}

/**
 * The events of one write, gathered for the caller of `write()`, and passed on as they come to
 * the parser's fold (its `chunks` snapshot), when it has one. Text said in several pieces within
 * a write is one `text-delta`; an open block's opener and body said in the same write are one
 * `tool-delta`. The usual write of a one-unit stream says one delta and nothing else: it is kept
 * as a string, not an event, until someone asks ({@link takeLoneDelta} lets the UI-chunk
 * encoding skip the event object).
 */
export class EventQueue implements TranscriptEventSink {
  /** The only event queued, while there is one: returned in an array of its own size. */
  private one: TranscriptEvent | undefined;
  /** The events queued, once there are two or more. */
  private many: TranscriptEvent[] | undefined;
  /** The delta said since the last queued event, not yet an event object. */
  private pending = Pending.None;
  private pendingKey = '';
  private pendingDelta = '';

  constructor(private readonly fold: FoldState | undefined) {}

  textDelta(key: string, delta: string): void {
    this.fold?.textDelta(key, delta);
    this.gather(Pending.Text, key, delta);
  }

  toolDelta(key: string, delta: string): void {
    this.fold?.toolDelta(key, delta);
    this.gather(Pending.Tool, key, delta);
  }

  event(event: TranscriptEvent): void {
    if (this.fold !== undefined) foldEvent(this.fold, event);
    if (this.pendingDelta !== '') this.flushPending();
    if (event.type !== 'tool-delta' || !this.mergeIntoLast(event.key, event.delta, event)) this.push(event);
  }

  /** The events since the last drain. */
  drain(): TranscriptEvent[] {
    // The usual write of a one-unit stream yields one text or input delta: returned in an array of
    // its own size (a fresh array grown by push was a third of a one-unit write's cost).
    if (this.pendingDelta !== '') this.flushPending();
    if (this.one === undefined && this.many === undefined) return [];
    const many = this.many;
    if (many !== undefined) {
      this.many = undefined;
      return many;
    }
    const one = this.one!;
    this.one = undefined;
    return [one];
  }

  /**
   * When the events since the last drain are one text delta or one source-only tool delta and
   * nothing else, the usual write of a one-unit stream, takes and returns its text: a text delta
   * when {@link loneIsText}, of the part {@link loneKey}. Else returns `undefined` and takes nothing.
   */
  takeLoneDelta(): string | undefined {
    const delta = this.pendingDelta;
    if (delta === '' || this.one !== undefined || this.many !== undefined) return undefined;
    // The kind and key stay: the next piece of the same part is gathered without changing them.
    this.pendingDelta = '';
    return delta;
  }

  /** Whether the delta {@link takeLoneDelta} took is text (else a tool's source). */
  get loneIsText(): boolean {
    return this.pending === Pending.Text;
  }

  /** The part key of the delta {@link takeLoneDelta} took. */
  get loneKey(): string {
    return this.pendingKey;
  }

  private gather(kind: Pending, key: string, delta: string): void {
    if (this.pending !== kind || this.pendingKey !== key) {
      if (this.pendingDelta !== '') this.flushPending();
      this.pending = kind;
      this.pendingKey = key;
    }
    this.pendingDelta += delta;
  }

  /** The pending delta (not empty) as an event. */
  private flushPending(): void {
    const key = this.pendingKey;
    const delta = this.pendingDelta;
    this.pendingDelta = '';
    if (this.pending === Pending.Text) this.push({ type: 'text-delta', key, delta });
    // The opener said as an event object in the same write (partialInput off: never) is merged as event() merges.
    else if (!this.mergeIntoLast(key, delta)) this.push({ type: 'tool-delta', key, delta });
  }

  /**
   * Merges `delta` into the last event queued when that is a `tool-delta` of part `key`: the
   * merged event takes `newer`'s input and source when given (a newer event), else keeps the
   * last one's. `false` when the last event is no such delta (nothing merged).
   */
  private mergeIntoLast(key: string, delta: string, newer?: TranscriptEvent & { type: 'tool-delta' }): boolean {
    const last = this.many ? this.many[this.many.length - 1] : this.one;
    if (last?.type !== 'tool-delta' || last.key !== key) return false;
    const merged = { ...(newer ?? last), delta: last.delta + delta };
    if (this.many !== undefined) this.many[this.many.length - 1] = merged;
    else this.one = merged;
    return true;
  }

  private push(event: TranscriptEvent): void {
    if (this.many !== undefined) this.many.push(event);
    else if (this.one === undefined) this.one = event;
    else {
      this.many = [this.one, event];
      this.one = undefined;
    }
  }

}
