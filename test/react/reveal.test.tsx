import { act, cleanup, render } from '@testing-library/react';
import { Profiler, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToolTranscript } from '../../src/react/index.js';
import { createTranscriptStore, type TranscriptStore } from '../../src/store/index.js';

const FRAME = 16;

/** A `matchMedia` whose `prefers-reduced-motion: reduce` answers `reduced`, and can change. */
function stubReducedMotion(reduced: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return reduced;
    },
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (query: string) => (query.includes('reduced-motion') ? list : { matches: false, addEventListener() {}, removeEventListener() {} }));
  return {
    set(value: boolean) {
      reduced = value;
      for (const listener of listeners) listener();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'setTimeout', 'clearTimeout', 'queueMicrotask'] });
  stubReducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The visible text of the transcript, caret included. */
const shown = (container: HTMLElement) => container.querySelector('[data-slot="transcript"]')!.textContent!;
const caret = (container: HTMLElement) => container.querySelector('[data-slot="reveal-caret"]');
const frames = (n: number) => act(() => vi.advanceTimersByTime(n * FRAME));

function mountStore(reveal: Parameters<typeof ToolTranscript>[0]['reveal'], onCommit?: () => void) {
  const store = createTranscriptStore();
  store.append('Hello.');
  const utils = render(
    <Profiler id="t" onRender={() => onCommit?.()}>
      <ToolTranscript store={store} reveal={reveal} />
    </Profiler>,
  );
  const append = (delta: string) => act(() => store.append(delta));
  return { ...utils, store, append };
}

describe('reveal', () => {
  it('shows the text there at mount at once, then reveals what streams in a few characters a frame, with a caret', () => {
    const { container, append } = mountStore({ charactersPerSecond: 250, maxLagMs: 10_000 });
    expect(shown(container)).toBe('Hello.▍');
    append(' The rest of the sentence.');
    // Nothing of the delta yet: it is revealed from the next frame on (250/s = 4 per 16 ms frame).
    expect(shown(container)).toBe('Hello.▍');
    frames(1);
    expect(shown(container)).toBe('Hello. The▍');
    frames(3);
    expect(shown(container)).toBe('Hello. The rest of the s▍');
    frames(10);
    expect(shown(container)).toBe('Hello. The rest of the sentence.▍');
  });

  it('catches up: a long delta is shown whole within maxLagMs', () => {
    const { container, append } = mountStore({ charactersPerSecond: 10, maxLagMs: 200 });
    const long = ' word'.repeat(2_000);
    append(long);
    frames(5);
    const part = shown(container).length;
    expect(part).toBeGreaterThan('Hello.'.length + 10);
    expect(part).toBeLessThan('Hello.'.length + long.length);
    frames(200 / FRAME + 1);
    expect(shown(container)).toBe(`Hello.${long}▍`);
  });

  it('re-renders only the block being revealed per frame, not the rest of the transcript', () => {
    let paragraphs = 0;
    let tools = 0;
    const P = ({ children }: { children?: ReactNode }) => {
      paragraphs++;
      return <p>{children}</p>;
    };
    const Step = () => {
      tools++;
      return <span>step</span>;
    };
    const store = createTranscriptStore();
    store.append('First paragraph.\n\n```tool step\n```\n\nSecond paragraph.\n\nThird');
    render(<ToolTranscript store={store} reveal={{ charactersPerSecond: 250, maxLagMs: 10_000 }} components={{ p: P }} toolComponents={{ step: Step }} />);
    act(() => store.append(' grows by a few words.'));
    paragraphs = tools = 0;
    for (let i = 0; i < 4; i++) act(() => vi.advanceTimersByTime(FRAME));
    // One paragraph (the growing one) per frame; the finished paragraph and the card never.
    expect({ paragraphs, tools }).toEqual({ paragraphs: 4, tools: 0 });
  });

  it('keeps order: a tool card after the text waits until the text before it is shown', () => {
    const { container, append, store } = mountStore({ charactersPerSecond: 100, maxLagMs: 1_000 });
    append(' Now I will search.\n\n```tool search\ninput:\n  q: x\n');
    expect(container.querySelector('[data-tool-call-id]')).toBeNull();
    frames(5);
    expect(container.querySelector('[data-tool-call-id]')).toBeNull();
    frames(1_000 / FRAME + 1);
    expect(shown(container).startsWith('Hello. Now I will search.')).toBe(true);
    expect(container.querySelector('[data-tool-call-id="tool-call-1"]')).not.toBeNull();
    // The text is no longer the last item: no caret on it.
    expect(caret(container)).toBeNull();
    act(() => store.end());
  });

  it('shows the card in the same frame as the last character of the text before it (no delay beyond the text)', () => {
    const { container, append } = mountStore({ charactersPerSecond: 200, maxLagMs: 5_000 });
    append(' Searching now.\n\n```tool search\n```\n');
    const full = 'Hello. Searching now.';
    let frame = 0;
    for (; frame < 100 && !shown(container).includes(full); frame++) {
      expect(container.querySelector('[data-tool-call-id]')).toBeNull();
      frames(1);
    }
    expect(shown(container)).toContain(full);
    expect(container.querySelector('[data-tool-call-id="tool-call-1"]')).not.toBeNull();
    // 15 characters at 200 a second (3 a frame): revealed over about five frames, not at once.
    expect(frame).toBeGreaterThan(3);
  });

  it('shows no card before its text even when text and card arrive in one delta after a pause', () => {
    const { container, append } = mountStore({ charactersPerSecond: 100, maxLagMs: 1_000 });
    frames(10);
    append(' Done.\n```tool a\n```\n');
    expect(container.querySelector('[data-tool-call-id]')).toBeNull();
    frames(1_000 / FRAME + 1);
    expect(container.querySelector('[data-tool-call-id]')).not.toBeNull();
  });

  it('reveals a text that first appears while streaming from its start, with the card after it waiting (a burst)', () => {
    const store = createTranscriptStore();
    const { container } = render(<ToolTranscript store={store} reveal={{ charactersPerSecond: 100, maxLagMs: 1_000 }} />);
    act(() => store.append('A whole reply at once.\n\n```tool a\n```\n\nAnd after.'));
    expect(shown(container).replace('▍', '')).toBe('');
    expect(container.querySelector('[data-tool-call-id]')).toBeNull();
    frames(3);
    expect(shown(container).length).toBeGreaterThan(1);
    expect(container.querySelector('[data-tool-call-id]')).toBeNull();
    frames(1_000 / FRAME + 2);
    expect(container.querySelector('[data-tool-call-id]')).not.toBeNull();
    frames(1_000 / FRAME + 2);
    expect(shown(container)).toContain('And after.');
  });

  it('drops the caret when the stream ends, and with caret: false never draws one', () => {
    const a = mountStore(true);
    expect(caret(a.container)).not.toBeNull();
    act(() => a.store.end());
    expect(caret(a.container)).toBeNull();
    const b = mountStore({ caret: false });
    b.append(' more');
    frames(1);
    expect(caret(b.container)).toBeNull();
  });

  it('puts the caret at the end of the last line: inside a list item, after a code block', () => {
    const { container, append } = mountStore({ maxLagMs: 50 });
    append('\n\n- one\n- two');
    frames(10);
    expect(container.querySelector('li:last-child [data-slot="reveal-caret"]')).not.toBeNull();
    append('\n\n```js\nlet a = 1;');
    frames(10);
    const mark = caret(container)!;
    expect(mark.closest('pre')).toBeNull();
    expect(mark.previousElementSibling?.tagName).toBe('PRE');
    expect(mark.getAttribute('aria-hidden')).toBe('true');
  });

  it('with prefers-reduced-motion: reduce, shows each delta at once (and follows a change of the setting)', () => {
    const media = stubReducedMotion(true);
    const { container, append } = mountStore({ charactersPerSecond: 1, maxLagMs: 100_000 });
    append(' All of it at once.');
    expect(shown(container)).toBe('Hello. All of it at once.▍');
    act(() => media.set(false));
    append(' Then slowly.');
    expect(shown(container)).toBe('Hello. All of it at once.▍');
    act(() => media.set(true));
    expect(shown(container)).toBe('Hello. All of it at once. Then slowly.▍');
  });

  it('is off by default: deltas show at once, no caret', () => {
    const store: TranscriptStore = createTranscriptStore();
    store.append('A');
    const { container } = render(<ToolTranscript store={store} />);
    act(() => store.append('BC'));
    expect(shown(container)).toBe('ABC');
    expect(caret(container)).toBeNull();
  });
});
