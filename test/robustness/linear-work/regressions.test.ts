/**
 * Regression tests for the work bugs the adversarial corpus found, one per
 * fix. Each used to take minutes (or crash) at these sizes; the counts pin
 * the linear behaviour, and the default test timeout catches a relapse.
 */
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../../../src/index.js';
import { expectLinear, KB, MB, measure, repeatTo } from './support.js';

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

describe('openers in possible code spans', () => {
  it('read ahead and again a bounded number of times per unit, however often the paragraph repeats (found by the hostile fuzz)', () => {
    const paragraph =
      'see ` <|start|>assistant<|channel|> ` here\nsee ` [[SEG_START {"type":"tool","tool_name":"a","arguments":{"a":["the \\u0000 the        ^^^"],"a0":[]}}]][[SEG_END]] ` here\n';
    const perUnit = (copies: number) => {
      const text = paragraph.repeat(copies);
      return measure(text).scanned / text.length;
    };
    const once = perUnit(1);
    expect(once).toBeLessThanOrEqual(5);
    expect(perUnit(100)).toBeLessThanOrEqual(once * 1.1);
  });
});

describe('XML tool block streamed in small deltas', () => {
  // Every close tag sliced the body read so far, a string grown with `+=`: V8 flattens it on each
  // slice, so with a new delta between close tags each one copied the whole body (quadratic; a
  // 200 KB block in 7-unit deltas took 7 s). Slices now come from the pieces the body arrived in,
  // and nested mixed content is sliced once. V8's flattening cannot be counted from JavaScript:
  // the counts below bound the copies the reader makes, and the test timeout catches a relapse
  // (at 512 KB in 7-unit deltas the old reader took well over 5 s).
  it.each([
    ['closed elements', (n: number) => `<tool name="x">${'<a><b>t</b></a>'.repeat(n / 15)}</tool>`],
    ['elements with text and children (mixed content)', (n: number) => `<tool name="x">${'<a>t<b>u</b>v</a>'.repeat(n / 17)}</tool>`],
    ['nested elements with text, closed', (n: number) => `<tool name="x">${'<a>t'.repeat(90)}${repeatTo('<b>u</b>', n)}${'</a>'.repeat(90)}</tool>`],
  ])('%s', (_, make) => {
    const [small] = expectLinear({ name: 'xml', make }, 256 * KB, { delta: 7 });
    expect(small.chunks).toHaveLength(1);
    expect(small.chunks[0]).toMatchObject({ type: 'tool', state: 'input-available', closed: true });
  });

  it('mixed content is kept as written', () => {
    const text = '<tool name="x"><note>\nHello <b>big</b> world\n</note></tool>';
    for (const delta of [1, 3, 7, 1000]) {
      expect(measure(text, { delta }).chunks).toEqual(parseTranscript(text));
      expect(measure(text, { delta }).chunks[0]).toMatchObject({ input: { note: 'Hello <b>big</b> world' } });
    }
    const nested = '<tool name="x"><a>1<b>2<c>3</c></b><d><e>4<f/></e></d></a><g><h>5<i>6</i></h></g></tool>';
    expect(parseTranscript(nested)[0]).toMatchObject({ input: { a: '1<b>2<c>3</c></b><d><e>4<f/></e></d>', g: { h: '5<i>6</i>' } } });
  });
});
