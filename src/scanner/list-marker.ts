/**
 * A list item's marker as the markdown tracker reads it at a block start,
 * one unit at a time: `-`, `*`, `+`, or up to nine digits and `.`/`)`. What
 * the marker opens (an item, an empty item, or nothing when it may not
 * interrupt a paragraph) is the tracker's, with the container stack.
 */

/** Progress through a list marker. */
export const enum Marker {
  None,
  Bullet,
  Digits,
  Ordered,
}

export class ListMarker {
  kind = Marker.None;
  /** An ordered marker's number. */
  value = 0;
  /** Column of the marker's first unit. */
  private column = 0;
  /** Units read so far. */
  private width = 0;

  /** A unit of the marker at `column` (the first one starts it). */
  unit(unit: string, column: number): void {
    if (this.kind === Marker.None) {
      this.kind = isDigit(unit) ? Marker.Digits : Marker.Bullet;
      this.column = column;
      this.width = 0;
      this.value = 0;
    }
    if (isDigit(unit)) this.value = this.value * 10 + Number(unit);
    else if (this.kind === Marker.Digits) this.kind = Marker.Ordered;
    this.width++;
  }

  /** Whether `unit` goes on with the marker being read. */
  continuesWith(unit: string): boolean {
    if (this.kind !== Marker.Digits) return false;
    if (isDigit(unit)) return this.width < 9;
    return unit === '.' || unit === ')';
  }

  /** A whole marker was read (a space after it opens an item). */
  complete(): boolean {
    return this.kind === Marker.Bullet || this.kind === Marker.Ordered;
  }

  /** The content width of the item whose marker was just read: from its block's start to one column past the marker. */
  itemWidth(blockColumn: number): number {
    return this.column - blockColumn + this.width + 1;
  }

  /** A copy that goes on on its own (for a tracker's fork). */
  copy(): ListMarker {
    return Object.assign(new ListMarker(), this);
  }
}

/** Whether `unit`, at a block start, may begin a container: a block quote's `>` or a list marker. */
export function beginsContainer(unit: string): boolean {
  return unit === '>' || unit === '-' || unit === '*' || unit === '+' || isDigit(unit);
}

function isDigit(unit: string): boolean {
  return unit >= '0' && unit <= '9';
}
