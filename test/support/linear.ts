/** Helpers for the linear-work tests: work is counted in scanner steps, never timed. */
import { createTranscriptParser, type TranscriptOptions } from '../../src/index.js';

/** Scanner steps (code units visited, rescans included) for `text` fed in 4 KB deltas. */
export function scannerSteps(text: string, options?: TranscriptOptions): number {
  const parser = createTranscriptParser(options);
  for (let i = 0; i < text.length; i += 4096) parser.write(text.slice(i, i + 4096));
  parser.end();
  return parser.steps;
}

/** `unit` repeated to exactly `length` code units. */
export function repeatTo(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}
