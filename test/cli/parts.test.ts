/**
 * `render` cuts a big transcript into parts rendered one after another. The cuts must not change
 * the page: rendering in the smallest parts possible gives the same HTML as rendering whole.
 */
import fc from 'fast-check';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { cutPoints, documentParts } from '../../src/cli/parts.js';
import { SettledChunks, WholeChunks } from '../../src/cli/settled-chunks.js';
import { renderTranscriptHtml, TranscriptHtml } from '../../src/cli/transcript-html.js';
import { parseTranscript, type ToolSyntax, type TranscriptChunk } from '../../src/index.js';
import { builtinSyntaxes } from '../../src/syntaxes/index.js';
import { remarkToolCalls } from '../../src/remark/plugin.js';
import { rehypeSafeUrls } from '../../src/remark/safe-urls.js';
import { splitAt, splitsInTwo, unitByUnit } from '../support/splits.js';

const SYNTAXES = Object.values(builtinSyntaxes) as ToolSyntax[];

/** The cut offsets of `doc`, as the lines they start. */
function cutLines(doc: string): string[] {
  return [...cutPoints(parseTranscript(doc, { syntaxes: SYNTAXES }))].map((cut) => doc.slice(cut, doc.indexOf('\n', cut) >>> 0));
}

describe('cut points', () => {
  it('cuts before a line at column 1 that follows a blank line', () => {
    expect(cutLines('a\n\nb\nc\n\n\nd\n')).toEqual(['b', 'd']);
    expect(cutLines('a\r\n\r\nb\r\n')).toEqual(['b\r']);
    expect(cutLines('a\r\rb\r')).toEqual(['b\r']);
  });

  it('never cuts before a list item, an indented line or inside a list', () => {
    expect(cutLines('- a\n\n- b\n\n1. c\n\n2) d\n\n  e\n\n\tf\n\n*\n\n+ g\n\n12345.x')).toEqual(['12345.x']);
  });

  it('never cuts inside fenced code or a raw HTML block that a blank line does not end', () => {
    // A fence in a quote ends with the quote (the scanner reads containers as CommonMark does).
    expect(cutLines('> ```\n\nin\n\n> ```\n\nout1')).toEqual(['in', '> ```', 'out1']);
    // A fence in an item ends with the item at `in`, but not before the blank line ahead of it.
    expect(cutLines('- ~~~\n\nin\n\nout')).toEqual(['out']);
    expect(cutLines('```js\n\nin\n```\n\nout1\n~~~~\n\n~~~\n\nin\n~~~~\n\nout2')).toEqual(['out1', 'out2']);
    expect(cutLines('<!--\n\nin\n\n-->\n\nout1\n\n<SCRIPT>\n\nin\n</script>\n\nout2\n\n<div>\n\nout3')).toEqual(['out1', '<SCRIPT>', 'out2', '<div>', 'out3']);
    expect(cutLines('<?php\n\nin ?>\n\nout1\n\n<!DOCTYPE\n\nin>\n\nout2\n\n<![CDATA[\n\nin]]>\n\nout3')).toEqual(['out1', '<!DOCTYPE', 'out2', '<![CDATA[', 'out3']);
  });

  it('never cuts inside a tool block, and a block ends an open fence (its text runs are parsed apart)', () => {
    expect(cutLines('^^^write\ncontent ---\n\nin\n--- content\n^^^\n\nout')).toEqual(['out']);
    expect(cutLines('x 🛠️[ls]🛠️[/end]\n\nout')).toEqual(['out']);
    // The line after a block is not blank even when the block ends the line.
    expect(cutLines('```tool a\n```\nin\n\nout')).toEqual(['out']);
  });

  it('cuts before a block at the start of a line after a blank line', () => {
    expect(cutLines('^^^a\n^^^\n\n^^^b\n^^^\n\n\n^^^c\n^^^\n^^^d\n^^^\n')).toEqual(['^^^b', '^^^c']);
    expect(cutLines('x\n\n^^^a\n^^^\n\n  ^^^b\n^^^\n\n```\n\n^^^c\n^^^\n```\n\n- x\n\n^^^d\n^^^\n')).toEqual(['^^^a', '```', '^^^d']);
  });

  it('parts cover the document in order, each as long as the target allows', () => {
    const doc = 'word word word\n\n'.repeat(1000);
    const parts = [...documentParts(parseTranscript(doc), 1000)];
    expect(parts[0]!.start).toBe(0);
    expect(parts.at(-1)!.end).toBe(doc.length);
    parts.slice(1).forEach((part, i) => expect(part.start).toBe(parts[i]!.end));
    for (const part of parts.slice(0, -1)) expect(part.end - part.start).toBeGreaterThanOrEqual(1000);
    for (const part of parts) expect(part.end - part.start).toBeLessThan(1000 + 16);
    expect([...documentParts([], 1000)]).toEqual([{ start: 0, end: 0 }]);
  });
});

/** Markdown blocks and tool blocks a transcript is made of, blank lines inside several. */
const BLOCKS = [
  'Some *text* with `code` and a [link](https://example.com).',
  'a line\nthe next line',
  'Title\n===',
  '# Heading',
  '- a\n- b',
  '- a\n\n- b',
  '1. one\n\n2. two',
  '- item\n\n  continued in the item',
  '- item\n\n      indented code in the item',
  '> quoted\n\n> again',
  '> ```\n> code in a quote',
  '- ```\n  code in an item\n\n  ^^^read\n  ^^^',
  '| a | b |\n| - | - |\n| 1 | 2 |',
  '    indented code\n\n    more of it',
  '```js\ncode\n\n# not a heading\n^^^read\n^^^\n```',
  '~~~\n\nplain\n~~~',
  '```\nan unclosed fence',
  '<!--\n\na comment\n\n-->',
  '<div>\n\nx</div>',
  '<script>\n\nalert(1)\n\n</script>',
  '<t>\n```',
  '<div class="x">\n~~~',
  '```tool search\ninput:\n  q: x\n```',
  '^^^read_file\npath: a\n^^^',
  '^^^write\ncontent ---\nline\n\nmore\n--- content\n^^^',
  'Run 🛠️[ls -la]🛠️[/end] now',
  '🛠️[cat]\n\nbody\n🛠️[/end]',
  '<tool name="x"><arguments><arg name="a">1</arg></arguments></tool>',
  '[[SEG_START {"type":"run_bash"}]]\n\nls\n[[SEG_END]]',
  '{"name": "get", "args": {"q": 1}}',
  '* * *',
  // Containers read by columns: a fence or HTML block in an item ends with the item, tabs count to the next stop.
  '- a\n\n  ```\n  code',
  '- <!--\n  x',
  '>\t```\n>\tcode',
  '-\t~~~\n\tin the item',
  '\t~~~',
  '  ```\n  x\n  ```',
  'text\n<t>',
  '# H\n2. ```\n',
  '---\n<div>\n```',
  '<pre>\n\n```\n</pre>',
  '  - a\n\n    > ```\n    > x',
  '-\n  ```',
  '',
];
const SEPARATORS = ['\n', '\n\n', '\n\n\n', '\r\n\r\n', ' \n\n'];

const transcript = fc
  .array(fc.tuple(fc.constantFrom(...BLOCKS), fc.constantFrom(...SEPARATORS)), { maxLength: 12 })
  .map((blocks) => blocks.map(([block, separator]) => block + separator).join(''));

describe('rendering in parts', () => {
  it('renders a document in one part as the remark plugin renders it', () => {
    // The pipeline `render` stands for; the CLI builds the tree from the chunks it has rather than
    // letting the plugin scan the text again.
    const pipeline = unified().use(remarkParse).use(remarkGfm).use(remarkToolCalls, { syntaxes: SYNTAXES }).use(remarkRehype).use(rehypeSafeUrls).use(rehypeStringify);
    fc.assert(
      fc.property(transcript, (doc) => {
        expect(renderTranscriptHtml(doc, SYNTAXES, Infinity)).toBe(String(pipeline.processSync(doc)));
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('gives the HTML the whole document gives (cut at every cut point)', () => {
    fc.assert(
      fc.property(transcript, (doc) => {
        expect(renderTranscriptHtml(doc, SYNTAXES, 1)).toBe(renderTranscriptHtml(doc, SYNTAXES, Infinity));
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('reads a fence line inside an HTML block that a blank line ends as HTML (kinds 6 and 7)', () => {
    // `<t>` alone on a line opens an HTML block unless it continues a paragraph: no cut until
    // both readings agree. The fence opens at line 4 and runs to the end.
    for (const doc of ['<t>\n```\n\n```\n\n>', 'text\n<t>\n```\n\n```\n\n>', '<div class="x">\n```\n\n```\n\n>\n\n^^^a\n^^^\n']) {
      expect(renderTranscriptHtml(doc, SYNTAXES, 1), doc).toBe(renderTranscriptHtml(doc, SYNTAXES, Infinity));
    }
    // The first fence line is HTML, the second opens a fence that runs to the end.
    expect(cutLines('<t>\n```\n\nin\n\n```\n\nin')).toEqual(['in', '```']);
    expect(cutLines('<div>\n```\n\nin\n\n```\n\nin')).toEqual(['in', '```']);
    // After a paragraph `<t>` is text and the fence opens at line 3; the cutter does not know
    // `text` is no heading (after one `<t>` would be HTML): no cut while the readings disagree.
    expect(cutLines('text\n<t>\n```\n\nin\n\n```\n\nin')).toEqual([]);
  });

  it('carries an HTML block of kind 6 or 7 past a tool block, as the scanner does (found by the property below)', () => {
    // `<t>` opens an HTML block that holds the XML call and goes on to the blank line: the first
    // `~~~` is HTML, the second opens a fence that never closes, and the ```` ```tool ```` is code.
    const doc =
      '<t>\n```\n<tool name="x"><arguments><arg name="a">1</arg></arguments></tool>\n~~~\n\nplain\n~~~\n' +
      'Some *text* with `code` and a [link](https://example.com).\n\n' +
      'Some *text* with `code` and a [link](https://example.com).\r\n\r\n```tool search\ninput:\n  q: x\n```\n';
    // To markdown, the text run after the call opens a fence at the first `~~~` (`plain` is code);
    // to the scanner, the second `~~~` opens one: no line is outside both.
    expect(cutLines(doc)).toEqual([]);
    const whole = renderTranscriptHtml(doc, SYNTAXES, Infinity);
    expect(whole).toMatch(/<pre><code[^>]*>input:/);
    expect(whole.match(/data-tool-call-id=/g)).toHaveLength(1);
    for (let size = 1; size <= doc.length; size++) expect(htmlOfPieces(splitAt(doc, piecesOf(doc.length, size)), 1), `pieces of ${size}`).toBe(whole);
  });

  it('reads the lines of a list item as the item’s, not as top-level fences', () => {
    // The item's fence ends with the item at `x`; the top-level fence opens at the next ```.
    for (const doc of ['- a\n\n  ```\n  code\n\nx\n```\n\nhidden\n\n```tool search\ninput:\n  q: x\n```\n', '- a\n\n  ```\n  code\n\nx\n```\n\nhidden\n\nmore\n']) {
      expect(cutLines(doc), doc).toEqual([]);
      expect(renderTranscriptHtml(doc, SYNTAXES, 1), doc).toBe(renderTranscriptHtml(doc, SYNTAXES, Infinity));
    }
    // A blank line in an item's open fence is code only when the document ends there: no cut after it.
    expect(cutLines('- ```\n  code\n\nout\n\nout2')).toEqual(['out2']);
  });

  it('reads a lone tag after a heading or a thematic break as an HTML block (found by the property)', () => {
    // To CommonMark, and to the scanner since it reads headings and breaks (issue #23), `<t>` is
    // HTML up to the blank line: no fence opens, and the heading after the blank line may start a part.
    const doc =
      '# Heading\n<t>\n```\n```js\ncode\n\n# not a heading\n^^^read\n^^^\n```\n' +
      'Some *text* with `code` and a [link](https://example.com). \n\nSome *text* with `code` and a [link](https://example.com).\n';
    for (const text of [doc, doc.replace('# Heading', 'Title\n==='), doc.replace('# Heading', '* * *')]) {
      expect(cutLines(text), text).toEqual(['# not a heading']);
      expect(renderTranscriptHtml(text, SYNTAXES, 1), text).toBe(renderTranscriptHtml(text, SYNTAXES, Infinity));
    }
  });

  it('reads a list item after a heading as one, though it could not interrupt a paragraph (found by the property)', () => {
    // `2.` opens an item with a fence in it; its blank lines are code only at the document's end.
    for (const doc of ['# H\n2. ```\n \n\nSome *text*.\n', '# H\n-\n  ```\n\nSome *text*.\n']) {
      expect(cutLines(doc), doc).toEqual([]);
      expect(renderTranscriptHtml(doc, SYNTAXES, 1), doc).toBe(renderTranscriptHtml(doc, SYNTAXES, Infinity));
    }
  });

  it('reads a list marker alone on its line as an item whose fence ends with it (found by the property)', () => {
    // The tracker reads `-` alone as text and `  ```` as a top-level fence that the next line
    // closes; to CommonMark the fence is the item's and the next line opens one at the top level.
    for (const doc of ['# H\n-\n  ```\n```\nan unclosed fence \n\nSome *text*.\n', '-\n  ```\n```\nin\n\nstill in\n']) {
      expect(cutLines(doc), doc).toEqual([]);
      expect(renderTranscriptHtml(doc, SYNTAXES, 1), doc).toBe(renderTranscriptHtml(doc, SYNTAXES, Infinity));
    }
  });

  it('numbers the calls across the whole document, as one parse does', () => {
    const doc = '^^^a\n^^^\n\ntext\n\n^^^b\n^^^\n\nmore\n\n^^^c\n^^^\n';
    const html = renderTranscriptHtml(doc, SYNTAXES, 1);
    expect(html.match(/data-tool-call-id="[^"]*"/g)).toEqual(['data-tool-call-id="tool-call-1"', 'data-tool-call-id="tool-call-2"', 'data-tool-call-id="tool-call-3"']);
    expect(html).toBe(renderTranscriptHtml(doc, SYNTAXES, Infinity));
  });
});

/** Cut positions that split a text of `length` into pieces of `size` (the last may be shorter). */
function piecesOf(length: number, size: number): number[] {
  const cuts: number[] = [];
  for (let at = size; at < length; at += size) cuts.push(at);
  return cuts;
}

/** The HTML of `pieces` fed one after another to one {@link TranscriptHtml}. */
function htmlOfPieces(pieces: readonly string[], partSize: number): string {
  const html = new TranscriptHtml(SYNTAXES, partSize);
  return [...pieces.flatMap((piece) => html.write(piece)), ...html.end()].join('');
}

/** The chunks of `pieces` fed one after another to one {@link WholeChunks}. */
function chunksOfPieces(pieces: readonly string[]): TranscriptChunk[] {
  const chunks = new WholeChunks({ syntaxes: SYNTAXES });
  return [...pieces.flatMap((piece) => chunks.write(piece)), ...chunks.end()];
}

/** A transcript and cut positions in it, to feed it in pieces as a file or a pipe delivers it. */
const transcriptInPieces = transcript.chain((doc) => fc.tuple(fc.constant(doc), fc.array(fc.nat({ max: doc.length }), { maxLength: 8 })));

describe('reading the transcript in pieces', () => {
  it('gives the same HTML whatever the pieces, in parts or whole', () => {
    fc.assert(
      fc.property(transcriptInPieces, ([doc, cuts]) => {
        const whole = renderTranscriptHtml(doc, SYNTAXES, Infinity);
        expect(htmlOfPieces(splitAt(doc, cuts), 1)).toBe(whole);
        expect(htmlOfPieces(splitAt(doc, cuts), Infinity)).toBe(whole);
      }),
      { numRuns: 100 },
    );
  }, 120_000);

  it('gives the same HTML for every split in two and unit by unit', () => {
    const doc = 'a\r\n\r\nb 🛠️[ls]🛠️[/end]\r\n\r\n^^^read\r\n^^^\r\rc\n\n```\nx\n\n```\n\nd\n';
    const whole = renderTranscriptHtml(doc, SYNTAXES, Infinity);
    for (const pieces of splitsInTwo(doc)) expect(htmlOfPieces(pieces, 1), JSON.stringify(pieces)).toBe(whole);
    expect(htmlOfPieces(unitByUnit(doc), 1)).toBe(whole);
  });

  it('gives parseTranscript’s chunks whatever the pieces (text runs joined)', () => {
    fc.assert(
      fc.property(transcriptInPieces, ([doc, cuts]) => {
        expect(chunksOfPieces(splitAt(doc, cuts))).toEqual(parseTranscript(doc, { syntaxes: SYNTAXES }));
      }),
      { numRuns: 200 },
    );
  });

  it('hands text out as the scanner lets it go, and forgets what it handed out', () => {
    const settled = new SettledChunks({ syntaxes: SYNTAXES });
    expect(settled.write('one\n\n')).toEqual([{ type: 'text', value: 'one\n\n' }]);
    // The next write hands out only what is new: nothing of the whole so far is kept.
    expect(settled.write('two\n\n^^^read\n^^^\n')).toEqual([
      { type: 'text', value: 'two\n\n' },
      expect.objectContaining({ type: 'tool', toolName: 'read', toolCallId: 'tool-call-1' }),
      { type: 'text', value: '\n' },
    ]);
    expect(settled.write('^^^read\n')).toEqual([]);
    expect(settled.end()).toEqual([expect.objectContaining({ type: 'tool', toolCallId: 'tool-call-2', closed: false })]);
  });

  it('cuts at the same places whatever the pieces', () => {
    fc.assert(
      fc.property(transcriptInPieces, ([doc, cuts]) => {
        const whole = [...cutPoints(parseTranscript(doc, { syntaxes: SYNTAXES }))];
        const settled = new SettledChunks({ syntaxes: SYNTAXES });
        const chunks = [...splitAt(doc, cuts).flatMap((piece) => settled.write(piece)), ...settled.end()];
        expect([...cutPoints(chunks)]).toEqual(whole);
      }),
      { numRuns: 200 },
    );
  });
});
