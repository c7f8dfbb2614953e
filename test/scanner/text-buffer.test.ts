import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextBuffer } from '../../src/scanner/text-buffer.js';

// The buffer keeps one-unit pieces as char codes and longer ones as strings, joined in batches:
// whatever the mix of pieces, reads and takes, it must read as the plain concatenation.

type Step = { kind: 'append'; piece: string } | { kind: 'read' } | { kind: 'take' };

const piece = fc.oneof(
  fc.constantFrom('', 'a', '\n', '\uD83D', '\uDEE0', '`', 'é'),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 12, arbitrary: piece.map((p) => ({ kind: 'append' as const, piece: p })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'read' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'take' as const }) },
);

/** Runs the steps on a buffer and on a plain string, checking every read. */
function agree(initial: string, steps: Step[]): void {
  const buffer = new TextBuffer(initial);
  let plain = initial;
  for (const s of steps) {
    if (s.kind === 'append') {
      buffer.append(s.piece);
      plain += s.piece;
    } else if (s.kind === 'read') {
      expect(buffer.toString()).toBe(plain);
    } else {
      expect(buffer.take()).toBe(plain);
      plain = '';
    }
    expect(buffer.length).toBe(plain.length);
    expect(buffer.last).toBe(plain === '' ? '' : plain[plain.length - 1]);
  }
  expect(buffer.toString()).toBe(plain);
}

describe('TextBuffer', () => {
  it('reads as the concatenation of its pieces, whatever the pieces, reads and takes', () => {
    fc.assert(fc.property(fc.constantFrom('', 'x', '🛠️['), fc.array(step, { maxLength: 300 }), agree), { numRuns: 300 });
  });

  it('holds long runs of one-unit pieces (past the batch sizes) and mixed runs', () => {
    const units = Array.from({ length: 5000 }, (_, i) => String.fromCharCode(32 + (i % 90)));
    const steps: Step[] = units.map((p) => ({ kind: 'append', piece: p }));
    agree('', steps);
    // One-unit pieces between longer ones, around the batch sizes.
    const mixed: Step[] = [];
    for (let i = 0; i < 3000; i++) mixed.push({ kind: 'append', piece: i % 300 === 0 ? 'long piece' : units[i]! });
    agree('', [...mixed, { kind: 'take' }, ...mixed]);
  });

  it('takes a lone unit after an initial text was taken', () => {
    agree('ab', [{ kind: 'take' }, { kind: 'append', piece: 'c' }, { kind: 'take' }, { kind: 'append', piece: '\uD83D' }, { kind: 'read' }]);
  });
});
