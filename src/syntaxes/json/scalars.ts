/**
 * What a JSON number or literal is, whole or being written: the tracker reads them unit by unit
 * as a token, checks the finished token here, and completes a token cut off mid-way when it
 * repairs a partial value.
 */

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const LITERALS = ['true', 'false', 'null'];

/** Whether `unit` can continue a number token (the grammar is checked once it ends). */
export function continuesNumber(unit: string): boolean {
  return NUMBER_UNIT.test(unit);
}

const NUMBER_UNIT = /[0-9.eE+-]/;

/** Whether a finished token is a JSON number. */
export function isNumber(token: string): boolean {
  return NUMBER.test(token);
}

/** The value of a finished literal token, `undefined` when it is none of `true`, `false`, `null`. */
export function literalValue(token: string): boolean | null | undefined {
  if (!LITERALS.includes(token)) return undefined;
  return token === 'null' ? null : token === 'true';
}

/** A number being written, cut to its valid part (`12.` → `12`, `1e+` → `1`); `undefined` if none. */
export function completeNumber(token: string): string | undefined {
  let end = token.length;
  while (end > 0 && '.eE+-'.includes(token[end - 1]!)) end--;
  const number = token.slice(0, end);
  return NUMBER.test(number) ? number : undefined;
}

/** A literal being written, completed (`tr` → `true`); `undefined` if it starts none. */
export function completeLiteral(token: string): string | undefined {
  return LITERALS.find((word) => word.startsWith(token));
}
