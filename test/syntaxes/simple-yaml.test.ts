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

type Entry =
  | { key: string; kind: 'scalar'; value: string; more: string[]; extra: number }
  | { key: string; kind: 'block'; indicator: string; lines: string[]; extra: number }
  | { key: string; kind: 'map'; entries: Entry[]; step: number }
  | { key: string; kind: 'sequence'; items: Item[]; step: number };
/** A sequence item: a scalar (`- x`), or a map whose first key is on the `- ` line (`gap` spaces after the `-`). */
type Item = { kind: 'scalar'; value: string } | { kind: 'map'; entries: Entry[]; gap: number };

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
        {
          weight: 2,
          arbitrary: fc.record({
            key: KEY,
            kind: fc.constant('sequence' as const),
            items: fc.array(
              fc.oneof(
                fc.record({ kind: fc.constant('scalar' as const), value: fc.oneof({ weight: 6, arbitrary: SCALAR }, { weight: 1, arbitrary: fc.constant('') }) }),
                fc.record({ kind: fc.constant('map' as const), entries: fc.array(entry(depth - 1), { minLength: 1, maxLength: 3 }), gap: fc.integer({ min: 1, max: 2 }) }),
              ),
              { minLength: 1, maxLength: 4 },
            ),
            // 0: the `-` at the key's own column.
            step: fc.integer({ min: 0, max: 3 }),
          }),
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
    } else if (item.kind === 'map') {
      lines.push(`${pad}${item.key}:`);
      write(item.entries, indent + item.step, lines);
    } else {
      lines.push(`${pad}${item.key}:`);
      const dash = ' '.repeat(indent + item.step);
      for (const element of item.items) {
        if (element.kind === 'scalar') lines.push(element.value === '' ? `${dash}-` : `${dash}- ${element.value}`);
        else {
          const column = indent + item.step + 1 + element.gap;
          const written: string[] = [];
          write(element.entries, column, written);
          written[0] = `${dash}-${' '.repeat(element.gap)}${written[0]!.slice(column)}`;
          lines.push(...written);
        }
      }
    }
  }
}

const document = fc.tuple(fc.array(entry(4), { minLength: 1, maxLength: 5 }), fc.constantFrom('', '\n', '\n\n', '  \n')).map(([entries, tail]) => {
  const lines: string[] = [];
  write(entries, 0, lines);
  return lines.join('\n') + tail;
});

/** A line of `text` moved by a space, dropped or doubled: indentation mistakes and repeats. */
const mutate = (text: string) =>
  fc.tuple(fc.nat(), fc.constantFrom('indent', 'outdent', 'drop', 'double')).map(([at, how]) => {
    const lines = text.split('\n');
    const i = at % lines.length;
    if (how === 'indent') lines[i] = ` ${lines[i]}`;
    else if (how === 'outdent') lines[i] = lines[i]!.replace(/^ /, '');
    else if (how === 'drop') lines.splice(i, 1);
    else lines.splice(i, 0, lines[i]!);
    return lines.join('\n');
  });
const mutated = document.chain(mutate);

// Documents the subset reads whole, as models write them (plain keys, simple values, literal
// blocks, maps and sequences of scalars or maps, each at any indentation step): so the comparison
// covers the subset's own answers, not only its refusals.
const CLEAN_KEY = fc.constantFrom('a', 'b', 'path', 'content', 'x-y', '_k', 'e1', 'mode');
const CLEAN_SCALAR = fc.oneof(fc.stringMatching(/^[a-z][a-z0-9 ./_-]{0,10}$/), fc.constantFrom('1', '0.5', 'true', '~', '"quoted: x"', "'it''s'"));
const cleanEntry: fc.Memo<Entry> = fc.memo((depth) => {
  const scalar = fc.record({ key: CLEAN_KEY, kind: fc.constant('scalar' as const), value: CLEAN_SCALAR, more: fc.constant<string[]>([]), extra: fc.constant(0) });
  const block = fc.record({ key: CLEAN_KEY, kind: fc.constant('block' as const), indicator: fc.constantFrom('|', '|-'), lines: fc.array(fc.stringMatching(/^[a-z(){} ]{1,12}$/), { minLength: 1, maxLength: 3 }), extra: fc.integer({ min: 1, max: 3 }) });
  if (depth <= 1) return fc.oneof(scalar, block);
  const item = fc.oneof(
    fc.record({ kind: fc.constant('scalar' as const), value: CLEAN_SCALAR }),
    fc.record({ kind: fc.constant('map' as const), entries: fc.array(cleanEntry(depth - 1), { minLength: 1, maxLength: 3 }), gap: fc.integer({ min: 1, max: 2 }) }),
  );
  return fc.oneof(
    { weight: 3, arbitrary: scalar },
    { weight: 1, arbitrary: block },
    { weight: 2, arbitrary: fc.record({ key: CLEAN_KEY, kind: fc.constant('map' as const), entries: fc.array(cleanEntry(depth - 1), { minLength: 1, maxLength: 3 }), step: fc.integer({ min: 1, max: 3 }) }) },
    { weight: 2, arbitrary: fc.record({ key: CLEAN_KEY, kind: fc.constant('sequence' as const), items: fc.array(item, { minLength: 1, maxLength: 3 }), step: fc.integer({ min: 0, max: 3 }) }) },
  );
});
const cleanDocument = fc.array(cleanEntry(4), { minLength: 1, maxLength: 4 }).map((entries) => {
  const lines: string[] = [];
  write(entries, 0, lines);
  return `${lines.join('\n')}\n`;
});

describe('the YAML subset read without the library', () => {
  it('gives what the library gives for documents it reads whole, sequences and their maps included (both schemas)', () => {
    let answered = 0;
    let total = 0;
    fc.assert(
      fc.property(fc.oneof(cleanDocument, cleanDocument.chain((text) => mutate(text))), (text) => {
        total++;
        if (expectSameAsLibrary(text)) answered++;
      }),
      { numRuns: RUNS },
    );
    // Most of these are the subset's own answers (a repeated key or a mutation sends some to the library).
    expect(answered / total).toBeGreaterThan(0.4);
  }, 60_000);

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
    ['a sequence of scalars', 'paths:\n  - a.md\n  - "b c.md"\n  - 3\n'],
    ['a sequence at its key\'s column', 'a:\n- x\n- y\nb: 1\n'],
    ['a sequence of maps, as a recorded output is written', 'output:\n  results:\n    - name: a\n      score: 0.5\n    - name: b\n      score: 0.25\n'],
    ['a repeated key in a map of a sequence', 'a:\n  - k: 1\n    k: 2\n'],
    ['a map item whose key has a sequence of its own', 'a:\n-   b:\n    - 1\n    c: |\n      text\n'],
  ])('%s', (_, text) => {
    expect(expectSameAsLibrary(text)).toBe(true);
  });

  it.each([
    ['a comment', 'a: 1 # one'],
    ['an empty sequence item', 'a:\n  -\n  - 1'],
    ['a sequence nested in an item', 'a:\n  - - 1'],
    ['a block scalar as an item', 'a:\n  - |\n    x'],
    ['a document that is a sequence', '- 1\n- 2'],
    ['an item that goes on over lines', 'a:\n  - one\n    two'],
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
