/**
 * Huge values in the tool card: a 5 MB output, error or input renders without
 * putting megabytes in the DOM. Each shows its start and a "Show all" button,
 * and is formatted only that far on each change (a body streaming in costs the
 * same per delta whatever its size). Copying copies everything. On the server
 * the HTML holds only the previews.
 */
import { act, cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToolChunk, ToolState } from '../../src/index.js';
import { ToolCall, ToolTranscript } from '../../src/react/index.js';
import { formatPreview, formatValue, HUGE_CHARS, PREVIEW_CHARS } from '../../src/card/index.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const FIVE_MB = 5 * 1024 * 1024;
const LINE = `${'x'.repeat(79)}\n`;
const HUGE_TEXT = LINE.repeat(FIVE_MB / LINE.length);

function tool(state: ToolState, extra: Partial<ToolChunk> = {}): ToolChunk {
  return { type: 'tool', toolCallId: 'c1', toolName: 'big', state, input: {}, syntax: 'fence', raw: '', closed: true, ...extra };
}

const slot = (container: ParentNode, name: string) => container.querySelector<HTMLElement>(`[data-slot="${name}"]`);

describe.each([
  ['a 5 MB string output', tool('output-available', { output: HUGE_TEXT }), 'tool-call-output', HUGE_TEXT],
  ['a 5 MB object output', tool('output-available', { output: { lines: HUGE_TEXT.split('\n') } }), 'tool-call-output', undefined],
  ['a 5 MB error', tool('output-error', { errorText: HUGE_TEXT }), 'tool-call-error', HUGE_TEXT],
])('%s', (_, chunk, name, expectedText) => {
  const full = expectedText ?? formatValue(chunk.output);

  it('renders a bounded preview in the DOM and says it is one', () => {
    const { container } = render(<ToolCall tool={chunk} />);
    const section = slot(container, name)!;
    const shown = section.querySelector('pre')!.textContent!;
    expect(shown.length).toBeLessThanOrEqual(PREVIEW_CHARS);
    expect(full.startsWith(shown)).toBe(true);
    expect(container.textContent!.length).toBeLessThan(PREVIEW_CHARS + 1000);
    expect(slot(section, 'tool-call-truncated')!.textContent).toBe('Showing the first 4,096 characters of more than 65,536. Show all');
  });

  it('puts the full text in the DOM after "Show all"', async () => {
    const { container } = render(<ToolCall tool={chunk} defaultOpen />);
    const section = slot(container, name)!;
    await act(async () => slot(section, 'tool-call-show-all')!.click());
    expect(section.querySelector('pre')!.textContent).toBe(full);
    expect(slot(section, 'tool-call-truncated')).toBeNull();
  });

  it('copies the full text', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const { container } = render(<ToolCall tool={chunk} />);
    await act(async () => slot(slot(container, name)!, 'tool-call-copy')!.click());
    expect(writeText).toHaveBeenCalledWith(full);
    vi.unstubAllGlobals();
  });
});

describe('a huge input', () => {
  const input = { path: 'big.txt', content: HUGE_TEXT };
  const full = formatValue(input);

  it('shows the start of its text field and a "Show all" button, then everything', async () => {
    const { container } = render(<ToolCall tool={tool('input-available', { input })} />);
    const section = slot(container, 'tool-call-input')!;
    const pres = () => [...section.querySelectorAll('pre')].map((pre) => pre.textContent);
    expect(pres()).toEqual(['{\n  "path": "big.txt"\n}', HUGE_TEXT.slice(0, PREVIEW_CHARS)]);
    expect(slot(section, 'tool-call-truncated')!.textContent).toBe('Showing the first 4,096 characters of more than 65,536. Show all');
    await act(async () => slot(section, 'tool-call-show-all')!.click());
    expect(pres()).toEqual(['{\n  "path": "big.txt"\n}', HUGE_TEXT]);
    expect(slot(section, 'tool-call-truncated')).toBeNull();
  });

  it('a huge JSON input (no text field) shows the start of its JSON', () => {
    const lines = { lines: HUGE_TEXT.split('\n') };
    const { container } = render(<ToolCall tool={tool('input-available', { input: lines })} />);
    expect(slot(container, 'tool-call-input')!.querySelector('pre')!.textContent).toBe(formatValue(lines).slice(0, PREVIEW_CHARS));
  });

  it('copies everything, before "Show all" too: the whole input, and the field as text', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const { container } = render(<ToolCall tool={tool('input-available', { input })} />);
    const [whole, field] = [...slot(container, 'tool-call-input')!.querySelectorAll<HTMLElement>('[data-slot="tool-call-copy"]')];
    await act(async () => whole!.click());
    expect(writeText).toHaveBeenLastCalledWith(full);
    await act(async () => field!.click());
    expect(writeText).toHaveBeenLastCalledWith(HUGE_TEXT);
    vi.unstubAllGlobals();
  });

  it('is formatted only as far as the preview needs on each change, however big it grows', () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    const { rerender } = render(<ToolCall tool={tool('input-streaming', { input: { content: 'x' } })} />);
    let body = '';
    for (let i = 0; i < 40; i++) {
      body += LINE.repeat(2048);
      rerender(<ToolCall tool={tool('input-streaming', { input: { path: 'a', content: body } })} />);
    }
    expect(body.length).toBeGreaterThan(6 * 1024 * 1024);
    // Every string JSON.stringify was given, summed: bounded by the previews, not by the body.
    const given = stringify.mock.calls.reduce((sum, [value]) => sum + (typeof value === 'string' ? value.length : 0), 0);
    expect(given).toBeLessThanOrEqual(41 * (HUGE_CHARS + 16));
  });

  it('a growing one-line body (no line break to find) costs the same per change', () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    const { rerender } = render(<ToolCall tool={tool('input-streaming', { input: { content: 'x' } })} />);
    let body = '';
    for (let i = 0; i < 40; i++) {
      body += 'y'.repeat(160 * 1024);
      rerender(<ToolCall tool={tool('input-streaming', { input: { path: 'a', content: body } })} />);
    }
    const given = stringify.mock.calls.reduce((sum, [value]) => sum + (typeof value === 'string' ? value.length : 0), 0);
    expect(given).toBeLessThanOrEqual(41 * (HUGE_CHARS + 16));
  });

  it('an input under the limit shows whole, as before', () => {
    const input = { content: 'y'.repeat(HUGE_CHARS - 100) };
    const { container } = render(<ToolCall tool={tool('input-available', { input })} />);
    expect(slot(container, 'tool-call-input')!.querySelector('pre')!.textContent).toBe(formatValue(input));
    expect(slot(container, 'tool-call-truncated')).toBeNull();
  });
});

describe('on the server', () => {
  it('the HTML holds the previews only', () => {
    const text = [
      '```tool big\nstate: output-available\ninput: {}\noutput: |\n',
      LINE.repeat(20_000).replace(/^/gm, '  '),
      '```\n\n🛠️[write big.txt]\n',
      HUGE_TEXT.slice(0, 1_000_000),
      '🛠️[/end]\n',
    ].join('');
    const html = renderToString(<ToolTranscript text={text} />);
    expect(text.length).toBeGreaterThan(2_500_000);
    expect(html.length).toBeLessThan(40_000);
  });
});

describe('formatPreview', () => {
  it('is the start of formatValue, and says whether it is all of it', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withBoxedValues: true, withNullPrototype: true, withSparseArray: true, withDate: true, maxDepth: 4 }), fc.nat(300), (value, limit) => {
        const whole = formatValue(value);
        expect(formatPreview(value, limit)).toEqual({ text: whole.slice(0, limit), complete: whole.length <= limit });
      }),
      { numRuns: 2000 },
    );
  });

  it('strings with surrogate pairs and escapes are cut as formatValue would be', () => {
    for (const value of [{ a: '😀'.repeat(50) }, ['"\\\n\t'.repeat(40)], { 'k"ey': '\uD83D'.repeat(30) }, [new Date(0), 1n, -0, NaN, undefined, () => 1]]) {
      const whole = formatValue(value);
      for (let limit = 0; limit <= whole.length + 1; limit++) expect(formatPreview(value, limit).text).toBe(whole.slice(0, limit));
    }
  });

  it('cycles fall back to what formatValue shows', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(formatPreview(cyclic, 100)).toEqual({ text: formatValue(cyclic), complete: true });
  });
});
