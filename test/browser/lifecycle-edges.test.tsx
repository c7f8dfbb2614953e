/**
 * The lifecycle at the edges (#23), in Chromium: a `text` source told `streaming={false}`
 * interrupts a half-written call as the other sources do, and a custom renderer that throws a
 * hostile value (a revoked Proxy, a Proxy whose traps throw) is contained by its call's boundary.
 */
import { use, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToolTranscript, type ToolComponentProps } from '../../src/react/index.js';
import { INTERRUPTED_TEXT } from '../../src/store/create-store.js';
import '../../src/styles.css';

const roots: Root[] = [];
const escaped: unknown[] = [];
const onError = (event: ErrorEvent) => escaped.push(event.error ?? event.message);
beforeEach(() => {
  escaped.length = 0;
  window.addEventListener('error', onError);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.replaceChildren();
  window.removeEventListener('error', onError);
  vi.restoreAllMocks();
});

function mount(element: React.ReactNode): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  flushSync(() => root.render(element));
  return host;
}

const HALF = 'Writing the report.\n\n```tool write_file\ninput:\n  path: report.md\n  content: 1. Find';
/** Cut inside a quoted value: finished best-effort it would be a YAML error, not an interruption. */
const HALF_QUOTED = 'Writing the report.\n\n```tool write_file\ninput:\n  path: report.md\n  content: "1. Find';

describe('<ToolTranscript text streaming={false}>', () => {
  it.each([HALF, HALF_QUOTED])('shows a half-written call as interrupted, at every split of the text grown in two renders', (HALF) => {
    for (let cut = 0; cut <= HALF.length; cut++) {
      const host = document.createElement('div');
      document.body.append(host);
      const root = createRoot(host);
      roots.push(root);
      flushSync(() => root.render(<ToolTranscript text={HALF.slice(0, cut)} streaming />));
      flushSync(() => root.render(<ToolTranscript text={HALF} streaming={false} />));
      const card = host.querySelector<HTMLElement>('[data-tool-call-id="tool-call-1"]')!;
      expect(card.dataset.status, `cut at ${cut}`).toBe('output-error');
      expect(card.querySelector('[data-slot="tool-call-error"]')!.textContent).toContain(INTERRUPTED_TEXT);
      expect(card.querySelector('progress, [data-slot="tool-call-elapsed"]')).toBeNull();
      // The input so far is kept (a partial quoted YAML value shows nothing yet: the syntax's part, not the card's).
      if (HALF !== HALF_QUOTED) expect(card.querySelector('[data-slot="tool-call-input"]')!.textContent).toContain('report.md');
    }
  });

  it('whole, in its first render; a complete call stays as written', () => {
    const host = mount(
      <>
        <ToolTranscript text={HALF} streaming={false} />
        <ToolTranscript text={HALF_QUOTED} streaming={false} />
        <ToolTranscript text={'```tool done\ninput: {a: 1}\n```\n'} streaming={false} />
      </>,
    );
    const [half, quoted, done] = [...host.querySelectorAll<HTMLElement>('[data-slot="tool-call"]')];
    for (const card of [half!, quoted!]) {
      expect(card.dataset.status).toBe('output-error');
      expect(card.textContent).toContain(INTERRUPTED_TEXT);
    }
    expect(done!.dataset.status).toBe('input-available');
  });

  it('left out, a first text is a complete static transcript (finished best-effort, not interrupted)', () => {
    const host = mount(<ToolTranscript text={HALF} />);
    expect(host.querySelector<HTMLElement>('[data-slot="tool-call"]')!.dataset.status).toBe('input-available');
  });

  it('taken as complete first, then told streaming={false}: interrupted', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    roots.push(root);
    flushSync(() => root.render(<ToolTranscript text={HALF} />));
    flushSync(() => root.render(<ToolTranscript text={HALF} streaming={false} />));
    const card = host.querySelector<HTMLElement>('[data-slot="tool-call"]')!;
    expect(card.dataset.status).toBe('output-error');
    expect(card.textContent).toContain(INTERRUPTED_TEXT);
    expect(host.textContent).toContain('Writing the report.');
  });
});

const TEXT = 'Before.\n\n```tool boom\ninput: {}\n```\n\n```tool fine\ninput: {}\n```\n\nAfter.';

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}
const trapping = () =>
  new Proxy(
    {},
    new Proxy(
      {},
      {
        get: () => () => {
          throw new Error('trap');
        },
      },
    ),
  );
const throwingGet = () =>
  new Proxy(new Error('hidden'), {
    get() {
      throw new Error('trap');
    },
    getPrototypeOf() {
      throw new Error('trap');
    },
  });

describe('a custom renderer that throws a hostile value', () => {
  it.each([
    ['a revoked Proxy', revoked],
    ['a Proxy whose every trap throws', trapping],
    ['a Proxy of an Error whose get throws', throwingGet],
  ])('%s: the default card with an error, the rest of the transcript stays', (_, make) => {
    const thrown = make();
    function Boom(_: ToolComponentProps): never {
      throw thrown;
    }
    const host = mount(<ToolTranscript text={TEXT} toolComponents={{ boom: Boom }} />);
    expect(host.textContent).toContain('Before.');
    expect(host.textContent).toContain('After.');
    const cards = [...host.querySelectorAll<HTMLElement>('[data-slot="tool-call"]')].map((el) => `${el.dataset.toolName}:${el.dataset.status}`);
    expect(cards).toEqual(['boom:input-available', 'fine:input-available']);
    expect(host.querySelector('[data-slot="tool-call-renderer-error"]')!.textContent).toMatch(/boom/);
    expect(escaped).toEqual([]);
  });
});

describe('the guarded renderer', () => {
  it('a revoked Proxy thrown by a fallback component is contained as well', () => {
    function Fallback(_: ToolComponentProps): never {
      throw revoked();
    }
    const host = mount(<ToolTranscript text={TEXT} fallbackToolComponent={Fallback} />);
    expect(host.querySelectorAll('[data-slot="tool-call-renderer-error"]')).toHaveLength(2);
    expect(host.textContent).toContain('After.');
    expect(escaped).toEqual([]);
  });

  it('keeps a well-behaved renderer’s hooks and state across renders, and suspends as before', async () => {
    function Counter({ tool }: ToolComponentProps) {
      const [count, setCount] = useState(0);
      return (
        <button type="button" onClick={() => setCount(count + 1)}>
          {tool.toolName} {count}
        </button>
      );
    }
    let resolve!: () => void;
    const ready = new Promise<void>((done) => (resolve = done));
    let settled = false;
    void ready.then(() => (settled = true));
    function Lazy(_: ToolComponentProps) {
      use(ready);
      return <i>loaded</i>;
    }
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    roots.push(root);
    const view = (text: string) => <ToolTranscript text={text} streaming toolComponents={{ boom: Counter, fine: Lazy }} />;
    flushSync(() => root.render(view(TEXT)));
    await vi.waitFor(() => expect(host.querySelector('[data-slot="tool-call-custom"] button'), host.innerHTML).not.toBeNull());
    host.querySelector<HTMLButtonElement>('[data-slot="tool-call-custom"] button')!.click();
    const counter = () => host.querySelector('[data-slot="tool-call-custom"] button')!.textContent;
    await vi.waitFor(() => expect(counter()).toBe('boom 1'));
    flushSync(() => root.render(view(`${TEXT} More.`)));
    expect(counter()).toBe('boom 1');
    // Suspended: the Suspense fallback (the default card) until the promise settles.
    expect(host.querySelector('[data-tool-name="fine"][data-slot="tool-call"]')).not.toBeNull();
    resolve();
    await vi.waitFor(() => expect(host.querySelector('i')?.textContent).toBe('loaded'));
    expect(settled).toBe(true);
    expect(host.querySelector('[data-slot="tool-call-renderer-error"]')).toBeNull();
  });
});
