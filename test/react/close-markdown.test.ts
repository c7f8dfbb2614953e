import { describe, expect, it } from 'vitest';
import { closeMarkdown } from '../../src/react/markdown/close-markdown.js';

/** Block → what renders, by what the case is about. */
const CASES: Record<string, Array<[string, string]>> = {
  'closes emphasis, strikethrough, code spans and links': [
    // Emphasis and strikethrough
    ['**bold', '**bold**'],
    ['**bold ', '**bold**'],
    ['*em', '*em*'],
    ['_em', '_em_'],
    ['***both', '***both***'],
    ['~~gone', '~~gone~~'],
    ['**a *b', '**a *b***'],
    ['**done** and *open', '**done** and *open*'],
    ['snake_case_name', 'snake_case_name'],
    ['2 * 3 = 6', '2 * 3 = 6'],
    ['\\*not em', '\\*not em'],
    // Code spans
    ['`code', '`code`'],
    ['``co`de', '``co`de``'],
    ['`a` then `b', '`a` then `b`'],
    ['`**not bold', '`**not bold`'],
    // Links and images
    ['[link](', '[link]()'],
    ['[link](https://exa', '[link](https://exa)'],
    ['**[link](https://x.y/(a', '**[link](https://x.y/(a))**'],
    ['[done](u) and [open', '[done](u) and [open'],
    ['see ![chart](https://img', 'see '],
    ['**see ![chart](https://img', '**see**'],
    // A delimiter run with nothing after it yet is hidden
    ['hello **', 'hello '],
    ['hello `', 'hello '],
    ['**bold *', '**bold**'],
    // Already complete
    ['plain text', 'plain text'],
    ['**bold** text', '**bold** text'],
    ['', ''],
  ],
  'renders an unclosed fence as code at once': [
    ['```js\nconst a', '```js\nconst a\n```'],
    ['```js\nconst a\n', '```js\nconst a\n```'],
    ['~~~~\ncode', '~~~~\ncode\n~~~~'],
    ['````md\n```\ninner', '````md\n```\ninner\n````'],
    ['```\n**not closed** `x', '```\n**not closed** `x\n```'],
  ],
  'reads lines and fences as the scanner does (CRLF, lone CR, what may follow a closing run)': [
    ['```js\r\nconst a\r\n', '```js\r\nconst a\r\n```'],
    ['```js\rconst a', '```js\rconst a\n```'],
    ['~~~\rcode\r~~~\rafter **b', '~~~\rcode\r~~~\rafter **b**'],
    ['```\ncode\n ``` \t\nafter *e', '```\ncode\n ``` \t\nafter *e*'],
    // Only spaces and tabs may follow a closing run; a shorter run or four spaces do not close.
    ['```\ncode\n```\u00A0\nmore', '```\ncode\n```\u00A0\nmore\n```'],
    ['````\ncode\n```\n', '````\ncode\n```\n````'],
    ['```\ncode\n    ```\n', '```\ncode\n    ```\n```'],
    // Up to three spaces before an opener.
    ['   ```\ncode', '   ```\ncode\n```'],
  ],
  'leaves out a heading marker whose text has not come yet': [
    ['## ', ''],
    ['#', ''],
    // The paragraph before it is finished (the heading will interrupt it): its `**` stays literal.
    ['Intro **a\n### ', 'Intro **a\n'],
    ['Intro **a\r### ', 'Intro **a\r'],
    ['para\n\n  ## \t', 'para\n\n'],
    ['## T', '## T'],
    ['```md\n## ', '```md\n## \n```'],
    ['####### ', '####### '],
  ],
};

describe('closeMarkdown', () => {
  describe.each(Object.entries(CASES))('%s', (_, cases) => {
    it.each(cases)('%j → %j', (input, expected) => {
      expect(closeMarkdown(input)).toBe(expected);
    });
  });

  it('leaves a closed fence alone and closes what follows it', () => {
    expect(closeMarkdown('```\ncode\n```\nafter **b')).toBe('```\ncode\n```\nafter **b**');
  });

  it('closes only the last container: earlier list items and headings are finished', () => {
    expect(closeMarkdown('- **a\n- *b')).toBe('- **a\n- *b*');
    expect(closeMarkdown('# Title **x\nbody *y')).toBe('# Title **x\nbody *y*');
    expect(closeMarkdown('para **x\n\n  more *y')).toBe('para **x\n\n  more *y*');
  });

  it('carries emphasis across the lines of one paragraph', () => {
    expect(closeMarkdown('a **b\nc')).toBe('a **b\nc**');
  });

  it('is linear: a long block of openers takes about as long per character as a short one', () => {
    const unit = '*a _b `c` [d](e) ';
    const time = (n: number) => {
      const text = unit.repeat(n);
      const t0 = performance.now();
      for (let k = 0; k < 5; k++) closeMarkdown(text);
      return (performance.now() - t0) / n;
    };
    time(2000);
    expect(time(40000)).toBeLessThan(time(4000) * 4 + 0.01);
  });
});
