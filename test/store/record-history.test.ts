import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecordHistory } from '../../src/store/record-history.js';
import '../support/fast-check-seed.js';

describe('RecordHistory', () => {
  it('gives snapshots that stay as they were, across folds of the log', () => {
    const history = new RecordHistory<number>();
    const snapshots: Array<[() => Readonly<Record<string, number>>, Record<string, number>]> = [];
    const model: Record<string, number> = {};
    for (let i = 0; i < 500; i++) {
      const key = `k${i % 7}`;
      if (i % 11 === 10 && key in model) {
        delete model[key];
        history.delete(key);
      } else {
        history.set(key, i, !(key in model));
        model[key] = i;
      }
      snapshots.push([history.snapshot(), { ...model }]);
    }
    for (const [snapshot, expected] of snapshots) expect(snapshot()).toEqual(expected);
  });

  it('keeps every snapshot as it was when the same key is set again and again (the log overwrites its last entry)', () => {
    // Few keys, so the same key often repeats: runs of sets of one key, deletions, snapshots taken
    // at random moments and read only at the end (or read at once, then compared again at the end).
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom('a', 'b', 'c'), times: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant('delete' as const), key: fc.constantFrom('a', 'b', 'c') }),
      fc.record({ kind: fc.constant('snapshot' as const), readNow: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const history = new RecordHistory<number>();
        const model: Record<string, number> = {};
        const taken: Array<[() => Readonly<Record<string, number>>, Record<string, number>]> = [];
        let value = 0;
        for (const step of ops) {
          if (step.kind === 'set') {
            for (let i = 0; i < step.times; i++) {
              history.set(step.key, ++value, !(step.key in model));
              model[step.key] = value;
            }
          } else if (step.kind === 'delete') {
            if (!(step.key in model)) continue;
            history.delete(step.key);
            delete model[step.key];
          } else {
            const snapshot = history.snapshot();
            if (step.readNow) expect(snapshot()).toEqual(model);
            taken.push([snapshot, { ...model }]);
          }
        }
        for (const [snapshot, expected] of taken) expect(snapshot()).toEqual(expected);
        expect(history.snapshot()()).toEqual(model);
      }),
    );
  });

  it('keeps odd keys such as __proto__ as own properties', () => {
    const history = new RecordHistory<number>();
    history.set('__proto__', 1, true);
    const record = history.snapshot()();
    expect(Object.keys(record)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
  });
});
