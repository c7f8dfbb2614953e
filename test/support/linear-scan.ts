import { expect } from 'vitest';
import { parseTranscript, type TranscriptOptions } from '../../src/index.js';
import { repeatTo, scannerSteps } from './linear.js';
import { reassemble } from './splits.js';

/**
 * The linear-work check each syntax file runs on its adversarial patterns: `pattern` repeated to
 * `size` code units (and to twice that), fed in deltas. The scanner visits at most `perUnit`
 * steps per unit, doubling the text about doubles them, and the text comes back whole
 * (CONTRACT invariant 1). Counted, never timed.
 */
export function expectLinearScan(pattern: string, options: TranscriptOptions | undefined, { perUnit = 3, size = 200_000 } = {}): void {
  const text = repeatTo(pattern, size);
  const steps = scannerSteps(text, options);
  expect(steps, 'steps per unit').toBeLessThanOrEqual(perUnit * text.length);
  expect(scannerSteps(repeatTo(pattern, 2 * size), options), 'steps for twice the text').toBeLessThanOrEqual(2.2 * steps + 64);
  expect(reassemble(parseTranscript(text, options))).toBe(text);
}
