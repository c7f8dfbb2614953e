/**
 * Listeners per key, so that a change to one item calls only that item's
 * listeners — not every subscriber of the store, which would make each delta
 * cost as many calls as the transcript has items.
 */
export class KeyedListeners {
  private readonly byKey = new Map<string, Set<() => void>>();

  /** Adds a listener for `key`; returns the function that removes it. */
  subscribe(key: string, listener: () => void): () => void {
    let set = this.byKey.get(key);
    if (!set) this.byKey.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byKey.get(key) === set) this.byKey.delete(key);
    };
  }

  /** Calls the listeners of each key. */
  notify(keys: Iterable<string>): void {
    for (const key of keys) {
      const set = this.byKey.get(key);
      if (set) for (const listener of [...set]) listener();
    }
  }
}
