import { useCallback, useSyncExternalStore } from 'react';
import type { TranscriptItem, TranscriptStore } from '../store/index.js';
import type { TranscriptState, TranscriptStatus } from '../store/types.js';

/**
 * Selects a slice of a transcript store's state and re-renders when that slice
 * changes (by `Object.is`). Like zustand's `useStore`, except that the server
 * and hydrating renders read the store's current state rather than its initial
 * one, so a store filled before rendering shows on the server. The selector
 * must return a stable value (a part of the state, not a new object each call).
 * Prefer {@link useTranscriptItem} for single items: it is told only about its
 * own item.
 *
 * @example
 * const status = useTranscriptStore(store, (state) => state.status);
 */
export function useTranscriptStore<T>(store: TranscriptStore, selector: (state: TranscriptState) => T): T {
  const get = () => selector(store.getState());
  return useSyncExternalStore(store.subscribe, get, get);
}

/** The item ids in order; re-renders only when an item is added, removed or renamed. */
export function useTranscriptIds(store: TranscriptStore): readonly string[] {
  return useTranscriptStore(store, selectIds);
}

/** The transcript's status (`idle`, `streaming`, `done`, `error`). */
export function useTranscriptStatus(store: TranscriptStore): TranscriptStatus {
  return useTranscriptStore(store, selectStatus);
}

/**
 * One item, re-rendering only when that item changes: it subscribes to the
 * item alone (`store.subscribeItem`), so a delta costs one listener call,
 * however long the transcript.
 */
export function useTranscriptItem(store: TranscriptStore, id: string): TranscriptItem | undefined {
  const subscribe = useCallback((listener: () => void) => store.subscribeItem(id, listener), [store, id]);
  const get = () => store.getItem(id);
  return useSyncExternalStore(subscribe, get, get);
}

const selectIds = (state: TranscriptState) => state.ids;
const selectStatus = (state: TranscriptState) => state.status;
