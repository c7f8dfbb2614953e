/**
 * The XML block's source, kept as the pieces it arrived in (`SourcePieces`): any slice equals the
 * same slice of the text, whatever the pieces; runs of small pieces are joined, so a block streamed
 * in deltas of a few units keeps a few pieces per hundred units, and each unit is copied at most
 * once by a join.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWorkMeter } from '../../src/scanner/work-meter.js';
import { SourcePieces } from '../../src/syntaxes/xml/source-pieces.js';

/** The pieces `eachPiece` hands out up to `end`, as strings. */
function piecesUpTo(source: SourcePieces, end = source.length): string[] {
  const out: string[] = [];
  source.eachPiece(end, (piece, from, to) => out.push(piece.slice(from, to)));
  return out;
}

describe('xml source pieces', () => {
  it('slices and hands out the text as appended, whatever the pieces', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 0, maxLength: 90 }), { maxLength: 400 }),
        fc.nat(),
        fc.nat(),
        (pieces, a, b) => {
          const work = createWorkMeter();
          const source = new SourcePieces(work);
          for (const piece of pieces) source.append(piece);
          const text = pieces.join('');
          expect(source.length).toBe(text.length);
          const start = text.length === 0 ? 0 : a % (text.length + 1);
          const end = start + (text.length === 0 ? 0 : b % (text.length - start + 1));
          expect(source.slice(start, end, false)).toBe(text.slice(start, end));
          expect(piecesUpTo(source, end).join('')).toBe(text.slice(0, end));
          // Joins copy each unit at most once.
          expect(work.copied).toBeLessThanOrEqual(text.length);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('joins a stream of small deltas into a few pieces', () => {
    const source = new SourcePieces();
    const text = 'abcd'.repeat(1000);
    for (let i = 0; i < text.length; i += 4) source.append(text.slice(i, i + 4));
    const pieces = piecesUpTo(source);
    expect(pieces.join('')).toBe(text);
    // 1,000 deltas: 7 joined runs of 128, and the 104 of the run still open.
    expect(pieces.length).toBe(111);
  });

  it('keeps a large piece as it came, and joins the small ones around it apart from it', () => {
    const source = new SourcePieces();
    const large = 'x'.repeat(100);
    const pieces = [...Array.from({ length: 130 }, () => 'ab'), large, ...Array.from({ length: 130 }, () => 'cd')];
    for (const piece of pieces) source.append(piece);
    const handed = piecesUpTo(source);
    expect(handed.join('')).toBe(pieces.join(''));
    expect(handed).toContain(large);
    expect(handed).toContain('ab'.repeat(128));
    expect(handed).toContain('cd'.repeat(128));
  });
});
