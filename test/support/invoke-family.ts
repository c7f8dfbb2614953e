/**
 * Checks shared by the syntaxes over the kit's invoke body (minimax, dsml, invoke): a block
 * written by `format` reads back (with the syntax alone and under the default syntaxes), is
 * split anywhere, and streams its values before their closers; a cut-off block and a malformed
 * one keep their raw text. Each syntax's test file runs them with its own markers.
 */
import { expect, it } from 'vitest';
import { createTranscriptParser, parseTranscript, type ToolChunk, type ToolSyntax } from '../../src/index.js';
import type { FormatCall } from '../../src/types.js';
import { expectRoundTrip } from './round-trip.js';
import { parseAtEverySplit } from './splits.js';

/** Calls every syntax of the family writes and reads back as they were. */
export const ROUND_TRIP_CALLS: FormatCall[] = [
  { toolName: 'get_weather', input: { city: 'Paris', unit: 'celsius' } },
  { toolName: 'get_time', input: {} },
  { toolName: 'write_file', input: { path: 'a/b.md', content: '# Title\n\nSome <b>bold</b> text & "quotes"\n' } },
  { toolName: 'search', input: { query: 'tides', filters: { since: '2024', tags: ['a', 'b'] }, list: [1, 2, { x: null }] } },
  { toolName: 'ünïcode', input: { text: 'Здравствуйте 🌍', emoji: '👩‍🚀' } },
];

/** `text` whole, then every split in two and unit by unit: the same chunks each time. */
export function everySplit(text: string, syntaxes?: ToolSyntax[]) {
  const options = syntaxes ? { syntaxes } : {};
  return parseAtEverySplit(text, options);
}

/** The tool chunks of `text` under `syntaxes` (default syntaxes when omitted). */
export function toolsOf(text: string, syntaxes?: ToolSyntax[]): ToolChunk[] {
  return parseTranscript(text, syntaxes ? { syntaxes } : {}).filter((chunk): chunk is ToolChunk => chunk.type === 'tool');
}

/** Round trips of {@link ROUND_TRIP_CALLS} (numbers and booleans kept only where the syntax types them itself). */
export function roundTrips(syntax: ToolSyntax, calls: readonly FormatCall[] = ROUND_TRIP_CALLS): void {
  it.each(calls.map((call) => [call.toolName, call] as const))('%s reads back, with the syntax alone and under the defaults', (_, call) => {
    const block = syntax.format(call);
    for (let cut = 0; cut <= block.length + 8; cut += 7) expectRoundTrip(syntax, call, cut);
    const [tool, ...rest] = toolsOf(`Before.\n\n${block}\n\nAfter.`);
    expect(rest).toEqual([]);
    expect(tool).toMatchObject({ syntax: syntax.name, toolName: call.toolName, state: 'input-available', raw: block });
    expect(JSON.parse(JSON.stringify(tool!.input))).toEqual(JSON.parse(JSON.stringify(call.input)));
  });
}

/**
 * While `text` streams, the open block's input shows `key`'s value growing before its closer
 * (the snapshot after each unit), and the stream ends with the value whole.
 */
export function expectValueWhileStreaming(text: string, key: string, syntaxes: ToolSyntax[]): void {
  const parser = createTranscriptParser({ syntaxes });
  const seen: string[] = [];
  for (const unit of text) {
    parser.write(unit);
    const last = parser.chunks.at(-1);
    if (last?.type === 'tool' && last.state === 'input-streaming') {
      const value = (last.input as Record<string, unknown> | undefined)?.[key];
      if (typeof value === 'string' && value !== seen.at(-1)) seen.push(value);
    }
  }
  parser.end();
  expect(seen.length, `partial values of ${key}: ${JSON.stringify(seen)}`).toBeGreaterThan(2);
  for (let i = 1; i < seen.length; i++) expect(seen[i]!.startsWith(seen[i - 1]!), `${JSON.stringify(seen[i - 1])} grows`).toBe(true);
}
