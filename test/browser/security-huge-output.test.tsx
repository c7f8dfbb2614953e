/**
 * Availability in a real browser (Chromium): a 5 MB tool output renders
 * collapsed with a size note and only a bounded preview in the DOM, so the
 * page does not lay out megabytes of text it is not showing; opening it puts
 * the full text in, in a box that scrolls. A 2 MB input shows its start and
 * a "Show all" button. Checked on what is in the DOM,
 * not by timing.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolTranscript } from '../../src/react/index.js';
import { createTranscriptStore, type TranscriptStore } from '../../src/store/index.js';
import '../../src/styles.css';

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.replaceChildren();
});

const LINE = `${'x'.repeat(79)}\n`;
const FIVE_MB = LINE.repeat((5 * 1024 * 1024) / LINE.length);

function mount(source: { text: string } | { store: TranscriptStore }): HTMLElement {
  const element = document.createElement('div');
  document.body.append(element);
  const root = createRoot(element);
  roots.push(root);
  flushSync(() => root.render('text' in source ? <ToolTranscript text={source.text} /> : <ToolTranscript store={source.store} />));
  return element;
}

const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

describe('a 5 MB tool output (Chromium)', () => {
  it('renders collapsed with a bounded preview, and in full after "Show all"', async () => {
    // The host runs the tool and sets its result (a 5 MB YAML body would be over the YAML limit).
    const store = createTranscriptStore();
    store.append('Before.\n\n```tool big b1\ninput: {}\n```\n\nAfter.');
    store.end();
    store.setToolOutput('b1', FIVE_MB);
    const element = mount({ store });
    const card = element.querySelector<HTMLElement>('[data-slot="tool-call"]')!;
    const output = element.querySelector<HTMLElement>('[data-slot="tool-call-output"]')!;
    // A finished call: collapsed to its header, and only a preview in the page.
    expect(card.dataset.state).toBe('closed');
    expect(output.checkVisibility()).toBe(false);
    expect(element.textContent!.length).toBeLessThan(10_000);
    expect(output.querySelector('pre')!.textContent!.length).toBe(4096);
    expect(element.textContent).toContain('After.');
    flushSync(() => element.querySelector<HTMLElement>('[data-slot="tool-call-trigger"]')!.click());
    expect(output.checkVisibility()).toBe(true);
    flushSync(() => output.querySelector<HTMLButtonElement>('[data-slot="tool-call-show-all"]')!.click());
    await frame();
    const pre = output.querySelector('pre')!;
    expect(pre.textContent!.length).toBe(FIVE_MB.length);
    // It scrolls inside the card instead of stretching the page.
    expect(pre.getBoundingClientRect().height).toBeLessThanOrEqual(24 * 16 + 16 + 1);
    expect(pre.scrollHeight).toBeGreaterThan(pre.clientHeight);
  });

  it('a 2 MB input shows its start and a "Show all" button', async () => {
    const body = FIVE_MB.slice(0, 2 * 1024 * 1024);
    const element = mount({ text: `🛠️[write big.txt]\n${body}🛠️[/end]` });
    const input = element.querySelector<HTMLElement>('[data-slot="tool-call-input"]')!;
    // The body is multi-line text: its own block, under the args' JSON.
    const text = () => input.querySelector('[data-slot="tool-call-field"] pre')!.textContent!;
    expect(text().length).toBe(4096);
    expect(element.textContent!.length).toBeLessThan(10_000);
    const show = input.querySelector<HTMLButtonElement>('[data-slot="tool-call-show-all"]')!;
    flushSync(() => show.click());
    expect(text()).toBe(body);
  });
});
