import { createStore } from 'zustand/vanilla';
import type { ToolApproval, TranscriptChunk, TranscriptOptions, UIMessageChunk } from '../types.js';
import { KeyedListeners } from './keyed-listeners.js';
import { createTranscriptModel } from './model.js';
import type { ToolPatch } from './tool-patch.js';
import type { StoreSyntaxes } from './store-syntaxes.js';
import type {
  StoreWork,
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
 * The `errorText` of a call that was still receiving its input when the response stopped
 * (`store.fail`, an `abort` chunk, `setMessage(message, { streaming: false })`): shown as
 * interrupted (`output-error`), never spinning.
 */
export const INTERRUPTED_TEXT = 'The response stopped before this call was complete.';

/**
 * The transcript store over `syntaxes` (see {@link StoreSyntaxes}): what `createTranscriptStore`
 * of `tool-transcript/store` and of `tool-transcript/store/lite` both are.
 */
export function createStoreWith(options: TranscriptOptions, syntaxes: StoreSyntaxes): TranscriptStore {
  const model = createTranscriptModel(options, syntaxes);
  const itemListeners = new KeyedListeners();
  let status: TranscriptStatus = 'idle';
  let error: string | undefined;
  let published = model.items.commit().ids;

  const api = createStore<TranscriptState>()(() => makeState(published, model.items.byIdSnapshot(), 'idle', undefined));

  /** Publishes what the last operations changed as one new state, then tells the changed items' listeners. */
  const publish = () => {
    const { ids, changed } = model.items.commit();
    const previous = api.getState();
    if (ids === published && changed.length === 0 && previous.status === status && previous.error === error) return;
    published = ids;
    api.setState(makeState(ids, model.items.byIdSnapshot(), status, error), true);
    itemListeners.notify(changed);
  };

  /** Input is accepted unless the transcript failed (until `reset`). */
  const accepting = () => status !== 'error';
  const begin = () => {
    if (status === 'idle' || status === 'done') status = 'streaming';
  };

  const patch = (id: string, toolPatch: ToolPatch) => {
    const found = model.patches.patchTool(id, toolPatch);
    publish();
    return found;
  };

  /** Every call still receiving input shows as interrupted. */
  const interrupt = () => {
    model.patches.patchOpenTools({ state: 'output-error', errorText: INTERRUPTED_TEXT });
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
        model.text.textStart(event.id);
        break;
      case 'text-delta':
        begin();
        model.text.textDelta(event.id, event.delta);
        break;
      case 'text-end':
        model.text.textEnd(event.id);
        break;
      case 'reasoning-start':
        begin();
        model.reasoning.reasoningStart(event.id);
        break;
      case 'reasoning-delta':
        begin();
        model.reasoning.reasoningDelta(event.id, event.delta);
        break;
      case 'reasoning-end':
        model.reasoning.reasoningEnd(event.id);
        break;
      case 'tool-input-start':
        begin();
        model.tools.toolInputStart(event.toolCallId, event.toolName, event.toolMetadata, event.inputEncoding);
        break;
      case 'tool-input-delta':
        model.tools.toolInputDelta(event.toolCallId, event.inputTextDelta);
        break;
      case 'tool-input-available':
      case 'tool-input-error':
        begin();
        // The chunk's own fields (an error's `errorText`); its state is where its input stands.
        model.tools.setNativeTool({ ...event, state: event.type === 'tool-input-error' ? 'output-error' : 'input-available' });
        break;
      case 'tool-output-available':
        model.patches.patchTool(event.toolCallId, { state: 'output-available', output: event.output });
        break;
      case 'tool-output-error':
        model.patches.patchTool(event.toolCallId, { state: 'output-error', errorText: event.errorText });
        break;
      case 'tool-approval-request':
        if (typeof event.toolCallId === 'string' && typeof event.approvalId === 'string') {
          model.patches.patchTool(event.toolCallId, { state: 'approval-requested', approval: { id: event.approvalId } });
        }
        break;
      case 'tool-approval-response': {
        const id = typeof event.approvalId === 'string' ? model.items.toolByApproval(event.approvalId) : undefined;
        if (id !== undefined && typeof event.approved === 'boolean') {
          const approval: ToolApproval = { id: event.approvalId, approved: event.approved };
          if (typeof event.reason === 'string') approval.reason = event.reason;
          model.patches.patchTool(id, { state: 'approval-responded', approval });
        }
        break;
      }
      case 'tool-output-denied':
        if (typeof event.toolCallId === 'string') model.patches.patchTool(event.toolCallId, { state: 'output-denied' });
        break;
      case 'finish':
        return store.end();
      case 'error':
        return store.fail(typeof event.errorText === 'string' ? event.errorText : 'The stream failed.');
      case 'abort':
        return store.fail(ABORTED_TEXT);
      default:
        // Sources, files, data, steps, metadata: not part of the transcript.
        return;
    }
    publish();
  };

  const store: TranscriptStore = Object.assign(api, {
    options: Object.freeze({ ...options }),
    append(delta: string) {
      if (!accepting() || typeof delta !== 'string' || delta === '') return;
      begin();
      model.text.append(delta);
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
      model.chunks.setChunks(chunks);
      status = streaming ? 'streaming' : 'done';
      publish();
    },
    setMessage(message: TranscriptMessage, messageOptions: { streaming?: boolean } = {}) {
      if (!accepting()) return;
      model.message.setMessage(message);
      if (messageOptions.streaming === false) {
        interrupt();
        model.endAll();
        status = 'done';
      } else {
        status = messageOptions.streaming === true || message.parts.some(isStreamingPart) ? 'streaming' : 'done';
      }
      publish();
    },
    setToolOutput: (id: string, output: unknown) => patch(id, { state: 'output-available', output }),
    setToolError: (id: string, errorText: string) => patch(id, { state: 'output-error', errorText }),
    setToolApproval: (id: string, approval: ToolApproval) =>
      patch(id, { state: approval.approved === undefined ? 'approval-requested' : 'approval-responded', approval }),
    interrupt() {
      if (!accepting()) return;
      interrupt();
      model.endAll();
      status = 'done';
      publish();
    },
    fail(reason: unknown) {
      if (!accepting()) return;
      error = describeError(reason);
      interrupt();
      status = 'error';
      publish();
    },
    reset() {
      model.clear();
      status = 'idle';
      error = undefined;
      publish();
    },
    getItem: (id: string) => model.items.getItem(id),
    subscribeItem: (id: string, listener: () => void) => itemListeners.subscribe(id, listener),
  }) as Omit<TranscriptStore, 'work'> as TranscriptStore;
  // A getter (Object.assign would copy its value once).
  Object.defineProperty(store, 'work', { get: (): StoreWork => ({ ...model.items.parserWork, items: model.items.ownWork }), enumerable: true });
  return store;
}

/** A chunk type the subset does not declare (`start`, `finish`, `error`, `abort`, v6 additions). */
interface ForeignChunk {
  type: 'start' | 'finish' | 'error' | 'abort';
  errorText?: unknown;
}

/**
 * A state object whose `ids` and `byId` are built on first read (see `IdOrder`, `RecordHistory`):
 * own, enumerable properties, so spreading or comparing the state sees them.
 */
function makeState(
  ids: () => readonly string[],
  byId: () => Readonly<Record<string, TranscriptItem>>,
  status: TranscriptStatus,
  error: string | undefined,
): TranscriptState {
  return new PublishedState(ids, byId, status, error) as unknown as TranscriptState;
}

/**
 * One published state. Its lazy `ids` and `byId` are own accessors whose getter functions are
 * shared by every state (they read the builders from private fields): a getter written in an
 * object literal is a new function per state, and V8 then gives every state a hidden class of
 * its own, allocated in the old generation — those kept each state's closures alive through
 * young-generation collections, and were most of the store's garbage-collection time.
 */
class PublishedState {
  readonly #ids: () => readonly string[];
  readonly #byId: () => Readonly<Record<string, TranscriptItem>>;
  declare readonly ids: readonly string[];
  declare readonly byId: Readonly<Record<string, TranscriptItem>>;
  declare readonly status: TranscriptStatus;
  declare readonly error?: string;

  constructor(
    ids: () => readonly string[],
    byId: () => Readonly<Record<string, TranscriptItem>>,
    status: TranscriptStatus,
    error: string | undefined,
  ) {
    this.#ids = ids;
    this.#byId = byId;
    // Two defineProperty calls with shared descriptors: half the cost of one defineProperties.
    Object.defineProperty(this, 'ids', LAZY_IDS);
    Object.defineProperty(this, 'byId', LAZY_BY_ID);
    (this as { status: TranscriptStatus }).status = status;
    if (error !== undefined) (this as { error?: string }).error = error;
  }

  static ids(state: PublishedState): readonly string[] {
    return fix(state, 'ids', state.#ids());
  }

  static byId(state: PublishedState): Readonly<Record<string, TranscriptItem>> {
    return fix(state, 'byId', state.#byId());
  }
}

/** The lazy properties of every {@link PublishedState}: the same getter functions for all. */
const LAZY_IDS: PropertyDescriptor = {
  get(this: PublishedState) {
    return PublishedState.ids(this);
  },
  enumerable: true,
  configurable: true,
};
const LAZY_BY_ID: PropertyDescriptor = {
  get(this: PublishedState) {
    return PublishedState.byId(this);
  },
  enumerable: true,
  configurable: true,
};

/** Replaces a lazy accessor by the value it computed (an own, enumerable, read-only property). */
function fix<T>(target: object, key: string, value: T): T {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: false, writable: false });
  return value;
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
  // An error-like object may have throwing getters (a Proxy, a hostile `message`): never throw here.
  try {
    if (typeof reason === 'string' && reason !== '') return reason;
    if (typeof reason === 'object' && reason !== null) {
      const { message, name } = reason as { message?: unknown; name?: unknown };
      if (typeof message === 'string' && message !== '') return message;
      if (typeof name === 'string' && name !== '' && (reason instanceof Error || 'stack' in reason)) return name;
    }
  } catch {
    // Fall through to the generic text.
  }
  return 'The stream failed.';
}
