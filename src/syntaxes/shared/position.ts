/**
 * Where a block reader is in its source: offset, line and column, counted
 * one code unit at a time (`\r\n`, `\r` and `\n` are each one line break),
 * so error messages can say where.
 */
export class SourcePosition {
  /** Units consumed so far. */
  offset = 0;
  line = 1;
  column: number;
  private afterCR = false;

  /** @param column the column of the first unit (after an opener on the same line). */
  constructor(column = 1) {
    this.column = column;
  }

  /** Counts one unit. */
  advance(unit: string): void {
    this.offset++;
    if (unit === '\n') {
      if (!this.afterCR) {
        this.line++;
        this.column = 1;
      }
      this.afterCR = false;
      return;
    }
    this.afterCR = unit === '\r';
    if (this.afterCR) {
      this.line++;
      this.column = 1;
    } else this.column++;
  }

  /** Counts `count` units known to hold no line break. */
  skip(count: number): void {
    this.offset += count;
    this.column += count;
    this.afterCR = false;
  }
}
