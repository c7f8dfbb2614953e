// The YAML subset read without the yaml library (src/syntaxes/shared/simple-yaml.ts) against the
// library itself as the oracle: for any text, parseYaml (subset first) and parseYamlWithLibrary
// give the same result — value or error message — in both schemas.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSimpleYaml } from '../../src/syntaxes/shared/simple-yaml.js';
import { parseYaml, parseYamlWithLibrary } from '../../src/syntaxes/shared/yaml.js';

const RUNS = 2000;
const SCHEMAS = ['core', 'failsafe'] as const;

/** Both readers on `text`: equal results, and whether the subset reader answered. */
function expectSameAsLibrary(text: string, firstLine = 2): boolean {
  for (const schema of SCHEMAS) {
    expect(parseYaml(text, firstLine, schema), `${schema}: ${JSON.stringify(text)}`).toEqual(parseYamlWithLibrary(text, firstLine, schema));
  }
  return readSimpleYaml(text, 'core') !== undefined;
}

// Mostly what models write, with pieces near the subset's edges mixed in: indicators, `: ` and
// ` #` inside values, numbers in every notation the core schema knows, quotes, tabs.
const KEY = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('a', 'b', 'path', 'content', 'x-y', '_k', 'e1', 'mode') },
  { weight: 1, arbitrary: fc.constantFrom('null', 'true', 'Yes', '__proto__', 'constructor', 'a b', '1', '-a') },
);
const SCALAR = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[a-z0-9][a-z0-9 ./_-]{0,10}$/) },
  { weight: 2, arbitrary: fc.constantFrom('1', '-2', '+3', '0o17', '0x1F', '1.5', '-.5', '1e3', '.inf', '-.Inf', '.nan', '~', 'null', 'true', 'False', 'yes', 'on', '0', '-0', '00', '1_000', '12345678901234567890') },
  { weight: 2, arbitrary: fc.constantFrom('hello world', 'a:b', 'a: b', 'a #b', 'a#b', 'a:', 'http://x.y/z?q=1', '- x', '-x', '? x', '[a, b]', '{a: b}', '*a', '&a b', '!t x', '|', '|-', '|+', '>', '%x', '@x', '`x`', 'a\tb', 'a  ', "'q'", '"q"', '"a\\"b"', "'a''b'", '"a', "it's", 'x "y"') },
  { weight: 1, arbitrary: fc.stringMatching(/^[ -~\t]{0,12}$/) },
);
const BLOCK_LINE = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[a-z(){}:#"' ]{1,12}$/) },
  { weight: 2, arbitrary: fc.constantFrom('', ' ', '  ', '    ', '\t', 'x', '  indented', '# not a comment', 'key: value', '---', '...') },
  { weight: 1, arbitrary: fc.stringMatching(/^[ -~\t]{0,10}$/) },
);

type Entry = { key: string; kind: 'scalar'; value: string; more: string[]; extra: number } | { key: string; kind: 'block'; indicator: string; lines: string[]; extra: number } | { key: string; kind: 'map'; entries: Entry[]; step: number };

const scalarEntry = fc.record({
  key: KEY,
  kind: fc.constant('scalar' as const),
  value: fc.oneof({ weight: 5, arbitrary: SCALAR }, { weight: 1, arbitrary: fc.constant('') }),
  // Lines the value goes on over (or starts on, after `key:`), and how much deeper they are.
  more: fc.oneof({ weight: 3, arbitrary: fc.constant<string[]>([]) }, { weight: 1, arbitrary: fc.array(fc.oneof(SCALAR, fc.constant('')), { minLength: 1, maxLength: 3 }) }),
  extra: fc.integer({ min: 0, max: 3 }),
});
const blockEntry = fc.record({
  key: KEY,
  kind: fc.constant('block' as const),
  indicator: fc.constantFrom('|', '|', '|', '|-', '|-', '|+', '>', '|2'),
  lines: fc.array(BLOCK_LINE, { maxLength: 5 }),
  extra: fc.integer({ min: 1, max: 4 }),
});
const entry: fc.Memo<Entry> = fc.memo((depth) =>
  depth <= 1
    ? fc.oneof({ weight: 2, arbitrary: scalarEntry }, { weight: 1, arbitrary: blockEntry })
    : fc.oneof(
        { weight: 4, arbitrary: scalarEntry },
        { weight: 2, arbitrary: blockEntry },
        {
          weight: 2,
          arbitrary: fc.record({ key: KEY, kind: fc.constant('map' as const), entries: fc.array(entry(depth - 1), { minLength: 1, maxLength: 4 }), step: fc.integer({ min: 1, max: 3 }) }),
        },
      ),
);

function write(entries: Entry[], indent: number, lines: string[]): void {
  const pad = ' '.repeat(indent);
  for (const item of entries) {
    if (item.kind === 'scalar') {
      lines.push(item.value === '' ? `${pad}${item.key}:` : `${pad}${item.key}: ${item.value}`);
      for (const line of item.more) lines.push(line === '' ? '' : `${pad}${' '.repeat(item.extra)}${line}`);
    }
    else if (item.kind === 'block') {
      lines.push(`${pad}${item.key}: ${item.indicator}`);
      for (const line of item.lines) lines.push(line === '' ? '' : `${pad}${' '.repeat(item.extra)}${line}`);
    } else {
      lines.push(`${pad}${item.key}:`);
      write(item.entries, indent + item.step, lines);
    }
  }
}

const document = fc.tuple(fc.array(entry(4), { minLength: 1, maxLength: 5 }), fc.constantFrom('', '\n', '\n\n', '  \n')).map(([entries, tail]) => {
  const lines: string[] = [];
  write(entries, 0, lines);
  return lines.join('\n') + tail;
});

/** A line of the document moved by a space, dropped or doubled: indentation mistakes and repeats. */
const mutated = fc.tuple(document, fc.nat(), fc.constantFrom('indent', 'outdent', 'drop', 'double')).map(([text, at, how]) => {
  const lines = text.split('\n');
  const i = at % lines.length;
  if (how === 'indent') lines[i] = ` ${lines[i]}`;
  else if (how === 'outdent') lines[i] = lines[i]!.replace(/^ /, '');
  else if (how === 'drop') lines.splice(i, 1);
  else lines.splice(i, 0, lines[i]!);
  return lines.join('\n');
});

describe('the YAML subset read without the library', () => {
  it('gives what the library gives, value or error, for generated documents (both schemas)', () => {
    let answered = 0;
    let total = 0;
    fc.assert(
      fc.property(fc.oneof(document, mutated), fc.integer({ min: 1, max: 5 }), (text, firstLine) => {
        total++;
        if (expectSameAsLibrary(text, firstLine)) answered++;
      }),
      { numRuns: RUNS },
    );
    // The comparison means something only if the subset reader answers often (and leaves some).
    expect(answered / total).toBeGreaterThan(0.1);
    expect(answered).toBeLessThan(total);
  }, 60_000);

  it.each([
    ['a fence body as models write it', 'input:\n  path: src/a.py\n  content: |\n    def f():\n        return 1\n\n    print(f())\n  mode: "w"\n'],
    ['numbers, booleans and null by the core schema', "a: 1\nb: -2.5e3\nc: ~\nd: true\ne: 0x1F\nf: 0o17\ng: .inf\nh: 'x'\n"],
    ['a strip block and blank lines after it', 'x:\n  y:\n    z: |-\n      a\n      b\n\n\nw: http://x.y/z'],
    ['a repeated key, reported at the repeat', 'input:\n  line: a\n  line: b\n'],
    ['the first map in document order with a repeat', 'a:\n  b:\n    c: 1\n    c: 2\n  d: 1\n  d: 2\n'],
    ['a repeated key inside a later map', 'a: 1\nb:\n  c: 1\n  c: 2\na: 3\n'],
    ['__proto__ as an ordinary key', '__proto__:\n  polluted: true\n'],
    ['a one-line value', 'v: hello world'],
    ['an empty text (an empty document: null)', ''],
    ['blank lines only', '  \n\n '],
    ['a key of 1024 units, the longest the library takes', `${'k'.repeat(1024)}: 1`],
    ['keys with nothing under them (null, or "" in failsafe)', 'a:\nb:\n  c:\nd: 1\ne:'],
  ])('%s', (_, text) => {
    expect(expectSameAsLibrary(text)).toBe(true);
  });

  it.each([
    ['a comment', 'a: 1 # one'],
    ['a sequence', 'a:\n  - 1'],
    ['a flow collection', 'a: [1, 2]'],
    ['a plain value that goes on over lines', 'a: one\n  two\n   three  \nb: 2'],
    ['a plain value on the line after its key', 'a:\n  12'],
    ['a quoted value that goes on over lines', 'a: "one"\n  two'],
    ['a tab before a key', '\ta: 1'],
    ['a key longer than the library takes (1024 units)', `${'a'.repeat(1025)}: 1`],
    ['a line separator (U+2028) in a value', 'a: x\u2028y'],
    ['a key and a value with no space between', 'a:b'],
    ['CRLF line breaks', 'a: 1\r\nb: 2'],
    ['a folded block', 'a: >\n  x\n  y\n'],
    ['a key the core schema reads as a boolean', 'true: 1'],
  ])('leaves %s to the library', (_, text) => {
    expect(readSimpleYaml(text, 'core')).toBeUndefined();
    expectSameAsLibrary(text);
  });
});
