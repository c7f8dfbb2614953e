import { expect } from 'vitest';
import { createTranscriptParser, parseTranscript, type TranscriptChunk, type TranscriptOptions, type UIMessageChunk } from '../../src/index.js';

export interface StreamResult {
  chunks: TranscriptChunk[];
  events: UIMessageChunk[];
}

/** Feeds `pieces` to a fresh stream parser and ends it. */
export function streamPieces(pieces: readonly string[], options?: TranscriptOptions): StreamResult {
  const parser = createTranscriptParser(options);
  const events: UIMessageChunk[] = [];
  for (const piece of pieces) events.push(...parser.write(piece));
  events.push(...parser.end());
  return { chunks: parser.chunks, events };
}

/** Every split of `text` into two pieces, one per position (UTF-16 code units, so surrogate pairs split too). */
export function* splitsInTwo(text: string): Generator<string[]> {
  for (let i = 0; i <= text.length; i++) yield [text.slice(0, i), text.slice(i)];
}

/** Every code unit on its own. */
export function unitByUnit(text: string): string[] {
  return text.split('');
}

/** Splits at the given (sorted or not) positions. */
export function splitAt(text: string, positions: readonly number[]): string[] {
  const cuts = [...new Set(positions.map((p) => Math.max(0, Math.min(text.length, p))))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let last = 0;
  for (const cut of cuts) {
    pieces.push(text.slice(last, cut));
    last = cut;
  }
  pieces.push(text.slice(last));
  return pieces;
}

/** Splits at positions taken modulo `text.length + 1`: any natural numbers (fast-check's cuts) land inside the text, spread over it. */
export function splitAnywhere(text: string, positions: readonly number[]): string[] {
  return splitAt(text, positions.map((position) => position % (text.length + 1)));
}

/** Contract invariant 1: text values and raws, in order, give back the input. */
export function reassemble(chunks: readonly TranscriptChunk[]): string {
  return chunks.map((chunk) => (chunk.type === 'text' ? chunk.value : chunk.raw)).join('');
}

/**
 * Parses `text` whole and checks it is lossless and that the stream parser gives the same chunks
 * split in two at every position and one unit at a time; returns the whole parse.
 */
export function parseAtEverySplit(text: string, options?: TranscriptOptions): TranscriptChunk[] {
  const whole = parseTranscript(text, options);
  expect(reassemble(whole)).toBe(text);
  for (const pieces of splitsInTwo(text)) expect(streamPieces(pieces, options).chunks, `split at ${pieces[0]!.length}`).toEqual(whole);
  expect(streamPieces(unitByUnit(text), options).chunks).toEqual(whole);
  return whole;
}
