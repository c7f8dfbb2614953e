/**
 * When to rebuild the partial input of a growing block: on every growth while
 * the block is small, then only once it has grown by a quarter since the last
 * rebuild. Each rebuild costs about the block's size, so the rebuilds of one
 * block add up to a bounded multiple of its length (amortised linear) instead
 * of its square — a renderer may read the partial input after every delta.
 */
export class RebuildThrottle {
  /** The size at the last rebuild (-1: none yet). */
  private builtAt = -1;

  /**
   * @param small below this size every growth rebuilds.
   * @param growth the share of the last rebuilt size the block must grow by, past `small`.
   */
  constructor(
    private readonly small: number,
    private readonly growth = 0.25,
  ) {}

  /** Whether to rebuild now that the block's size is `size`; a `true` answer records the rebuild. */
  due(size: number): boolean {
    const grown = size - this.builtAt;
    if (grown <= 0 || (size >= this.small && grown < this.builtAt * this.growth)) return false;
    this.builtAt = size;
    return true;
  }
}
