/**
 * The one line break (`\n`, `\r\n` or `\r`) that may follow a block's opener
 * and is not part of its body, dropped as the units arrive — across deltas,
 * so a `\r\n` split between two writes is still one line break.
 */
export class LeadingBreak {
  /** 0: at the start, 1: after a leading `\r`, 2: past the leading line break. */
  private state = 0;

  /** Whether the body has begun (every unit from now on is body). */
  get done(): boolean {
    return this.state === 2;
  }

  /** Whether `unit`, the next unit after the opener, is (part of) the leading line break. */
  skip(unit: string): boolean {
    if (this.state === 0 && (unit === '\n' || unit === '\r')) {
      this.state = unit === '\r' ? 1 : 2;
      return true;
    }
    const skipped = this.state === 1 && unit === '\n';
    this.state = 2;
    return skipped;
  }

  /** How many units at the start of `units` (the next units after the opener) are the leading line break. */
  skipIn(units: string): number {
    let count = 0;
    while (!this.done && count < units.length && this.skip(units[count]!)) count++;
    return count;
  }
}
