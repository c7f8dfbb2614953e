/** A blank between markup: space, tab, `\n` or `\r` (JSON's whitespace, and XML's). */
export function isBlank(unit: string): boolean {
  return unit === ' ' || unit === '\t' || unit === '\n' || unit === '\r';
}
