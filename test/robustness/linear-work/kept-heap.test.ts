/**
 * Memory an open block keeps per unit of its body. A reader that grows a value with `s += piece`
 * keeps a rope node (and often a small string) per piece until the value closes: the work counts
 * stay linear, but the collector copies every node again and again, and a 2 MB XML argument took
 * 1.3× as long per unit as a 200 KB one (bench: "one huge XML arg"). The live heap is what shows
 * it without timing: measured after a full collection, with the parser still open.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { createTranscriptParser } from '../../../src/index.js';
import { MB, repeatTo } from './support.js';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Bytes of heap a parser fed `text` (in `delta`-unit pieces, not ended) keeps per unit of it. */
function keptPerUnit(text: string, delta: number): number {
  collect();
  const before = process.memoryUsage().heapUsed;
  const parser = createTranscriptParser({ syntaxes: ['xml'] });
  for (let i = 0; i < text.length; i += delta) parser.write(text.slice(i, i + delta));
  collect();
  const kept = process.memoryUsage().heapUsed - before;
  // Keeps the parser alive up to the measurement (and checks it read the block).
  expect(parser.chunks.at(-1)).toMatchObject({ type: 'tool', toolName: 'w', state: 'input-streaming' });
  return kept / text.length;
}

const OPEN = '<tool name="w"><arguments><arg name="content">';

// The text itself (one byte per unit) is held about twice (the value, the block's source); a
// rope kept 9 (value text cut at every `<`) to 29 (verbatim text cut at every `_`) bytes per unit.
const MAX_BYTES_PER_UNIT = 4;

describe('an open XML value keeps its text, not a node per piece', () => {
  it.each([
    ['text cut at every `<` (code)', `${OPEN}${repeatTo('x < y && z; ', MB)}`],
    ['verbatim text between content markers, cut at every `_`', `${OPEN}__START_CONTENT__\n${repeatTo('a_b ', MB)}`],
  ])('%s, whole and in 4 KB deltas', (_, text) => {
    expect(keptPerUnit(text, text.length)).toBeLessThan(MAX_BYTES_PER_UNIT);
    expect(keptPerUnit(text, 4096)).toBeLessThan(MAX_BYTES_PER_UNIT);
  });
});
