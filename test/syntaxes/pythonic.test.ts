/**
 * The pythonic syntax (opt-in): the servers' cases (vLLM pythonic, Llama 4 and Granite, SGLang)
 * whole and at every split; the shared checks of the Python-call syntaxes; prose shapes that
 * stay text; `<|python_start|>`.
 */
import { describe, expect, it } from 'vitest';
import { defaultSyntaxes, parseTranscript, pythonicSyntax, type ToolChunk } from '../../src/index.js';
import { cases } from '../fixtures/servers/pythonic.js';
import { pythonicFamilyTests } from '../support/pythonic-family.js';
import { runServerCases } from '../support/server-cases.js';

runServerCases("pythonic: the servers' cases", cases, { syntaxes: [pythonicSyntax] });

pythonicFamilyTests({ syntax: pythonicSyntax, wrap: (calls) => `[${calls}]`, separator: ', ', byDefault: false });

describe('pythonic specifics', () => {
  it('is opt-in', () => {
    expect(defaultSyntaxes).not.toContain(pythonicSyntax);
    expect(parseTranscript("[get_weather(city='Paris')]")).toEqual([{ type: 'text', value: "[get_weather(city='Paris')]" }]);
  });

  it('writes the Llama template form', () => {
    expect(pythonicSyntax.format({ toolName: 'get_weather', input: { city: 'Paris', n: 1 } })).toBe("[get_weather(city='Paris', n=1)]");
  });

  it('leaves links, checkboxes, references and prose brackets as text', () => {
    for (const text of ['See [the docs](https://x.y).', '[ ] a task', '[link]: https://example.com', '[note(s)] and [a(b==c)]', 'x[0](1)', '`[f(a=1)]` is code', '```\n[f(a=1)]\n```']) {
      expect(parseTranscript(text, { syntaxes: [pythonicSyntax] }), text).toEqual([{ type: 'text', value: text }]);
    }
  });

  it('reads Llama 4 <|python_start|> blocks, with and without <|python_end|>, and vLLM dropped calls as errors', () => {
    const [tool] = parseTranscript("<|python_start|>[f(a=1)]<|python_end|>", { syntaxes: [pythonicSyntax] }) as ToolChunk[];
    expect(tool).toMatchObject({ toolName: 'f', input: { a: 1 }, closed: true });
    // vLLM test_bad_sibling_call_does_not_drop_good_calls (llama4), test_unrecoverable_block_still_reports_no_tool_call.
    const view = (text: string) => (parseTranscript(text, { syntaxes: [pythonicSyntax] }).filter((c) => c.type === 'tool') as ToolChunk[]).map((t) => [t.toolName, t.state]);
    expect(view("<|python_start|>[bad(x=b'z'), get_weather(city='LA', metric='C')]<|python_end|>")).toEqual([
      ['bad', 'output-error'],
      ['get_weather', 'input-available'],
    ]);
    // The string never closes: the block runs to the end of input (read as far as it goes), or to a blank line (an error).
    expect(parseTranscript("[f(a='x 'y' 'z), g(b='p 'q' 'r)]", { syntaxes: [pythonicSyntax] })).toMatchObject([{ toolName: 'f', closed: false }]);
    const cut = parseTranscript("[f(a='it's fine)]\n\nMore prose.", { syntaxes: [pythonicSyntax] });
    expect(cut).toMatchObject([{ toolName: 'f', state: 'output-error', raw: "[f(a='it's fine)]\n\n" }, { type: 'text', value: 'More prose.' }]);
    expect(view('[foo(x=1])]')).toEqual([['foo', 'output-error']]);
  });
});
