// Small helpers shared by the benchmark parts: medians, timing, formatting, goal checks.

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Milliseconds, high resolution. */
export const now = () => performance.now();

/**
 * Times `fn` once (ms). No forced collection before it: a forced full GC made the next runs of
 * the parser ~4× slower here (it throws away the JIT's warm state), so samples rely on warm-up
 * and on side-by-side rounds instead.
 */
export function time(fn) {
  const start = now();
  fn();
  return now() - start;
}

/** Runs the functions round-robin for at least `ms` (JIT warm-up). */
export function warmUp(fns, ms) {
  const list = Object.values(fns);
  const start = now();
  do for (const fn of list) fn();
  while (now() - start < ms);
}

/**
 * Measures several functions side by side: `rounds` rounds, each running every function once in
 * turn (order rotated per round), so drift and noise from the shared machine hit all of them alike.
 * Returns the per-round samples by key, in milliseconds of `timer` (wall time by default).
 */
export function sideBySide(fns, rounds, timer = time) {
  const keys = Object.keys(fns);
  const samples = Object.fromEntries(keys.map((k) => [k, []]));
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < keys.length; i++) {
      const key = keys[(i + r) % keys.length];
      samples[key].push(timer(fns[key]));
    }
  }
  return samples;
}

/** Median of the per-round ratios a[i] / b[i] (paired: same round, side by side). */
export function pairedRatio(a, b) {
  return median(a.map((x, i) => x / b[i]));
}

export function fmt(value, digits = 2) {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString('en-US');
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 10) return value.toFixed(Math.min(digits, 1));
  return value.toFixed(digits);
}

/** A figure checked against its goal. `goal` is `{ op: '<=' | '>=', value }` or undefined (informative). */
export function check(id, label, value, unit, goal, note) {
  const pass = goal === undefined ? undefined : goal.op === '<=' ? value <= goal.value : value >= goal.value;
  return { id, label, value, unit, goal, pass, ...(note ? { note } : {}) };
}
