import { describe, expect, it } from 'vitest';
import { splitBlocks, type BlockSplit } from '../../src/react/markdown/split-blocks.js';
import { splitsInTwo } from '../support/splits.js';

/** All blocks: the finished ones and the growing tail. */
const blocks = (split: BlockSplit) => [...split.done, split.text.slice(split.tailStart)];

const DOC = [
  '# Title\n\n',
  'A paragraph\nover two lines.\n\n\n',
  '- item one\n\n  continued item\n- item two\n\n',
  '```js\nconst a = 1;\n\nconst b = 2;\n```\n\n',
  // Indented lines after a blank line continue the block (list item or indented code).
  '~~~~\n```\n\n~~~~\n\n    indented code\n\n    still code\n\n',
  'Last paragraph.',
];

describe('splitBlocks', () => {
  it('splits at blank lines outside code fences, not before indented lines', () => {
    expect(blocks(splitBlocks(DOC.join('')))).toEqual(DOC);
  });

  it('gives the same blocks whatever the deltas, reusing finished ones', () => {
    const text = DOC.join('');
    for (const size of [1, 2, 7, 50]) {
      let split: BlockSplit | undefined;
      for (let i = size; i < text.length + size; i += size) {
        const next = splitBlocks(text.slice(0, i), split);
        if (split) {
          // Finished blocks never change, and keep the same array while none is added.
          expect(next.done.slice(0, split.done.length)).toEqual(split.done);
          if (next.done.length === split.done.length) expect(next.done).toBe(split.done);
        }
        split = next;
      }
      expect(blocks(split!), `size ${size}`).toEqual(DOC);
    }
  });

  it('starts over when the text is not an extension', () => {
    const first = splitBlocks('a\n\nb\n\nc');
    const second = splitBlocks('x\n\ny', first);
    expect(blocks(second)).toEqual(['x\n\n', 'y']);
  });

  it('keeps leading blank lines with the first block', () => {
    expect(blocks(splitBlocks('\n\nHello\n\nWorld'))).toEqual(['\n\nHello\n\n', 'World']);
  });

  it('waits for a blank-looking last line to complete', () => {
    const split = splitBlocks('a\n\n  ');
    expect(blocks(split)).toEqual(['a\n\n  ']);
    expect(blocks(splitBlocks('a\n\n  b', split))).toEqual(['a\n\n  b']);
  });

  it.each([
    ['CRLF', 'a\r\n\r\n```\r\nx\r\n\r\n```\r\n\r\nb', ['a\r\n\r\n', '```\r\nx\r\n\r\n```\r\n\r\n', 'b']],
    ['lone CR', 'a\r\r~~~\rx\r\r~~~ \t\r\rb', ['a\r\r', '~~~\rx\r\r~~~ \t\r\r', 'b']],
    ['mixed line endings', 'a\r\n\r```\nx\r\r\n```\r\n\nb', ['a\r\n\r', '```\nx\r\r\n```\r\n\n', 'b']],
    ['no closer: other whitespace after the run', '```\nx\n```\u00A0\n\nb', ['```\nx\n```\u00A0\n\nb']],
    ['no closer: a shorter run', '````\nx\n```\n\nb', ['````\nx\n```\n\nb']],
    ['a longer closing run, indented', '```\nx\n\n   `````\n\nb', ['```\nx\n\n   `````\n\n', 'b']],
    ['no fence: a backtick in the info', '``` a`b\n\nc', ['``` a`b\n\n', 'c']],
    ['a tilde fence with a backtick in its info', '~~~ a`b\nx\n\n~~~\n\nc', ['~~~ a`b\nx\n\n~~~\n\n', 'c']],
    ['no fence after a tab', '\t```\nx\n\nb', ['\t```\nx\n\n', 'b']],
  ])('reads lines and fences as the scanner does: %s (whole, and resumed from every split)', (_, text, expected) => {
    expect(blocks(splitBlocks(text))).toEqual(expected);
    for (const [head] of splitsInTwo(text)) expect(blocks(splitBlocks(text, splitBlocks(head!))), JSON.stringify(head)).toEqual(expected);
  });
});
