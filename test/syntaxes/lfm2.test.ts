/**
 * The lfm2 syntax: the servers' cases (vLLM, SGLang, Ollama) whole and at every split, alone and
 * under the default syntaxes; the shared checks of the Python-call syntaxes; its JSON bodies.
 */
import { describe, expect, it } from 'vitest';
import { lfm2Syntax, parseTranscript, type ToolChunk } from '../../src/index.js';
import { cases, regexTimeoutCase } from '../fixtures/servers/lfm2.js';
import { pythonicFamilyTests } from '../support/pythonic-family.js';
import { runServerCases } from '../support/server-cases.js';

runServerCases("lfm2: the servers' cases", cases, { syntaxes: [lfm2Syntax] });
runServerCases("lfm2: the servers' cases under the default syntaxes", cases);

pythonicFamilyTests({ syntax: lfm2Syntax, wrap: (calls) => `<|tool_call_start|>[${calls}]<|tool_call_end|>`, separator: ', ', byDefault: true });

describe('lfm2 specifics', () => {
  it('writes the LFM2 template form', () => {
    expect(lfm2Syntax.format({ toolName: 'get_weather', input: { city: 'Paris', n: 1, ok: true, none: null } })).toBe(
      "<|tool_call_start|>[get_weather(city='Paris', n=1, ok=True, none=None)]<|tool_call_end|>",
    );
  });

  it('reads a JSON body, and reports invalid JSON with where', () => {
    const [a] = parseTranscript('<|tool_call_start|>{"name": "s", "arguments": {"q": 1}}<|tool_call_end|>').filter((c) => c.type === 'tool') as ToolChunk[];
    expect(a).toMatchObject({ syntax: 'lfm2', toolName: 's', input: { q: 1 } });
    const [b] = parseTranscript('<|tool_call_start|>[{"name": "s", "arguments": {"q": }}]<|tool_call_end|>').filter((c) => c.type === 'tool') as ToolChunk[];
    expect(b).toMatchObject({ state: 'output-error' });
    expect(b!.errorText).toMatch(/invalid JSON/);
  });

  it('makes an empty block an error, and the regex-timeout input a malformed call (vLLM keeps both as text)', () => {
    for (const text of ['<|tool_call_start|>[]<|tool_call_end|>', '<|tool_call_start|><|tool_call_end|>']) {
      const [tool] = parseTranscript(text) as ToolChunk[];
      expect(tool).toMatchObject({ state: 'output-error', raw: text });
      expect(tool!.errorText).toMatch(/holds no tool call/);
    }
    const chunks = parseTranscript(regexTimeoutCase.text).filter((c) => c.type === 'tool') as ToolChunk[];
    expect(chunks[0]).toMatchObject({ toolName: 'A', state: 'output-error' });
    expect(chunks[0]!.errorText).toMatch(/^at line 1, column 26: unexpected "\)": expected a value/);
  });

  it('keeps the vLLM and SGLang calls the servers drop as errors, beside the good ones', () => {
    const view = (text: string) => (parseTranscript(text).filter((c) => c.type === 'tool') as ToolChunk[]).map((t) => [t.toolName, t.state]);
    // vLLM test_bad_sibling_call_does_not_drop_good_calls, SGLang test_bytes_argument_skips_only_that_call.
    expect(view("<|tool_call_start|>[get_candidate_status(candidate_id='12345'), bad(x=b'z')]<|tool_call_end|>")).toEqual([
      ['get_candidate_status', 'input-available'],
      ['bad', 'output-error'],
    ]);
    // SGLang test_non_finite_number_never_emits_invalid_json, test_positional_argument_call_not_silently_corrupted.
    expect(view("<|tool_call_start|>[search(query='x', limit=1e999)]<|tool_call_end|>")).toEqual([['search', 'output-error']]);
    expect(view("<|tool_call_start|>[search(query='x'), get_weather('Paris', unit='celsius')]<|tool_call_end|>")).toEqual([
      ['search', 'input-available'],
      ['get_weather', 'output-error'],
    ]);
    // SGLang test_unrecoverable_block_reports_no_calls, test_kwargs_unpack_merges_dict (bad operand).
    expect(view("<|tool_call_start|>[search(query='x 'y' 'z), get_weather(city='p 'q' 'r)]<|tool_call_end|>").every(([, state]) => state === 'output-error')).toBe(true);
    expect(view('<|tool_call_start|>[search(**[1, 2])]<|tool_call_end|>')).toEqual([['search', 'output-error']]);
  });
});
