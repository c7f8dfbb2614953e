import { createContext, useContext } from 'react';

/**
 * Which text items are still being revealed, and how far: the items after such a text wait
 * until it is shown whole, so a tool card never appears before the text that precedes it.
 *
 * A plain mutable record (written by the revealing text once per frame, without notifying) plus
 * a notification when an item catches up — the only moment the items after it must re-render.
 * The transcript also tells it, as it renders, which items it had at mount (shown at once) and
 * whether new text is being revealed at all (not under `prefers-reduced-motion`).
 */
export interface RevealGate {
  /** Code units of item `id` shown so far; `undefined` for an item that has not reported. */
  shown(id: string): number | undefined;
  /** Records how far item `id` is revealed; notifies when it has caught up with `length`. */
  report(id: string, shown: number, length: number): void;
  /** Forgets item `id` (unmounted), notifying as it can no longer hold anything back. */
  forget(id: string): void;
  subscribe(listener: () => void): () => void;
  /** Called by the transcript on each render: its items (the first call's are "at mount") and whether new text is revealed. */
  update(ids: readonly string[], revealing: boolean): void;
  /** A text item that appears now starts hidden and is revealed: motion is allowed, and the item was not there at mount. */
  revealsFromStart(id: string): boolean;
}

export function createRevealGate(): RevealGate {
  const shown = new Map<string, number>();
  const listeners = new Set<() => void>();
  let atMount: ReadonlySet<string> | undefined;
  let revealing = false;
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    shown: (id) => shown.get(id),
    report(id, value, length) {
      const before = shown.get(id);
      shown.set(id, value);
      if (value >= length && (before === undefined || before < length)) notify();
    },
    forget(id) {
      if (shown.delete(id)) notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(ids, on) {
      atMount ??= new Set(ids);
      revealing = on;
    },
    revealsFromStart: (id) => revealing && atMount !== undefined && !atMount.has(id),
  };
}

/** The gate of the enclosing transcript when its reveal is on. */
export const RevealGateContext = createContext<RevealGate | undefined>(undefined);

export function useRevealGate(): RevealGate | undefined {
  return useContext(RevealGateContext);
}
