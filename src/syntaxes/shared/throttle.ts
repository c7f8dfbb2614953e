/**
 * When to rebuild the partial input of a growing block: on every growth while
 * the block is small, then only once it has grown by a quarter since the last
 * rebuild. Each rebuild costs about the block's size, so the rebuilds of one
 * block add up to a bounded multiple of its length (amortised linear) instead
 * of its square — a renderer may read the partial input after every delta.
 *
 * "Every growth while small" still costs up to `small² / 2` for one block when
 * it grows a unit or a line at a time (a YAML body of 4,000 blank lines: 8
 * million units parsed). A reader whose rebuild is expensive passes `smallShare`:
 * then a small block too must have grown by that share of its size, so its
 * rebuilds cost at most `size / smallShare` in all — a line-by-line display for
 * lines longer than `size × smallShare`, every few lines for shorter ones.
 */
export class RebuildThrottle {
  /** The size at the last rebuild (-1: none yet). */
  private builtAt = -1;

  /**
   * @param small below this size every growth rebuilds (but see `smallShare`).
   * @param growth the share of the last rebuilt size the block must grow by, past `small`.
   * @param smallShare the share of its size a small block must grow by (0: any growth).
   */
  constructor(
    private readonly small: number,
    private readonly growth = 0.25,
    private readonly smallShare = 0,
  ) {}

  /** Whether to rebuild now that the block's size is `size`; a `true` answer records the rebuild. */
  due(size: number): boolean {
    const grown = size - this.builtAt;
    if (grown <= 0) return false;
    const needed = size >= this.small ? this.builtAt * this.growth : size * this.smallShare;
    if (grown < needed) return false;
    this.builtAt = size;
    return true;
  }
}
