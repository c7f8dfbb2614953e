/**
 * The card polish of #22, in Chromium: what a reader sees of whitespace between calls, of an
 * input that has not started, of an emoji call without a body, of the live region once a stream
 * ends, of long values, of an answered approval, of a display-only call, and the open / close
 * motion (and its absence under `prefers-reduced-motion`).
 */
import { cdp } from 'vitest/browser';
import { act } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTranscript, type ToolChunk } from '../../src/index.js';
import { ToolCall, ToolTranscript } from '../../src/react/index.js';
import { createTranscriptStore } from '../../src/store/index.js';
import '../../src/styles.css';
import { searchInState, toolInState } from '../support/tool-in-state.js';

const roots: Root[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.replaceChildren();
  await cdp().send('Emulation.setEmulatedMedia', { features: [] });
});

function mount(element: React.ReactNode, width = 560): HTMLElement {
  const host = document.createElement('div');
  host.style.cssText = `width: ${width}px; padding: 16px`;
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  flushSync(() => root.render(element));
  return host;
}

const cards = (host: HTMLElement) => [...host.querySelectorAll<HTMLElement>('[data-slot="tool-call"]')];

describe('whitespace between calls', () => {
  it.each([
    ['a blank line', '\n\n'],
    ['the middleware’s line break', '\n'],
    ['spaces, a tab and a CRLF', '\n \t\r\n'],
  ])('%s renders no item: the cards are one gap apart, and the text stays in the store', (_, between) => {
    const text = `\`\`\`tool a\ninput: {}\n\`\`\`${between}\`\`\`tool b\ninput: {}\n\`\`\`\nDone.`;
    const store = createTranscriptStore();
    store.append(text);
    store.end();
    const host = mount(<ToolTranscript store={store} />);
    const [first, second] = cards(host);
    const gap = parseFloat(getComputedStyle(host.querySelector('[data-slot="transcript"]')!).rowGap);
    expect(second!.getBoundingClientRect().top - first!.getBoundingClientRect().bottom).toBeCloseTo(gap, 0);
    // Only the prose after the calls is a text item on screen; the whitespace is still in the model.
    expect(host.querySelectorAll('[data-slot="transcript-text"]')).toHaveLength(1);
    const state = store.getState();
    expect(state.ids.map((id) => store.getItem(id)!.type)).toEqual(['tool', 'text', 'tool', 'text']);
    const chunks = parseTranscript(text);
    expect(chunks.map((chunk) => (chunk.type === 'tool' ? chunk.raw : chunk.value)).join('')).toBe(text);
  });

  it('whitespace that grows into prose while streaming shows once it has words', () => {
    const store = createTranscriptStore();
    const host = mount(<ToolTranscript store={store} />);
    act(() => store.append('```tool a\ninput: {}\n```\n\n'));
    expect(host.querySelectorAll('[data-slot="transcript-text"]')).toHaveLength(0);
    act(() => store.append('Next'));
    expect(host.querySelector('[data-slot="transcript-text"]')!.textContent).toBe('Next');
  });
});

describe('an input with nothing yet, an emoji call without a body', () => {
  it('a streaming call before its first key shows a placeholder, not {}', () => {
    const host = mount(<ToolCall tool={searchInState('input-streaming', { input: {} })} />);
    const input = host.querySelector('[data-slot="tool-call-input"]')!;
    expect(input.querySelector('[data-slot="tool-call-input-pending"]')!.textContent).toBe('Waiting for the input…');
    expect(input.querySelector('pre')).toBeNull();
    expect(input.textContent).not.toContain('{}');
    // Once a key arrives, the value.
    const later = mount(<ToolCall tool={searchInState('input-streaming', { input: { query: 'ti' } })} />);
    expect(later.querySelector('[data-slot="tool-call-input"] pre')!.textContent).toContain('"query": "ti"');
  });

  it('an emoji call with no body: no "body:" in the summary, no "body" in the input; with a body, both', () => {
    const [bare, withBody] = parseTranscript('🛠️[list_files src /]\n🛠️[write_file a.md]\nhello\n🛠️[/end]').filter((chunk): chunk is ToolChunk => chunk.type === 'tool');
    expect(bare!.input).toEqual({ args: ['src'], body: '' });
    const host = mount(
      <>
        <ToolCall tool={bare!} defaultOpen />
        <ToolCall tool={withBody!} defaultOpen />
      </>,
    );
    const [first, second] = cards(host);
    expect(first!.querySelector('[data-slot="tool-call-summary"]')!.textContent).toBe('args: src');
    expect(first!.querySelector('[data-slot="tool-call-input"]')!.textContent).not.toContain('body');
    expect(second!.querySelector('[data-slot="tool-call-summary"]')!.textContent).toMatch(/^args: a\.md, body: hello/);
    expect(second!.querySelector('[data-slot="tool-call-input"]')!.textContent).toContain('hello');
  });
});

describe('the live region', () => {
  it('follows the badge when the stream ends ("Running" → "Called")', () => {
    const store = createTranscriptStore();
    const host = mount(<ToolTranscript store={store} onToolOutput={() => {}} />);
    act(() => store.append('```tool search\ninput:\n  q: cats\n```\nStill writing'));
    const badge = () => host.querySelector('[data-slot="tool-call-status"]')!.textContent;
    const announced = () => host.querySelector('[data-slot="tool-call-announcement"]')!.textContent;
    expect(badge()).toBe('Running');
    expect(announced()).toBe('search: Running');
    act(() => store.end());
    expect(badge()).toBe('Called');
    expect(announced()).toBe('search: Called');
  });
});

/** Where each line box of `node`'s text starts: the indexes of its first characters. */
function lineStarts(node: Text): number[] {
  const range = document.createRange();
  const starts: number[] = [];
  let top = -Infinity;
  for (let index = 0; index < node.length; index++) {
    range.setStart(node, index);
    range.setEnd(node, index + 1);
    const rect = range.getBoundingClientRect();
    if (rect.height === 0) continue;
    if (rect.top > top + 2) {
      starts.push(index);
      top = rect.top;
    }
  }
  return starts;
}

describe('long values', () => {
  const LONG = 'The quarterly report summarises revenue growth across all regions and explains the variance in operating costs against the forecast.';

  it('a long JSON string wraps at word boundaries, its continuation lines indented under its key, with no sideways scroll (390 px)', () => {
    const host = mount(<ToolCall tool={searchInState('output-available', { input: { meta: { summary: LONG } } })} defaultOpen />, 390);
    const pre = host.querySelector<HTMLElement>('[data-slot="tool-call-input"] pre')!;
    expect(pre.scrollWidth).toBeLessThanOrEqual(pre.clientWidth);
    const line = [...pre.querySelectorAll<HTMLElement>('.tt-line')].find((span) => span.textContent!.includes('quarterly'))!;
    const text = line.firstChild as Text;
    const starts = lineStarts(text);
    expect(starts.length).toBeGreaterThan(1);
    for (const start of starts.slice(1)) expect(text.data[start - 1], `break before “${text.data.slice(start, start + 12)}”`).toBe(' ');
    // Continuation lines start right of where the key does.
    const range = document.createRange();
    range.setStart(text, text.data.indexOf('"summary"'));
    range.setEnd(text, text.data.indexOf('"summary"') + 1);
    const keyLeft = range.getBoundingClientRect().left;
    range.setStart(text, starts[1]!);
    range.setEnd(text, starts[1]! + 1);
    expect(range.getBoundingClientRect().left).toBeGreaterThan(keyLeft + 1);
    // The text is unchanged: copying or reading it gives the value as written.
    expect(pre.textContent).toBe(JSON.stringify({ meta: { summary: LONG } }, null, 2));
  });

  it('a value taller than its box shows a shade at the edge there is more to scroll to', () => {
    const content = Array.from({ length: 80 }, (_, index) => `line ${index + 1}`).join('\n');
    const host = mount(<ToolCall tool={searchInState('output-available', { input: { path: 'a.txt', content } })} defaultOpen />);
    const pre = host.querySelectorAll<HTMLElement>('[data-slot="tool-call-input"] pre');
    const box = [...pre].find((element) => element.textContent!.startsWith('line 1'))!;
    expect(box.scrollHeight).toBeGreaterThan(box.clientHeight);
    const css = getComputedStyle(box);
    expect(css.backgroundAttachment).toContain('local');
    expect(css.backgroundAttachment).toContain('scroll');
    expect(css.backgroundImage.match(/linear-gradient/g)).toHaveLength(4);
  });

  it('field labels and section labels share one style', () => {
    const host = mount(<ToolCall tool={searchInState('output-available', { input: { path: 'a.txt', content: 'one\ntwo' } })} defaultOpen />);
    const section = getComputedStyle(host.querySelector('.tt-tool-section-label')!);
    const field = getComputedStyle(host.querySelector('.tt-tool-field-label')!);
    for (const property of ['fontFamily', 'fontSize', 'fontWeight', 'color', 'lineHeight'] as const) expect(field[property], property).toBe(section[property]);
    expect(host.querySelector('.tt-tool-field-label')!.textContent).toBe('content');
  });
});

describe('approvals and display-only calls', () => {
  it.each([
    ['approved, then run', toolInState('output-available', { approval: { id: 'a1', approved: true, reason: 'looks safe' } }), 'Approved: looks safe'],
    ['approved, not yet run', toolInState('approval-responded'), 'Approved: looks safe'],
    ['denied', toolInState('output-denied'), 'Denied: keep the logs for the audit'],
  ])('%s: the collapsed card keeps the approval in view', (_, tool, text) => {
    const host = mount(<ToolCall tool={tool} />);
    const card = cards(host)[0]!;
    expect(card.querySelector<HTMLElement>('[data-slot="tool-call-body"]')!.hidden).toBe(true);
    const approval = card.querySelector<HTMLElement>('[data-slot="tool-call-approval"]')!;
    expect(approval.checkVisibility()).toBe(true);
    expect(approval.getBoundingClientRect().height).toBeGreaterThan(0);
    expect(approval.textContent).toBe(text);
    // Once, not also in the body.
    expect(card.querySelectorAll('[data-slot="tool-call-approval"]')).toHaveLength(1);
  });

  it('a display-only transcript (no onToolOutput) shows a call written in text as Called, with a still icon; a client tool Running', () => {
    const chunks = [searchInState('input-available')];
    const host = mount(
      <>
        <ToolTranscript chunks={chunks} streaming />
        <ToolTranscript chunks={chunks} streaming onToolOutput={() => {}} />
      </>,
    );
    const [display, client] = [...host.querySelectorAll('[data-slot="tool-call-status"]')];
    expect(display!.textContent).toBe('Called');
    expect(display!.querySelector('svg')!.dataset.icon).toBe('called');
    expect(getComputedStyle(display!.querySelector('svg')!).animationName).toBe('none');
    expect(client!.textContent).toBe('Running');
    // Neutral: not the colour of a call that runs.
    expect(getComputedStyle(display!).color).not.toBe(getComputedStyle(client!).color);
  });
});

describe('a useChat message, while it streams', () => {
  it('a text-born call of the display route is Called; a native call (the middleware route, the SDK runs it) Running', () => {
    const message = {
      id: 'm1',
      role: 'assistant' as const,
      parts: [
        { type: 'dynamic-tool', toolCallId: 't1', toolName: 'search', state: 'input-available', input: { q: 'cats' }, toolMetadata: { syntax: 'fence' } },
        { type: 'tool-weather', toolCallId: 'n1', state: 'input-available', input: { city: 'Oslo' } },
      ],
    };
    const host = mount(<ToolTranscript message={message as never} streaming />);
    const badge = (id: string) => host.querySelector(`[data-tool-call-id="${id}"] [data-slot="tool-call-status"]`)!.textContent;
    expect(badge('t1')).toBe('Called');
    expect(badge('n1')).toBe('Running');
  });
});

describe('open / close motion', () => {
  it('the body fades in when it opens, and the chevron turns', async () => {
    const host = mount(<ToolCall tool={searchInState('output-available')} />);
    const body = host.querySelector<HTMLElement>('[data-slot="tool-call-body"]')!;
    // Nothing moves as cards mount (a streaming transcript adds and changes cards all the time).
    expect(parseFloat(getComputedStyle(body).transitionDuration)).toBe(0);
    const opened = mount(<ToolCall tool={searchInState('output-error')} />);
    expect(getComputedStyle(opened.querySelector('[data-slot="tool-call-body"]')!).opacity).toBe('1');
    expect(parseFloat(getComputedStyle(host.querySelector('.tt-tool-chevron')!).transitionDuration)).toBeGreaterThan(0);
    flushSync(() => host.querySelector<HTMLButtonElement>('[data-slot="tool-call-trigger"]')!.click());
    expect(body.hidden).toBe(false);
    expect(getComputedStyle(body).transitionProperty).toContain('opacity');
    expect(parseFloat(getComputedStyle(body).transitionDuration)).toBeGreaterThan(0);
    // Mid-transition right after opening: not yet fully opaque.
    expect(parseFloat(getComputedStyle(body).opacity)).toBeLessThan(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(getComputedStyle(body).opacity).toBe('1');
  });

  it('none under prefers-reduced-motion: reduce', async () => {
    await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] });
    const host = mount(<ToolCall tool={searchInState('output-available')} />);
    const body = host.querySelector<HTMLElement>('[data-slot="tool-call-body"]')!;
    expect(parseFloat(getComputedStyle(host.querySelector('.tt-tool-chevron')!).transitionDuration)).toBe(0);
    flushSync(() => host.querySelector<HTMLButtonElement>('[data-slot="tool-call-trigger"]')!.click());
    expect(parseFloat(getComputedStyle(body).transitionDuration)).toBe(0);
    expect(getComputedStyle(body).opacity).toBe('1');
  });
});
