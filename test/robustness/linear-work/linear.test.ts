/**
 * The adversarial corpus: inputs built to make a scanner or a block reader
 * rescan, backtrack or re-parse. Each pattern runs at two sizes, n and 2n,
 * streamed with every built-in syntax on (JSON included), and the work is
 * counted (the parser's `work`) — units the scanner visits, characters given to the YAML parser and to
 * `JSON.parse`, units a reader copies again — never timed. Each count must be
 * linear: a few per unit, and doubling the input about doubles it. The text
 * must also come back whole (CONTRACT invariant 1).
 *
 * Sizes in CI: 1 MB per pattern where that runs in well under a second here,
 * 256 KB where the pattern keeps several syntaxes busy per unit, and 16–64 KB
 * for patterns that go through the yaml library (which reads roughly 0.2–2 MB
 * a second). Under `npm run fuzz` (FUZZ=1) every pattern runs at 1 MB and 2 MB.
 */
import { describe, expect, it } from 'vitest';
import { reassemble } from '../../support/splits.js';
import { expectLinear, FUZZ, KB, MB, measure, repeatTo, TIMEOUT, type Pattern } from './support.js';

/** `count` lines of a YAML mapping, indented by `indent`. */
function yamlKeys(count: number, indent = '  '): string {
  let text = '';
  for (let i = 0; i < count; i++) text += `${indent}k${i}: v${i}\n`;
  return text;
}

/** Backtick runs of length 1, 2, 3… each followed by `block`, to about `n` units. */
function growingRuns(n: number, block: string): string {
  let text = '';
  for (let k = 1; text.length < n; k++) text += `${'`'.repeat(k)} ${block} `;
  return text;
}

/** CI size of the patterns that keep several syntaxes busy per unit. */
const HEAVY = 256 * KB;
/** CI size of the patterns that go through the yaml library. */
const YAML = 32 * KB;

const patterns: Pattern[] = [
  // Openers that never complete, repeated: each must be given up without rescanning.
  { name: 'emoji openers 🛠️[', make: (n) => repeatTo('🛠️[', n), size: HEAVY },
  { name: 'emoji openers without the selector 🛠[', make: (n) => repeatTo('🛠[', n), size: HEAVY },
  { name: 'caret openers ^^^a (one block, unclosed)', make: (n) => repeatTo('^^^a\n', n) },
  { name: 'backticks', make: (n) => repeatTo('`', n) },
  { name: 'tool fence openers ```tool (one block, unclosed)', make: (n) => repeatTo('```tool\n', n), size: HEAVY },
  { name: 'less-than signs <', make: (n) => repeatTo('<', n), size: HEAVY },
  { name: 'XML tool openers <tool name="x"> (one block, unclosed)', make: (n) => repeatTo('<tool name="x">', n) },
  { name: 'sentinel openers [[SEG_START ', make: (n) => repeatTo('[[SEG_START ', n) },
  { name: 'JSON envelope openers {"tool_calls":[', make: (n) => repeatTo('{"tool_calls":[', n) },
  { name: 'JSON envelope openers on their own lines', make: (n) => repeatTo('{"tool_calls":[\n', n) },
  { name: 'open braces {', make: (n) => repeatTo('{', n) },
  { name: 'open brackets [[', make: (n) => repeatTo('[[', n), size: HEAVY },
  { name: 'mixed openers on one line', make: (n) => repeatTo('🛠️[^^^<tool [[SEG_START{`~~~', n), size: HEAVY },
  { name: 'XML shorthand openers <run_bash>', make: (n) => repeatTo('<run_bash>', n) },
  { name: 'XML tag names <tool:', make: (n) => repeatTo('<tool:', n), size: HEAVY },
  // Long lines that keep an opener undecided.
  { name: 'one long tool fence info line', make: (n) => `\`\`\`tool ${repeatTo('a ', n)}`, size: HEAVY },
  { name: 'a tool fence info line of quotes and escapes', make: (n) => `\`\`\`tool "${repeatTo('\\', n)}`, size: HEAVY },
  { name: 'an emoji header that never closes', make: (n) => `🛠️[name ${repeatTo('arg ', n)}`, size: HEAVY },
  { name: 'a sentinel header JSON that never balances', make: (n) => `[[SEG_START {"type":"tool","a":"${repeatTo('x', n)}` },
  { name: 'an XML opener with endless attributes', make: (n) => `<tool name="x" ${repeatTo('a="b" ', n)}` },
  // Deep nesting.
  { name: 'deeply nested JSON arrays in a tool_calls block', make: (n) => `{"tool_calls":[${repeatTo('[', n)}` },
  { name: 'deeply nested JSON objects in a flat call', make: (n) => `{"name":"x","args":${repeatTo('{"a":', n)}` },
  { name: 'deeply nested and closed JSON in sentinel arguments', make: (n) => `[[SEG_START {"type":"tool"}]]{"a":${'['.repeat(n / 2)}${']'.repeat(n / 2)}}[[SEG_END]]`, size: HEAVY },
  { name: 'deeply nested YAML flow sequences', make: (n) => `\`\`\`tool x\ninput: ${repeatTo('[', n)}\n\`\`\``, size: YAML },
  { name: 'deeply nested YAML flow mappings, closed', make: (n) => `\`\`\`tool x\ninput: ${'{a: '.repeat(n / 8)}1${'}'.repeat(n / 8)}\n\`\`\``, size: YAML },
  { name: 'deeply nested YAML compact sequences', make: (n) => `\`\`\`tool x\ninput:\n  ${repeatTo('- ', n)}x\n\`\`\``, size: 2 * YAML },
  { name: 'deeply nested XML elements', make: (n) => `<tool name="x">${repeatTo('<a>', n)}</tool>` },
  { name: 'deeply nested XML elements with text, closed', make: (n) => `<tool name="x">${'<a>t'.repeat(n / 8)}${'</a>'.repeat(n / 8)}</tool>` },
  // Many blocks: unclosed (so each nests into the first block's body) and closed.
  { name: '100,000 unclosed emoji blocks', make: (n) => repeatTo('🛠️[x a]\n', n) },
  { name: '100,000 unclosed XML args', make: (n) => repeatTo('<tool name="x"><arg name="a">', n) },
  { name: '100,000 unclosed caret blocks with params', make: (n) => repeatTo('^^^a\nk: v\n', n) },
  { name: '100,000 unclosed sentinel blocks', make: (n) => repeatTo('[[SEG_START {"type":"tool"}]]{"a":', n) },
  { name: 'closed sentinel blocks', make: (n) => repeatTo('[[SEG_START {"type":"run_bash"}]]ls[[SEG_END]]\n', n), size: HEAVY },
  { name: 'closed JSON calls, one per line', make: (n) => repeatTo('{"name":"x","args":{"a":[1,2]}}\n', n), size: HEAVY },
  { name: 'closed tool fences', make: (n) => repeatTo('```tool x\ninput: {a: 1}\n```\n', n), size: YAML },
  // Bodies that keep a closer undecided, or a partial parser busy.
  { name: 'emoji end-marker prefixes in a body', make: (n) => `🛠️[x]${repeatTo('🛠️[/en', n)}` },
  { name: 'sentinel end-marker prefixes in a body', make: (n) => `[[SEG_START {"type":"tool"}]]${repeatTo('[[SEG_EN', n)}` },
  { name: 'write_file close-tag prefixes in a body', make: (n) => `<write_file path="a">${repeatTo('</write_fil', n)}` },
  { name: 'CDATA bracket runs', make: (n) => `<tool name="x"><arg name="a"><![CDATA[${repeatTo(']]', n)}` },
  { name: 'a YAML mapping of many keys', make: (n) => `\`\`\`tool x\ninput:\n${yamlKeys(n / 12)}\`\`\``, size: YAML },
  { name: 'YAML aliases (past the alias limit)', make: (n) => `\`\`\`tool x\ninput:\n  a: &a [x]\n${repeatTo('  - *a\n', n)}\`\`\``, size: YAML },
  { name: 'a caret body of YAML that does not parse', make: (n) => `^^^x\n---\nk: v\n${repeatTo('- v\n', n)}^^^`, size: YAML / 2 },
  { name: 'a caret YAML block scalar', make: (n) => `^^^x\nk: |\n${repeatTo('  line\n', n)}^^^`, size: YAML },
  { name: 'caret params repeated under one key', make: (n) => `^^^x\n${repeatTo('k: v\n', n)}^^^` },
  { name: 'a JSON body of many keys', make: (n) => `{"name":"x","args":{${repeatTo('"a":1,', n)}"b":1}}` },
  { name: 'JSON-string arguments of escaped quotes', make: (n) => `{"name":"x","arguments":"${repeatTo('{\\"a\\":', n)}"}` },
  { name: 'many XML args', make: (n) => `<tool name="x">${repeatTo('<arg name="a">v</arg>', n)}</tool>` },
  // Markdown awareness.
  { name: 'unmatched backticks before markers', make: (n) => repeatTo('` 🛠️[x] ', n) },
  { name: 'a code span left open, then many fence-like runs', make: (n) => `\` 🛠️[x]a🛠️[/end] ${repeatTo('``` ', n)}` },
  { name: 'code fence lines', make: (n) => repeatTo('```\n', n) },
  // Each run of a new length may open a code span, so each block after it waited for the paragraph
  // end and the paragraph was read again per block (n^1.5: 1 MB took 13 s). One look ahead per paragraph now.
  { name: 'backtick runs of growing length, each followed by an emoji block', make: (n) => growingRuns(n, '🛠️[x]🛠️[/end]'), size: HEAVY },
  { name: 'backtick runs of growing length, each followed by an XML block', make: (n) => growingRuns(n, '<run_bash>ls</run_bash>'), size: HEAVY },
  { name: 'many open span candidates, then markers in closed spans', make: (n) => `${growingRuns(n / 2, '')}${repeatTo('` 🛠️[x]🛠️[/end] ` ', n / 2)}` },
  { name: 'alternating span lengths around markers', make: (n) => repeatTo('`` 🛠️[x]🛠️[/end] ` ', n), size: HEAVY },
  { name: 'escaped backticks before markers', make: (n) => repeatTo('\\` 🛠️[x]🛠️[/end] ', n), size: HEAVY },
  { name: 'backtick fence info lines holding a marker', make: (n) => repeatTo('```<run_bash>ls</run_bash>\n', n), size: HEAVY },
  { name: 'refused fence info lines holding a marker', make: (n) => repeatTo('```<run_bash>ls</run_bash>`\n', n), size: HEAVY },
  { name: 'lazy block quote lines with backticks and markers', make: (n) => repeatTo('> ` 🛠️[x]🛠️[/end]\n', n), size: HEAVY },
  { name: 'list items with backticks and markers', make: (n) => repeatTo('- ` 🛠️[x]🛠️[/end]\n', n), size: HEAVY },
  { name: 'deeply nested block quotes', make: (n) => `${repeatTo('> ', n)}🛠️[x]🛠️[/end]` },
  { name: 'deep block quote lines with markers', make: (n) => repeatTo(`${'> '.repeat(40)}\` 🛠️[x]🛠️[/end]\n`, n), size: HEAVY },
  { name: 'fences in list items', make: (n) => repeatTo('- ```\n', n) },
  { name: 'indented code lines with markers', make: (n) => repeatTo('    🛠️[x]🛠️[/end]\n', n), size: HEAVY },
  { name: 'HTML block starts', make: (n) => repeatTo('<pre', n), size: HEAVY },
  { name: 'HTML comment lines', make: (n) => repeatTo('<!--\n', n) },
  { name: 'lone tag lines around markers', make: (n) => repeatTo('<a b="c">\n🛠️[x]🛠️[/end]\n\n', n), size: HEAVY },
  { name: 'tilde runs', make: (n) => repeatTo('~~~~~~~~ ', n) },
  // Units that are awkward everywhere.
  { name: 'CRLF', make: (n) => repeatTo('\r\n', n) },
  { name: 'lone CR', make: (n) => repeatTo('\r', n) },
  { name: 'NUL', make: (n) => repeatTo('\0', n) },
  { name: 'lone surrogates', make: (n) => repeatTo('\uD83D\uDEE0\uD83D', n), size: HEAVY },
  { name: 'one very long line', make: (n) => repeatTo('word ', n) },
];

describe('adversarial corpus: linear work at n and 2n', () => {
  it('has at least 20 patterns', () => {
    expect(patterns.length).toBeGreaterThanOrEqual(20);
  });

  it.each(patterns.map((pattern) => [pattern.name, pattern] as const))('%s', (_, pattern) => {
    const n = FUZZ ? MB : (pattern.size ?? MB);
    const [small] = expectLinear(pattern, n);
    expect(reassemble(small.chunks)).toBe(pattern.make(n));
  }, TIMEOUT);
});

describe('adversarial corpus: small deltas', () => {
  // The same patterns streamed 7 units at a time: held markers and partial parsers see every
  // boundary. Smaller sizes: every delta reads a snapshot.
  const names = [
    'emoji openers 🛠️[',
    'less-than signs <',
    'sentinel openers [[SEG_START ',
    'JSON envelope openers {"tool_calls":[',
    'mixed openers on one line',
    'deeply nested JSON objects in a flat call',
    'deeply nested XML elements with text, closed',
    '100,000 unclosed XML args',
    '100,000 unclosed caret blocks with params',
    'emoji end-marker prefixes in a body',
    'sentinel end-marker prefixes in a body',
    'write_file close-tag prefixes in a body',
    'unmatched backticks before markers',
    'backtick runs of growing length, each followed by an emoji block',
    'refused fence info lines holding a marker',
    'CRLF',
    'lone surrogates',
  ];
  it.each(names)('%s', (name) => {
    const pattern = patterns.find((p) => p.name === name)!;
    const n = FUZZ ? 512 * KB : 64 * KB;
    const [small] = expectLinear(pattern, n, { delta: 7 });
    expect(reassemble(small.chunks)).toBe(pattern.make(n));
  }, TIMEOUT);
});

describe('one 5 MB tool body', () => {
  const SIZE = 5 * MB;
  const line = `${'x'.repeat(79)}\n`;
  const body = line.repeat(SIZE / 80);
  it.each([
    ['emoji', `🛠️[write big.txt]\n${body}🛠️[/end]`, (input: unknown) => (input as { body: string }).body],
    ['sentinel', `[[SEG_START {"type":"write_file","path":"big.txt"}]]\n${body}[[SEG_END]]`, (input: unknown) => `${(input as { content: string }).content}\n`],
    ['xml write_file', `<write_file path="big.txt">\n${body}</write_file>`, (input: unknown) => `${(input as { content: string }).content}\n`],
    ['xml arg', `<tool name="write"><arg name="content">\n${body}</arg></tool>`, (input: unknown) => `${(input as { content: string }).content}\n`],
    ['caret', `^^^write\npath: big.txt\n---\n${body}^^^`, (input: unknown) => `${(input as { content: string }).content}\n`],
    ['json', `{"name":"write","args":{"content":${JSON.stringify(body)}}}`, (input: unknown) => (input as { content: string }).content],
  ])('%s: read in one pass, whole and streamed', (_, text, content) => {
    const work = measure(text, { delta: 64 * KB });
    expect(work.scanned).toBeLessThanOrEqual(text.length + 64);
    expect(work.json).toBeLessThanOrEqual(6 * text.length);
    expect(work.yaml).toBe(0);
    expect(work.chunks).toHaveLength(1);
    const tool = work.chunks[0]!;
    expect(tool).toMatchObject({ type: 'tool', closed: true, state: 'input-available' });
    expect(content(tool.type === 'tool' ? tool.input : undefined)).toBe(body);
  }, TIMEOUT);

  it('tool fence: a YAML body over the limit is an error that says so, without parsing it whole', () => {
    const text = `\`\`\`tool write\ninput:\n  content: |\n${`  ${line}`.repeat(SIZE / 80)}\`\`\``;
    const work = measure(text, { delta: 64 * KB });
    expect(work.scanned).toBeLessThanOrEqual(text.length + 64);
    // Partial parses while the body grows stop at the limit (1 MiB), each a quarter longer than the last.
    expect(work.yaml).toBeLessThanOrEqual(6 * MB);
    expect(work.chunks).toHaveLength(1);
    expect(work.chunks[0]).toMatchObject({ type: 'tool', closed: true, state: 'output-error', errorText: expect.stringMatching(/^invalid YAML: the body is \d+ characters long, over the limit of 1048576$/) });
  }, TIMEOUT);
});
