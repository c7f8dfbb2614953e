import type { ReasoningChunk, ToolChunk } from '../types.js';

/**
 * What happened to one part of a transcript, as the parser found it. Every consumer — the AI
 * SDK chunk encoder ({@link createChunkEncoder}), the store, the model middleware — folds these
 * same events; none of them re-derives them by diffing snapshots.
 *
 * Keys are stable: a part's `key` is given once, by its first event, and never changes.
 * Text parts are `text-1`, `text-2`, … in order. A tool part's key is its `toolCallId` when the
 * block names it at the opener, else the id generated for it at the opener (`tool-call-N`); a
 * block whose id is read later (a fence's YAML `id`, settled at its first other key) keeps that
 * key and reports the id with `tool-identity`. Keys are unique within one parse (see {@link IdClaims} for the rule).
 *
 * - `text-start` / `text-delta` / `text-end`: a run of text, exactly the text chunks' values.
 * - `tool-start`: a block's opener was accepted. `toolCallId` is set when the block's id is
 *   already known (the AI SDK part can start), `undefined` while it may still come from the body.
 * - `tool-identity`: the id (and name) of a started block are settled. Sent once, before any
 *   `tool-settle`, for blocks whose `tool-start` had no `toolCallId` and whose id arrives before
 *   the closer.
 * - `tool-delta`: more of the block's source. The first delta of a block is its opener, the
 *   next ones its body (markers included, as written — minus the one line break some syntaxes
 *   drop after the opener), so `opener + deltas` is text a fresh parser of that syntax reads as
 *   the same open block. With the `partialInput` option, `input` (and `toolName` when the body
 *   names it) is the block's input so far, the same object while it did not change, and `raw`
 *   the block's source so far exactly (markers included, nothing dropped): what a consumer
 *   shows for the open block. A delta may be empty when only those changed.
 * - `tool-settle`: a call is finished — at the block's closer, or at the end of input
 *   (`chunk.closed: false`). `chunk` is exactly the tool chunk `parseTranscript` gives for it
 *   (state by the contract's rules, output, error, approval). A block holding several calls (a
 *   JSON `tool_calls` list) settles each; the second and later calls get their own `tool-start`
 *   first. `invalid`: the block could not be parsed (the AI SDK gets `tool-input-error`).
 * - `reasoning-start` / `reasoning-delta` / `reasoning-end`: a reasoning block (`<think>…`),
 *   keys `reasoning-1`, `reasoning-2`, …; the deltas are its value (the text inside the tags,
 *   never the tags), and `reasoning-end` carries the finished {@link ReasoningChunk} (at the
 *   closer, or at the end of input with `closed: false`). A text part open before it ends first.
 *   With `partialInput`, a `reasoning-delta` also carries `raw`, the block's source so far (tags
 *   included).
 *
 * The chunks these events describe are defined once, by their fold (`foldEvent` in
 * `./fold.ts`): `parseTranscript`, the parser's `chunks` snapshot and the store all use it.
 */
export type TranscriptEvent =
  | { readonly type: 'text-start'; readonly key: string }
  | { readonly type: 'text-delta'; readonly key: string; readonly delta: string }
  | { readonly type: 'text-end'; readonly key: string }
  | {
      readonly type: 'tool-start';
      readonly key: string;
      readonly toolCallId: string | undefined;
      readonly toolName: string;
      readonly syntax: string;
    }
  | { readonly type: 'tool-identity'; readonly key: string; readonly toolCallId: string; readonly toolName: string }
  | {
      readonly type: 'tool-delta';
      readonly key: string;
      readonly delta: string;
      readonly input?: unknown;
      readonly toolName?: string;
      readonly raw?: string;
    }
  | { readonly type: 'tool-settle'; readonly key: string; readonly chunk: ToolChunk; readonly invalid: boolean }
  | { readonly type: 'reasoning-start'; readonly key: string }
  | { readonly type: 'reasoning-delta'; readonly key: string; readonly delta: string; readonly raw?: string }
  | { readonly type: 'reasoning-end'; readonly key: string; readonly chunk: ReasoningChunk };

/**
 * Where a builder says its events, one call per event, as they happen. `textDelta(key, delta)`
 * means `event({ type: 'text-delta', key, delta })` and `toolDelta(key, delta)` means
 * `event({ type: 'tool-delta', key, delta })` (no input, no source), said without the object:
 * they are the events said per piece of a one-unit stream and per piece of text of a whole parse,
 * and the fold and the UI-chunk encoding take them straight (no event object, no array).
 */
export interface TranscriptEventSink {
  event(event: TranscriptEvent): void;
  textDelta(key: string, delta: string): void;
  toolDelta(key: string, delta: string): void;
}

/**
 * The rule that keeps tool call ids apart (the AI SDK merges parts with the same id, so a
 * repeated id would make a call disappear): an id is used as it is the first time; a later
 * call with an id already used in the transcript — a model repeating `x`, an explicit
 * `id="tool-call-2"` that a generated id then meets, an OpenAI list repeating an id — gets
 * `ID~2`, `ID~3`, … (the first free one). Ids are claimed in transcript order, so the same
 * text gives the same ids whole, streamed in any split, and in the store. Generated ids are
 * `tool-call-N` (N counting tool chunks from 1) unless the text itself took that id first.
 */
export class IdClaims {
  /** The ids used so far, but those of the numbered family (see {@link numbered}). */
  private readonly used = new Set<string>();
  /** Per base id, the suffix to try next (so a thousand repeats of `x` cost linear work). */
  private readonly next = new Map<string, number>();
  /**
   * The ids `PREFIX` + N (N written as a canonical integer) used so far, as a bitmap of N: the
   * same set as {@link used} would hold, kept compact because generated ids are of this form and
   * one is claimed per call. Putting a fresh string per call in a set (hashing it, growing the
   * table, promoting it) was about a third of the parse of many tiny blocks.
   */
  private numbered = new Uint8Array(0);

  /** @param prefix Ids made of it and a number are kept compactly (the builder's generated-id prefix); `''` for none. */
  constructor(private readonly prefix = '') {}

  /** `base`, or the first free `base~N`; marked as used. */
  claim(base: string): string {
    if (this.take(base)) return base;
    let n = this.next.get(base) ?? 2;
    let id: string;
    while (!this.take((id = `${base}~${n}`))) n++;
    this.next.set(base, n + 1);
    return id;
  }

  has(id: string): boolean {
    const n = this.numberOf(id);
    return n < 0 ? this.used.has(id) : this.hasNumbered(n);
  }

  /** Marks `id` as used; `false` when it already was. */
  private take(id: string): boolean {
    const n = this.numberOf(id);
    if (n < 0) {
      if (this.used.has(id)) return false;
      this.used.add(id);
      return true;
    }
    if (this.hasNumbered(n)) return false;
    const byte = n >>> 3;
    if (byte >= this.numbered.length) {
      const grown = new Uint8Array(Math.max(byte + 1, this.numbered.length * 2, 64));
      grown.set(this.numbered);
      this.numbered = grown;
    }
    this.numbered[byte]! |= 1 << (n & 7);
    return true;
  }

  private hasNumbered(n: number): boolean {
    const byte = n >>> 3;
    return byte < this.numbered.length && (this.numbered[byte]! & (1 << (n & 7))) !== 0;
  }

  /** N when `id` is the prefix and a canonical integer below 2^24 (no sign, no leading zero), else -1. */
  private numberOf(id: string): number {
    const prefix = this.prefix;
    const length = id.length - prefix.length;
    if (prefix === '' || length < 1 || length > 7 || !id.startsWith(prefix)) return -1;
    let n = 0;
    for (let i = prefix.length; i < id.length; i++) {
      const digit = id.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9 || (digit === 0 && i === prefix.length && length > 1)) return -1;
      n = n * 10 + digit;
    }
    return n < 1 << 24 ? n : -1;
  }
}
