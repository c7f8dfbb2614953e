import type { StoreApi } from 'zustand/vanilla';
import type { ToolApproval, TranscriptChunk, TranscriptOptions, UIMessageChunk, WorkMeter } from '../types.js';

/**
 * One entry of the store: a transcript chunk exactly as the parser produced it
 * (a tool chunk may carry an output or error set by the host, and native AI
 * SDK tool calls are tool chunks with `syntax: 'native'` and `raw: ''`).
 */
export type TranscriptItem = TranscriptChunk;

/**
 * Where the transcript stands: nothing yet, still receiving, complete, or cut
 * short by an error ({@link TranscriptStore.fail}).
 */
export type TranscriptStatus = 'idle' | 'streaming' | 'done' | 'error';

/**
 * The store's state. Immutable: every change publishes a new state object.
 *
 * - `ids` — item ids in transcript order. The same array (by identity) until an
 *   item is added or removed.
 * - `byId` — items by id. An item that did not change keeps its object identity.
 *   The record itself is built lazily, the first time it is read from a given
 *   state, so a store nobody reads `byId` from pays nothing per delta for it.
 *   Reading it costs O(items) per state (every state keeps its own record,
 *   unchanged), so `state.byId[id]` read after every delta is quadratic over a
 *   stream: select single items with {@link TranscriptStore.getItem} and
 *   `subscribeItem` (`useTranscriptItem` in React), O(1) per delta.
 * - `status` — see {@link TranscriptStatus}; `error` is the reason given to `fail`.
 *
 * Item ids: text items are `text-1`, `text-2`, … (counting text items in the
 * order they appear); reasoning items `reasoning-1`, `reasoning-2`, … likewise (while a
 * reasoning block streams from text its `raw` is its value so far; the tags arrive with the
 * settled chunk); tool items are their `toolCallId` — which the parser already keeps
 * unique (a repeated id becomes `ID~2`, see `IdClaims`) — given when the block opens and
 * never changed. A block whose id is read only from its body (a fence's YAML `id`) keeps the
 * id it got at the opener (`tool-call-N`) as its item id; its `toolCallId` field changes when
 * the id arrives. Where an id is taken by an item of another source (two text parts, a tool
 * named `text-1`), the item gets `ID~2`, `ID~3`, ….
 *
 * Both `ids` and `byId` are built lazily, the first time they are read from a given state,
 * so a store nobody reads pays nothing per delta for them.
 */
export interface TranscriptState {
  readonly ids: readonly string[];
  readonly byId: Readonly<Record<string, TranscriptItem>>;
  readonly status: TranscriptStatus;
  readonly error?: string;
}

/**
 * Any chunk of an AI SDK UI message stream. The store acts on the
 * {@link UIMessageChunk} types (text, reasoning and tool parts) and on `start`, `finish`,
 * `error` and `abort`; every other type (sources, data, steps,
 * metadata) is accepted and ignored, so a host can pipe the whole stream in.
 */
export type TranscriptStreamChunk = UIMessageChunk | { readonly type: string };

/**
 * A part of an AI SDK `UIMessage`, as far as the store reads it: `text` parts
 * (with their `state`), `reasoning` parts (a reasoning item, `raw` its text),
 * `tool-NAME` and `dynamic-tool` parts. Other parts are
 * ignored. AI SDK v5/v6 `UIMessage` parts are assignable to it.
 */
export interface TranscriptMessagePart {
  readonly type: string;
  readonly text?: string;
  readonly state?: string;
  readonly toolCallId?: string;
  readonly toolName?: string;
  readonly input?: unknown;
  readonly output?: unknown;
  readonly errorText?: string;
  /** The approval of an AI SDK tool part (v6+). */
  readonly approval?: ToolApproval;
  /** tool-transcript puts `{ syntax, … }` here (see `ToolMetadata`). */
  readonly toolMetadata?: unknown;
  /** The raw input text while the part streams (ai ≥ 6.0.308). */
  readonly rawInput?: unknown;
  readonly inputEncoding?: string;
  readonly preliminary?: boolean;
}

/** An AI SDK `UIMessage` (as `useChat` returns it), as far as the store reads it. */
export interface TranscriptMessage {
  readonly id: string;
  readonly parts: ReadonlyArray<TranscriptMessagePart>;
}

/**
 * The work of a store: the counts of a parser's {@link WorkMeter} for all the parsers the store
 * runs (the text it is given, each text part of a message, each tool call streamed as source
 * text of its syntax, native tools' JSON input), and `items`, what the store did itself.
 */
export interface StoreWork extends Readonly<WorkMeter> {
  /** Units of the store's own work: events folded into items, items written, ids copied. */
  readonly items: number;
}

/**
 * A transcript store: a zustand vanilla store of {@link TranscriptState} with
 * the actions that feed it. The actions are methods of the store (not part of
 * the state), and the state must only be changed through them.
 *
 * Per delta, the work done is what the core parser costs plus a constant: only
 * the changed items are rebuilt, only their keyed listeners are called, and
 * `ids` is copied only when an item is added.
 */
export interface TranscriptStore extends StoreApi<TranscriptState> {
  /** The options the store parses text with. */
  readonly options: Readonly<TranscriptOptions>;
  /** Feeds a delta of assistant text (parsed for embedded tool calls). */
  append(delta: string): void;
  /**
   * The input is complete: flushes held-back text, finishes any open block
   * best-effort (`closed: false`) and sets the status to `done`.
   */
  end(): void;
  /**
   * Applies one AI SDK UI-message chunk. Text parts are parsed for embedded
   * tool calls (each text part on its own); native tool calls
   * (`tool-input-start` … `tool-output-error`) become tool items with
   * `syntax: 'native'`; `tool-output-available` / `tool-output-error` also
   * settle tool calls that were written in the text. `finish` ends the
   * transcript, `error` and `abort` fail it. Unknown chunk types are ignored.
   */
  applyChunk(chunk: TranscriptStreamChunk): void;
  /**
   * Shows a given list of chunks. Chunks that are the same objects as in the
   * previous call keep their items untouched. `streaming` (default `false`)
   * sets the status to `streaming` instead of `done`.
   */
  setChunks(chunks: readonly TranscriptChunk[], streaming?: boolean): void;
  /**
   * Shows an AI SDK `UIMessage`: text parts are parsed (growing parts are fed
   * only their new suffix), `tool-*` and `dynamic-tool` parts become tool items —
   * a streaming part that tool-transcript encoded (`toolMetadata.syntax`, raw input
   * text) shows its input so far, read by that syntax. Call it with every new version
   * of the message; a different `id` starts over.
   *
   * `options.streaming`: whether the chat is still streaming this message. `false`
   * (stopped, finished or failed — `useChat`'s `status !== 'streaming'`) interrupts
   * every tool still in `input-streaming`: it becomes `output-error` with
   * `INTERRUPTED_TEXT`, and the open text parts are ended. Left out, the parts'
   * own states decide.
   */
  setMessage(message: TranscriptMessage, options?: { streaming?: boolean }): void;
  /**
   * Sets a tool's output (state `output-available`). `id` is an item id or a
   * `toolCallId`. Returns `false` when no such tool exists.
   */
  setToolOutput(id: string, output: unknown): boolean;
  /** Sets a tool's error (state `output-error`). Returns `false` when no such tool exists. */
  setToolError(id: string, errorText: string): boolean;
  /**
   * The source failed or was stopped: every tool still in `input-streaming` becomes
   * `output-error` with `INTERRUPTED_TEXT`, the status becomes `error` with the
   * reason as `error` (never throws, whatever `reason` is), nothing shown disappears, and
   * later input is ignored until {@link reset}.
   */
  fail(reason: unknown): void;
  /**
   * The response stopped without an error (the user pressed Stop, the chat is no longer
   * streaming): every tool still in `input-streaming` becomes `output-error` with
   * `INTERRUPTED_TEXT`, open parses are ended (held text shows) and the status becomes
   * `done`. What React's `streaming={false}` calls for a `store` or `text` source.
   */
  interrupt(): void;
  /**
   * Sets a tool's approval request (state `approval-requested`), as the AI SDK's
   * `tool-approval-request` does. Returns `false` when no such tool exists.
   */
  setToolApproval(id: string, approval: ToolApproval): boolean;
  /** Empties the store (status `idle`), keeping its options. */
  reset(): void;
  /**
   * The work this store did so far, a snapshot (see {@link StoreWork}): a diagnostic whose
   * counts grow linearly with the input, for tests and benchmarks that count work instead of
   * timing it.
   */
  readonly work: StoreWork;
  /** The current item with this id, without building `byId`. */
  getItem(id: string): TranscriptItem | undefined;
  /**
   * Calls `listener` whenever the item with this id changes (or disappears).
   * Only the listeners of changed items run, which is what keeps a long
   * transcript's per-delta cost flat. Returns the unsubscribe function.
   */
  subscribeItem(id: string, listener: () => void): () => void;
}

