/**
 * The emoji syntax beyond its fixtures (test/fixtures/parse/emoji/): `format` and what it refuses,
 * the format → parse round trip as a property, the header and end-marker rules on small cases
 * (each parsed whole, split in two at every position and fed one unit at a time), streaming
 * (announced at the header's `]`, body as it arrives, a split end marker held back), and linear
 * work on adversarial input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, defaultSyntaxes, emojiSyntax, parseTranscript, type TranscriptChunk } from '../../src/index.js';
import type { FormatCall } from '../../src/types.js';
import { repeatTo, scannerSteps } from '../support/linear.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { inputAvailable, inputStart } from '../support/events.js';
import { onlyToolOf } from '../support/only-tool.js';
import { expectRoundTrip } from '../support/round-trip.js';
import { splitsInTwo, streamPieces, unitByUnit } from '../support/splits.js';

const RUNS = 400;
const EMOJI = { syntaxes: ['emoji'] } as const;

/** 🛠️ with its variation selector (U+1F6E0 U+FE0F), and 🛠 without it: both open and close blocks. */
const TOOL = '\u{1F6E0}\uFE0F';
const BARE = '\u{1F6E0}';

const onlyTool = (text: string) => onlyToolOf(text, emojiSyntax);

/** A tool chunk as the emoji syntax makes it (ids count up from `tool-call-1`). */
function call(n: number, toolName: string, args: string[], body: string, raw: string, closed = true): TranscriptChunk {
  return { type: 'tool', toolCallId: `tool-call-${n}`, toolName, state: 'input-available', input: { args, body }, syntax: 'emoji', raw, closed };
}
const text = (value: string): TranscriptChunk => ({ type: 'text', value });

describe('emoji format', () => {
  it('writes the header, a line break, the body and the end marker', () => {
    const block = emojiSyntax.format({ toolName: 'create-file', input: { args: ['a.py'], body: 'print(1)\n' } });
    expect(block).toBe(`${TOOL}[create-file a.py]\nprint(1)\n${TOOL}[/end]`);
    expect(onlyTool(block)).toMatchObject({ toolName: 'create-file', input: { args: ['a.py'], body: 'print(1)\n' }, closed: true });
  });

  it('writes an empty body with no line break, and no input as no words', () => {
    expect(emojiSyntax.format({ toolName: 'ping', input: { args: ['host'] } })).toBe(`${TOOL}[ping host]${TOOL}[/end]`);
    expect(emojiSyntax.format({ toolName: 'ping' })).toBe(`${TOOL}[ping]${TOOL}[/end]`);
    expect(onlyTool(emojiSyntax.format({ toolName: 'ping' })).input).toEqual({ args: [], body: '' });
  });

  it('keeps a body that starts with a line break (only the one it writes is dropped)', () => {
    const block = emojiSyntax.format({ toolName: 'note', input: { body: '\n\nx' } });
    expect(block).toBe(`${TOOL}[note]\n\n\nx${TOOL}[/end]`);
    expect(onlyTool(block).input).toEqual({ args: [], body: '\n\nx' });
  });

  it('writes no id, output, error or state (the syntax has no place for them)', () => {
    const block = emojiSyntax.format({ toolName: 'ping', toolCallId: 'c1', output: 'pong', errorText: 'boom', state: 'output-error' });
    expect(block).toBe(`${TOOL}[ping]${TOOL}[/end]`);
  });

  it.each<[string, FormatCall, RegExp]>([
    ['a name with a space', { toolName: 'a b' }, /tool name "a b" must be one word/],
    ['a name with "]"', { toolName: 'a]' }, /must be one word without "\]"/],
    ['a name starting with "/"', { toolName: '/end' }, /not start with "\/"/],
    ['an empty name', { toolName: '' }, /tool name "" must be one word/],
    ['an input that is not an object', { toolName: 't', input: ['x'] }, /input must be an object \{ args\?, body\? \}/],
    ['keys other than args and body', { toolName: 't', input: { args: [], path: 'a' } }, /can only hold "args" and "body", not "path"/],
    ['an argument with a space', { toolName: 't', input: { args: ['a b'] } }, /args must be words without whitespace or "\]"/],
    ['an argument with "]"', { toolName: 't', input: { args: ['a]'] } }, /args must be words/],
    ['an argument that is not a string', { toolName: 't', input: { args: [1] } }, /args must be words/],
    ['a last argument "/"', { toolName: 't', input: { args: ['a', '/'] } }, /last argument "\/" would read as a self-closing block/],
    ['a body that is not a string', { toolName: 't', input: { body: 1 } }, /body must be a string/],
    ['the end marker in the body', { toolName: 't', input: { body: `a ${TOOL}[/end] b` } }, /body cannot contain the end marker/],
    ['the bare end marker in the body', { toolName: 't', input: { body: `a ${BARE}[/end]` } }, /body cannot contain the end marker/],
  ])('throws a clear error for %s', (_, formatCall, message) => {
    expect(() => emojiSyntax.format(formatCall)).toThrow(message);
  });
});

// ---------------------------------------------------------------------------
// Round trip
// ---------------------------------------------------------------------------

const AWKWARD = [
  `${TOOL}[/end]`, `${BARE}[/end]`, `${TOOL}[/en`, `${TOOL}[`, `${BARE}[x]`, `${TOOL}[a /]`, TOOL, BARE, '\uD83D', '\uDEE0', '\uFE0F',
  '[', ']', '[/end]', '/', '/]', '\n', '\r\n', '\r', ' ', '\t', '`', '```', '^^^', '<tool>', '[[SEG_END]]', '\0', 'é',
];
const awkwardString = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...AWKWARD) }, { weight: 2, arbitrary: fc.string({ maxLength: 6 }) }), { maxLength: 8 })
  .map((parts) => parts.join(''));
const body = fc.oneof(awkwardString, fc.string({ unit: 'binary', maxLength: 20 }));
/** What `format` takes as a header word: no whitespace, no `]`. */
const word = fc.oneof(awkwardString, fc.string({ unit: 'binary', minLength: 1, maxLength: 8 })).map((w) => w.replace(/[\s\]]/g, '')).filter((w) => w !== '');
const toolName = word.filter((w) => !w.startsWith('/'));
const args = fc.array(word, { maxLength: 4 }).filter((words) => words.at(-1) !== '/');

describe('emoji round trip', () => {
  it('parse(format(call)) gives back the name and input, in text and split anywhere', () => {
    fc.assert(
      fc.property(toolName, args, body, fc.nat(), (toolName, args, body, cut) => {
        const formatCall: FormatCall = { toolName, input: { args, body } };
        if (/\uD83D\uDEE0\uFE0F?\[\/end\]/.test(body)) {
          expect(() => emojiSyntax.format(formatCall)).toThrow(/body cannot contain the end marker/);
          return;
        }
        expectRoundTrip(emojiSyntax, formatCall, cut);
      }),
      { numRuns: RUNS },
    );
  });
});

// ---------------------------------------------------------------------------
// Header and end-marker rules, whole and split
// ---------------------------------------------------------------------------

const CASES: Array<{ name: string; text: string; chunks: TranscriptChunk[] }> = [
  {
    name: 'a self-closing block has an empty body',
    text: `Ping ${TOOL}[ping host /] now`,
    chunks: [text('Ping '), call(1, 'ping', ['host'], '', `${TOOL}[ping host /]`), text(' now')],
  },
  {
    name: 'a self-closing block with no arguments',
    text: `${BARE}[ping /]`,
    chunks: [call(1, 'ping', [], '', `${BARE}[ping /]`)],
  },
  {
    name: 'a "/" stuck to the name is part of the name, not a self-close',
    text: `${TOOL}[x/]y${TOOL}[/end]`,
    chunks: [call(1, 'x/', [], 'y', `${TOOL}[x/]y${TOOL}[/end]`)],
  },
  {
    name: 'the variation selector is optional in either marker',
    text: `${BARE}[a]1${TOOL}[/end] ${TOOL}[b]2${BARE}[/end]`,
    chunks: [call(1, 'a', [], '1', `${BARE}[a]1${TOOL}[/end]`), text(' '), call(2, 'b', [], '2', `${TOOL}[b]2${BARE}[/end]`)],
  },
  {
    name: 'tabs and runs of spaces separate the words; spaces around them go',
    text: `${TOOL}[  run\ta \t b  ]x${TOOL}[/end]`,
    chunks: [call(1, 'run', ['a', 'b'], 'x', `${TOOL}[  run\ta \t b  ]x${TOOL}[/end]`)],
  },
  {
    name: 'one CRLF after the header is dropped, the next is body',
    text: `${TOOL}[run]\r\n\r\nls\r\n${TOOL}[/end]`,
    chunks: [call(1, 'run', [], '\r\nls\r\n', `${TOOL}[run]\r\n\r\nls\r\n${TOOL}[/end]`)],
  },
  {
    name: 'almost-end markers in the body are body',
    text: `${TOOL}[x]${TOOL}[/en] ${BARE}[/end ${TOOL}${TOOL}[/end]`,
    chunks: [call(1, 'x', [], `${TOOL}[/en] ${BARE}[/end ${TOOL}`, `${TOOL}[x]${TOOL}[/en] ${BARE}[/end ${TOOL}${TOOL}[/end]`)],
  },
  {
    name: 'a lone high surrogate right before the marker stays text',
    text: `\uD83D${TOOL}[p]x${TOOL}[/end]`,
    chunks: [text('\uD83D'), call(1, 'p', [], 'x', `${TOOL}[p]x${TOOL}[/end]`)],
  },
  {
    name: 'several blocks on one line, with text between',
    text: `a ${TOOL}[p]1${TOOL}[/end] b ${TOOL}[q r]2${TOOL}[/end] c`,
    chunks: [text('a '), call(1, 'p', [], '1', `${TOOL}[p]1${TOOL}[/end]`), text(' b '), call(2, 'q', ['r'], '2', `${TOOL}[q r]2${TOOL}[/end]`), text(' c')],
  },
  {
    name: 'a block left open at the end keeps its body, not closed',
    text: `Go ${TOOL}[tail a]\nrest ${TOOL}[/en`,
    chunks: [text('Go '), call(1, 'tail', ['a'], `rest ${TOOL}[/en`, `${TOOL}[tail a]\nrest ${TOOL}[/en`, false)],
  },
  {
    name: 'not an opener: an empty header, a blank one, one starting with "/", or a line break before "]"',
    text: `${TOOL}[] ${TOOL}[  ] ${TOOL}[/x] ${TOOL}[a\nb] x`,
    chunks: [text(`${TOOL}[] ${TOOL}[  ] ${TOOL}[/x] ${TOOL}[a\nb] x`)],
  },
  {
    name: 'not an opener: 🛠️ without "[", a space before "[", other emoji, a stray end marker',
    text: `fix ${TOOL} it, ${TOOL} [x], 😀[x], ${TOOL}[/end]`,
    chunks: [text(`fix ${TOOL} it, ${TOOL} [x], 😀[x], ${TOOL}[/end]`)],
  },
  {
    name: 'a header cut off by the end of the text is text',
    text: `see ${TOOL}[never closed`,
    chunks: [text(`see ${TOOL}[never closed`)],
  },
];

describe('emoji blocks, whole and split at every position', () => {
  it.each(CASES)('$name', ({ text: doc, chunks }) => {
    expect(parseTranscript(doc, EMOJI)).toEqual(chunks);
    for (const pieces of splitsInTwo(doc)) {
      expect(streamPieces(pieces, EMOJI).chunks, `split at ${pieces[0]!.length}`).toEqual(chunks);
    }
    expect(streamPieces(unitByUnit(doc), EMOJI).chunks).toEqual(chunks);
  });

  it('is on by default', () => {
    expect(defaultSyntaxes).toContain(emojiSyntax);
    expect(parseTranscript(`${TOOL}[ping /]`)[0]).toMatchObject({ type: 'tool', syntax: 'emoji', toolName: 'ping' });
  });
});

// ---------------------------------------------------------------------------
// Streaming
// ---------------------------------------------------------------------------

describe('emoji streaming', () => {
  it('announces the tool at the header "]" and streams the body, holding back a possible end marker', () => {
    const parser = createTranscriptParser(EMOJI);
    expect(parser.write(`Run ${TOOL}[sh a`)).toEqual([
      { type: 'text-start', id: 'text-1' },
      { type: 'text-delta', id: 'text-1', delta: 'Run ' },
    ]);
    expect(parser.write(']\nls')).toEqual([
      { type: 'text-end', id: 'text-1' },
      inputStart('tool-call-1', 'sh', 'emoji'),
      { type: 'tool-input-delta', toolCallId: 'tool-call-1', inputTextDelta: `${TOOL}[sh a]\nls` },
    ]);
    expect(parser.chunks.at(-1)).toMatchObject({ state: 'input-streaming', input: { args: ['a'], body: 'ls' }, closed: false });
    // The start of an end marker is held until the next units decide.
    parser.write(` -l\n${BARE}`);
    expect(parser.chunks.at(-1)).toMatchObject({ input: { body: 'ls -l\n' } });
    parser.write('\uFE0F[/en');
    expect(parser.chunks.at(-1)).toMatchObject({ input: { body: 'ls -l\n' } });
    parser.write('x');
    expect(parser.chunks.at(-1)).toMatchObject({ input: { body: `ls -l\n${TOOL}[/enx` } });
    const events = [...parser.write(`${TOOL}[/end] ok`), ...parser.end()];
    expect(events).toContainEqual(inputAvailable('tool-call-1', 'sh', { args: ['a'], body: `ls -l\n${TOOL}[/enx` }, 'emoji'));
    expect(parser.chunks.at(-1)).toEqual({ type: 'text', value: ' ok' });
  });

  it('announces a self-closing block as available at once', () => {
    const parser = createTranscriptParser(EMOJI);
    const events = parser.write(`${TOOL}[ping host /]`);
    expect(events.map((event) => event.type)).toEqual(['tool-input-start', 'tool-input-delta', 'tool-input-available']);
    expect(parser.chunks).toEqual([call(1, 'ping', ['host'], '', `${TOOL}[ping host /]`)]);
  });
});

// ---------------------------------------------------------------------------
// Linear work
// ---------------------------------------------------------------------------

const N = 200_000;

const stepsFor = (doc: string) => scannerSteps(doc, EMOJI);
const repeat = (pattern: string, length = N) => repeatTo(pattern, length);

describe('emoji linear work', () => {
  it.each([
    ['start markers', `${TOOL}[`],
    ['start markers with a word', `${TOOL}[x `],
    ['headers ended by a line break', `${TOOL}[x\n`],
    ['empty headers', `${TOOL}[]`],
    ['bare emoji', BARE],
    ['high surrogates', '\uD83D'],
    ['stray end markers', `${TOOL}[/end]`],
    ['self-closing blocks', `${TOOL}[p /]`],
    ['blocks', `${TOOL}[p]x${TOOL}[/end]`],
  ])('%s', (_, pattern) => expectLinearScan(pattern, EMOJI, { perUnit: 4 }));

  it.each([
    ['end marker prefixes', `${TOOL}[/en`],
    ['bare emoji', BARE],
    ['brackets', '[/'],
  ])('one open block whose body is %s', (_, pattern) => {
    const doc = `${TOOL}[x]${repeat(pattern)}`;
    expect(stepsFor(doc)).toBeLessThanOrEqual(doc.length + 16);
    expect(parseTranscript(doc, EMOJI)[0]).toMatchObject({ type: 'tool', closed: false });
  });

  it('one runaway header', () => {
    const doc = `${TOOL}[${repeat('a ')}`;
    expect(stepsFor(doc)).toBeLessThanOrEqual(2 * doc.length);
    expect(parseTranscript(doc, EMOJI)).toEqual([{ type: 'text', value: doc }]);
  });
});
