/** A value as the card shows it: strings as they are, anything else as indented JSON. Never throws. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2) ?? String(value);
  } catch {
    // Circular structures and the like.
    return String(value);
  }
}

/** Above these, output and error start collapsed. */
const LONG_CHARS = 1200;
const LONG_LINES = 16;

/** Whether a formatted value is long enough to start collapsed. */
export function isLong(text: string): boolean {
  if (text.length > LONG_CHARS) return true;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) if (++lines > LONG_LINES) return true;
  return false;
}
