/**
 * One markdown model (src/markdown/): on generated top-level markdown — fence lines with every
 * indentation, run length, fence character and info string that matters, plain and blank lines,
 * `\n`, `\r\n` and lone `\r` line endings mixed — every reader of fences agrees with CommonMark
 * (remark-parse) about after which lines a fence is open: the scanner's markdown tracker, the
 * React block splitter (whole, and fed one unit at a time), the React closer of streaming
 * markdown, and the tool fence syntax's closer (whole and streamed unit by unit).
 */
import fc from 'fast-check';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import { fenceSyntax, parseTranscript } from '../../src/index.js';
import { closeMarkdown } from '../../src/react/markdown/close-markdown.js';
import { splitBlocks, type BlockSplit } from '../../src/react/markdown/split-blocks.js';
import { MarkdownTracker } from '../../src/scanner/markdown.js';
import { streamPieces, unitByUnit } from '../support/splits.js';

const INDENTS = ['', ' ', '  ', '   ', '    ', '\t', ' \t', '   \t'];
/** Info strings and what may follow a closing run: blanks, words, a backtick (no backtick fence), other whitespace (no closer). */
const INFOS = ['', 'js', ' js ', 'a`b', '`', '~', ' ', '\t', ' \t ', ' x y', '\u00A0', '\f', '\v'];
const ENDINGS = ['\n', '\r\n', '\r'];

const fenceLine = fc
  .tuple(fc.constantFrom(...INDENTS), fc.constantFrom('`', '~'), fc.integer({ min: 2, max: 5 }), fc.constantFrom(...INFOS))
  .map(([indent, char, length, info]) => indent + char.repeat(length) + info);
/** No container, HTML, heading or thematic break starts: fences are all that is read here. */
const otherLine = fc.constantFrom('a', 'b c', '', ' ', '\t', '    code', '  x ~~', 'y `` z');
const lines = fc.array(fc.tuple(fc.oneof({ arbitrary: fenceLine, weight: 3 }, { arbitrary: otherLine, weight: 2 }), fc.constantFrom(...ENDINGS)), {
  maxLength: 14,
});
const documents = fc
  .tuple(lines, fc.boolean())
  .map(([pairs, endsOpen]) => pairs.map(([line, ending], i) => (endsOpen && i === pairs.length - 1 ? line : line + ending)).join(''));

/** 300 runs per property; `PROPERTY_RUNS=5000` for a longer search. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const TIMEOUT = 30_000 + RUNS * 20;

/** Where each line ending of `doc` ends (the next line's start): read here without the model. */
function lineEnds(doc: string): number[] {
  return [...doc.matchAll(/\r\n|\r|\n/g)].map((match) => match.index + match[0].length);
}

/** CommonMark: after which line endings a fenced code block is open. */
function oracle(doc: string): boolean[] {
  const open = lineEnds(doc).map(() => false);
  for (const node of fromMarkdown(doc).children) {
    if (node.type !== 'code' || !/^ {0,3}[`~]/.test(doc.slice(node.position!.start.offset))) continue;
    // Open after its lines up to the closing one (line L ends at index L - 1); unclosed, it runs to the end.
    for (let line = node.position!.start.line; line < node.position!.end.line; line++) open[line - 1] = true;
  }
  return open;
}

/** The scanner's markdown tracker, fed the document unit by unit. */
function scanner(doc: string): boolean[] {
  const tracker = new MarkdownTracker();
  const ends = new Set(lineEnds(doc));
  const open: boolean[] = [];
  for (let i = 0; i < doc.length; i++) {
    tracker.classify(doc[i]!);
    tracker.feed(doc[i]!);
    if (ends.has(i + 1)) open.push(tracker.fenceOpen());
  }
  return open;
}

/** The React block splitter, given the text up to each line ending. */
function splitterWhole(doc: string): boolean[] {
  return lineEnds(doc).map((end) => splitBlocks(doc.slice(0, end)).resume.fence !== undefined);
}

/** The React block splitter, fed one unit more at a time and resuming its previous split. */
function splitterStreamed(doc: string): boolean[] {
  const ends = new Set(lineEnds(doc));
  const open: boolean[] = [];
  let split: BlockSplit | undefined;
  for (let i = 1; i <= doc.length; i++) {
    split = splitBlocks(doc.slice(0, i), split);
    if (ends.has(i)) open.push(split.resume.fence !== undefined);
  }
  return open;
}

/** The React closer: a fence is open when a line written after the text gets a closing fence of its own. */
function closer(doc: string): boolean[] {
  return lineEnds(doc).map((end) => {
    const text = `${doc.slice(0, end)}x`;
    const closed = closeMarkdown(text);
    return closed.startsWith(`${text}\n`) && /^(`{3,}|~{3,})$/.test(closed.slice(text.length + 1));
  });
}

describe('one markdown model: every fence reader agrees with CommonMark', () => {
  it('opens and closes fences after the same lines', () => {
    fc.assert(
      fc.property(documents, (doc) => {
        const expected = oracle(doc);
        expect(scanner(doc), 'scanner').toEqual(expected);
        expect(splitterWhole(doc), 'block splitter').toEqual(expected);
        expect(splitterStreamed(doc), 'block splitter, streamed').toEqual(expected);
        expect(closer(doc), 'markdown closer').toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT);

  it('a tool fence ends at the line where the same markdown fence closes', () => {
    const openers = fc.tuple(fc.constantFrom('`', '~'), fc.integer({ min: 3, max: 5 }), fc.constantFrom(...ENDINGS));
    fc.assert(
      fc.property(openers, documents, ([char, length, ending], body) => {
        const run = char.repeat(length);
        // A line ending after the body, so that every line of it is ended for the tracker.
        const rest = `${ending}${body}\n`;
        const markdown = `${run}js${rest}`;
        const tracker = scanner(markdown);
        const ends = lineEnds(markdown);
        // The first line after which the markdown fence is no longer open is its closer; the tool
        // block ends with that line, before its line ending.
        const closing = tracker.indexOf(false);
        const offset = closing === -1 ? markdown.length : ends[closing]! - lineEndingBefore(markdown, ends[closing]!);
        const tool = `${run}tool t${rest}`;
        const options = { syntaxes: [fenceSyntax] };
        const chunks = parseTranscript(tool, options);
        // Streamed one unit at a time (a `\r\n` split between its units too), the same chunks.
        expect(streamPieces(unitByUnit(tool), options).chunks).toEqual(chunks);
        expect(chunks[0]?.type).toBe('tool');
        const raw = chunks[0]!.type === 'tool' ? chunks[0]!.raw : '';
        expect(raw.length - 'tool t'.length).toBe(offset - 'js'.length);
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT);
});

/** Length of the line ending that ends at `end`. */
function lineEndingBefore(doc: string, end: number): number {
  return doc.slice(end - 2, end) === '\r\n' ? 2 : 1;
}
