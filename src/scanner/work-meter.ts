import type { WorkMeter } from '../types.js';

/**
 * A meter at zero. Each parser owns one and hands it to its scanner; the store owns one for all
 * the parsers it runs, so `store.work` counts them together.
 */
export function createWorkMeter(): WorkMeter {
  return { scanned: 0, yaml: 0, json: 0, copied: 0 };
}
