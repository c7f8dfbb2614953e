/**
 * The caret syntax beyond its fixtures: `format` in both grammars and what it
 * refuses, the format → parse round trip as a property, streaming (name at
 * the opener, parameters per completed line, amortised re-parses) and linear
 * work on adversarial input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caretSyntax, createCaretSyntax, createTranscriptParser, defaultSyntaxes, parseTranscript, type ToolChunk, type ToolSyntax } from '../../src/index.js';
import type { CaretGrammar } from '../../src/syntaxes/caret/format.js';
import type { FormatCall } from '../../src/types.js';
import { splitAt, streamPieces } from '../support/splits.js';
import { inputAvailable, inputStart } from '../support/events.js';
import { repeatTo, scannerSteps, streamCountingYaml } from '../support/linear.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { onlyToolOf } from '../support/only-tool.js';
import { expectRoundTrip } from '../support/round-trip.js';

const RUNS = 400;
const v0Syntax = createCaretSyntax({ grammar: 'v0' });

/** The one tool chunk `text` must parse to with the caret syntax alone. */
const onlyTool = (text: string, syntax: ToolSyntax = caretSyntax) => onlyToolOf(text, syntax);

describe('caret format, v1 (default)', () => {
  it('writes key: value, key --- … --- key and key: [ … ] forms', () => {
    const text = caretSyntax.format({
      toolName: 'write_file',
      input: { path: 'src/lib.rs', content: '//! hello\nfn main() {}\n', paths: ['a.rs', 'b.rs'], empty: '' },
    });
    expect(text).toBe(
      [
        '^^^write_file',
        'path: src/lib.rs',
        'content ---',
        '//! hello',
        'fn main() {}',
        '',
        '--- content',
        'paths: [',
        '  a.rs',
        '  b.rs',
        ']',
        'empty:',
        '^^^',
      ].join('\n'),
    );
    expect(onlyTool(text).input).toEqual({
      path: 'src/lib.rs',
      content: '//! hello\nfn main() {}\n',
      paths: ['a.rs', 'b.rs'],
      empty: '',
    });
  });

  it('writes non-string scalars as strings and objects as JSON, and leaves undefined out', () => {
    const text = caretSyntax.format({
      toolName: 't',
      input: { n: 3, ok: true, nil: null, obj: { a: 1 }, list: [1, { b: 2 }, 'x'], skip: undefined },
    });
    expect(text).toBe('^^^t\nn: 3\nok: true\nnil: null\nobj: {"a":1}\nlist: [\n  1\n  {"b":2}\n  x\n]\n^^^');
    expect(onlyTool(text).input).toEqual({ n: '3', ok: 'true', nil: 'null', obj: '{"a":1}', list: ['1', '{"b":2}', 'x'] });
  });

  it('uses the multiline form for values `key: value` would change', () => {
    const input = { lead: '  spaced  ', bracket: '[', pipe: '|', folded: '>-' };
    const text = caretSyntax.format({ toolName: 't', input });
    expect(text).toBe('^^^t\nlead ---\n  spaced  \n--- lead\nbracket ---\n[\n--- bracket\npipe ---\n|\n--- pipe\nfolded ---\n>-\n--- folded\n^^^');
    expect(onlyTool(text).input).toEqual(input);
  });

  it('falls back to YAML after --- for what no line form holds', () => {
    const input = {
      closer: 'a\n^^^\nb',
      own_end: 'x\n--- own_end\ny',
      cr: 'a\rb',
      items: [' padded', 'ok'],
      blank_item: ['', ']'],
      plain: 'stays in the header',
    };
    const text = caretSyntax.format({ toolName: 't', input });
    expect(text.split('\n').slice(0, 3)).toEqual(['^^^t', 'plain: stays in the header', '---']);
    expect(text.split('\n').filter((line) => line.startsWith('^^^'))).toEqual(['^^^t', '^^^']);
    expect(onlyTool(text).input).toEqual(input);
  });

  it('writes an empty list as key: [ and ] and reads it back as []', () => {
    const text = caretSyntax.format({ toolName: 't', input: { none: [] } });
    expect(text).toBe('^^^t\nnone: [\n]\n^^^');
    expect(onlyTool(text).input).toEqual({ none: [] });
  });

  it('writes only the name for an empty or missing input, and no output, error or state', () => {
    const call: FormatCall = { toolName: 'ping', output: 'pong', errorText: 'boom', state: 'output-error' };
    expect(caretSyntax.format(call)).toBe('^^^ping\n^^^');
    expect(onlyTool(caretSyntax.format(call))).toMatchObject({ toolName: 'ping', input: {}, state: 'input-available' });
  });

  it('throws a clear error for what it cannot express', () => {
    expect(() => caretSyntax.format({ toolName: 'not-a-tool' })).toThrow(/tool name "not-a-tool" must match \[A-Za-z0-9_\]\+/);
    expect(() => caretSyntax.format({ toolName: '' })).toThrow(/tool name "" must match/);
    expect(() => caretSyntax.format({ toolName: 'write file' })).toThrow(/tool name/);
    expect(() => caretSyntax.format({ toolName: 't', input: { 'file-path': 'x' } })).toThrow(
      /parameter key "file-path" must match \[A-Za-z0-9_\]\+/,
    );
    expect(() => caretSyntax.format({ toolName: 't', input: { '': 'x' } })).toThrow(/parameter key ""/);
    expect(() => caretSyntax.format({ toolName: 't', input: ['a'] })).toThrow(/input must be an object/);
    expect(() => caretSyntax.format({ toolName: 't', input: 'text' })).toThrow(/input must be an object/);
  });
});

describe('caret format, v0', () => {
  it('writes YAML lists and the content as raw text after ---', () => {
    const input = { path: 'src/lib.rs', paths: ['a.rs', 'b.rs'], content: '//! hello\nfn main() {}\n' };
    const text = v0Syntax.format({ toolName: 'write_file', input });
    expect(text).toBe('^^^write_file\npath: src/lib.rs\npaths:\n  - a.rs\n  - b.rs\n---\n//! hello\nfn main() {}\n\n^^^');
    expect(onlyTool(text, v0Syntax).input).toEqual(input);
  });

  it('writes multiline values other than a lone content as YAML block scalars after ---', () => {
    const input = { path: 'src/lib.rs', diff: '<<<<<<< SEARCH\nold()\n=======\nnew()\n>>>>>>> REPLACE\n' };
    const text = v0Syntax.format({ toolName: 'replace_in_file', input });
    expect(text).toBe(
      '^^^replace_in_file\npath: src/lib.rs\n---\ndiff: |\n  <<<<<<< SEARCH\n  old()\n  =======\n  new()\n  >>>>>>> REPLACE\n^^^',
    );
    expect(onlyTool(text, v0Syntax).input).toEqual(input);
  });

  it('writes content that would read as YAML, and an empty list, as YAML', () => {
    const input = { content: 'title: not a parameter\nbody', none: [] };
    const text = v0Syntax.format({ toolName: 'w', input });
    expect(text).toBe('^^^w\n---\ncontent: |-\n  title: not a parameter\n  body\nnone: []\n^^^');
    expect(onlyTool(text, v0Syntax).input).toEqual(input);
  });

  it('rejects an unknown grammar option', () => {
    expect(() => createCaretSyntax({ grammar: 'v2' as CaretGrammar })).toThrow(/unknown grammar "v2"/);
  });
});

// ---------------------------------------------------------------------------
// Round trip
// ---------------------------------------------------------------------------

/** Pieces that matter to the caret grammar, YAML, markdown or another syntax. */
const AWKWARD = [
  '^^^', '^^^\n', '\n^^^\n', '---', '\n---\n', '--- a', '\n--- a\n', '--- content', 'a ---', ':', ': ', 'key: value',
  '\n', '\r\n', '\r', ' ', '  ', '\t', '"', "'", ']]', ']', '[', '|', '>', '|-', '- ', '-', '#', '</arg>',
  '`', '```', '[[SEG_END]]', '{', '}', '\\', '🛠️[x]', '\u2028', '\u0085', '\uFEFF', '\0', 'é',
];
const awkwardString = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...AWKWARD) }, { weight: 2, arbitrary: fc.string({ maxLength: 6 }) }), {
    maxLength: 8,
  })
  .map((parts) => parts.join(''));
const anyString = fc.oneof(awkwardString, fc.string({ unit: 'binary', maxLength: 20 }));
const caretName = fc.oneof(fc.constantFrom('a', 'content', 'body', 'path', '__proto__', '123', 'true'), fc.stringMatching(/^[A-Za-z0-9_]{1,8}$/));
const caretInput = fc.dictionary(caretName, fc.oneof(anyString, fc.array(anyString, { maxLength: 4 })), { maxKeys: 5 });
/** Names and ids arbitrary enough to include what the formatter must refuse. */
const anyName = fc.oneof({ weight: 5, arbitrary: caretName }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) });

function expressible(call: FormatCall): boolean {
  const valid = /^[A-Za-z0-9_]+$/;
  return valid.test(call.toolName) && Object.keys(call.input as object).every((key) => valid.test(key));
}

describe.each([
  ['v1', caretSyntax],
  ['v0', v0Syntax],
] as const)('caret round trip, %s', (_, syntax) => {
  it('parse(format(call)) gives back the name and input, in text and split anywhere', () => {
    fc.assert(
      fc.property(anyName, fc.dictionary(anyName, fc.oneof(anyString, fc.array(anyString, { maxLength: 4 })), { maxKeys: 5 }), fc.nat(), (toolName, input, cut) => {
        const call: FormatCall = { toolName, input };
        if (!expressible(call)) {
          expect(() => syntax.format(call)).toThrow(/caret syntax: (tool name|parameter key) .* must match \[A-Za-z0-9_\]\+/);
          return;
        }
        expectRoundTrip(syntax, call, cut);
      }),
      { numRuns: RUNS },
    );
  });

  it('round-trips the awkward values the formatter must route to other forms', () => {
    fc.assert(
      fc.property(caretInput, (input) => {
        const block = syntax.format({ toolName: 'tool_1', input });
        expect(onlyTool(block, syntax).input).toEqual(input);
      }),
      { numRuns: RUNS },
    );
  });

  it('round-trips a line of only blanks that the YAML writer folds away in double quotes too (found by fast-check)', () => {
    for (const input of [{ a: ['--- a\u0000\n--- a\n \n--- a\n     ^^^'] }, { a: 'x\n \ny', b: ['\t\n  \n'] }]) {
      expect(onlyTool(syntax.format({ toolName: 'w', input }), syntax).input).toEqual(input);
    }
  });

  it('round-trips multiline values whose lines look like closers of the block or of the value', () => {
    const line = fc.constantFrom('--- a', '--- a  ', '--- content', '---', 'a ---', '^^^', '^^^ \t', ' ^^^', '^^^a', ']', 'x', '', '  y');
    const value = fc.array(line, { minLength: 1, maxLength: 6 }).map((lines) => lines.join('\n'));
    const input = fc.dictionary(fc.constantFrom('a', 'b', 'content'), fc.oneof(value, fc.array(value, { maxLength: 3 })), { maxKeys: 3 });
    fc.assert(
      fc.property(input, (input) => {
        expect(onlyTool(syntax.format({ toolName: 'w', input }), syntax).input).toEqual(input);
      }),
      { numRuns: RUNS },
    );
  });
});

// ---------------------------------------------------------------------------
// Streaming
// ---------------------------------------------------------------------------

describe('caret streaming', () => {
  it('announces the tool at the opener line, not before', () => {
    const parser = createTranscriptParser({ syntaxes: ['caret'] });
    expect(parser.write('Reading.\n^^^read_fi')).toEqual([
      { type: 'text-start', id: 'text-1' },
      { type: 'text-delta', id: 'text-1', delta: 'Reading.\n' },
    ]);
    expect(parser.write('les\n')).toEqual([
      { type: 'text-end', id: 'text-1' },
      inputStart('tool-call-1', 'read_files', 'caret'),
      { type: 'tool-input-delta', toolCallId: 'tool-call-1', inputTextDelta: '^^^read_files\n' },
    ]);
    expect(parser.write('path: a')).toEqual([{ type: 'tool-input-delta', toolCallId: 'tool-call-1', inputTextDelta: 'path: a' }]);
    const events = [...parser.write('\n^^^'), ...parser.end()];
    expect(events).toContainEqual(inputAvailable('tool-call-1', 'read_files', { path: 'a' }, 'caret'));
  });

  it('shows parameters as each line completes', () => {
    const parser = createTranscriptParser({ syntaxes: ['caret'] });
    const input = () => (parser.chunks.at(-1) as ToolChunk).input;
    parser.write('^^^write_file\npath: a.txt\npaths: [\n  x\n');
    expect(parser.chunks.at(-1)).toMatchObject({ type: 'tool', state: 'input-streaming', closed: false });
    expect(input()).toEqual({ path: 'a.txt', paths: ['x'] });
    parser.write(']\ncontent ---\nline 1\nline');
    expect(input()).toEqual({ path: 'a.txt', paths: ['x'], content: 'line 1' });
    parser.write(' 2\n');
    expect(input()).toEqual({ path: 'a.txt', paths: ['x'], content: 'line 1\nline 2' });
    parser.write('--- content\n---\nnote: |\n  kept\n');
    expect(input()).toEqual({ path: 'a.txt', paths: ['x'], content: 'line 1\nline 2', note: 'kept\n' });
    parser.write('^^^');
    parser.end();
    expect(parser.chunks).toEqual(parseTranscript('^^^write_file\npath: a.txt\npaths: [\n  x\n]\ncontent ---\nline 1\nline 2\n--- content\n---\nnote: |\n  kept\n^^^', { syntaxes: ['caret'] }));
  });

  it('re-parses a huge YAML body amortised, not per line', () => {
    const lines = Array.from({ length: 4_000 }, (_, i) => `k${i}: |\n  v${i}`).join('\n');
    const text = `^^^big\n---\n${lines}\n^^^`;
    const { snapshots, yamlCharacters, chunks } = streamCountingYaml(text, { syntaxes: ['caret'] });
    expect(snapshots).toBeGreaterThan(800);
    expect(yamlCharacters).toBeLessThanOrEqual(8 * text.length);
    const tool = chunks[0] as ToolChunk;
    expect(Object.keys(tool.input as object)).toHaveLength(4_000);
    expect((tool.input as Record<string, string>).k3999).toBe('v3999\n');
  });

  it('gives the same chunks for a marker split anywhere, CRLF split included', () => {
    const text = 'a\r\n^^^run\r\ncommand: ls\r\n^^^\r\nb';
    const whole = parseTranscript(text, { syntaxes: ['caret'] });
    expect(whole.map((chunk) => chunk.type)).toEqual(['text', 'tool', 'text']);
    for (const cuts of [[4, 5, 6], [7, 8, 9], [24, 25], [26, 27, 28]]) {
      expect(streamPieces(splitAt(text, cuts), { syntaxes: ['caret'] }).chunks).toEqual(whole);
    }
  });

  it('is on by default', () => {
    expect(defaultSyntaxes).toContain(caretSyntax);
    expect(parseTranscript('^^^ping\n^^^')[0]).toMatchObject({ type: 'tool', syntax: 'caret', toolName: 'ping' });
  });
});

// ---------------------------------------------------------------------------
// Linear work
// ---------------------------------------------------------------------------

const N = 200_000;

const stepsFor = (text: string) => scannerSteps(text, { syntaxes: ['caret'] });
const repeat = (pattern: string, length = N) => repeatTo(pattern, length);

describe('caret linear work', () => {
  it.each([
    ['opener lines', '^^^a\n'],
    ['caret runs', '^^^'],
    ['four carets per line', '^^^^\n'],
    ['openers without a name', '^^^\n'],
    ['openers with trailing words', '^^^name x\n'],
    ['multiline starts', '^^^a\nx ---\n'],
    ['list starts', '^^^a\nx: [\n'],
    ['CRLF openers', '^^^a\r\n'],
    ['lone CR openers', '^^^a\r'],
  ])('%s', (_, pattern) => expectLinearScan(pattern, { syntaxes: ['caret'] }, { perUnit: 4 }));

  it('one opener with a 200 KB name, and a 200 KB body of parameters', () => {
    const name = `^^^${'a'.repeat(N)}`;
    expect(stepsFor(name)).toBeLessThanOrEqual(name.length + 16);
    const body = `^^^t\n${repeat('k: v\n')}^^^`;
    expect(stepsFor(body)).toBeLessThanOrEqual(body.length + 16);
    expect(parseTranscript(body, { syntaxes: ['caret'] })[0]).toMatchObject({ type: 'tool', closed: true });
  });
});

describe('caret YAML parameters', () => {
  it('round-trips list items that are only spaces and a line break (the yaml library drops their indentation indicator)', () => {
    for (const input of [{ a: ['  \n'] }, { a: ['  \n', 'x'] }, { b: ' \n  ' }]) {
      const block = caretSyntax.format({ toolName: 'w', input });
      expect(parseTranscript(block, { syntaxes: ['caret'] })[0]).toMatchObject({ type: 'tool', input });
    }
  });
});
