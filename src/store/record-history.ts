/**
 * Immutable snapshots of a keyed table that changes one key at a time, each
 * taken in O(1) and turned into a plain record only when someone reads it.
 *
 * Why not copy the record on every change: a record with a few hundred
 * arbitrary string keys is a V8 dictionary, and spreading it costs tens to
 * hundreds of microseconds — per delta, growing with the transcript. Instead a
 * snapshot is (base record, shared append-only change log, log length). The log
 * is folded into a new base once it is a few times as long as the table
 * (amortised O(1) per change), and a folded log is never appended to again, so every snapshot
 * handed out stays valid.
 */
export class RecordHistory<T> {
  private base: Readonly<Record<string, T>> = {};
  /** The change log as two parallel arrays (a `[key, value]` pair per change was most of the store's garbage). */
  private keys: string[] = [];
  private values: Array<T | undefined> = [];
  private size = 0;

  /** Sets `key` (a new key or a new value). */
  set(key: string, value: T, isNew: boolean): void {
    if (isNew) this.size++;
    this.record(key, value);
  }

  /** Removes `key`, which must be present. */
  delete(key: string): void {
    this.size--;
    this.record(key, undefined);
  }

  /** Forgets everything. */
  clear(): void {
    this.base = {};
    this.keys = [];
    this.values = [];
    this.size = 0;
  }

  /** A function returning the record as it is now (built on first call, then cached). */
  snapshot(): () => Readonly<Record<string, T>> {
    const { base, keys, values } = this;
    const length = keys.length;
    if (length === 0) return () => base;
    let built: Readonly<Record<string, T>> | undefined;
    return () => (built ??= fold(base, keys, values, length));
  }

  private record(key: string, value: T | undefined): void {
    this.keys.push(key);
    this.values.push(value);
    // Fold once the log is four times as long as the table: O(size) work every 4·size changes.
    // (Folding sooner costs more than it saves: the log's entries are young objects anyway.)
    if (this.keys.length >= 4 * this.size + 256) {
      this.base = fold(this.base, this.keys, this.values, this.keys.length);
      this.keys = [];
      this.values = [];
    }
  }
}

/** `base` with the first `length` changes of `log` applied, as a new record. */
function fold<T>(
  base: Readonly<Record<string, T>>,
  keys: readonly string[],
  values: ReadonlyArray<T | undefined>,
  length: number,
): Readonly<Record<string, T>> {
  const record: Record<string, T> = { ...base };
  for (let i = 0; i < length; i++) {
    const key = keys[i]!;
    const value = values[i];
    if (value === undefined) delete record[key];
    // defineProperty, not assignment: an id such as `__proto__` must stay an own key.
    // defineProperty only where assignment would set the prototype instead: it is slow on big records.
    else if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
    else record[key] = value;
  }
  return record;
}
