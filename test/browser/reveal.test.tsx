import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cdp } from 'vitest/browser';
import { ToolTranscript } from '../../src/react/index.js';
import { createTranscriptStore } from '../../src/store/index.js';
import '../../src/styles.css';

const roots: Root[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.replaceChildren();
  vi.restoreAllMocks();
  await cdp().send('Emulation.setEmulatedMedia', { features: [] });
});

function mount(node: ReactNode): HTMLElement {
  const element = document.createElement('div');
  document.body.append(element);
  const root = createRoot(element);
  roots.push(root);
  flushSync(() => root.render(node));
  return element;
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const text = (element: HTMLElement) => element.querySelector('[data-slot="transcript"]')!.textContent!.replace('▍', '');

describe('reveal (Chromium, real frames)', () => {
  it('reveals a long delta over frames, monotonically, keeps the card after it waiting, and catches up', async () => {
    const store = createTranscriptStore();
    store.append('Start.');
    const element = mount(<ToolTranscript store={store} reveal={{ charactersPerSecond: 120, maxLagMs: 1_500 }} />);
    const words = ' word'.repeat(600);
    flushSync(() => store.append(`${words}\n\n\`\`\`tool search\ninput:\n  q: x\n\`\`\`\n`));
    const lengths: number[] = [];
    for (let i = 0; i < 4; i++) {
      await frame();
      lengths.push(text(element).length);
    }
    // Partial after a few frames (3,000 characters due within 1.5 s), growing, and no card yet.
    expect(lengths.at(-1)!).toBeGreaterThan('Start.'.length);
    expect(lengths.at(-1)!).toBeLessThan(`Start.${words}`.length);
    expect(lengths.every((n, i) => i === 0 || n >= lengths[i - 1]!)).toBe(true);
    expect(element.querySelector('[data-tool-call-id]')).toBeNull();
    expect(element.querySelector('[data-slot="reveal-caret"]')).not.toBeNull();
    await vi.waitFor(() => expect(element.querySelector('[data-tool-call-id="tool-call-1"]')).not.toBeNull(), { timeout: 10_000 });
    expect(text(element).startsWith(`Start.${words.trimEnd()}`)).toBe(true);
  });

  it('with prefers-reduced-motion: reduce (emulated), shows each delta at once', async () => {
    await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] });
    expect(matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(true);
    const store = createTranscriptStore();
    store.append('Start.');
    const element = mount(<ToolTranscript store={store} reveal={{ charactersPerSecond: 1, maxLagMs: 60_000 }} />);
    flushSync(() => store.append(' All of it, at once.\n\n```tool a\n```\n'));
    expect(text(element)).toContain('Start. All of it, at once.');
    expect(element.querySelector('[data-tool-call-id="tool-call-1"]')).not.toBeNull();
  });
});

describe('the caret (styles.css)', () => {
  const caretAnimation = async () => {
    const store = createTranscriptStore();
    store.append('Start.');
    const element = mount(<ToolTranscript store={store} reveal />);
    flushSync(() => store.append(' and more.'));
    await frame();
    const caret = element.querySelector<HTMLElement>('[data-slot="reveal-caret"]');
    expect(caret).not.toBeNull();
    return getComputedStyle(caret!).animationName;
  };

  it('blinks', async () => {
    expect(await caretAnimation()).toBe('tt-caret-blink');
  });

  it('stands still for readers who ask for less motion', async () => {
    await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] });
    expect(await caretAnimation()).toBe('none');
  });
});

describe('deferOffscreen (Chromium, real IntersectionObserver)', () => {
  function transcript(sections: number): string {
    let out = '';
    for (let i = 0; i < sections; i++) out += `Paragraph ${i} with **bold**.\n\n\`\`\`tool step\ninput:\n  n: ${i}\n\`\`\`\n\n`;
    return out;
  }

  it('renders the groups near the viewport, and a far one once it is scrolled to', async () => {
    const element = mount(<ToolTranscript text={transcript(1_200)} />);
    await frame();
    await frame();
    const placeholders = () => element.querySelectorAll('[data-slot="transcript-deferred"]');
    const count = placeholders().length;
    // 2,401 items, 76 groups: most are still placeholders; the first group is cards.
    expect(count).toBeGreaterThan(60);
    expect(element.querySelector('[data-tool-call-id="tool-call-1"]')).not.toBeNull();
    expect(element.querySelector('[data-tool-call-id="tool-call-600"]')).toBeNull();
    const middle = [...placeholders()].find((el) => el.textContent!.includes('n: 599\n'))!;
    middle.scrollIntoView();
    await vi.waitFor(() => expect(element.querySelector('[data-tool-call-id="tool-call-600"]')).not.toBeNull());
    expect(placeholders().length).toBeLessThan(count);
  });

  it('hydrates the server placeholders without a mismatch', async () => {
    const node = <ToolTranscript text={transcript(200)} deferOffscreen />;
    const html = renderToString(node);
    expect(html).toContain('data-slot="transcript-deferred"');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    roots.push(hydrateRoot(container, node, { onRecoverableError: recoverable }));
    await frame();
    await frame();
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });
});
