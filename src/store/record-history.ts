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
 *
 * A key set again right after itself (the item that is streaming, delta after delta) overwrites
 * the log's last entry instead of adding one: each snapshot keeps the value of the last entry it
 * covers itself, and entries before the last are never overwritten. The log then holds one value
 * per change of key, not one per delta — the versions in between were most of what the store
 * kept alive, and copying them out of the young generation was most of its garbage collection.
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
    // The last entry may be overwritten later (see the class comment): its value now is kept here.
    const last = values[length - 1];
    let built: Readonly<Record<string, T>> | undefined;
    return () => (built ??= fold(base, keys, values, length, last));
  }

  private record(key: string, value: T | undefined): void {
    const keys = this.keys;
    const end = keys.length - 1;
    if (end >= 0 && keys[end] === key) {
      this.values[end] = value;
      return;
    }
    keys.push(key);
    this.values.push(value);
    // Fold once the log is four times as long as the table: O(size) work every 4·size changes.
    // (Folding sooner costs more than it saves: the log's entries are young objects anyway.)
    if (keys.length >= 4 * this.size + 256) {
      this.base = fold(this.base, keys, this.values, keys.length, value);
      this.keys = [];
      this.values = [];
    }
  }
}

/** `base` with the first `length` changes of the log applied (the last one's value being `last`), as a new record. */
function fold<T>(
  base: Readonly<Record<string, T>>,
  keys: readonly string[],
  values: ReadonlyArray<T | undefined>,
  length: number,
  last: T | undefined,
): Readonly<Record<string, T>> {
  const record: Record<string, T> = { ...base };
  for (let i = 0; i < length; i++) {
    const key = keys[i]!;
    const value = i === length - 1 ? last : values[i];
    if (value === undefined) delete record[key];
    // defineProperty, not assignment: an id such as `__proto__` must stay an own key.
    // defineProperty only where assignment would set the prototype instead: it is slow on big records.
    else if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
    else record[key] = value;
  }
  return record;
}
