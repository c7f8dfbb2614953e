import { expect } from 'vitest';
import { parseTranscript, type ToolChunk, type ToolSyntax } from '../../src/index.js';
import type { FormatCall } from '../../src/types.js';
import { splitAnywhere, streamPieces } from './splits.js';

/**
 * `syntax.format(call)` set in prose (on its own line for a line-start syntax,
 * mid-line otherwise) parses back to one tool chunk with the call's name, id
 * and input, whole and split at `cut`. Inputs are compared as JSON, which is
 * what non-string values travel as (`-0` becomes `0`).
 */
export function expectRoundTrip(syntax: ToolSyntax, call: FormatCall, cut: number): ToolChunk {
  const block = syntax.format(call);
  const text = syntax.placement === 'line-start' ? `Some text.\n${block}\nmore text` : `see ${block} done`;
  const chunks = parseTranscript(text, { syntaxes: [syntax] });
  expect(chunks).toHaveLength(3);
  const tool = chunks[1] as ToolChunk;
  expect(tool).toMatchObject({ type: 'tool', toolName: call.toolName, state: 'input-available', raw: block, closed: true });
  expect(tool.toolCallId).toBe(call.toolCallId ?? 'tool-call-1');
  const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
  expect(asJson(tool.input)).toEqual(asJson(call.input));
  const pieces = splitAnywhere(text, [cut]);
  expect(streamPieces(pieces, { syntaxes: [syntax] }).chunks).toEqual(chunks);
  return tool;
}
