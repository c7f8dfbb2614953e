// The options of the syntax factories come from plain JavaScript too: each is checked once, when
// the syntax is made, with an error that names the syntax, the option and what it may be.

/**
 * `value` when it is one of `choices`; the first choice when it is `undefined` or `null`. Anything else
 * throws `NAME syntax: unknown OPTION "value" (expected "a", "b" or "c")`.
 */
export function choiceOption<Choice extends string>(syntax: string, option: string, value: Choice | null | undefined, choices: readonly [Choice, ...Choice[]]): Choice {
  if (value === undefined || value === null) return choices[0];
  if (choices.includes(value)) return value;
  const quoted = choices.map((choice) => JSON.stringify(choice));
  const expected = `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
  throw new Error(`${syntax} syntax: unknown ${option} ${JSON.stringify(value)} (expected ${expected})`);
}

/**
 * `value` when it is a number of at least `minimum`; `fallback` when it is `undefined` or `null`. Anything
 * else (`NaN` included) throws `NAME syntax: OPTION must be a number of at least MINIMUM, not value`.
 */
export function lengthOption(syntax: string, option: string, value: number | null | undefined, fallback: number, minimum: number): number {
  if (value === undefined || value === null) return fallback;
  if (value >= minimum) return value;
  throw new Error(`${syntax} syntax: ${option} must be a number of at least ${minimum}, not ${String(value)}`);
}
