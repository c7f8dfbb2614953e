/**
 * Issue #22: a message caught mid-stream (a reload with a resumed stream, a server render of a
 * partial message) shown once through `setMessage` shows the open call's input so far — the
 * line being written included — as the same text streamed delta by delta does.
 */
import { describe, expect, it } from 'vitest';
import { createTranscriptStore, type TranscriptMessage } from '../../src/store/index.js';

/** Text cut off mid-line, and the key whose value is being written there. */
const CASES: Array<[string, string, string]> = [
  ['fence', '```tool read_file\ninput:\n  path: src/a/b.md', 'path'],
  ['fence, a second value', '```tool write_file\ninput:\n  path: notes.md\n  content: hello wor', 'content'],
  ['caret', '^^^read_file\npath: src/a/b.md', 'path'],
  ['caret, a multiline value', '^^^write_file\npath: a.md\ncontent ---\nline one\nline two is long', 'content'],
];

function lastItem(store: ReturnType<typeof createTranscriptStore>) {
  const ids = store.getState().ids;
  return store.getItem(ids[ids.length - 1]!);
}

describe('setMessage with a message caught mid-stream', () => {
  it.each(CASES)('%s: the open call shows its input so far, as the stream showed it', (_, text, key) => {
    const message: TranscriptMessage = { id: 'm1', parts: [{ type: 'text', text, state: 'streaming' }] };
    const once = createTranscriptStore();
    once.setMessage(message);
    const shown = lastItem(once);
    expect(shown).toMatchObject({ type: 'tool', state: 'input-streaming' });
    const input = (shown as { input?: Record<string, unknown> }).input;
    expect(input, 'not {}').toBeDefined();
    // The value being written shows (read at points fixed by the text: up to a few units behind).
    expect(String(input![key])).toMatch(/\S{3}/);
    expect(text).toContain(String(input![key]).split('\n').at(-1));
    if (key === 'content' && text.includes('line two')) expect(String(input![key])).toContain('line two');
    // The same text streamed unit by unit ends showing the same input.
    const streamed = createTranscriptStore();
    for (const unit of text) streamed.append(unit);
    expect((lastItem(streamed) as { input?: unknown }).input).toEqual(input);
  });
});
