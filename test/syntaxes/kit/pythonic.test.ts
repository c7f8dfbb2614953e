/**
 * The kit's Python call list reader ({@link readPythonicCalls}) at the reader level: every edge
 * case of vLLM's pythonic parser tests (escaped quotes, nested brackets, unicode, empty
 * arguments), the recoveries vLLM's LFM2 parser and SGLang's LFM2 detector make, errors that say
 * what and where, partial reading, the balanced-list end, the call-shape lookahead and Python
 * repr formatting.
 */
import { describe, expect, it } from 'vitest';
import {
  beginsPythonicCall,
  formatPythonicCall,
  pythonicCallName,
  pythonicListEnd,
  pythonRepr,
  pythonString,
  readPythonicCalls,
} from '../../../src/syntaxes/kit/index.js';

const read = (text: string, options = {}) => readPythonicCalls(text, options);
const ok = (text: string, options = {}) => {
  const calls = read(text, options);
  for (const call of calls) expect(call.invalid, call.errorText).toBeUndefined();
  return calls.map(({ toolName, input }) => ({ toolName, input }));
};

describe('readPythonicCalls: literals as vLLM reads them (ast)', () => {
  it('reads names, keyword arguments and every literal kind', () => {
    expect(ok("[get_weather(city='San Francisco', metric='celsius')]")).toEqual([{ toolName: 'get_weather', input: { city: 'San Francisco', metric: 'celsius' } }]);
    expect(
      ok("[register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])]"),
    ).toEqual([
      {
        toolName: 'register_user',
        input: { name: 'John Doe', age: 37, address: { city: 'San Francisco', state: 'CA' }, role: null, passed_test: true, aliases: ['John', 'Johnny'] },
      },
    ]);
    expect(ok('[f(a=(1, 2), b={1: True, None: 2.5, False: -3}, c=[], d={}, e=())]')).toEqual([
      { toolName: 'f', input: { a: [1, 2], b: { '1': true, null: 2.5, false: -3 }, c: [], d: {}, e: [] } },
    ]);
  });

  it('reads empty argument lists, empty dicts and lists, several calls, dotted names', () => {
    expect(ok('[get_weather()]')).toEqual([{ toolName: 'get_weather', input: {} }]);
    expect(ok('[do_something_cool(additional_data={}), do_something_cool(steps=[])]')).toEqual([
      { toolName: 'do_something_cool', input: { additional_data: {} } },
      { toolName: 'do_something_cool', input: { steps: [] } },
    ]);
    expect(ok("[a(x='1'),b(y='2'),c(z='3')]").map((call) => call.toolName)).toEqual(['a', 'b', 'c']);
    expect(ok("[grocery.orderIngredients(items=[{'name': 'x'}])]")[0]!.toolName).toBe('grocery.orderIngredients');
    expect(ok('[]')).toEqual([]);
    expect(ok('[ ]')).toEqual([]);
  });

  it('reads escapes as Python does, raw strings as written, triple quotes, unicode', () => {
    expect(ok(String.raw`[get_weather(city='Martha\'s Vineyard', metric='\"cool units\"')]`)[0]!.input).toEqual({ city: "Martha's Vineyard", metric: '"cool units"' });
    expect(ok(String.raw`[f(a='\n\t\\\x41\u00e9\U0001F600\101\q', b=r'\d+\'', c="""x"y""", d='''a\
b''')]`)[0]!.input).toEqual({ a: '\n\t\\Aé😀A\\q', b: "\\d+\\'", c: 'x"y', d: 'ab' });
    expect(ok("[f(city='東京', emoji='🌍', name=u'ü')]")[0]!.input).toEqual({ city: '東京', emoji: '🌍', name: 'ü' });
    expect(ok("[f(q=f'hello {{x}}')]")[0]!.input).toEqual({ q: 'hello {x}' });
  });

  it('reads numbers: negative, exponent, hex, octal, binary, separators, zero-padded, explicit plus', () => {
    expect(ok('[f(a=-3, b=1.5e3, c=-2.5E-2, d=0x1F, e=0o17, f=0b101, g=1_000, h=07, i=+7, j=.5, k=5.)]')[0]!.input).toEqual({
      a: -3,
      b: 1500,
      c: -0.025,
      d: 31,
      e: 15,
      f: 5,
      g: 1000,
      h: 7,
      i: 7,
      j: 0.5,
      k: 5,
    });
  });

  it('takes JSON literals, **{dict} and reserved words as argument names, as the LFM2 and OLMo-3 parsers do', () => {
    expect(ok("[f(a=true, b=false, c=null, **{'d': 1}, from=2)]")[0]!.input).toEqual({ a: true, b: false, c: null, d: 1, from: 2 });
  });

  it('lets a quote end a string only where the call can go on (nested quotes of shell commands)', () => {
    expect(ok("[bash(command='sed -n '360,450p' /testbed/x.py')]")[0]!.input).toEqual({ command: "sed -n '360,450p' /testbed/x.py" });
    expect(ok(`[bash(command='python3 -c "print(f(x, s='\\,'))"')]`)[0]!.input).toEqual({ command: `python3 -c "print(f(x, s='\\,'))"` });
    expect(ok("[f(a='x 'y', b='z'), g(c=['it's', 'ok'])]")).toEqual([
      { toolName: 'f', input: { a: "x 'y", b: 'z' } },
      { toolName: 'g', input: { c: ["it's", 'ok'] } },
    ]);
    expect(ok("[exec(command='grep -F \"]\" log.txt')]")[0]!.input).toEqual({ command: 'grep -F "]" log.txt' });
    expect(ok("[exec(command='cat <<EOF\nline\nEOF')]")[0]!.input).toEqual({ command: 'cat <<EOF\nline\nEOF' });
  });

  it('reads bare calls separated by line breaks, commas or semicolons', () => {
    expect(ok("f(a=1)\ng(b='x')\n\nh()", { list: 'bare' }).map((call) => call.toolName)).toEqual(['f', 'g', 'h']);
    expect(ok('f(a=1), g(); h()', { list: 'bare' }).map((call) => call.toolName)).toEqual(['f', 'g', 'h']);
    expect(ok('get_weather(location="Paris")')).toEqual([{ toolName: 'get_weather', input: { location: 'Paris' } }]);
  });
});

describe('readPythonicCalls: errors say what and where, and the calls beside stay', () => {
  const errors = (text: string, options = {}) => read(text, options).map((call) => (call.invalid ? `${call.toolName ?? '?'}: ${call.errorText}` : call.toolName));

  it('refuses what is not a JSON literal, per call', () => {
    expect(errors("[bad(x=b'z'), get_weather(city='x')]")).toEqual(['bad: at line 1, column 8: bytes literals are not JSON data: use a string', 'get_weather']);
    expect(errors('[calc(x=1e999), f()]')).toEqual(['calc: at line 1, column 9: the number 1e999 is out of range', 'f']);
    expect(errors("[get_weather('Paris', unit='c'), f()]")).toEqual(['get_weather: at line 1, column 14: positional argument in the call get_weather: write each argument as NAME=value', 'f']);
    expect(errors('[f(x=1j)]')).toEqual(['f: at line 1, column 6: the complex number 1j is not JSON data']);
    expect(errors('[f(x=y)]')).toEqual(['f: at line 1, column 6: y is not a literal: values must be strings, numbers, True, False, None, lists, tuples or dicts']);
    expect(errors("[f(x=f'{y}')]")).toEqual(['f: at line 1, column 6: an f-string with a placeholder is not a literal']);
    expect(errors('[f(a=1, a=2)]')).toEqual(['f: at line 1, column 9: the argument a is repeated in the call f']);
    expect(errors('[f(**[1, 2])]')).toEqual(['f: at line 1, column 4: ** in the call f must unpack a dict literal']);
  });

  it('reports brackets the model got wrong, an unclosed string, text after the list, with line and column', () => {
    expect(errors('[foo(x=1])]')).toEqual(['foo: at line 1, column 9: unexpected "]" in the call foo: expected "," or ")"']);
    expect(errors("[f(a='x 'y' 'z), g(b='p 'q' 'r)]")[0]).toBe('f: at line 1, column 6: the string is not closed');
    expect(errors('[f()] tail')).toEqual(['f', '?: at line 1, column 7: unexpected "t" after the list of calls']);
    expect(errors('[f(a=1)', {})).toEqual(['f', '?: at line 1, column 8: the list of calls is not closed: expected "]"']);
    expect(errors('x\nbroken(a=)\nfine()', { list: 'bare', column: 16 })).toEqual([
      '?: at line 2, column 1: expected "(" after the function name x, found "b"',
      'broken: at line 2, column 10: unexpected ")": expected a value',
      'fine',
    ]);
    expect(errors('\nbroken(a=)\nfine()', { list: 'bare', column: 16 })).toEqual(['broken: at line 2, column 10: unexpected ")": expected a value', 'fine']);
    expect(errors('[f(a=' + '['.repeat(150) + ']'.repeat(150) + ')]')[0]).toMatch(/values nested deeper than 100 levels/);
  });
});

describe('readPythonicCalls: partial (streaming) reading', () => {
  it('gives the calls so far and the last argument as far as it goes', () => {
    expect(read("[get_weather(city='San", { partial: true })).toEqual([{ toolName: 'get_weather', input: { city: 'San' } }]);
    expect(read("[f(a=1), g(b=[1, {'k': 'v", { partial: true })).toEqual([
      { toolName: 'f', input: { a: 1 } },
      { toolName: 'g', input: { b: [1, { k: 'v' }] } },
    ]);
    expect(read('[f(a=12', { partial: true })).toEqual([{ toolName: 'f', input: { a: 12 } }]);
    expect(read('[f(a=1, lon', { partial: true })).toEqual([{ toolName: 'f', input: { a: 1 } }]);
    expect(read('[f(a=Tr', { partial: true })).toEqual([{ toolName: 'f', input: {} }]);
    expect(read('[get_wea', { partial: true })).toEqual([]);
    expect(read('[', { partial: true })).toEqual([]);
  });

  it('reads every prefix without throwing, and the whole as the last prefix', () => {
    const text = "[grocery.orderIngredients(ingredientList=[{'name': 'apple', 'quantity': '2'}, {\"name\": \"bread\"}], note='a \\'b\\' \"c\"', n=-1.5e3)]";
    for (let i = 0; i <= text.length; i++) expect(() => read(text.slice(0, i), { partial: true })).not.toThrow();
    expect(read(text, { partial: true })).toEqual(read(text));
  });
});

describe('pythonicListEnd', () => {
  const endOf = (text: string, opened = false) => pythonicListEnd(opened)().read(text, 0, text.length);

  it('ends at the balancing ], strings and nested brackets skipped, at any split', () => {
    const text = "[f(a=']', b=[1, [2]], c={'k': (3,)}, d='it's', e='''x]'''), g()] after";
    const end = text.indexOf(' after');
    expect(endOf(text)).toBe(end);
    for (let cut = 0; cut <= text.length; cut++) {
      const reader = pythonicListEnd()();
      const first = reader.read(text, 0, cut);
      expect(first < 0 ? reader.read(text, cut, text.length) : first, `cut ${cut}`).toBe(end);
    }
    expect(endOf("f(a=1)] x", true)).toBe(7);
    expect(endOf("[f(a='x")).toBe(-1);
  });
});

describe('beginsPythonicCall and pythonicCallName', () => {
  it('decides the call shape unit by unit', () => {
    const verdict = (text: string) => beginsPythonicCall(text);
    expect(verdict('f(a=1)')).toBe(true);
    expect(verdict('get_weather()')).toBe(true);
    expect(verdict('grocery.order(x=[')).toBe(true);
    expect(verdict("  f( city = 'x'")).toBe(true);
    expect(verdict('f(a')).toBeUndefined();
    expect(verdict('get_wea')).toBeUndefined();
    expect(verdict('the docs](x)')).toBe(false);
    expect(verdict('note(s)]')).toBe(false);
    expect(verdict('a(b==c)')).toBe(false);
    expect(verdict('A(A=\t)')).toBe(false);
    expect(verdict('<invoke name="x">')).toBe(false);
    expect(verdict('1(a=1)')).toBe(false);
  });

  it('names the first call once its ( is read', () => {
    expect(pythonicCallName('[get_weather(')).toBe('get_weather');
    expect(pythonicCallName(' grocery.order (x')).toBe('grocery.order');
    expect(pythonicCallName('[get_weather')).toBeUndefined();
    expect(pythonicCallName('{"name"')).toBeUndefined();
  });
});

describe('formatPythonicCall and pythonRepr', () => {
  it('writes values by Python repr rules', () => {
    expect(formatPythonicCall('get_weather', { city: 'Paris', days: 3, deep: { a: null, b: [true, false, 1.5] } }, 'pythonic')).toBe(
      "get_weather(city='Paris', days=3, deep={'a': None, 'b': [True, False, 1.5]})",
    );
    expect(pythonString("it's")).toBe(`"it's"`);
    expect(pythonString(`it's "x"`)).toBe(`'it\\'s "x"'`);
    expect(pythonString('a\nb\t\\\u0001é🌍')).toBe("'a\\nb\\t\\\\\\x01é🌍'");
    expect(pythonRepr([])).toBe('[]');
    expect(formatPythonicCall('ping', undefined, 'pythonic')).toBe('ping()');
  });

  it('reads back what it writes', () => {
    const input = { s: `it's "q" \\ \n ]) '`, n: -1.25e-7, list: [{ k: ['a', null] }], unicode: '東京 🌍' };
    expect(ok(`[${formatPythonicCall('f', input, 'pythonic')}]`)[0]!.input).toEqual(input);
  });

  it('throws a clear error for what Python cannot express', () => {
    expect(() => formatPythonicCall('get-weather', {}, 'pythonic')).toThrow(/not a Python function name/);
    expect(() => formatPythonicCall('f', [1], 'pythonic')).toThrow(/input must be an object/);
    expect(() => formatPythonicCall('f', { 'a-b': 1 }, 'pythonic')).toThrow(/not a Python keyword argument/);
    expect(() => formatPythonicCall('f', { class: 1 }, 'pythonic')).toThrow(/not a Python keyword argument/);
    expect(() => formatPythonicCall('f', { n: Number.NaN }, 'pythonic')).toThrow(/cannot be written as a literal/);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => formatPythonicCall('f', { cycle }, 'pythonic')).toThrow(/cycle/);
  });
});
