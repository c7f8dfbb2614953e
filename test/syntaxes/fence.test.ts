/**
 * The fence syntax while it streams: what a reader of the snapshot sees of a block that is
 * still open. Whole-document cases, split at every position, are in test/fixtures/fence/.
 */
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, type ToolChunk } from '../../src/index.js';
import { streamCountingYaml } from '../support/linear.js';

const OPEN = '```tool write_file w1\ninput:\n  path: notes.md\n  content: ';

/** The open block's input after each delta of `deltas`. */
function inputsWhileStreaming(deltas: readonly string[]): unknown[] {
  const parser = createTranscriptParser({ syntaxes: ['fence'] });
  return deltas.map((delta) => {
    parser.write(delta);
    return (parser.chunks.at(-1) as ToolChunk).input;
  });
}

describe('fence: input while the block streams', () => {
  it('shows a long single-line value as it grows, not only at its newline', () => {
    const value = 'x'.repeat(2000);
    const deltas = [OPEN, ...value.match(/.{1,50}/g)!];
    const lengths = inputsWhileStreaming(deltas).map((input) => ((input as { content?: string }).content ?? '').length);
    const shown = lengths.filter((n) => n > 0 && n < 2000);
    expect(new Set(shown).size).toBeGreaterThanOrEqual(5);
    // Only ever growing: an earlier, longer value is never replaced by a shorter one.
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    expect(inputsWhileStreaming([OPEN, value, '\n']).at(-1)).toEqual({ path: 'notes.md', content: value });
  });

  it('keeps the complete lines while the line being written is not YAML yet', () => {
    const inputs = inputsWhileStreaming([OPEN, 'done\n  mo', 'de: "appe', 'nd"\n']);
    expect(inputs[1]).toEqual({ path: 'notes.md', content: 'done' });
    expect(inputs[2]).toEqual({ path: 'notes.md', content: 'done' });
    expect(inputs[3]).toEqual({ path: 'notes.md', content: 'done', mode: 'append' });
  });

  it('re-reads a growing line amortised: YAML work stays a bounded multiple of the body', () => {
    const body = (n: number) => `${OPEN}${'word '.repeat(n / 5)}\n\`\`\`\n`;
    const small = streamCountingYaml(body(100_000));
    const large = streamCountingYaml(body(200_000));
    expect(small.yamlCharacters).toBeLessThan(20 * 100_000);
    expect(large.yamlCharacters / small.yamlCharacters).toBeLessThan(2.5);
  });
});
