/**
 * The olmo3 syntax: the servers' cases (vLLM, Ollama) whole and at every split, alone and under
 * the default syntaxes; the shared checks of the Python-call syntaxes; the `<function_calls>`
 * opener shared with the invoke XML dialect.
 */
import { describe, expect, it } from 'vitest';
import { olmo3Syntax, parseTranscript, type ToolChunk } from '../../src/index.js';
import { cases } from '../fixtures/servers/olmo3.js';
import { pythonicFamilyTests } from '../support/pythonic-family.js';
import { runServerCases } from '../support/server-cases.js';
import { reassemble } from '../support/splits.js';

runServerCases("olmo3: the servers' cases", cases, { syntaxes: [olmo3Syntax] });
runServerCases("olmo3: the servers' cases under the default syntaxes", cases);

pythonicFamilyTests({ syntax: olmo3Syntax, wrap: (calls) => `<function_calls>${calls}</function_calls>`, separator: '\n', byDefault: true });

describe('olmo3 specifics', () => {
  it('writes the OLMo 3 template form', () => {
    expect(olmo3Syntax.format({ toolName: 'get_weather', input: { city: 'Paris', n: 1 } })).toBe("<function_calls>get_weather(city='Paris', n=1)</function_calls>");
  });

  it('leaves <function_calls> to the invoke dialect when <invoke follows, blanks allowed, and to prose', () => {
    for (const text of [
      '<function_calls><invoke name="x"><parameter name="a">1</parameter></invoke></function_calls>',
      '<function_calls>\n  <invoke name="x"></invoke>\n</function_calls>',
      'Write <function_calls> then the calls.',
      '<function_calls>note(s)</function_calls>',
    ]) {
      const chunks = parseTranscript(text, { syntaxes: [olmo3Syntax] });
      expect(chunks).toEqual([{ type: 'text', value: text }]);
    }
    const [tool] = parseTranscript('<function_calls>\n  get_time()\n</function_calls>', { syntaxes: [olmo3Syntax] }) as ToolChunk[];
    expect(tool).toMatchObject({ toolName: 'get_time', input: {} });
  });

  it('keeps the calls vLLM drops as errors beside the good ones', () => {
    // vLLM test_bad_sibling_call_does_not_drop_good_calls, test_non_finite_argument_rejected, test_streaming_mismatched_brackets_reported_once.
    const view = (text: string) => (parseTranscript(text).filter((c) => c.type === 'tool') as ToolChunk[]).map((t) => [t.toolName, t.state]);
    expect(view("<function_calls>bad(x=b'z')\nget_weather(city='SF')</function_calls>")).toEqual([
      ['bad', 'output-error'],
      ['get_weather', 'input-available'],
    ]);
    expect(view("<function_calls>calc(x=1e999)\nget_weather(city='SF')</function_calls>")).toEqual([
      ['calc', 'output-error'],
      ['get_weather', 'input-available'],
    ]);
    const text = '<function_calls>foo(x=1])</function_calls>';
    expect(view(text)).toEqual([['foo', 'output-error']]);
    expect(reassemble(parseTranscript(text))).toBe(text);
  });
});
