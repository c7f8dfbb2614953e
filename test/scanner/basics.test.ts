/**
 * Scanner behaviour that fixtures do not pin down alone: code awareness and
 * linear work on adversarial input (counted in scanner steps, never in time).
 */
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../../src/index.js';
import { scannerSteps, streamCountingYaml } from '../support/linear.js';
import { expectLinearScan } from '../support/linear-scan.js';

const stepsFor = scannerSteps;

describe('linear work', () => {
  const patterns: Array<[string, string]> = [
    ['emoji starts on one line', '🛠️['],
    ['emoji starts without selector', '🛠['],
    ['unclosed emoji headers', '🛠️[name arg'],
    ['emoji blocks', '🛠️[a]b🛠️[/end]'],
    ['unclosed emoji block with partial end markers', '🛠️[/en🛠'],
    ['backtick runs', '`'],
    ['backtick lines', '```\n'],
    ['tool fence openers', '```tool\n'],
    ['tool fence openers without newline', '```tool '],
    ['fence-like lines', '``\n'],
    ['tilde runs', '~~~~~~~~ '],
    ['unmatched backtick then markers', '` 🛠️[x] '],
    ['code spans around markers', '` 🛠️[x] ` '],
    ['CRLF', '\r\n'],
    ['lone CR', '\r'],
    ['NUL and surrogates', '\0\uD83D\uDEE0\uD83D'],
  ];
  it.each(patterns)('%s', (_, pattern) => expectLinearScan(pattern, undefined, { perUnit: 4 }));

  it('one huge tool body', () => {
    const body = 'x'.repeat(5 * 1024 * 1024);
    const text = `🛠️[write big.txt]\n${body}🛠️[/end]`;
    expect(stepsFor(text)).toBeLessThanOrEqual(text.length + 16);
    const chunks = parseTranscript(text);
    expect(chunks[0]).toMatchObject({ type: 'tool', closed: true });
  });

  it('a huge fence body streamed in small deltas re-parses its YAML amortised, not per line', () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => `  k${i}: v${i}`).join('\n');
    const text = `\`\`\`tool big b1\ninput:\n${lines}\n\`\`\``;
    const { snapshots, yamlCharacters, chunks } = streamCountingYaml(text);
    expect(snapshots).toBeGreaterThan(2000);
    expect(yamlCharacters).toBeLessThanOrEqual(8 * text.length);
    const tool = chunks[0]!;
    expect(tool.type === 'tool' && Object.keys(tool.input as object)).toHaveLength(10_000);
    // Work is counted above; the time limit only has to survive a busy two-core machine (≈1 MB of YAML).
  }, 30_000);
});

describe('markdown code awareness', () => {
  it.each([
    ['inline code', 'see `🛠️[x]y🛠️[/end]` here'],
    ['double-backtick span', 'see `` a ` 🛠️[x]y🛠️[/end] `` here'],
    ['backtick code fence', '```\n🛠️[x]y🛠️[/end]\n```tool a\n```'],
    ['tilde code fence', '~~~text\n```tool a b\ninput: {}\n```\n~~~'],
    ['indented fence', '   ```md\n🛠️[x]\n   ```'],
    ['span across lines', 'a `b\n🛠️[x]y🛠️[/end] c` d'],
  ])('%s is text', (_, text) => {
    expect(parseTranscript(text)).toEqual([{ type: 'text', value: text }]);
  });

  it('a backtick left open at a paragraph end is literal, so the marker after it is a call', () => {
    const text = 'a ` b 🛠️[x]y🛠️[/end]\n\nnext';
    expect(parseTranscript(text).map((c) => c.type)).toEqual(['text', 'tool', 'text']);
  });

  it('a fence of four spaces is indented code, not a tool fence', () => {
    const text = '    ```tool x\n    ```';
    expect(parseTranscript(text)).toEqual([{ type: 'text', value: text }]);
  });

  it('a closing code fence must be at least as long as the opener', () => {
    const text = '````\n```\n🛠️[x]y🛠️[/end]\n````\n🛠️[z]🛠️[/end]';
    expect(parseTranscript(text).map((c) => c.type)).toEqual(['text', 'tool']);
  });
});

describe('markdown containers and paragraph ends', () => {
  it('a fence line ends the paragraph, so a code span left open before it does not swallow the marker', () => {
    const text = 'text ```\nmid 🛠️[x]🛠️[/end]\n```';
    expect(parseTranscript(text).map((c) => c.type)).toEqual(['text', 'tool', 'text']);
  });

  it.each([
    ['bullet list item', '* ```\n    a 🛠️[in]🛠️[/end]\n  ```\n\n🛠️[x]🛠️[/end]'],
    ['ordered list item', '10. ```\n    🛠️[in]🛠️[/end]\n    ```\n\n🛠️[x]🛠️[/end]'],
    ['block quote', '> ```\n> 🛠️[in]🛠️[/end]\n> ```\n\n🛠️[x]🛠️[/end]'],
    ['nested quote and list', '> - ~~~\n>   🛠️[in]🛠️[/end]\n>   ~~~\n\n🛠️[x]🛠️[/end]'],
  ])('a code fence in a %s is code, and it closes where markdown closes it', (_, text) => {
    const chunks = parseTranscript(text);
    expect(chunks.map((c) => c.type)).toEqual(['text', 'tool']);
    expect(chunks[1]).toMatchObject({ toolName: 'x' });
  });

  it('tool fences need a true line start: inside a list item a ```tool fence is code', () => {
    const text = '- ```tool search\n  input: {}\n  ```';
    expect(parseTranscript(text)).toEqual([{ type: 'text', value: text }]);
  });

  it('text that only looks like a list marker does not open a fence', () => {
    expect(parseTranscript('2024 ```\n🛠️[x]🛠️[/end]').map((c) => c.type)).toEqual(['text', 'tool']);
    expect(parseTranscript('-x ```\n🛠️[x]🛠️[/end]').map((c) => c.type)).toEqual(['text', 'tool']);
  });
});
