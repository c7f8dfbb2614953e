/**
 * The internlm syntax: vLLM's cases whole and at every split, alone and under the default
 * syntaxes; format → parse, refusals, malformed blocks, a cut-off block, partial input, linear work.
 */
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, internlmSyntax, parseTranscript, type ToolChunk } from '../../src/index.js';
import { cases, malformed } from '../fixtures/servers/internlm.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { expectRoundTrip } from '../support/round-trip.js';
import { runServerCases } from '../support/server-cases.js';
import { reassemble, splitsInTwo, streamPieces } from '../support/splits.js';

const only = { syntaxes: [internlmSyntax] };
runServerCases("internlm: the servers' cases", cases, only);
runServerCases("internlm: the servers' cases under the default syntaxes", cases);

describe('internlm', () => {
  it('writes the InternLM2 template form and reads it back, split anywhere', () => {
    const call = { toolName: 'get_weather', input: { city: 'Paris', deep: { list: [1, null, '</x>'] } } };
    expect(internlmSyntax.format(call)).toBe(
      '<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {"city": "Paris", "deep": {"list": [1, null, "<\\/x>"]}}}<|action_end|>',
    );
    for (let cut = 0; cut < 90; cut += 5) expectRoundTrip(internlmSyntax, call, cut);
    expect(parseTranscript(`ok ${internlmSyntax.format({ toolName: 'ping', input: {} })} ok`)[1]).toMatchObject({ syntax: 'internlm', toolName: 'ping', input: {} });
  });

  it('refuses what it cannot write, and describes itself', () => {
    expect(() => internlmSyntax.format({ toolName: '' })).toThrow(/non-empty string/);
    expect(() => internlmSyntax.format({ toolName: 'f', input: [1] })).toThrow(/input must be an object/);
    expect(() => internlmSyntax.format({ toolName: 'f', input: { n: 1n } })).toThrow(/cannot be written as JSON/);
    expect(internlmSyntax.describe?.rules).toMatch(/^Write each tool call as `<\|action_start\|><\|plugin\|>`/);
  });

  it("makes vLLM's malformed outputs errors or cut-off calls, never throwing, raw kept", () => {
    for (const text of malformed) {
      const chunks = parseTranscript(text, only);
      expect(reassemble(chunks)).toBe(text);
      for (const pieces of splitsInTwo(text)) expect(streamPieces(pieces, only).chunks).toEqual(chunks);
    }
    const [notJson] = parseTranscript(malformed[2]!, only) as ToolChunk[];
    expect(notJson).toMatchObject({ state: 'output-error', closed: true });
    expect(notJson!.errorText).toMatch(/^invalid JSON at line 1, column 27: /);
    const [notDict] = parseTranscript(malformed[1]!, only) as ToolChunk[];
    expect(notDict).toMatchObject({ toolName: 'func', state: 'output-error' });
    const [cut] = parseTranscript(malformed[0]!, only) as ToolChunk[];
    expect(cut).toMatchObject({ toolName: 'func', closed: false, input: {} });
  });

  it('shows the partial input while streaming', () => {
    const parser = createTranscriptParser(only);
    parser.write('<|action_start|><|plugin|>\n{"name": "write", "parameters": {"text": "a long val');
    expect(parser.chunks[0]).toMatchObject({ toolName: 'write', state: 'input-streaming', input: { text: 'a long val' } });
    parser.write('ue"}}<|action_end|>');
    parser.end();
    expect(parser.chunks[0]).toMatchObject({ state: 'input-available', input: { text: 'a long value' } });
  });

  it('types values by the tools given', () => {
    const [tool] = parseTranscript('<|action_start|><|plugin|>{"name": "set", "parameters": {"n": "3"}}<|action_end|>', {
      ...only,
      tools: [{ name: 'set', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } }],
    }) as ToolChunk[];
    expect(tool!.input).toEqual({ n: 3 });
  });

  it.each([
    ['open blocks', '<|action_start|><|plugin|>{"a": [[[['],
    ['cut markers', '<|action_start|><|plugin|>{}<|action_en'],
    ['markers', '<|action_start|><|plu'],
  ])('does linear work on adversarial input: %s', (_, pattern) => expectLinearScan(pattern, only));
});
