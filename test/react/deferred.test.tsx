import { act, cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseTranscript } from '../../src/index.js';
import { ToolTranscript, type ToolComponentProps } from '../../src/react/index.js';
import { createTranscriptStore } from '../../src/store/index.js';

/** An IntersectionObserver stand-in: records what is observed; `reveal(el)` says it came near. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  static near(element: Element) {
    for (const observer of FakeObserver.all) {
      if (observer.observed.has(element)) observer.callback([{ target: element, isIntersecting: true } as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
    }
  }
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeObserver.all = [];
});

/** `sections` sections of a paragraph and a tool call: two items each. */
function transcript(sections: number): string {
  let text = '';
  for (let i = 0; i < sections; i++) text += `Paragraph ${i} with **bold**.\n\n\`\`\`tool step\ninput:\n  n: ${i}\n\`\`\`\n\n`;
  return text;
}

/** Mounts a transcript and counts the markdown paragraphs and tool components rendered. */
function mountCounting(text: string, deferOffscreen?: boolean | number) {
  let paragraphs = 0;
  let tools = 0;
  const P = ({ children }: { children?: ReactNode }) => {
    paragraphs++;
    return <p>{children}</p>;
  };
  const Step = ({ tool }: ToolComponentProps) => {
    tools++;
    return <span>{String((tool.input as { n: number }).n)}</span>;
  };
  const utils = render(<ToolTranscript text={text} components={{ p: P }} toolComponents={{ step: Step }} deferOffscreen={deferOffscreen} />);
  return { ...utils, work: () => ({ paragraphs, tools }) };
}

// Long transcripts mounted in jsdom: seconds each on a loaded machine. Work is counted, not timed;
// the timeout only catches a hang.
describe('deferOffscreen', { timeout: 60_000 }, () => {
  it('renders the same work at mount for 10× the transcript: the first and last groups only', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    // 2n + 1 items (the last a blank text), 32 a group: both last groups hold 25 items.
    const small = mountCounting(transcript(1_500)).work();
    cleanup();
    const large = mountCounting(transcript(15_004)).work();
    // The first group (16 paragraphs, 16 calls) and the last (12 and 12).
    expect(small).toEqual({ paragraphs: 28, tools: 28 });
    expect(large).toEqual(small);
  });

  it('renders a group when it comes near the viewport; before that its source text stands in', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container, work } = mountCounting(transcript(3_000));
    const placeholders = container.querySelectorAll('[data-slot="transcript-deferred"]');
    // 6,001 items: 188 groups, all but the first and the last deferred.
    expect(placeholders).toHaveLength(186);
    const before = work();
    expect(placeholders[0]!.textContent).toMatch(/^\n\nParagraph 16 with \*\*bold\*\*\.\n\n```tool step\ninput:\n {2}n: 16\n```/);
    act(() => FakeObserver.near(placeholders[0]!));
    expect(container.querySelectorAll('[data-slot="transcript-deferred"]')).toHaveLength(placeholders.length - 1);
    expect(work()).toEqual({ paragraphs: before.paragraphs + 16, tools: before.tools + 16 });
    expect(container.querySelector('[data-tool-call-id="tool-call-17"]')).not.toBeNull();
  });

  it('keeps a group rendered once it stops being the last (a transcript that grows past the threshold while mounted)', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const store = createTranscriptStore();
    store.append(transcript(100));
    const { container } = render(<ToolTranscript store={store} deferOffscreen={250} />);
    expect(container.querySelector('[data-slot="transcript-deferred"]')).toBeNull();
    const more = transcript(100).split(/(?<=\n\n)(?=Paragraph)/);
    for (const section of more) act(() => store.append(section));
    // Past 250 items now, but every group mounted so far was shown, and each new one arrived last.
    expect(container.querySelector('[data-slot="transcript-deferred"]')).toBeNull();
    expect(container.querySelectorAll('[data-tool-call-id]')).toHaveLength(200);
  });

  it('renders everything after mounting where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { container, work } = mountCounting(transcript(100), true);
    expect(container.querySelector('[data-slot="transcript-deferred"]')).toBeNull();
    expect(work()).toEqual({ paragraphs: 100, tools: 100 });
  });

  it('follows the prop: false never defers, true always, a number past that many items', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const deferred = (text: string, option?: boolean | number) => {
      const { container } = mountCounting(text, option);
      const count = container.querySelectorAll('[data-slot="transcript-deferred"]').length;
      cleanup();
      return count;
    };
    // 201 items: 7 groups.
    expect(deferred(transcript(1_100), false)).toBe(0);
    expect(deferred(transcript(100))).toBe(0);
    expect(deferred(transcript(100), true)).toBe(5);
    expect(deferred(transcript(100), 200)).toBe(5);
    expect(deferred(transcript(100), 201)).toBe(0);
  });

  it('renders the placeholders on the server, and stays lossless: the placeholders and items hold the whole source', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const text = transcript(100);
    const html = renderToString(<ToolTranscript text={text} deferOffscreen />);
    const host = document.createElement('div');
    host.innerHTML = html;
    const placeholders = [...host.querySelectorAll('[data-slot="transcript-deferred"]')].map((el) => el.textContent).join('');
    const chunks = parseTranscript(text);
    // Groups 2..6 (items 32..191) stand as their source.
    expect(placeholders).toBe(chunks.slice(32, 192).map((chunk) => (chunk.type === 'text' ? chunk.value : chunk.raw)).join(''));
  });
});
