import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { TOOL_STATES, type ToolChunk, type ToolState } from '../../src/index.js';
import { TOOL_STATE_DISPLAY, ToolCall } from '../../src/react/index.js';
import '../../src/styles.css';

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.replaceChildren();
});

function mount(tool: ToolChunk): HTMLElement {
  const host = document.createElement('div');
  host.dataset.theme = 'light';
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  flushSync(() => root.render(<ToolCall tool={tool} />));
  return host;
}

function tool(state: ToolState, extra: Partial<ToolChunk> = {}): ToolChunk {
  return {
    type: 'tool',
    toolCallId: `call-${state}`,
    toolName: 'search',
    state,
    input: { query: 'tides' },
    syntax: 'fence',
    raw: '',
    closed: state !== 'input-streaming',
    ...(state === 'output-available' ? { output: { hits: 2 } } : {}),
    ...(state === 'output-error' ? { errorText: 'quota exceeded' } : {}),
    ...extra,
  };
}

const part = (host: HTMLElement, slot: string) => host.querySelector<HTMLElement>(`[data-slot="${slot}"]`);
/** Laid out (the layout is brought up to date first) and not hidden by a closed `<details>`. */
const visible = (element: HTMLElement | null) =>
  element !== null && element.getBoundingClientRect().height > 0 && element.checkVisibility();

describe.each(TOOL_STATES)('tool card in state %s (Chromium)', (state) => {
  it('root: a bordered card coloured by its state', () => {
    const host = mount(tool(state));
    const root = part(host, 'tool-call')!;
    expect(root.dataset.status).toBe(state);
    expect(root.dataset.toolCallId).toBe(`call-${state}`);
    const style = getComputedStyle(root);
    expect(style.borderLeftWidth).toBe('3px');
    expect(style.borderLeftColor).toBe(getComputedStyle(part(host, 'tool-call-status')!).color);
  });

  it('header: name and badge on one line; progress and elapsed time only while streaming', () => {
    const host = mount(tool(state));
    const header = part(host, 'tool-call-header')!;
    const name = part(header, 'tool-call-name')!;
    const badge = part(header, 'tool-call-status')!;
    expect(badge.textContent).toBe(TOOL_STATE_DISPLAY[state].label);
    expect(Math.abs(name.getBoundingClientRect().top - badge.getBoundingClientRect().top)).toBeLessThan(12);
    expect(visible(header.querySelector('progress'))).toBe(state === 'input-streaming');
    expect(visible(part(header, 'tool-call-elapsed'))).toBe(state === 'input-streaming');
    // The announcement is in the tree but takes no room.
    expect(part(header, 'tool-call-announcement')!.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  });

  it('input: visible, monospace', () => {
    const host = mount(tool(state));
    const pre = part(host, 'tool-call-input')!.querySelector('pre')!;
    expect(visible(pre)).toBe(true);
    expect(getComputedStyle(pre).fontFamily).toMatch(/mono/i);
  });

  it('output: visible in output-available only', () => {
    const host = mount(tool(state));
    const output = part(host, 'tool-call-output');
    expect(visible(output)).toBe(state === 'output-available');
    if (output) expect(visible(output.querySelector('pre'))).toBe(true);
  });

  it('error: the error text on the error colours, in output-error only', () => {
    const host = mount(tool(state));
    const error = part(host, 'tool-call-error');
    expect(visible(error)).toBe(state === 'output-error');
    if (!error) return;
    const pre = error.querySelector('pre')!;
    expect(getComputedStyle(pre).color).toBe('rgb(207, 34, 46)');
    expect(getComputedStyle(pre).backgroundColor).toBe('rgb(255, 235, 233)');
  });
});

describe('tool card disclosure (Chromium)', () => {
  it('a long output starts collapsed and opens from its summary', () => {
    const long = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
    const host = mount(tool('output-available', { output: long }));
    const details = part(host, 'tool-call-output') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(visible(details.querySelector('pre'))).toBe(false);
    details.querySelector('summary')!.click();
    expect(details.open).toBe(true);
    expect(visible(details.querySelector('pre'))).toBe(true);
    // Long content scrolls inside the card instead of stretching it.
    const pre = details.querySelector('pre')!;
    expect(pre.getBoundingClientRect().height).toBeLessThanOrEqual(24 * 16 + 16 + 1); // max-height 24rem plus padding
    expect(pre.scrollHeight).toBeGreaterThan(pre.clientHeight);
  });

  it('keeps the summary’s disclosure marker', () => {
    const host = mount(tool('output-available'));
    expect(getComputedStyle(part(host, 'tool-call-output')!.querySelector('summary')!).display).toBe('list-item');
  });
});
