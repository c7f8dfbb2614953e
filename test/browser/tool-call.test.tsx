import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { opensByDefault } from '../../src/card/index.js';
import { TOOL_STATES, type ToolChunk, type ToolState } from '../../src/index.js';
import { ToolCall, type ToolCallProps } from '../../src/react/index.js';
import { toolCallToHast } from '../../src/remark/hast.js';
import { toolCallFromChunk } from '../../src/remark/node.js';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import '../../src/styles.css';
import { searchInState } from '../support/tool-in-state.js';

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.replaceChildren();
});

function mount(tool: ToolChunk, props: Partial<ToolCallProps> = {}, width?: number): HTMLElement {
  const host = document.createElement('div');
  host.dataset.theme = 'light';
  if (width !== undefined) host.style.width = `${width}px`;
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  flushSync(() => root.render(<ToolCall tool={tool} {...props} />));
  return host;
}

/** The remark plugin's HTML of `tool`, in the page, with the same stylesheet. */
function mountStatic(tool: ToolChunk, width?: number): HTMLElement {
  const host = document.createElement('div');
  host.dataset.theme = 'light';
  if (width !== undefined) host.style.width = `${width}px`;
  host.innerHTML = String(unified().use(rehypeStringify).stringify({ type: 'root', children: [toolCallToHast(toolCallFromChunk(tool))] } as never));
  document.body.append(host);
  return host;
}

const tool = searchInState;

const part = (host: ParentNode, slot: string) => host.querySelector<HTMLElement>(`[data-slot="${slot}"]`);
/** Laid out (the layout is brought up to date first) and not hidden. */
const visible = (element: HTMLElement | null) =>
  element !== null && element.getBoundingClientRect().height > 0 && element.checkVisibility();
const PINNED = new Set<ToolState>(['input-streaming', 'approval-requested']);

describe.each(TOOL_STATES)('tool card in state %s (Chromium)', (state) => {
  it('root: a rounded, bordered card; the header on a muted surface; the badge in the state’s colours', () => {
    const host = mount(tool(state));
    const root = part(host, 'tool-call')!;
    expect(root.dataset.status).toBe(state);
    const style = getComputedStyle(root);
    for (const side of ['Top', 'Right', 'Bottom', 'Left'] as const) expect(style[`border${side}Width`]).toBe('1px');
    expect(parseFloat(style.borderTopLeftRadius)).toBeGreaterThan(0);
    expect(getComputedStyle(part(host, 'tool-call-header')!).backgroundColor).not.toBe(style.backgroundColor);
    const badge = part(host, 'tool-call-status')!;
    // The icon takes the badge's (the state's) colour.
    expect(getComputedStyle(badge.querySelector('svg')!).color).toBe(getComputedStyle(badge).color);
  });

  it('header: one line; progress and elapsed time only while streaming', () => {
    const host = mount(tool(state));
    const header = part(host, 'tool-call-header')!;
    const name = part(header, 'tool-call-name')!.getBoundingClientRect();
    const badge = part(header, 'tool-call-status')!.getBoundingClientRect();
    expect(Math.abs(name.top + name.height / 2 - (badge.top + badge.height / 2))).toBeLessThan(2);
    expect(visible(header.querySelector('progress'))).toBe(state === 'input-streaming');
    expect(visible(part(header, 'tool-call-elapsed'))).toBe(state === 'input-streaming');
    expect(part(header, 'tool-call-announcement')!.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  });

  it('collapse: the body shows by the open rule; a click on the header toggles it (held open while streaming / asking)', async () => {
    const host = mount(tool(state));
    const body = part(host, 'tool-call-body')!;
    expect(visible(body)).toBe(opensByDefault(state));
    const trigger = part(host, 'tool-call-trigger')!;
    // A held-open header is aria-disabled, which Playwright's click waits out: click it directly.
    if (PINNED.has(state)) trigger.click();
    else await userEvent.click(trigger);
    expect(visible(body)).toBe(PINNED.has(state) ? true : !opensByDefault(state));
    // The chevron shows the way while there is something to toggle.
    expect(visible(host.querySelector('.tt-tool-chevron'))).toBe(!PINNED.has(state));
  });

  it('keyboard: Tab reaches the header, Enter and Space toggle it', async () => {
    const host = mount(tool(state));
    const trigger = part(host, 'tool-call-trigger')!;
    const body = part(host, 'tool-call-body')!;
    await userEvent.tab();
    expect(document.activeElement).toBe(trigger);
    await userEvent.keyboard('{Enter}');
    const afterEnter = PINNED.has(state) ? true : !opensByDefault(state);
    expect(visible(body)).toBe(afterEnter);
    await userEvent.keyboard(' ');
    expect(visible(body)).toBe(PINNED.has(state) ? true : opensByDefault(state));
    expect(trigger.getAttribute('aria-expanded')).toBe(String(visible(body)));
  });

  it('input, output and error: monospace blocks, visible once open', () => {
    const host = mount(tool(state), { defaultOpen: true });
    const pre = part(host, 'tool-call-input')!.querySelector('pre')!;
    expect(visible(pre)).toBe(true);
    expect(getComputedStyle(pre).fontFamily).toMatch(/mono/i);
    expect(visible(part(host, 'tool-call-output'))).toBe(state === 'output-available');
    const error = part(host, 'tool-call-error');
    expect(visible(error)).toBe(state === 'output-error');
    if (error) {
      const errorPre = error.querySelector('pre')!;
      expect(getComputedStyle(errorPre).color).toBe('rgb(207, 34, 46)');
      expect(getComputedStyle(errorPre).backgroundColor).toBe('rgb(255, 235, 233)');
    }
  });

  it('static HTML (remark, CLI page): a <details> open by the same rule, that a click on its summary toggles', () => {
    const host = mountStatic(tool(state));
    const details = host.querySelector('details')!;
    const body = part(host, 'tool-call-body')!;
    expect(details.open).toBe(opensByDefault(state));
    expect(visible(body)).toBe(opensByDefault(state));
    host.querySelector('summary')!.click();
    expect(visible(body)).toBe(!opensByDefault(state));
    // Its header looks like the React card's: no list marker, same surface, one line.
    const summary = host.querySelector('summary')!;
    expect(getComputedStyle(summary).display).toBe('flex');
    const react = mount(tool(state));
    expect(getComputedStyle(summary).backgroundColor).toBe(getComputedStyle(part(react, 'tool-call-header')!).backgroundColor);
    expect(summary.clientHeight).toBe(part(react, 'tool-call-header')!.clientHeight);
  });
});

describe('values (Chromium)', () => {
  it('a multi-line string keeps its line breaks, one line of text per line', () => {
    const script = '#!/usr/bin/env python3\nimport sys\nprint(sys.argv)\n';
    const host = mount(tool('input-available', { input: { path: 'a.py', content: script } }), { defaultOpen: true });
    const pre = part(host, 'tool-call-field')!.querySelector('pre')!;
    const lineHeight = parseFloat(getComputedStyle(pre).lineHeight);
    const padding = parseFloat(getComputedStyle(pre).paddingTop) + parseFloat(getComputedStyle(pre).paddingBottom);
    // Three lines (the final line break ends the third).
    expect(Math.round((pre.clientHeight - padding) / lineHeight)).toBe(3);
    expect(pre.innerText).toBe(script);
  });

  it('long content scrolls inside the card instead of stretching it', () => {
    const long = Array.from({ length: 80 }, (_, i) => `line ${i}`).join('\n');
    const host = mount(tool('output-available', { output: long }), { defaultOpen: true });
    const pre = part(host, 'tool-call-output')!.querySelector('pre')!;
    expect(pre.getBoundingClientRect().height).toBeLessThanOrEqual(24 * 16 + 16 + 1); // max-height 24rem plus padding
    expect(pre.scrollHeight).toBeGreaterThan(pre.clientHeight);
  });
});

describe('a narrow header (280 px)', () => {
  const LONG = 'github_create_pull_request_review_comment';
  const cases = TOOL_STATES.flatMap((state) => [
    [state, 'react'],
    [state, 'static'],
  ] as const);

  it.each(cases)('state %s, %s: a long name ellipsizes, the badge stays whole and inside, nothing wraps', async (state, kind) => {
    const chunk = tool(state, { toolName: LONG, input: { query: 'a long query that will never fit in a narrow header at all' } });
    const host = kind === 'react' ? mount(chunk, {}, 280) : mountStatic(chunk, 280);
    if (kind === 'react' && state === 'input-streaming') await expect.poll(() => host.querySelector('progress')).not.toBeNull();
    const header = part(host, 'tool-call-header')!;
    const name = part(header, 'tool-call-name')!;
    const badge = part(header, 'tool-call-status')!;
    expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth);
    expect(name.scrollWidth).toBeGreaterThan(name.clientWidth); // ellipsized
    expect(getComputedStyle(name).textOverflow).toBe('ellipsis');
    const inner = header.getBoundingClientRect();
    for (const element of [badge, name, part(header, 'tool-call-elapsed'), part(header, 'tool-call-progress')]) {
      if (!element) continue;
      const box = element.getBoundingClientRect();
      expect(box.left).toBeGreaterThanOrEqual(inner.left - 0.5);
      expect(box.right).toBeLessThanOrEqual(inner.right + 0.5);
      expect(box.width).toBeGreaterThan(0);
    }
    // One line: the badge's label does not wrap, and the header is as tall as one row.
    expect(badge.scrollWidth).toBeLessThanOrEqual(badge.clientWidth);
    expect(badge.getBoundingClientRect().height).toBeLessThan(24);
    expect(header.getBoundingClientRect().height).toBeLessThan(44);
  });
});
