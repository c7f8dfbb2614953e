/**
 * The JSON input writer on its own: whatever snapshots of a call's input it is shown while the
 * block streams (growing strings, values that change, keys that appear late), the deltas join up
 * to JSON text that parses to exactly the final input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonInputWriter } from '../../src/ai/json-input.js';

const key = fc.constantFrom('path', 'content', 'tags', 'a', 'b', 'n');
const value = fc.oneof(
  fc.string({ unit: fc.constantFrom('x', 'y', ' ', '\n', '"', '\\', '&', '&amp;', '😀', '\uD83D', '\uDE00'), maxLength: 12 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
);
const snapshot = fc.dictionary(key, value, { maxKeys: 4 });

/** Runs the writer over `snapshots`, finishes with `input`, and returns the joined deltas. */
function run(snapshots: readonly unknown[], input: unknown, declared?: ReadonlySet<string>): { joined: string; last: string | undefined } {
  const writer = new JsonInputWriter(declared);
  let joined = writer.start();
  for (const partial of snapshots) joined += writer.progress(partial);
  const last = writer.finish(input);
  joined += last ?? '';
  expect(joined).toBe(writer.sentText);
  return { joined, last };
}

describe('JsonInputWriter', () => {
  it('joins to JSON of the final input, whatever the snapshots said before (keys never dropped)', () => {
    fc.assert(
      fc.property(fc.array(snapshot, { maxLength: 6 }), snapshot, (snapshots, extra) => {
        // The final input holds every key a snapshot showed (as syntaxes and coercion keep them).
        const input: Record<string, unknown> = Object.assign({}, ...snapshots, extra);
        const { joined } = run(snapshots, input);
        expect(JSON.parse(joined)).toEqual(input);
      }),
      { numRuns: 2000 },
    );
  });

  it('streams a growing string as it comes, holding back a tail that may still change', () => {
    const writer = new JsonInputWriter();
    expect(writer.start()).toBe('{');
    expect(writer.progress({ path: 'a.t' })).toBe('"path":"a.t');
    expect(writer.progress({ path: 'a.txt' })).toBe('xt');
    expect(writer.progress({ path: 'a.txt', content: 'one\n' })).toBe('","content":"one');
    expect(writer.progress({ path: 'a.txt', content: 'one\ntwo &am' })).toBe('\\ntwo ');
    expect(writer.progress({ path: 'a.txt', content: 'one\ntwo & \uD83D' })).toBe('& ');
    expect(writer.finish({ path: 'a.txt', content: 'one\ntwo & 😀' })).toBe('😀"}');
    expect(JSON.parse(writer.sentText)).toEqual({ path: 'a.txt', content: 'one\ntwo & 😀' });
  });

  it('states a key again when its value changed after it was sent (a repeated key became a list)', () => {
    const { joined } = run([{ tag: 'a' }, { tag: 'a', n: 1 }, { tag: ['a', 'b'], n: 1 }], { tag: ['a', 'b'], n: 1 });
    expect(joined).toBe('{"tag":"a","tag":["a","b"],"n":1}');
    expect(JSON.parse(joined)).toEqual({ tag: ['a', 'b'], n: 1 });
  });

  it('with a schema, streams only declared keys early (coercion may move the others)', () => {
    const writer = new JsonInputWriter(new Set(['paths']));
    writer.start();
    expect(writer.progress({ path: 'a', content: 'x' })).toBe('');
    expect(writer.finish({ paths: ['a'], content: 'x' })).toBe('"paths":["a"],"content":"x"}');
  });

  it('the call carries exactly the final input, also when it lacks a key a snapshot showed (the JSON then is its own)', () => {
    fc.assert(
      fc.property(fc.array(snapshot, { maxLength: 6 }), snapshot, (snapshots, input) => {
        const writer = new JsonInputWriter();
        let joined = writer.start();
        for (const partial of snapshots) joined += writer.progress(partial);
        joined += writer.finish(input)!;
        expect(JSON.parse(writer.inputJson)).toEqual(input);
        // The deltas are the call's JSON whenever they can be: every key they sent is in the input.
        const kept = Object.keys(JSON.parse(joined) as object).every((key) => Object.hasOwn(input, key));
        expect(writer.inputJson === joined).toBe(kept);
      }),
      { numRuns: 2000 },
    );
  });

  it('a value shown while streaming and dropped at the end (a reader dropping a malformed last value)', () => {
    const { joined } = run([{ a0: '[' }], {});
    expect(joined).toBe('{"a0":"["}');
    const writer = new JsonInputWriter();
    writer.start();
    writer.progress({ a0: '[' });
    writer.finish({});
    expect(writer.inputJson).toBe('{}');
  });

  it('refuses a final input that is not an object, leaving unfinished JSON', () => {
    const { joined, last } = run([{ a: 1, b: 'x' }], ['not', 'an', 'object']);
    expect(last).toBeUndefined();
    expect(() => JSON.parse(joined)).toThrow();
  });
});
