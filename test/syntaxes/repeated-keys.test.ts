/**
 * One rule for repeated keys in every JSON-bodied syntax (issue #23): a key written twice at the
 * call object's own level (`name`, `arguments`, `parameters`, `id`, the `function` / `tool`
 * wrappers, `tool_calls`; the sentinel header's `type` / `tool_name` / `arguments` / `id`) states
 * two calls in one object — JSON.parse would give the first name the stream announced with the
 * last arguments, a call the text never states — so the call is an `output-error` naming the key
 * and where it is; a key repeated inside the arguments keeps the last, as JSON.parse does.
 * Each case whole, at every split in two and one unit at a time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTranscript, type SyntaxName, type ToolChunk } from '../../src/index.js';
import { repeatedKeys } from '../../src/syntaxes/shared/json.js';
import { parseAtEverySplit, streamPieces, unitByUnit } from '../support/splits.js';

function everySplit(text: string, syntax: SyntaxName): ToolChunk[] {
  const options = { syntaxes: [syntax] };
  const whole = parseAtEverySplit(text, options);
  return whole.filter((chunk): chunk is ToolChunk => chunk.type === 'tool');
}

const TWO_CALLS = '{"name": "a", "arguments": {"x": 1}, "name": "b", "arguments": {"y": 2}}';
const TWO_ARGS = '{"name": "a", "arguments": {"x": 1}, "arguments": {"y": 2}}';
const PARAMETERS = '{"name": "a", "parameters": {"x": 1}, "parameters": {"y": 2}}';
const INNER = '{"name": "a", "arguments": {"city": "Paris", "city": "Rome"}}';

/** Each JSON-bodied syntax that reads a whole call object, with how it wraps one. */
const CALL_OBJECT_SYNTAXES: ReadonlyArray<[SyntaxName, (object: string) => string]> = [
  ['hermes', (object) => `<tool_call>\n${object}\n</tool_call>`],
  ['json', (object) => `${object}\n`],
  ['mistral', (object) => `[TOOL_CALLS] [${object}]`],
  ['toolcalls', (object) => `<tool_calls>[${object}]</tool_calls>`],
  ['phi4', (object) => `functools[${object}]`],
  ['granite', (object) => `<|tool_call|>[${object}]`],
  ['internlm', (object) => `<|action_start|><|plugin|>\n${object}<|action_end|>`],
  ['lfm2', (object) => `<|tool_call_start|>[${object}]<|tool_call_end|>`],
];

describe('a repeated call-level key is an error naming it', () => {
  for (const [syntax, wrap] of CALL_OBJECT_SYNTAXES) {
    it(`${syntax}: two names and two arguments, two arguments, two parameters`, () => {
      for (const [object, key] of [[TWO_CALLS, 'name'], [TWO_ARGS, 'arguments'], [PARAMETERS, 'parameters']] as const) {
        const tools = everySplit(wrap(object), syntax);
        expect(tools, object).toHaveLength(1);
        expect(tools[0]).toMatchObject({ state: 'output-error', input: {}, closed: true });
        expect(tools[0]!.errorText).toMatch(new RegExp(`^(call 1: )?repeated key "${key}" in the tool call object at line \\d+, column \\d+ of the JSON`));
      }
    });

    it(`${syntax}: a key repeated inside the arguments keeps the last (JSON.parse)`, () => {
      const tools = everySplit(wrap(INNER), syntax);
      expect(tools).toHaveLength(1);
      expect(tools[0]).toMatchObject({ toolName: 'a', state: 'input-available', input: { city: 'Rome' } });
    });
  }

  it('json: the OpenAI wrappers — a name twice in "function", "function" twice, "tool_calls" twice, an id twice', () => {
    const fn = (inner: string) => `{"tool_calls": [{"id": "c1", "type": "function", "function": ${inner}}]}\n`;
    const cases: Array<[string, string]> = [
      [fn('{"name": "a", "arguments": "{}", "name": "b"}'), 'name'],
      [`{"tool_calls": [{"id": "c1", "function": {"name": "a", "arguments": {}}, "function": {"name": "b", "arguments": {}}}]}\n`, 'function'],
      [`{"tool_calls": [{"function": {"name": "a", "arguments": {}}}], "tool_calls": [{"function": {"name": "b", "arguments": {}}}]}\n`, 'tool_calls'],
      [`{"id": "c1", "name": "a", "arguments": {}, "id": "c2"}\n`, 'id'],
      [`{"tool": {"function": "a", "parameters": {"x": 1}, "parameters": {"x": 2}}}\n`, 'parameters'],
      [`[{"name": "ok", "arguments": {}}, {"name": "a", "name": "b"}]\n`, 'name'],
    ];
    for (const [text, key] of cases) {
      const tools = everySplit(text, 'json');
      const bad = tools.find((tool) => tool.state === 'output-error');
      expect(bad?.errorText, text).toMatch(new RegExp(`repeated key "${key}"`));
      expect(bad?.input).toEqual({});
    }
    // The good call beside a bad one in a list is kept.
    const list = parseTranscript(`[{"name": "ok", "arguments": {"q": 1}}, {"name": "a", "name": "b"}]\n`, { syntaxes: ['json'] }).filter(
      (chunk): chunk is ToolChunk => chunk.type === 'tool',
    );
    expect(list.map(({ toolName, state, input }) => ({ toolName, state, input }))).toEqual([
      { toolName: 'ok', state: 'input-available', input: { q: 1 } },
      // A later call of a list has no announced name: the card shows the one JSON.parse kept.
      { toolName: 'b', state: 'output-error', input: {} },
    ]);
    expect(list[1]!.errorText).toMatch(/^call 2: repeated key "name" in the tool call object at line 1, column 55 of the JSON/);
  });

  it('sentinel: a repeated type, tool_name, arguments or id in the header; file fields keep the last', () => {
    for (const [header, key] of [
      ['{"type": "tool", "tool_name": "a", "arguments": {}, "tool_name": "b"}', 'tool_name'],
      ['{"type": "tool", "tool_name": "a", "arguments": {"x": 1}, "arguments": {"x": 2}}', 'arguments'],
      ['{"type": "tool", "tool_name": "a", "id": "c1", "id": "c2"}', 'id'],
      ['{"type": "write_file", "path": "a", "type": "tool", "tool_name": "b"}', 'type'],
    ] as const) {
      const tools = everySplit(`[[SEG_START ${header}]]\n[[SEG_END]]`, 'sentinel');
      expect(tools[0], header).toMatchObject({ state: 'output-error' });
      expect(tools[0]!.errorText).toMatch(new RegExp(`^repeated key "${key}" in the tool call object at line 1, column \\d+ of the header JSON`));
    }
    const file = everySplit('[[SEG_START {"type": "write_file", "path": "a.txt", "path": "b.txt"}]]\nhi\n[[SEG_END]]', 'sentinel');
    expect(file[0]).toMatchObject({ state: 'input-available', input: { path: 'b.txt' } });
  });

  it('arguments-only syntaxes (kimi, harmony, deepseek) keep the last of a key repeated in the arguments', () => {
    const kimi = everySplit(
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": 1, "a": 2}<|tool_call_end|><|tool_calls_section_end|>',
      'kimi',
    );
    expect(kimi[0]).toMatchObject({ toolName: 'f', input: { a: 2 }, state: 'input-available' });
    const harmony = everySplit('<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"a": 1, "a": 2}<|call|>', 'harmony');
    expect(harmony[0]).toMatchObject({ toolName: 'f', input: { a: 2 }, state: 'input-available' });
    const deepseek = everySplit(
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>f\n```json\n{"a": 1, "a": 2}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      'deepseek',
    );
    expect(deepseek[0]).toMatchObject({ toolName: 'f', input: { a: 2 }, state: 'input-available' });
  });

  it('a call with a repeated call-level key is never a call the middleware could run: the UI stream reports an input error', () => {
    const { events } = streamPieces(unitByUnit(`<tool_call>${TWO_CALLS}</tool_call>`), { syntaxes: ['hermes'] });
    expect(events.map((event) => event.type)).toContain('tool-input-error');
    expect(events.map((event) => event.type)).not.toContain('tool-input-available');
  });
});

describe('repeatedKeys', () => {
  it('finds keys written twice, with their path, line and column, escapes decoded', () => {
    expect(repeatedKeys('{"a": 1,\n "b": [{"c": 1, "\\u0063": 2}], "a": "x\\"y"}')).toEqual([
      { path: ['b', 0], key: 'c', line: 2, column: 17 },
      { path: [], key: 'a', line: 2, column: 32 },
    ]);
    expect(repeatedKeys('{"a": {"b": {"c": {"d": {"e": 1, "e": 2}}}}}', 4)).toEqual([]);
    expect(repeatedKeys('{"k": "\\\\", "k": 1}')).toEqual([{ path: [], key: 'k', line: 1, column: 13 }]);
  });

  it('agrees with JSON.parse on every generated object: a key is reported exactly when it was written twice', () => {
    const key = fc.constantFrom('a', 'b', 'name', '\\"', 'é');
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.jsonValue({ maxDepth: 2 })), { maxLength: 6 }), (entries) => {
        const text = `{${entries.map(([k, v]) => `"${k}": ${JSON.stringify(v)}`).join(', ')}}`;
        const written = entries.map(([k]) => JSON.parse(`"${k}"`) as string);
        const expected = written.filter((k, i) => written.indexOf(k) !== i);
        expect(repeatedKeys(text, 1).map((repeat) => repeat.key)).toEqual(expected);
      }),
    );
  });
});
