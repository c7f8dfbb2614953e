import { createStore } from 'zustand/vanilla';
import type { TranscriptChunk, TranscriptOptions, UIMessageChunk } from '../types.js';
import { KeyedListeners } from './keyed-listeners.js';
import { DENIED_TEXT } from './native-tool.js';
import { TranscriptModel, type ToolResult } from './model.js';
import type {
  TranscriptItem,
  TranscriptMessage,
  TranscriptState,
  TranscriptStatus,
  TranscriptStore,
  TranscriptStreamChunk,
} from './types.js';

/** Error text of a tool cut off by an aborted response. */
export const ABORTED_TEXT = 'The response was aborted.';

/**
 * Creates a transcript store: a zustand vanilla store of
 * `{ ids, byId, status }` fed by `append`/`end` (assistant text parsed for
 * embedded tool calls), `applyChunk` (an AI SDK UI-message stream, native
 * tool calls included), `setChunks`, `setMessage`, and settled by
 * `setToolOutput`/`setToolError`/`fail`. See {@link TranscriptState} for the
 * item ids and the identity guarantees.
 *
 * @example
 * const store = createTranscriptStore();
 * for await (const delta of textStream) store.append(delta);
 * store.end();
 * store.getState().ids; // ['text-1', 'tool-call-1', 'text-2']
 */
export function createTranscriptStore(options: TranscriptOptions = {}): TranscriptStore {
  const model = new TranscriptModel(options);
  const itemListeners = new KeyedListeners();
  let status: TranscriptStatus = 'idle';
  let error: string | undefined;

  const api = createStore<TranscriptState>()(() => makeState([], model.byIdSnapshot(), 'idle', undefined));

  /** Publishes what the last operations changed as one new state, then tells the changed items' listeners. */
  const publish = () => {
    const { ids, changed } = model.commit();
    const previous = api.getState();
    if (ids === undefined && changed.length === 0 && previous.status === status && previous.error === error) return;
    api.setState(makeState(ids ?? previous.ids, model.byIdSnapshot(), status, error), true);
    itemListeners.notify(changed);
  };

  /** Input is accepted unless the transcript failed (until `reset`). */
  const accepting = () => status !== 'error';
  const begin = () => {
    if (status === 'idle' || status === 'done') status = 'streaming';
  };

  const settle = (id: string, result: ToolResult) => {
    const found = model.settleTool(id, result);
    publish();
    return found;
  };

  const applyChunk = (chunk: TranscriptStreamChunk) => {
    if (!accepting()) return;
    const event = chunk as UIMessageChunk | ForeignChunk;
    switch (event.type) {
      case 'start':
        begin();
        break;
      case 'text-start':
        begin();
        model.textStart(event.id);
        break;
      case 'text-delta':
        begin();
        model.textDelta(event.id, event.delta);
        break;
      case 'text-end':
        model.textEnd(event.id);
        break;
      case 'tool-input-start':
        begin();
        model.toolInputStart(event.toolCallId, event.toolName);
        break;
      case 'tool-input-delta':
        model.toolInputDelta(event.toolCallId, event.inputTextDelta);
        break;
      case 'tool-input-available':
        begin();
        model.setNativeTool({ toolCallId: event.toolCallId, toolName: event.toolName, state: 'input-available', input: event.input });
        break;
      case 'tool-input-error':
        begin();
        model.setNativeTool({
          toolCallId: event.toolCallId,
          toolName: event.toolName,
          state: 'output-error',
          input: event.input,
          errorText: event.errorText,
        });
        break;
      case 'tool-output-available':
        model.settleTool(event.toolCallId, { output: event.output });
        break;
      case 'tool-output-error':
        model.settleTool(event.toolCallId, { errorText: event.errorText });
        break;
      case 'tool-output-denied':
        if (typeof event.toolCallId === 'string') model.settleTool(event.toolCallId, { errorText: DENIED_TEXT });
        break;
      case 'finish':
        return store.end();
      case 'error':
        return store.fail(typeof event.errorText === 'string' ? event.errorText : 'The stream failed.');
      case 'abort':
        return store.fail(ABORTED_TEXT);
      default:
        // Reasoning, sources, files, data, steps, metadata: not part of the transcript.
        return;
    }
    publish();
  };

  const store: TranscriptStore = Object.assign(api, {
    options: Object.freeze({ ...options }),
    append(delta: string) {
      if (!accepting() || typeof delta !== 'string' || delta === '') return;
      begin();
      model.append(delta);
      publish();
    },
    end() {
      if (!accepting()) return;
      model.endAll();
      status = 'done';
      publish();
    },
    applyChunk,
    setChunks(chunks: readonly TranscriptChunk[], streaming = false) {
      if (!accepting()) return;
      model.setChunks(chunks);
      status = streaming ? 'streaming' : 'done';
      publish();
    },
    setMessage(message: TranscriptMessage) {
      if (!accepting()) return;
      model.setMessage(message);
      status = message.parts.some(isStreamingPart) ? 'streaming' : 'done';
      publish();
    },
    setToolOutput: (id: string, output: unknown) => settle(id, { output }),
    setToolError: (id: string, errorText: string) => settle(id, { errorText }),
    fail(reason: unknown) {
      if (!accepting()) return;
      error = describeError(reason);
      for (const id of model.openToolIds()) model.settleTool(id, { errorText: error });
      status = 'error';
      publish();
    },
    reset() {
      model.clear();
      status = 'idle';
      error = undefined;
      publish();
    },
    getItem: (id: string) => model.getItem(id),
    subscribeItem: (id: string, listener: () => void) => itemListeners.subscribe(id, listener),
  });
  return store;
}

/** A chunk type the subset does not declare (`start`, `finish`, `error`, `abort`, v6 additions). */
interface ForeignChunk {
  type: 'start' | 'finish' | 'error' | 'abort' | 'tool-output-denied';
  errorText?: unknown;
  toolCallId?: unknown;
}

/**
 * A state object whose `byId` is built on first read (see `RecordHistory`):
 * an own, enumerable property, so spreading or comparing the state sees it.
 */
function makeState(
  ids: readonly string[],
  byId: () => Readonly<Record<string, TranscriptItem>>,
  status: TranscriptStatus,
  error: string | undefined,
): TranscriptState {
  const state = { ids } as { ids: readonly string[]; byId: Readonly<Record<string, TranscriptItem>>; status: TranscriptStatus; error?: string };
  Object.defineProperty(state, 'byId', {
    enumerable: true,
    configurable: true,
    get() {
      const value = byId();
      Object.defineProperty(state, 'byId', { value, enumerable: true, configurable: false, writable: false });
      return value;
    },
  });
  state.status = status;
  if (error !== undefined) state.error = error;
  return state;
}

function isStreamingPart(part: TranscriptMessage['parts'][number]): boolean {
  return part.state === 'streaming' || part.state === 'input-streaming';
}

/**
 * The reason a source failed, as text: an error's message (or name), a string, or
 * the message of an error-like object (an Error or DOMException from another realm,
 * such as an iframe's `fetch`, is not `instanceof Error` here).
 */
function describeError(reason: unknown): string {
  if (typeof reason === 'string' && reason !== '') return reason;
  if (typeof reason === 'object' && reason !== null) {
    const { message, name } = reason as { message?: unknown; name?: unknown };
    if (typeof message === 'string' && message !== '') return message;
    if (typeof name === 'string' && name !== '' && (reason instanceof Error || 'stack' in reason)) return name;
  }
  return 'The stream failed.';
}
