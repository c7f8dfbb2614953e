/**
 * Hostile content in the live DOM of a real browser (Chromium): every payload
 * of test/robustness/security/payloads.ts — in markdown text, links, images, and as tool
 * names, ids, inputs, outputs, errors and fields of all six syntaxes, and in
 * AI SDK native tool parts — calls `window.__pwned(tag)` if it ever runs. The
 * transcripts are rendered with <ToolTranscript> (client render, and server
 * HTML hydrated), and the remark HTML is inserted the way that runs scripts
 * (a contextual fragment); then every details is opened and every element is
 * clicked, hovered and focused. No trap may fire, no script run, and no
 * `javascript:` (or other unsafe) URL survive.
 */
import rehypeStringify from 'rehype-stringify';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rehypeSafeUrls } from '../../src/remark/safe-urls.js';
import type { ToolSyntax } from '../../src/index.js';
import { builtinSyntaxes } from '../../src/syntaxes/index.js';
import { ToolTranscript } from '../../src/react/index.js';
import { remarkToolCalls } from '../../src/remark/index.js';
import '../../src/styles.css';
import { ALL_PAYLOADS, dangers, hostileMessage, hostileTranscript, isUnsafeUrl } from '../robustness/security/payloads.js';

declare global {
  interface Window {
    __pwned?: (tag: string) => void;
  }
}

const ALL = Object.values(builtinSyntaxes) as ToolSyntax[];
const hits: string[] = [];
const roots: Root[] = [];

/** Stops every navigation a click would start (a link followed would leave the test page). */
const noNavigation = (event: Event) => event.preventDefault();

beforeAll(() => {
  window.__pwned = (tag: string) => hits.push(tag);
  document.addEventListener('click', noNavigation, true);
  document.addEventListener('submit', noNavigation, true);
});

afterAll(() => {
  delete window.__pwned;
  document.removeEventListener('click', noNavigation, true);
  document.removeEventListener('submit', noNavigation, true);
});

afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.replaceChildren();
});

function host(): HTMLElement {
  const element = document.createElement('div');
  document.body.append(element);
  return element;
}

const frames = (count: number) =>
  new Promise<void>((resolve) => {
    const next = (left: number) => (left === 0 ? setTimeout(resolve, 20) : requestAnimationFrame(() => next(left - 1)));
    next(count);
  });

/** Opens every disclosure and clicks, hovers and focuses every element (the waiting is left to the caller). */
function poke(root: HTMLElement): void {
  for (const details of Array.from(root.querySelectorAll('details'))) details.open = true;
  for (const element of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
    element.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    element.focus?.();
  }
}

/** Lets toggle events, image errors and timers run. */
const settle = async () => {
  await frames(2);
  await new Promise((resolve) => setTimeout(resolve, 50));
};

function expectInert(root: HTMLElement, payload: string): void {
  expect(dangers(root), payload).toEqual([]);
  for (const element of Array.from(root.querySelectorAll<HTMLAnchorElement | HTMLImageElement>('a[href], img[src]'))) {
    const url = element instanceof HTMLAnchorElement ? element.getAttribute('href')! : element.getAttribute('src')!;
    expect(isUnsafeUrl(url), `${url} (${payload})`).toBe(false);
  }
}

function remarkHtml(markdown: string): string {
  return String(
    unified().use(remarkParse).use(remarkGfm).use(remarkToolCalls, { syntaxes: ALL }).use(remarkRehype).use(rehypeSafeUrls).use(rehypeStringify).processSync(markdown),
  );
}

// Each test mounts 39 transcripts and clicks, hovers and focuses every element in them (every card
// header toggles its card): 5–15 s on a busy machine, so more than the default 15 s of room.
vi.setConfig({ testTimeout: 60_000 });

/** Pokes every host, lets whatever a payload set going run, then checks each host is inert and no trap fired. */
async function expectAllInert(hosts: ReadonlyArray<readonly [string, HTMLElement]>): Promise<void> {
  for (const [, element] of hosts) poke(element);
  await settle();
  for (const [payload, element] of hosts) expectInert(element, payload);
  expect(hits).toEqual([]);
}

describe('hostile content in the live DOM (Chromium)', () => {
  it('the trap works: a payload inserted as live HTML does fire', async () => {
    const element = host();
    element.append(document.createRange().createContextualFragment(`<img src="x:" onerror="window.__pwned('control')">`));
    await settle();
    expect(hits.splice(0)).toEqual(['control']);
  });

  it(`<ToolTranscript text>, rendered on the client: ${ALL_PAYLOADS.length} payloads`, async () => {
    const hosts = ALL_PAYLOADS.map((payload) => {
      const element = host();
      const root = createRoot(element);
      roots.push(root);
      flushSync(() => root.render(<ToolTranscript text={hostileTranscript(payload)} syntaxes={ALL} />));
      expect(element.querySelectorAll('[data-slot="tool-call"]').length, payload).toBeGreaterThanOrEqual(9);
      return [payload, element] as const;
    });
    await expectAllInert(hosts);
  });

  it(`<ToolTranscript text>, server HTML hydrated: ${ALL_PAYLOADS.length} payloads`, async () => {
    const mismatches: string[] = [];
    const hosts = ALL_PAYLOADS.map((payload) => {
      const node = <ToolTranscript text={hostileTranscript(payload)} syntaxes={ALL} />;
      const element = host();
      element.innerHTML = renderToString(node);
      roots.push(hydrateRoot(element, node, { onRecoverableError: (error) => void mismatches.push(`${payload}: ${String(error)}`) }));
      return [payload, element] as const;
    });
    await settle();
    // The server HTML is what the client renders: a payload never makes React throw it away.
    expect(mismatches).toEqual([]);
    await expectAllInert(hosts);
  });

  it(`<ToolTranscript message>, native tool parts: ${ALL_PAYLOADS.length} payloads`, async () => {
    const hosts = ALL_PAYLOADS.map((payload) => {
      const element = host();
      const root = createRoot(element);
      roots.push(root);
      flushSync(() => root.render(<ToolTranscript message={hostileMessage(payload)} />));
      expect(element.querySelectorAll('[data-slot="tool-call"]'), payload).toHaveLength(2);
      return [payload, element] as const;
    });
    await expectAllInert(hosts);
  });

  it(`the remark HTML (with safe URLs), inserted as live HTML: ${ALL_PAYLOADS.length} payloads`, async () => {
    const hosts = ALL_PAYLOADS.map((payload) => {
      const html = remarkHtml(hostileTranscript(payload));
      // Parsed as a document first: nothing a browser would act on.
      expect(dangers(new DOMParser().parseFromString(html, 'text/html').body), payload).toEqual([]);
      // Then inserted the way that runs scripts.
      const element = host();
      element.append(document.createRange().createContextualFragment(html));
      expect(element.querySelectorAll('section.tt-tool').length, payload).toBeGreaterThanOrEqual(9);
      return [payload, element] as const;
    });
    await expectAllInert(hosts);
  });
});
