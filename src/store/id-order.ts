/**
 * The item ids in transcript order, published as immutable snapshots that cost O(1) to take.
 *
 * Items are almost always added at the end: those are pushed onto one array that snapshots
 * share (a snapshot is the array and its length then, sliced only when someone reads it).
 * Any other change (an item in the middle, a removal) replaces the array, so a snapshot
 * handed out never changes.
 */
export class IdOrder {
  private array: string[] = [];
  private current: (() => readonly string[]) | undefined;

  /** Adds an id at the end. */
  append(id: string): void {
    this.array.push(id);
    this.current = undefined;
  }

  /** Replaces the whole order (after an insertion in the middle or a removal). */
  replace(ids: string[]): void {
    this.array = ids;
    this.current = undefined;
  }

  get length(): number {
    return this.array.length;
  }

  /** A function giving the ids as they are now; the same function (and array) until they change. */
  snapshot(): () => readonly string[] {
    if (this.current) return this.current;
    const array = this.array;
    const length = array.length;
    let built: readonly string[] | undefined;
    this.current = () => (built ??= array.slice(0, length));
    return this.current;
  }
}
