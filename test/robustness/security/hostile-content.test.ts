/**
 * Hostile content is inert: `<script>`, `on*=` handlers, `javascript:` and
 * `data:` URLs, `<img onerror>`, markup that tries to break out of an
 * attribute or a `<pre>` — in markdown text, tool names, ids, inputs, outputs,
 * errors and fields of every syntax, and in AI SDK message parts. Checked on
 * the HTML that comes out, parsed as a browser would (jsdom): no element or
 * attribute a browser would load, run or navigate with, and the payload shown
 * as text where a tool carried it.
 *
 * - the remark HTML (remark-parse → remarkToolCalls → remark-rehype →
 *   rehype-stringify): tool-call payloads are escaped text and raw HTML is
 *   dropped. remark-rehype passes link URLs through as written, so a page
 *   needs URL sanitising of its own — the CLI's `render` pipeline has it
 *   (rehypeSafeUrls) and is checked whole, links included;
 * - `renderToString(<ToolTranscript>)` from text, chunks and a message.
 *
 * The live DOM (handlers that would fire, scripts that would run) is checked
 * in Chromium: test/browser/security.test.tsx.
 */
import { JSDOM } from 'jsdom';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../src/cli/page.js';
import { parseTranscript, type ToolSyntax, type TranscriptOptions } from '../../../src/index.js';
import { builtinSyntaxes } from '../../../src/syntaxes/index.js';
import { ToolTranscript } from '../../../src/react/index.js';
import { remarkToolCalls } from '../../../src/remark/index.js';
import { ALL_PAYLOADS, dangers, hostileMessage, hostileTranscript, MARKUP_PAYLOADS } from './payloads.js';

const ALL = Object.values(builtinSyntaxes) as ToolSyntax[];
const options: TranscriptOptions = { syntaxes: ALL };

function parseHtml(html: string): Document {
  return new JSDOM(`<!doctype html><html><head></head><body>${html}</body></html>`).window.document;
}

/** The bare remark pipeline, as a user writes it. */
function remarkHtml(markdown: string): string {
  return String(unified().use(remarkParse).use(remarkGfm).use(remarkToolCalls, options).use(remarkRehype).use(rehypeStringify).processSync(markdown));
}

const cases = ALL_PAYLOADS.map((payload) => [payload, hostileTranscript(payload)] as const);

describe('hostile payloads: the transcripts carry them as tool calls', () => {
  it('every syntax recognises its block around every payload', () => {
    for (const [, text] of cases) {
      const syntaxes = new Set(parseTranscript(text, options).flatMap((chunk) => (chunk.type === 'tool' ? [chunk.syntax] : [])));
      expect([...syntaxes].sort()).toEqual(['caret', 'emoji', 'fence', 'json', 'sentinel', 'xml']);
    }
  });
});

describe.each(cases)('%j', (payload, text) => {
  const shownAsText = MARKUP_PAYLOADS.includes(payload) && !payload.includes('\n');

  it('remark HTML: tool calls show it as text, raw HTML is dropped', () => {
    const document = parseHtml(remarkHtml(text));
    // Links in the text keep their URLs in a bare pipeline (see the file comment): checked without them.
    const found = dangers(document.body).filter((danger) => !/^<(a|img) (href|src)=/.test(danger));
    expect(found).toEqual([]);
    const tools = Array.from(document.querySelectorAll('section.tt-tool'));
    expect(tools.length).toBeGreaterThanOrEqual(9);
    if (shownAsText) expect(tools.map((tool) => tool.textContent).join('\n')).toContain(payload);
  });

  it('the CLI page is inert whole, links included', () => {
    const title = `<script>window.__pwned('title')</script>`;
    const page = new JSDOM(renderPage(text, { title, syntaxes: ALL, styles: '', generator: '"><script>' })).window.document;
    // The page's own <style> and <meta> are in <head>; the transcript is in <body>.
    expect(dangers(page.body)).toEqual([]);
    expect(page.querySelectorAll('script')).toHaveLength(0);
    expect(page.title).toBe(title);
  });

  it('renderToString(<ToolTranscript text>): inert, and shown as text in the cards', () => {
    const document = parseHtml(renderToString(createElement(ToolTranscript, { text, syntaxes: ALL })));
    expect(dangers(document.body)).toEqual([]);
    const cards = Array.from(document.querySelectorAll('[data-slot="tool-call"]'));
    expect(cards.length).toBeGreaterThanOrEqual(9);
    if (shownAsText) expect(cards.map((card) => card.textContent).join('\n')).toContain(payload);
  });

  it('renderToString(<ToolTranscript message>): inert in native tool parts', () => {
    const document = parseHtml(renderToString(createElement(ToolTranscript, { message: hostileMessage(payload) })));
    expect(dangers(document.body)).toEqual([]);
    const names = Array.from(document.querySelectorAll('[data-slot="tool-call"]')).map((card) => card.getAttribute('data-tool-name'));
    expect(names).toEqual([payload, payload]);
  });
});

describe('unsafe image URLs in markdown', () => {
  it('an image with an unsafe URL gets no src at all (src="" would point at the page, and React warns)', () => {
    const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = renderToString(createElement(ToolTranscript, { text: '![x](javascript:alert(1)) ![y](data:image/png;base64,AAAA) ![z](https://example.com/z.png)' }));
    const images = Array.from(parseHtml(html).querySelectorAll('img'));
    expect(images.map((image) => image.getAttribute('src'))).toEqual([null, null, 'https://example.com/z.png']);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
