/**
 * Counterexamples the fuzz properties found, kept as plain tests: each input
 * is parsed whole and streamed at every split (and one unit at a time), and
 * every way must give the same chunks.
 */
import { describe, expect, it } from 'vitest';
import { parseTranscript, type ToolSyntax, type TranscriptOptions } from '../../../src/index.js';
import { builtinSyntaxes } from '../../../src/syntaxes/index.js';
import { splitsInTwo, streamPieces } from '../../support/splits.js';

const all: TranscriptOptions = { syntaxes: Object.values(builtinSyntaxes) as ToolSyntax[] };

function expectSplitIndependent(doc: string, options: TranscriptOptions = all) {
  const whole = parseTranscript(doc, options);
  for (const pieces of splitsInTwo(doc)) expect(streamPieces(pieces, options).chunks, JSON.stringify(pieces)).toEqual(whole);
  expect(streamPieces(doc.split(''), options).chunks).toEqual(whole);
  return whole;
}

describe('XML: where top-level text starts does not depend on the split', () => {
  it('a CRLF split between deltas is one line break', () => {
    const [tool] = expectSplitIndependent('<tool name="x">\r\n🛠️[');
    expect(tool).toMatchObject({ state: 'output-error', errorText: expect.stringContaining('at line 2, column 1') });
  });

  it.each([
    ['a no-break space', '<tool name="x">\u00A0~~~', 17],
    ['a byte order mark', '<tool:x>\uFEFF🛠️[', 10],
    ['a line separator', '<tool name="x">\u2028 x</tool>', 18],
  ])('%s before it is blank, as trim() says', (_, doc, column) => {
    const [tool] = expectSplitIndependent(doc);
    expect(tool).toMatchObject({ state: 'output-error', errorText: expect.stringContaining(`outside an element at line 1, column ${column}:`) });
  });

  it('text inside <arguments> after a split CRLF', () => {
    const [tool] = expectSplitIndependent('<tool name="x"><arguments>\r\nstray</arguments></tool>');
    expect(tool).toMatchObject({ errorText: 'text inside <arguments> at line 2, column 1: expected <arg name="…"> elements' });
  });
});
