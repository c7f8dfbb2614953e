import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advance, receive, revealed } from '../../src/react/reveal/reveal-schedule.js';
import { DEFAULT_REVEAL, resolveReveal } from '../../src/react/reveal/reveal-settings.js';

const SETTINGS = { charactersPerSecond: 100, maxLagMs: 500, caret: true };

describe('reveal schedule', () => {
  it('reveals at the steady rate when the text is not far ahead', () => {
    let s = receive(revealed(0), 40, 0, SETTINGS);
    const text = 'x'.repeat(40);
    // 100 characters a second, 20 ms frames: 2 a frame — the 40 need 400 ms, inside the 500 ms allowed.
    for (let t = 20; t <= 100; t += 20) s = advance(s, t, 20, SETTINGS, text);
    expect(s.shown).toBe(10);
  });

  it('speeds up so that a burst is shown by its deadline, and no later', () => {
    const text = 'y'.repeat(10_000);
    let s = receive(revealed(0), 10_000, 0, SETTINGS);
    const shownAt: number[] = [];
    for (let t = 16; t <= 600; t += 16) {
      s = advance(s, t, 16, SETTINGS, text);
      shownAt.push(s.shown);
    }
    // Monotonic, smooth (no frame shows more than a tenth of the burst), and all of it by 500 ms + one frame.
    expect(shownAt.every((n, i) => i === 0 || n >= shownAt[i - 1]!)).toBe(true);
    expect(Math.max(...shownAt.map((n, i) => n - (shownAt[i - 1] ?? 0)))).toBeLessThan(1_000);
    expect(shownAt[Math.floor(516 / 16) - 1]).toBe(10_000);
    expect(shownAt[Math.floor(400 / 16) - 1]).toBeLessThan(10_000);
  });

  it('property: every delta is shown within maxLagMs (+ one frame) of its arrival, whatever the stream', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ gap: fc.integer({ min: 0, max: 300 }), size: fc.integer({ min: 1, max: 3_000 }) }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 5, max: 50 }),
        (deltas, frame) => {
          let s = revealed(0);
          let time = 0;
          let length = 0;
          const arrivals: { length: number; at: number }[] = [];
          let next = 0;
          let arrivalTime = 0;
          const text = 'z'.repeat(deltas.reduce((sum, d) => sum + d.size, 0));
          while (next < deltas.length || s.shown < s.length) {
            if (next < deltas.length && time >= arrivalTime + deltas[next]!.gap) {
              arrivalTime = time;
              length += deltas[next]!.size;
              arrivals.push({ length, at: time });
              s = receive(s, length, time, SETTINGS);
              next++;
            }
            time += frame;
            s = advance(s, time, frame, SETTINGS, text);
            for (const arrival of arrivals) if (time - arrival.at > SETTINGS.maxLagMs + frame) expect(s.shown).toBeGreaterThanOrEqual(arrival.length);
          }
        },
      ),
    );
  });

  it('never stops between the halves of a surrogate pair', () => {
    const text = '😀'.repeat(50);
    let s = receive(revealed(0), text.length, 0, { ...SETTINGS, charactersPerSecond: 50 });
    for (let t = 16; s.shown < s.length; t += 16) {
      s = advance(s, t, 16, { ...SETTINGS, charactersPerSecond: 50 }, text);
      expect(s.shown % 2).toBe(0);
    }
  });

  it('shows a replaced (shorter) text at once', () => {
    const s = receive(receive(revealed(0), 100, 0, SETTINGS), 10, 5, SETTINGS);
    expect(s).toEqual(revealed(10));
  });

  it('resolves the prop: off, defaults, and bad numbers', () => {
    expect(resolveReveal(undefined)).toBeUndefined();
    expect(resolveReveal(false)).toBeUndefined();
    expect(resolveReveal(true)).toEqual(DEFAULT_REVEAL);
    expect(resolveReveal({ charactersPerSecond: -1, maxLagMs: Number.NaN, caret: false })).toEqual({ ...DEFAULT_REVEAL, caret: false });
    expect(resolveReveal({ maxLagMs: 50 })).toEqual({ ...DEFAULT_REVEAL, maxLagMs: 50 });
  });
});

describe('line markers', () => {
  it('shows a block marker at the start of a line whole or not at all', async () => {
    const { pastLineMarker } = await import('../../src/react/reveal/reveal-schedule.js');
    const text = 'Intro.\n## Heading\n- item\n12. item\n> quote\n```ts\ncode\n```\nplain';
    const at = (marker: string, offset: number) => text.indexOf(marker) + offset;
    // The marker and the first character after it (a heading is never empty).
    expect(pastLineMarker(text, at('## Heading', 1))).toBe(at('## Heading', 4));
    expect(pastLineMarker(text, at('## Heading', 4))).toBe(at('## Heading', 4));
    expect(pastLineMarker(text, at('- item', 1))).toBe(at('- item', 3));
    expect(pastLineMarker(text, at('12. item', 2))).toBe(at('12. item', 5));
    expect(pastLineMarker(text, at('> quote', 1))).toBe(at('> quote', 3));
    // A fence opener line, its newline and the code's first character included.
    expect(pastLineMarker(text, at('```ts', 2))).toBe(at('```ts', 7));
    // Nothing after the marker yet: the marker alone.
    expect(pastLineMarker('## ', 1)).toBe(3);
    expect(pastLineMarker(text, at('plain', 2))).toBe(at('plain', 2));
    expect(pastLineMarker(text, at('Intro', 3))).toBe(at('Intro', 3));
    // Lone CR and CRLF line ends, as the markdown model reads lines.
    expect(pastLineMarker('a\r```ts\rcode', 4)).toBe(9);
    expect(pastLineMarker('a\r\n```ts\r\ncode', 5)).toBe(11);
    expect(pastLineMarker('a\r## T', 3)).toBe(6);
  });

  it('never reveals a lone # (an h1 for a moment) while revealing a heading', () => {
    const text = '## Title\n\nBody text here.';
    let s = receive(revealed(0), text.length, 0, SETTINGS);
    const seen: number[] = [];
    for (let t = 16; s.shown < s.length; t += 16) {
      s = advance(s, t, 16, { ...SETTINGS, charactersPerSecond: 30 }, text);
      seen.push(s.shown);
    }
    expect(seen).not.toContain(1);
    expect(seen).not.toContain(2);
    expect(seen).not.toContain(3);
    expect(seen[0]).toBe(4);
  });
});
