/**
 * Headings, setext underlines, thematic breaks and inline HTML tags, as
 * remark-parse reads them (issue #23): a heading or break ends the paragraph,
 * so an indented line right after it is indented code and a marker there is
 * no call; a heading is one line, so a backtick in it opens no code span past
 * it; a backtick inside a tag's attribute value is no code span opener. Each
 * case is checked against the oracle, in several syntaxes, whole, split in
 * two at every position and streamed one unit at a time.
 */
import { describe, expect, it } from 'vitest';
import { emojiSyntax, hermesSyntax, jsonSyntax, parseTranscript, xmlSyntax, type ToolSyntax, type TranscriptChunk } from '../../src/index.js';
import { reassemble, splitsInTwo, streamPieces, unitByUnit } from '../support/splits.js';
import { codeRanges, inCode, markerOffsets, toolOffsets } from './oracle.js';

/** One call per syntax; `$` in a case stands for it. */
const CALLS: Array<[ToolSyntax, string]> = [
  [emojiSyntax, '🛠️[x]🛠️[/end]'],
  [xmlSyntax, '<run_bash>ls</run_bash>'],
  [hermesSyntax, '<tool_call>{"name": "add", "arguments": {"a": 1}}</tool_call>'],
];

/** The chunks of `doc`, the same whole, in every two-way split and unit by unit. */
function chunksEverySplit(doc: string, syntax: ToolSyntax): TranscriptChunk[] {
  const options = { syntaxes: [syntax] };
  const whole = parseTranscript(doc, options);
  expect(reassemble(whole)).toBe(doc);
  for (const pieces of splitsInTwo(doc)) expect(streamPieces(pieces, options).chunks).toEqual(whole);
  expect(streamPieces(unitByUnit(doc), options).chunks).toEqual(whole);
  return whole;
}

/** Calls exactly at the markers CommonMark leaves outside code, and `count` of them. */
function expectAsCommonMark(template: string, count: number): void {
  for (const [syntax, call] of CALLS) {
    const doc = template.replaceAll('$', call);
    const ranges = codeRanges(doc);
    const expected = markerOffsets(doc, [call]).filter((offset) => !inCode(ranges, offset));
    expect(expected, `the oracle, ${syntax.name}: ${JSON.stringify(doc)}`).toHaveLength(count);
    expect(toolOffsets(chunksEverySplit(doc, syntax)), `${syntax.name}: ${JSON.stringify(doc)}`).toEqual(expected);
  }
}

describe('an indented line after a heading or break is code, not a paragraph continuation', () => {
  it.each([
    ['an ATX heading', '## Example\n    $', 0],
    ['an ATX heading of one `#`', '# Example\n    $\n$', 1],
    ['an empty ATX heading', '#\n    $', 0],
    ['an ATX heading closed by `#`s', '## Example ##\n    $', 0],
    ['an ATX heading after a tab', '##\tExample\n    $', 0],
    ['an ATX heading indented three spaces', '   ## Example\n    $', 0],
    ['an ATX heading interrupting a paragraph', 'words\n## Example\n    $', 0],
    ['a setext heading (=)', 'Example\n=======\n    $', 0],
    ['a setext heading (-)', 'Example\n---\n    $', 0],
    ['a setext underline of one `-`', 'Example\n-\n    $', 0],
    ['a setext underline with trailing spaces', 'Example\n===  \n    $', 0],
    ['a thematic break (***)', '***\n    $', 0],
    ['a thematic break (- - -)', '- - -\n    $', 0],
    ['a thematic break (_ _ _) after a paragraph', 'words\n_ _ _\n    $', 0],
    ['a thematic break interrupting a paragraph (* * *)', 'words\n* * *\n    $', 0],
    ['a thematic break of four dashes after a list marker', '- ---\n    $', 0],
    ['a quoted heading', '> ## x\n>     $', 0],
    ['a quoted setext heading', '> x\n> ===\n>     $', 0],
    ['a heading in a list item', '- ## x\n      $', 0],
    ['a thematic break in a list item', '- ***\n      $', 0],
    ['a heading in a nested quote and list', '> - # x\n>       $', 0],
  ])('after %s', (_, doc, calls) => expectAsCommonMark(doc, calls));

  it.each([
    ['seven `#`s are paragraph text', '####### x\n    $', 1],
    ['`#` without a space is paragraph text', '#x\n    $', 1],
    ['`#` indented four columns is code itself', '    # x\n    $', 0],
    ['`= =` is no setext underline', 'x\n= =\n    $', 1],
    ['`===` after no paragraph is paragraph text', '===\n    $', 1],
    ['`**` is no thematic break', '**\n    $', 1],
    ['`--` after a paragraph underlines it', 'x\n--\n    $', 0],
    ['a setext line in a lazy continuation is text', '> x\n===\n    $', 1],
    ['`- a - -` is a list item', '- a - -\n      $', 1],
    ['a heading holds calls', '## see $ here\n$', 2],
  ])('but %s', (_, doc, calls) => expectAsCommonMark(doc, calls));
});

describe('a backtick opens no code span that CommonMark never sees', () => {
  it.each([
    ['in an ATX heading', '## a `b\n$ `', 1],
    ['in a setext heading', 'a `b\n===\n$ `', 1],
    ['before a thematic break', 'a `b\n***\n$ `', 1],
    ['in a heading, closed on the same line', '## a `b` $ `c`', 1],
    ['in a double-quoted attribute value', 'x <a title="`"> $ `', 1],
    ['in a single-quoted attribute value', "x <a title='`'> $ `", 1],
    ['in a heading\'s attribute value', '## <a title="`"> $ `', 1],
    ['in a tag after a closed code span', '`c` <a title="`"> $ `', 1],
  ])('%s', (_, doc, calls) => expectAsCommonMark(doc, calls));

  it.each([
    ['an unclosed tag: the backtick opens a span', 'x <a title="` $ `', 0],
    ['an unquoted value cannot hold a backtick', 'x <a title=`> $ `', 0],
    ['a code span that ends inside what looks like a tag', '`<a title="`"> $ `', 1],
  ])('but %s', (_, doc, calls) => expectAsCommonMark(doc, calls));
});

describe('lazy continuation lines, as micromark reads them', () => {
  it.each([
    ['a call on a lazy line keeps the block quote open', '> a\n$`a\n> $`a', 1],
    ['a lone tag on a lazy line is an HTML block: its backtick opens no span', '- b\n  `$a\n<a title="`">', 1],
    ['a lone tag on a lazy line ends with its containers', '> - a\n</pre>\n    $a', 0],
    ['a <pre> on a lazy line is verbatim HTML', '1. a\n<pre>\n$', 0],
    ['a tag with text after it on a lazy line is paragraph text', "> `a\nb\n<b x='`'>$", 1],
  ])('%s', (_, doc, calls) => expectAsCommonMark(doc, calls));
});

describe('a line-start syntax in an HTML block starts only at the line start', () => {
  const call = '{"tool": {"function": "read", "parameters": {"p": 1}}}';
  it.each([
    ['mid-line after a lone tag line', `<a>\nb ${call}`, 0],
    ['at the line start after a lone tag line', `<a>\n${call}`, 1],
    ['mid-line in a <div> block', `<div>\nb ${call}`, 0],
    ['indented four columns in a <div> block', `<div>\n    ${call}`, 0],
  ])('%s', (_, doc, calls) => {
    const chunks = chunksEverySplit(doc, jsonSyntax);
    expect(chunks.filter((chunk) => chunk.type === 'tool')).toHaveLength(calls);
  });
});
