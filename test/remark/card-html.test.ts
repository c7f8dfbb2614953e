/**
 * The remark plugin's HTML and the React `<ToolCall>` draw one card model: for every state they
 * agree on the data attributes, the badge, the summary, the sections and every value's text, and
 * the static card opens exactly when the React card does.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { opensByDefault, toolCardModel } from '../../src/card/index.js';
import { TOOL_STATES, type ToolChunk, type ToolState } from '../../src/index.js';
import { ToolCall } from '../../src/react/index.js';
import type { Element } from 'hast';
import { toolCallToHast } from '../../src/remark/hast.js';
import { toolCallFromChunk } from '../../src/remark/node.js';
import { toolInState } from '../support/tool-in-state.js';

const SCRIPT = '#!/bin/bash\nset -e\nrm -f /var/log/*.old\n';

function sample(state: ToolState): ToolChunk {
  return toolInState(state, { input: { glob: '/var/log/*.old', script: SCRIPT } });
}

function staticHtml(chunk: ToolChunk, labels?: Parameters<typeof toolCallToHast>[1]): string {
  const tree = { type: 'root' as const, children: [toolCallToHast(toolCallFromChunk(chunk), labels)] };
  return String(unified().use(rehypeStringify).stringify(tree as never));
}

const reactHtml = (chunk: ToolChunk) => renderToStaticMarkup(createElement(ToolCall, { tool: chunk }));

function decode(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** What a reader gets from a card's HTML: attributes, badge, summary, section slots, value texts. */
function reading(html: string) {
  const text = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => decode(match[1]!.replace(/<[^>]+>/g, '')));
  const attribute = (name: string) => decode(new RegExp(`${name}="([^"]*)"`).exec(html)?.[1] ?? '');
  return {
    id: attribute('data-tool-call-id'),
    name: attribute('data-tool-name'),
    status: attribute('data-status'),
    badge: text(/data-slot="tool-call-status"[^>]*>(.*?)<\/span>/g),
    summary: text(/data-slot="tool-call-summary"[^>]*>(.*?)<\/span>/g),
    sections: [...html.matchAll(/data-slot="tool-call-(input|approval|output|error)"/g)].map((match) => match[1]),
    values: text(/<pre[^>]*>(.*?)<\/pre>/gs),
    labels: text(/class="tt-tool-(?:section|field)-label">(.*?)<\/span>/g),
  };
}

describe.each(TOOL_STATES)('state %s: static HTML and React card', (state) => {
  it('read the same', () => {
    const chunk = sample(state);
    expect(reading(staticHtml(chunk))).toEqual(reading(reactHtml(chunk)));
  });

  it('open by the same rule (details[open] / aria-expanded)', () => {
    const chunk = sample(state);
    expect(/<details[^>]* open[ >]/.test(staticHtml(chunk))).toBe(opensByDefault(state));
    expect(reactHtml(chunk)).toContain(`aria-expanded="${opensByDefault(state)}"`);
  });

  it('show a multi-line field as a text block, named, with a language for highlighters', () => {
    const html = staticHtml(sample(state));
    expect(html).toContain('<span class="tt-tool-field-label">script</span>');
    expect(html).toContain(`<code class="language-bash">${SCRIPT}</code>`);
  });

  it('translate with the same labels', () => {
    const labels = { states: { [state]: 'X-state' }, called: 'X-state', input: 'X-input' };
    const html = staticHtml(sample(state), { labels });
    expect(reading(html).badge).toEqual(['X-state']);
    expect(reading(html).labels[0]).toBe('X-input');
    expect(reading(renderToStaticMarkup(createElement(ToolCall, { tool: sample(state), labels }))).badge).toEqual(['X-state']);
  });
});

describe('the card model', () => {
  it('puts every section it decides on into the HTML, in order', () => {
    for (const state of TOOL_STATES) {
      const chunk = sample(state);
      const kinds = toolCardModel(chunk).sections.map((section) => section.kind);
      const hast = toolCallToHast(toolCallFromChunk(chunk));
      const body = (hast.children[0] as Element).children[1] as Element;
      expect(body.children.map((child) => (child as Element).properties.dataSlot)).toEqual(kinds.map((kind) => `tool-call-${kind}`));
    }
  });
});
