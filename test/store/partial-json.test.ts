import { describe, expect, it } from 'vitest';
import { parsePartialJson } from '../../src/store/index.js';

describe('parsePartialJson', () => {
  it.each([
    ['', undefined],
    ['{', {}],
    ['{"ci', {}],
    ['{"city"', {}],
    ['{"city":', {}],
    ['{"city": "Os', { city: 'Os' }],
    ['{"city": "Oslo", ', { city: 'Oslo' }],
    ['{"city": "Oslo", "days": [1, ', { city: 'Oslo', days: [1] }],
    ['{"a": tr', {}],
    ['{"a": true', { a: true }],
    ['{"a": 1.', {}],
    ['{"a": 12', { a: 12 }],
    ['{"a": {"b": [{"c": "d', { a: { b: [{ c: 'd' }] } }],
    ['{"s": "line\\', { s: 'line' }],
    ['{"s": "x\\u00', { s: 'x' }],
    ['{"s": "x\\u00e9', { s: 'xé' }],
    ['["a", "b', ['a', 'b']],
    ['"just a str', 'just a str'],
    ['{"a": 1}', { a: 1 }],
    ['{"a": 1} trailing', { a: 1 }],
    ['{"a" 1', {}],
    ['nonsense', undefined],
  ])('%j → %j', (text, expected) => {
    expect(parsePartialJson(text)).toEqual(expected);
  });

  it('every prefix of a JSON document parses to something or nothing, never throws', () => {
    const doc = JSON.stringify({ path: 'a/b.ts', lines: [1, 2.5, -3e2], nested: { ok: true, none: null, s: 'q"\\u' } });
    let last: unknown;
    for (let i = 0; i <= doc.length; i++) {
      const value = parsePartialJson(doc.slice(0, i));
      if (value !== undefined) last = value;
    }
    expect(last).toEqual(JSON.parse(doc));
  });
});
