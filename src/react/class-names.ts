/** `base` with the caller's `className` after it, when given. */
export function cx(base: string, extra: string | undefined): string {
  return extra ? `${base} ${extra}` : base;
}
