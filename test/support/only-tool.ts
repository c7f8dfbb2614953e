import { expect } from 'vitest';
import { parseTranscript, type ToolChunk, type ToolSyntax, type TranscriptOptions } from '../../src/index.js';

/**
 * Parses `text` and returns its one chunk, asserting that it is a tool chunk holding the whole
 * text and that it serialises (a value `JSON.stringify` cannot hold would break every consumer).
 */
export function onlyTool(text: string, options?: TranscriptOptions): ToolChunk {
  const chunks = parseTranscript(text, options);
  expect(chunks).toHaveLength(1);
  const tool = chunks[0] as ToolChunk;
  expect(tool.type).toBe('tool');
  expect(tool.raw).toBe(text);
  expect(() => JSON.stringify(tool)).not.toThrow();
  return tool;
}

/** {@link onlyTool} with `syntax` alone. */
export function onlyToolOf(text: string, syntax: ToolSyntax): ToolChunk {
  return onlyTool(text, { syntaxes: [syntax] });
}

/** {@link onlyTool}, and the block failed: `output-error` with an errorText that matches. */
export function expectOnlyError(text: string, errorText: RegExp, options?: TranscriptOptions): ToolChunk {
  const tool = onlyTool(text, options);
  expect(tool.state).toBe('output-error');
  expect(tool.errorText).toMatch(errorText);
  return tool;
}
