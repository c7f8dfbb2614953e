/**
 * The id rule (`IdClaims`, stream/events.ts): an id is used as it is the first time, a repeat
 * gets the first free `ID~N`. The builder's claims keep ids of the generated form (`tool-call-N`)
 * as a bitmap of N instead of a set of strings; that must be the same set, for any mix of
 * generated-looking ids, look-alikes (leading zeros, signs, huge numbers, suffixes) and others.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdClaims } from '../../src/stream/events.js';
import { parseTranscript } from '../../src/index.js';

const PREFIX = 'tool-call-';

/** Ids around the numbered family: generated ones, their look-alikes, repeats with suffixes, and others. */
const ids = fc.oneof(
  fc.nat({ max: 40 }).map((n) => `${PREFIX}${n}`),
  fc.constantFrom(`${PREFIX}`, `${PREFIX}01`, `${PREFIX}00`, `${PREFIX}-1`, `${PREFIX}+2`, `${PREFIX}1.0`, `${PREFIX}16777216`, `${PREFIX}99999999`, `${PREFIX}9999999`, `${PREFIX}1~2`, `${PREFIX}2~2`),
  fc.nat({ max: 3 }).map((n) => `x${n === 0 ? '' : `~${n}`}`),
  fc.string({ maxLength: 4 }),
);

describe('IdClaims', () => {
  it('with the numbered family kept as a bitmap, claims exactly what a plain set of ids claims', () => {
    fc.assert(
      fc.property(fc.array(ids, { maxLength: 60 }), fc.array(ids, { maxLength: 10 }), (claims, probes) => {
        const compact = new IdClaims(PREFIX);
        const plain = new IdClaims();
        for (const id of claims) expect(compact.claim(id)).toBe(plain.claim(id));
        for (const id of [...claims, ...probes]) expect(compact.has(id)).toBe(plain.has(id));
      }),
      { numRuns: 500 },
    );
  });

  it('a generated id the text took first, and the text taking a generated id later, get suffixes', () => {
    const claims = new IdClaims(PREFIX);
    expect(claims.claim(`${PREFIX}2`)).toBe(`${PREFIX}2`);
    expect(claims.claim(`${PREFIX}2`)).toBe(`${PREFIX}2~2`);
    expect(claims.claim(`${PREFIX}2~2`)).toBe(`${PREFIX}2~2~2`);
    expect(claims.claim(`${PREFIX}02`)).toBe(`${PREFIX}02`);
    expect(claims.claim(`${PREFIX}5000000`)).toBe(`${PREFIX}5000000`);
    expect(claims.has(`${PREFIX}5000000`)).toBe(true);
    expect(claims.has(`${PREFIX}4999999`)).toBe(false);
  });

  it('in a parse: a written id equal to a later generated one, and the reverse', () => {
    const text = '```tool a tool-call-2\n```\n```tool b\n```\n```tool c tool-call-2\n```\n```tool d tool-call-1\n```\n';
    const ids = parseTranscript(text, { syntaxes: ['fence'] }).flatMap((chunk) => (chunk.type === 'tool' ? [chunk.toolCallId] : []));
    expect(ids).toEqual(['tool-call-2', 'tool-call-2~2', 'tool-call-2~3', 'tool-call-1']);
  });
});
