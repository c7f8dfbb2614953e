/**
 * Regression tests for the work bugs the adversarial corpus found, one per
 * fix. Each used to take minutes (or crash) at these sizes; the counts pin
 * the linear behaviour, and the default test timeout catches a relapse.
 */
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../../src/index.js';
import { expectLinear, KB, MB, repeatTo } from './support.js';

describe('tool fence opener', () => {
  it('checks a long info line one unit at a time (it re-trimmed the whole line per unit: quadratic)', () => {
    const [small] = expectLinear({ name: 'info line', make: (n) => `\`\`\`tool ${repeatTo('a ', n)}` }, 256 * KB);
    expect(small.chunks).toHaveLength(1);
    expect(small.chunks[0]).toMatchObject({ type: 'tool', toolName: 'a', closed: false });
  });

  it('rejects a long info line that is not ours after the word, without rescanning it', () => {
    const text = `\`\`\`toolbox ${repeatTo('a ', MB)}\n`;
    expect(parseTranscript(text)).toEqual([{ type: 'text', value: text }]);
  });
});
