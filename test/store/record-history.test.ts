import { describe, expect, it } from 'vitest';
import { RecordHistory } from '../../src/store/record-history.js';

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

  it('keeps odd keys such as __proto__ as own properties', () => {
    const history = new RecordHistory<number>();
    history.set('__proto__', 1, true);
    const record = history.snapshot()();
    expect(Object.keys(record)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
  });
});
