/**
 * The inference servers' tool-parser test suites (vLLM, SGLang, llama.cpp, Ollama), ported as
 * data: each case is the model output a server's test feeds its parser, the calls the test
 * expects, and where it came from. {@link runServerCases} reads every case whole, split in two
 * at every position, one unit at a time and at random multi-splits, and checks the calls (and
 * the prose, where the server's test asserts it) against the server's expectation.
 */
import { describe, expect, it } from 'vitest';
import { parseTranscript, type ToolChunk, type ToolDefinition, type TranscriptChunk, type TranscriptOptions } from '../../src/index.js';
import { reassemble, splitAt, splitsInTwo, streamPieces, unitByUnit } from './splits.js';

export type Server = 'vllm' | 'sglang' | 'llama.cpp' | 'ollama' | '@ai-sdk-tool/parser' | 'cline';

/** One ported test case. */
export interface ServerCase {
  server: Server;
  /** The server's test file and test (and parametrised case) the text comes from: `tests/tool_parsers/test_x.py::test_y[case]`. */
  origin: string;
  /** The model output the server's test parses. */
  text: string;
  /** The calls the server's test expects, in order: name and arguments (as the server types them). */
  calls: ReadonlyArray<{ name: string; arguments: unknown; id?: string }>;
  /**
   * The prose outside the calls, when the server's test asserts it (compared with surrounding
   * blanks trimmed; `''` for none). Omit when the test does not check it.
   */
  content?: string;
  /** The tools the server's test passes (their schemas type the values). */
  tools?: readonly ToolDefinition[];
  /** Where our result differs from the server's on purpose: why. `calls`/`content` then hold ours. */
  differs?: string;
  /** Reasoning text expected outside the calls (a `<think>` block), when the test asserts it. */
  reasoning?: string;
}

/** What a parse gives, in the servers' terms. */
export function serverView(chunks: readonly TranscriptChunk[]) {
  const tools = chunks.filter((chunk): chunk is ToolChunk => chunk.type === 'tool');
  return {
    calls: tools.map((tool) => ({ name: tool.toolName, arguments: tool.input, state: tool.state, errorText: tool.errorText })),
    content: chunks
      .filter((chunk) => chunk.type === 'text')
      .map((chunk) => (chunk as { value: string }).value)
      .join('')
      .trim(),
  };
}

/** A small deterministic generator of cut positions (no fast-check: the cases are data). */
function cutsFor(length: number, seed: number): number[] {
  let state = (seed * 2654435761 + length) >>> 0;
  const next = () => ((state = (state * 1103515245 + 12345) >>> 0) % (length + 1));
  const count = Math.min(12, length);
  return Array.from({ length: count }, next);
}

/**
 * A `describe` block per server over `cases`: each case whole (calls, no error, prose when
 * asserted), then at every split in two, one unit at a time and at 8 random multi-splits,
 * every one deep-equal to the whole parse.
 */
export function runServerCases(title: string, cases: readonly ServerCase[], options: TranscriptOptions = {}): void {
  describe(title, () => {
    cases.forEach((testCase, index) => {
      const opts: TranscriptOptions = testCase.tools ? { ...options, tools: testCase.tools } : options;
      it(`${testCase.server} ${testCase.origin}`, () => {
        const whole = parseTranscript(testCase.text, opts);
        expect(reassemble(whole)).toBe(testCase.text);
        const view = serverView(whole);
        expect(view.calls.map(({ name, arguments: args }) => ({ name, arguments: args }))).toEqual(
          testCase.calls.map(({ name, arguments: args }) => ({ name, arguments: args })),
        );
        for (const call of view.calls) expect(call.state, call.errorText).not.toBe('output-error');
        testCase.calls.forEach((call, i) => {
          if (call.id !== undefined) expect((whole.filter((c) => c.type === 'tool')[i] as ToolChunk).toolCallId).toBe(call.id);
        });
        if (testCase.content !== undefined) expect(view.content).toBe(testCase.content.trim());
        if (testCase.reasoning !== undefined) {
          expect(whole.flatMap((chunk) => (chunk.type === 'reasoning' ? [chunk.value] : [])).join(''), 'reasoning').toBe(testCase.reasoning);
        }
        for (const pieces of splitsInTwo(testCase.text)) expect(streamPieces(pieces, opts).chunks, `split at ${pieces[0]!.length}`).toEqual(whole);
        expect(streamPieces(unitByUnit(testCase.text), opts).chunks, 'unit by unit').toEqual(whole);
        for (let seed = 0; seed < 8; seed++) {
          const pieces = splitAt(testCase.text, cutsFor(testCase.text.length, seed * 31 + index));
          expect(streamPieces(pieces, opts).chunks, `pieces ${pieces.map((p) => p.length).join('+')}`).toEqual(whole);
        }
      });
    });
  });
}
