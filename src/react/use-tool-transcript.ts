import { withoutUndefined } from '../object.js';
import { checkTranscriptOptions } from '../options.js';
import { useEffect, useMemo } from 'react';
import { useIsomorphicLayoutEffect } from './use-isomorphic-layout-effect.js';
import type { TranscriptMessage, TranscriptStore } from '../store/types.js';
import { extendsText } from '../store/extends-text.js';
import type { TranscriptChunk, TranscriptOptions } from '../types.js';
import { useStableValue } from './stable-value.js';

/**
 * What the `stream` prop reads: text deltas, or bytes (a `fetch` response's `body`), which are
 * decoded as UTF-8 across chunk boundaries.
 */
export type TextStream =
  | ReadableStream<string>
  | ReadableStream<Uint8Array>
  | ReadableStream<string | Uint8Array>
  | AsyncIterable<string | Uint8Array>;

/** The places a transcript can come from. */
interface Sources {
  /** Assistant text; it may grow between renders (only the new suffix is parsed). */
  text: string;
  /** Text deltas, read as they arrive; cancelled on unmount. */
  stream: TextStream;
  /** Chunks already parsed (e.g. `parseTranscript(text)`). */
  chunks: readonly TranscriptChunk[];
  /** A store you feed yourself (`createTranscriptStore`). */
  store: TranscriptStore;
  /** An AI SDK `UIMessage` as `useChat` returns it. */
  message: TranscriptMessage;
}

type SourceKey = keyof Sources;
const SOURCE_KEYS: readonly SourceKey[] = ['text', 'stream', 'chunks', 'store', 'message'];

/** Exactly one source: the others may not be set. */
export type TranscriptSource = {
  [K in SourceKey]: { [P in K]: Sources[P] } & { [P in Exclude<SourceKey, K>]?: never };
}[SourceKey];

/**
 * Options of {@link useToolTranscript}: the parser's {@link TranscriptOptions}
 * (`tools` are tool definitions, as everywhere), and whether the source may still grow.
 */
export interface TranscriptSourceOptions extends TranscriptOptions {
  /**
   * Whether the response may still grow.
   *
   * - `text` / `chunks`: `true` keeps the parse open (an unclosed block shows
   *   as `input-streaming`); `false` finishes it on every change. Left out: the
   *   first text is taken as complete (so a static transcript and its server
   *   render show the final result) and the parse stays open once the text has grown.
   * - every source (`message`, `store` and `stream` too): `false` says the
   *   response is over — stopped, finished or failed — so a call still in
   *   `input-streaming` is shown as interrupted (`output-error`, "The response
   *   stopped before this call was complete.") and nothing spins or counts.
   *   With `useChat`: `streaming={status === 'streaming' && isLastMessage}`.
   */
  streaming?: boolean;
}

/** The store behind a source, and what it has been fed. */
interface Holder {
  store: TranscriptStore;
  fedText?: string;
  ended?: boolean;
  /** How the parse was ended: `interrupt` (told `streaming={false}`) shows an open call as interrupted, `end` finishes it best-effort. */
  endedBy?: 'end' | 'interrupt';
  /** The text changed after the first render (auto mode then keeps the parse open). */
  grown?: boolean;
  fedChunks?: readonly TranscriptChunk[];
  fedStreaming?: boolean | undefined;
  fedMessage?: TranscriptMessage;
}

/** Makes the store of a source from its options: `createTranscriptStore` of the full or the lite store entry. */
export type StoreFactory = (options: TranscriptOptions) => TranscriptStore;

/**
 * What `useToolTranscript` does (see it there), with the store made by `createStore`: the
 * hooks of `tool-transcript/react` and `tool-transcript/react/lite` differ only in it. A module
 * constant: a new function does not make a new store.
 */
export function useTranscriptSource(source: TranscriptSource & TranscriptSourceOptions, createStore: StoreFactory): TranscriptStore {
  const kind = sourceKind(source);
  const { streaming } = source;
  // Written inline, the options are a new object each render: compared by value (syntax objects by identity).
  const options = useStableValue<TranscriptOptions>(
    {
      syntaxes: source.syntaxes,
      idPrefix: source.idPrefix,
      tools: source.tools,
      strictTools: source.strictTools,
      policy: source.policy,
    },
    32,
  );
  const identity = kind === 'stream' ? source.stream : kind === 'store' ? source.store : undefined;
  // A stream can be read only once: options that change while it is read do not start another store
  // (it could not read the stream again); they apply from the next stream.
  const optionsKey = kind === 'stream' ? undefined : options;

  const holder = useMemo<Holder>(
    // An explicit `undefined` must not override a parser default.
    () => createHolder(kind, source, () => createStore(withoutUndefined(checkTranscriptOptions('<ToolTranscript> (useToolTranscript)', options)))),
    // New values of text, chunks and message are fed by the effect below, not to a new store.
    [kind, identity, optionsKey],
  );

  useIsomorphicLayoutEffect(() => {
    if (kind === 'text') feedText(holder, source.text!, streaming);
    else if (kind === 'chunks') feedChunks(holder, source.chunks!, streaming ?? false);
    else if (kind === 'message' && (holder.fedMessage !== source.message || holder.fedStreaming !== streaming)) {
      feedMessage(holder, source.message!, streaming);
    }
  });

  useStreamReader(kind === 'stream' ? source.stream : undefined, holder.store);
  return holder.store;
}

/** Which source is set; throws when more than one is. */
function sourceKind(source: Partial<Sources>): SourceKey | undefined {
  const set = SOURCE_KEYS.filter((key) => source[key] !== undefined);
  if (set.length > 1) {
    throw new TypeError(`tool-transcript: give exactly one of text, stream, chunks, store or message (got ${set.join(', ')}).`);
  }
  return set[0];
}

function createHolder(kind: SourceKey | undefined, source: Partial<Sources> & TranscriptSourceOptions, makeStore: () => TranscriptStore): Holder {
  if (kind === 'store') return { store: source.store! };
  const holder: Holder = { store: makeStore() };
  // Fed during render so that the server render and the hydrating render show the content.
  if (kind === 'text') {
    holder.store.append(source.text!);
    holder.fedText = source.text!;
    if (source.streaming !== true) endText(holder, source.streaming);
  } else if (kind === 'chunks') {
    feedChunks(holder, source.chunks!, source.streaming ?? false);
  } else if (kind === 'message') {
    feedMessage(holder, source.message!, source.streaming);
  }
  return holder;
}

/** Feeds the suffix of a grown text, or parses a changed text again; ends the parse when it should. */
function feedText(holder: Holder, text: string, streaming: boolean | undefined): void {
  const { store } = holder;
  const fed = holder.fedText ?? '';
  if (text !== fed) {
    holder.grown = true;
    if (!holder.ended && extendsText(text, fed)) {
      store.append(text.slice(fed.length));
    } else {
      store.reset();
      store.append(text);
      holder.ended = false;
    }
    holder.fedText = text;
  }
  const shouldEnd = streaming === false || (streaming === undefined && !holder.grown);
  if (!shouldEnd) return;
  if (!holder.ended) endText(holder, streaming);
  else if (streaming === false && holder.endedBy === 'end') {
    // Taken as complete at first (no `streaming` prop), now told the response stopped: a call the
    // text left open was finished best-effort, and must show as interrupted instead.
    store.reset();
    store.append(text);
    endText(holder, streaming);
  }
}

/**
 * Ends the parse of a text. `streaming={false}` says the response stopped: a call still open is
 * interrupted (`output-error`, `INTERRUPTED_TEXT`), as the `stream`, `chunks` and `message`
 * sources show it. Otherwise (a first text taken as complete) it is finished best-effort.
 */
function endText(holder: Holder, streaming: boolean | undefined): void {
  if (streaming === false) holder.store.interrupt();
  else holder.store.end();
  holder.ended = true;
  holder.endedBy = streaming === false ? 'interrupt' : 'end';
}

/** Shows a message, telling the store whether the response is still streaming (`false` interrupts open calls). */
function feedMessage(holder: Holder, message: TranscriptMessage, streaming: boolean | undefined): void {
  holder.fedMessage = message;
  holder.fedStreaming = streaming;
  holder.store.setMessage(message, streaming === undefined ? undefined : { streaming });
}

function feedChunks(holder: Holder, chunks: readonly TranscriptChunk[], streaming: boolean): void {
  if (holder.fedChunks === chunks && holder.fedStreaming === streaming) return;
  holder.fedChunks = chunks;
  holder.fedStreaming = streaming;
  holder.store.setChunks(chunks, streaming);
}

// ---------------------------------------------------------------------------
// Streams
// ---------------------------------------------------------------------------

/** A stream being read into a store. */
interface Reading {
  store: TranscriptStore;
  /** Unmounted: cancel unless remounted first (StrictMode mounts effects twice). */
  stopping: boolean;
  cancel(): void;
}

/** Readings by stream: a stream can be read only once, so a StrictMode remount must take over the reading. */
const readings = new WeakMap<object, Reading>();

/** Reads `stream` into `store` while mounted. */
function useStreamReader(stream: TextStream | undefined, store: TranscriptStore): void {
  useEffect(() => {
    if (!stream) return;
    let reading = readings.get(stream);
    if (reading?.store === store && reading.stopping) reading.stopping = false;
    else {
      reading = startReading(stream, store);
      readings.set(stream, reading);
    }
    const current = reading;
    return () => {
      current.stopping = true;
      queueMicrotask(() => {
        if (current.stopping) current.cancel();
      });
    };
  }, [stream, store]);
}

function startReading(stream: TextStream, store: TranscriptStore): Reading {
  let cancelled = false;
  const decoder = new TextDecoder();
  let reader: ReadableStreamDefaultReader<unknown> | undefined;
  let iterator: AsyncIterator<unknown> | undefined;
  try {
    // Throws for a stream that is locked (already being read) or an iterable that cannot iterate.
    if (isReadableStream(stream)) reader = stream.getReader() as ReadableStreamDefaultReader<unknown>;
    else iterator = (stream as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  } catch (error) {
    store.fail(error);
    return { store, stopping: false, cancel() {} };
  }
  const next = (): Promise<IteratorResult<unknown>> =>
    reader ? (reader.read() as Promise<IteratorResult<unknown>>) : iterator!.next();

  void (async () => {
    try {
      for (;;) {
        const { done, value } = await next();
        if (cancelled) return;
        if (done) break;
        // Byte streams (a fetch body) are decoded; anything else is text.
        store.append(ArrayBuffer.isView(value) ? decoder.decode(value, { stream: true }) : String(value));
      }
      store.append(decoder.decode());
      store.end();
    } catch (error) {
      if (!cancelled) store.fail(error);
    }
  })();

  return {
    store,
    stopping: false,
    cancel() {
      if (cancelled) return;
      cancelled = true;
      // Both may throw or reject (an errored stream, a broken iterator): nothing to do about it on unmount.
      try {
        if (reader) reader.cancel().catch(() => {});
        else void Promise.resolve(iterator!.return?.()).catch(() => {});
      } catch {
        // A synchronous throw from a hand-written iterator's return().
      }
    },
  };
}

/** Duck-typed: a stream from another realm (an iframe, a test environment) is not `instanceof` this one's. */
function isReadableStream(stream: TextStream): stream is ReadableStream<string> {
  return typeof (stream as ReadableStream<string>).getReader === 'function';
}
