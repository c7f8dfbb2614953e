/** Helpers for the linear-work tests: work is counted by the parser's meter (`parser.work`), never timed. */
import { createTranscriptParser, type TranscriptChunk, type TranscriptOptions } from '../../src/index.js';

/** Scanner steps (code units visited, rescans included: `work.scanned`) for `text` fed in 4 KB deltas. */
export function scannerSteps(text: string, options?: TranscriptOptions): number {
  const parser = createTranscriptParser(options);
  for (let i = 0; i < text.length; i += 4096) parser.write(text.slice(i, i + 4096));
  parser.end();
  return parser.work.scanned;
}

/** `unit` repeated to exactly `length` code units. */
export function repeatTo(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/**
 * Streams `text` in 64-unit deltas, reading the snapshot after each one as a
 * renderer would, and counts the snapshots that showed an open tool and the
 * characters handed to the YAML parser: partial YAML must be re-parsed
 * amortised (a bounded multiple of the text), not once per line.
 */
export function streamCountingYaml(text: string, options?: TranscriptOptions): { snapshots: number; yamlCharacters: number; chunks: TranscriptChunk[] } {
  const parser = createTranscriptParser(options);
  let snapshots = 0;
  for (let i = 0; i < text.length; i += 64) {
    parser.write(text.slice(i, i + 64));
    if (parser.chunks.at(-1)?.type === 'tool') snapshots++;
  }
  parser.end();
  return { snapshots, yamlCharacters: parser.work.yaml, chunks: parser.chunks };
}

/**
 * Streams `text` in 16-unit deltas, reading the snapshot after each one as a renderer would, and
 * returns the longest `input.content` an open call showed meanwhile, with the parser (ended).
 * A big call must show its input while it streams, without re-parsing it per delta.
 */
export function streamShowingContent(text: string, options: TranscriptOptions): { shown: number; parser: ReturnType<typeof createTranscriptParser> } {
  const parser = createTranscriptParser(options);
  let shown = 0;
  for (let i = 0; i < text.length; i += 16) {
    parser.write(text.slice(i, i + 16));
    const last = parser.chunks.at(-1);
    if (last?.type === 'tool') shown = Math.max(shown, ((last.input as { content?: string } | undefined)?.content ?? '').length);
  }
  parser.end();
  return { shown, parser };
}
