/**
 * Measuring work on adversarial input by counting, never by time: the parser's
 * own meter (`parser.work`) — every code unit the scanner visits (rescans
 * included), characters handed to the YAML parser and to `JSON.parse`, and
 * units a reader copies a second time. Together they bound the work of the
 * scanner and of every block reader.
 */
import { expect } from 'vitest';
import { createTranscriptParser, type ToolSyntax, type TranscriptChunk } from '../../../src/index.js';
import { builtinSyntaxes } from '../../../src/syntaxes/index.js';
import type { WorkMeter } from '../../../src/types.js';

/** `npm run fuzz` sets FUZZ=1: bigger inputs. */
export const FUZZ = process.env.FUZZ === '1';

/**
 * Per-test timeout: room for a busy machine (and for FUZZ sizes), still far
 * below the minutes a quadratic relapse takes at these sizes.
 */
export const TIMEOUT = FUZZ ? 600_000 : 20_000;

/** Every built-in syntax, the opt-in JSON syntax included. */
export const ALL_SYNTAXES = Object.values(builtinSyntaxes) as ToolSyntax[];

export const KB = 1024;
export const MB = 1024 * KB;

/** The parser's work (see {@link WorkMeter}), and what the stream showed. */
export interface Work extends Readonly<WorkMeter> {
  /** Snapshots read while streaming. */
  snapshots: number;
  /** The final chunks. */
  chunks: TranscriptChunk[];
}

export interface StreamOptions {
  /** Delta size in code units. Default 4096. */
  delta?: number;
  syntaxes?: ToolSyntax[];
}

/**
 * Streams `text` in deltas and reads the snapshot after each one, as the store
 * and the React components do (that is what runs the partial parsers), then
 * ends the parse.
 */
export function measure(text: string, { delta = 4096, syntaxes = ALL_SYNTAXES }: StreamOptions = {}): Work {
  const parser = createTranscriptParser({ syntaxes });
  let snapshots = 0;
  for (let i = 0; i < text.length; i += delta) {
    parser.write(text.slice(i, i + delta));
    if (parser.chunks.length > 0) snapshots++;
  }
  parser.end();
  return { ...parser.work, snapshots, chunks: parser.chunks };
}

export { repeatTo } from '../../support/linear.js';

/** An adversarial pattern: a document of about `n` code units. */
export interface Pattern {
  name: string;
  make: (n: number) => string;
  /** Size for a CI run (default 1 MB); FUZZ runs use 1 MB or more. */
  size?: number;
}

/**
 * Slack for fixed costs, in units: a held marker, and the partial parsers'
 * small-body region (a body under 4 KB is re-parsed on every snapshot, which
 * costs up to 4096² / 2 / delta however long the input).
 */
function slack(delta: number): number {
  return 64 * KB + (4096 * 4096) / 2 / delta;
}

/**
 * Measures a pattern at `n` and `2n` and asserts linear work: scanned units at most
 * four per unit, parser and copy work at most eight per unit (the partial
 * parsers re-read a growing body only each time it grew by a quarter), and
 * doubling the input at most (about) doubles each count.
 */
export function expectLinear(pattern: Pattern, n: number, options: StreamOptions = {}): [Work, Work] {
  const SLACK = slack(options.delta ?? 4096);
  const small = pattern.make(n);
  const large = pattern.make(2 * n);
  const a = measure(small, options);
  const b = measure(large, options);
  const ratio = large.length / small.length;
  expect(ratio, 'the pattern grows with n').toBeGreaterThan(1.5);
  expect(a.scanned, 'scanned units per unit').toBeLessThanOrEqual(4 * small.length + 64);
  expect(b.scanned, 'scanned units per unit').toBeLessThanOrEqual(4 * large.length + 64);
  expect(b.scanned, 'scanned units grow linearly').toBeLessThanOrEqual(1.1 * ratio * a.scanned + 64);
  for (const key of ['yaml', 'json', 'copied'] as const) {
    expect(a[key], `${key} work per unit`).toBeLessThanOrEqual(8 * small.length + SLACK);
    expect(b[key], `${key} work per unit`).toBeLessThanOrEqual(8 * large.length + SLACK);
    expect(b[key], `${key} work grows linearly`).toBeLessThanOrEqual(1.3 * ratio * a[key] + SLACK);
  }
  return [a, b];
}
