import type { TranscriptEvent, TranscriptEventSink } from './events.js';
import { foldEvent, type FoldState } from './fold.js';

/**
 * The events of one write, gathered for the caller of `write()`, and passed on as they come to
 * the parser's fold (its `chunks` snapshot), when it has one. Text said in several pieces within
 * a write is one `text-delta`; an open block's opener and body said in the same write are one
 * `tool-delta`.
 */
export class EventQueue implements TranscriptEventSink {
  /** The only event queued, while there is one: returned in an array of its own size. */
  private one: TranscriptEvent | undefined;
  /** The events queued, once there are two or more. */
  private many: TranscriptEvent[] | undefined;
  private pendingText = '';
  private textKey: string | undefined;

  constructor(private readonly fold: FoldState | undefined) {}

  textDelta(key: string, delta: string): void {
    this.fold?.textDelta(key, delta);
    this.textKey = key;
    this.pendingText += delta;
  }

  event(event: TranscriptEvent): void {
    if (this.fold !== undefined) foldEvent(this.fold, event);
    if (this.pendingText !== '') this.flushText();
    if (event.type === 'tool-delta') {
      const last = this.many ? this.many[this.many.length - 1] : this.one;
      if (last?.type === 'tool-delta' && last.key === event.key) {
        this.replaceLast({ ...event, delta: last.delta + event.delta });
        return;
      }
    }
    this.push(event);
  }

  /** The events since the last drain. */
  drain(): TranscriptEvent[] {
    // The usual write of a one-unit stream yields one text or input delta: returned in an array of
    // its own size (a fresh array grown by push was a third of a one-unit write's cost).
    if (this.one === undefined && this.many === undefined) {
      const delta = this.takeLoneTextDelta();
      return delta === undefined ? [] : [{ type: 'text-delta', key: this.textKey!, delta }];
    }
    this.flushText();
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
   * When the events since the last drain are one text delta and nothing else (the usual write of
   * a one-unit stream), takes and returns its text, in the text part {@link textPart}; else
   * `undefined`, and nothing is taken. Lets the chunk encoding skip the event object.
   */
  takeLoneTextDelta(): string | undefined {
    if (this.one !== undefined || this.many !== undefined || this.pendingText === '') return undefined;
    const delta = this.pendingText;
    this.pendingText = '';
    return delta;
  }

  /** The key of the text part the last text was said in. */
  get textPart(): string | undefined {
    return this.textKey;
  }

  private flushText(): void {
    if (this.pendingText === '') return;
    this.push({ type: 'text-delta', key: this.textKey!, delta: this.pendingText });
    this.pendingText = '';
  }

  private push(event: TranscriptEvent): void {
    if (this.many !== undefined) this.many.push(event);
    else if (this.one === undefined) this.one = event;
    else {
      this.many = [this.one, event];
      this.one = undefined;
    }
  }

  private replaceLast(event: TranscriptEvent): void {
    if (this.many !== undefined) this.many[this.many.length - 1] = event;
    else this.one = event;
  }
}
