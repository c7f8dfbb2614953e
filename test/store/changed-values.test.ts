import { describe, expect, it } from 'vitest';
import { createTranscriptStore } from '../../src/store/index.js';
import type { TranscriptMessage, TranscriptMessagePart } from '../../src/store/types.js';

/** A message whose one tool part has an output: a preliminary one (a tool streaming its results) by default. */
const withOutput = (output: unknown, part: Partial<TranscriptMessagePart> = { preliminary: true }): TranscriptMessage => ({
  id: 'm1',
  parts: [{ type: 'dynamic-tool', toolName: 'clock', toolCallId: 'c1', state: 'output-available', input: {}, output, ...part }],
});

describe('a message part whose value changes', () => {
  // A part is compared by value (the AI SDK clones the message on every update); a value that is
  // not a plain object or array (a Date, a Map) has no own keys to compare, so two of them are the
  // same only when they are the same object.
  it.each([
    ['a Date', new Date(1), new Date(2)],
    ['a Map', new Map([['a', 1]]), new Map([['a', 2]])],
  ])('%s in a preliminary output: the new value shows', (_name, first, second) => {
    const store = createTranscriptStore();
    store.setMessage(withOutput(first));
    expect(store.getItem('c1')).toMatchObject({ state: 'output-available', output: first });
    store.setMessage(withOutput(second));
    expect((store.getItem('c1') as { output: unknown }).output).toBe(second);
  });

  it('plain data equal by value keeps the item (no new object, no listener call)', () => {
    const store = createTranscriptStore();
    store.setMessage(withOutput({ at: [1, { b: 'x' }] }));
    const item = store.getItem('c1');
    let calls = 0;
    store.subscribeItem('c1', () => calls++);
    store.setMessage(withOutput({ at: [1, { b: 'x' }] }));
    expect(store.getItem('c1')).toBe(item);
    expect(calls).toBe(0);
  });
});
