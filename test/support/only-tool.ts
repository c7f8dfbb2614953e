import { expect } from 'vitest';
import { parseTranscript, type ToolChunk, type ToolSyntax } from '../../src/index.js';

/** Parses `text` with `syntax` alone and returns its one chunk, asserting it is a single tool chunk. */
export function onlyToolOf(text: string, syntax: ToolSyntax): ToolChunk {
  const chunks = parseTranscript(text, { syntaxes: [syntax] });
  expect(chunks).toHaveLength(1);
  expect(chunks[0]!.type).toBe('tool');
  return chunks[0] as ToolChunk;
}
