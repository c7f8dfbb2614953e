/**
 * A message's streaming tool part whose raw input is source text of a syntax (`inputEncoding:
 * 'text'`, `toolMetadata.syntax`) is read by one reader per part: made when the part first shows,
 * kept with the part's segment, and fed only the text each later version adds. The reader made
 * for a new part must reach that part's segment (it was handed over through a field set in one
 * call and read in the next; now it is passed on directly) — else the next version rereads it all.
 */
import { describe, expect, it } from 'vitest';
import { createTranscriptStore, type TranscriptMessage } from '../../src/store/index.js';

const HEAD = '^^^write_file\npath: notes/a.md\ncontent ---\n';
const LONG = 'a line of the file being written\n'.repeat(200);

function message(raw: string, before: TranscriptMessage['parts'] = []): TranscriptMessage {
  return {
    id: 'm1',
    parts: [...before, { type: 'tool-write_file', toolCallId: 'c1', state: 'input-streaming', rawInput: raw, toolMetadata: { syntax: 'caret' } }],
  };
}

const scanned = (store: ReturnType<typeof createTranscriptStore>) => store.work.scanned;

describe('setMessage: the reader of a tool part streaming source text', () => {
  // Whole and split: the part first seen with all of its text, or growing from its head.
  it.each([
    ['first seen whole', [HEAD + LONG]],
    ['first seen at its head, then whole', [HEAD, HEAD + LONG]],
    ['behind a text part', [HEAD + LONG]],
  ])('%s: the next version is read from where the last one stopped', (name, versions) => {
    const before: TranscriptMessage['parts'] = name === 'behind a text part' ? [{ type: 'text', text: 'Writing it.', state: 'done' }] : [];
    const store = createTranscriptStore();
    for (const raw of versions) store.setMessage(message(raw, before), { streaming: true });
    const tool = store.getItem('c1');
    expect(tool).toMatchObject({ type: 'tool', state: 'input-streaming', syntax: 'caret', toolName: 'write_file' });
    expect(String((tool as { input: { content?: unknown } }).input.content)).toContain('a line of the file');

    const work = scanned(store);
    const added = 'one more line\n';
    store.setMessage(message(versions.at(-1)! + added, before), { streaming: true });
    // Only the new text is scanned (a few units over its length), not the part again.
    expect(scanned(store) - work).toBeLessThan(added.length * 4);
    expect(scanned(store) - work).toBeGreaterThan(0);
    expect((store.getItem('c1') as { raw: string }).raw.endsWith(added)).toBe(true);
  });

  it('a part whose text shrank (a new version, not a continuation) is read again from the start', () => {
    const store = createTranscriptStore();
    store.setMessage(message(HEAD + LONG), { streaming: true });
    store.setMessage(message(HEAD + 'short\n'), { streaming: true });
    expect((store.getItem('c1') as { input: { content?: unknown } }).input.content).toBe('short');
    // The new reader is the part's from then on: the next version is read from where it stopped.
    const longer = HEAD + 'short\n' + LONG;
    store.setMessage(message(longer), { streaming: true });
    const work = scanned(store);
    store.setMessage(message(longer + 'end\n'), { streaming: true });
    expect(scanned(store) - work).toBeLessThan('end\n'.length * 4);
    // And it reads the part's text, not the old version's: the input is what the text shows read at once.
    const once = createTranscriptStore();
    once.setMessage(message(longer + 'end\n'), { streaming: true });
    expect(store.getItem('c1')).toEqual(once.getItem('c1'));
  });
});
