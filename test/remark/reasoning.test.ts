/**
 * Reasoning blocks in the remark plugin: a `reasoning` node where the block stood (its text kept,
 * not parsed as markdown, calls inside it no nodes), rendered as a collapsed disclosure whose
 * text is escaped, written back byte for byte by remark-stringify; `reasoning: false` too.
 */
import { remark } from 'remark';
import { describe, expect, it } from 'vitest';
import remarkToolCalls from '../../src/remark/index.js';
import { reasoningToHast, type ReasoningNode } from '../../src/remark/reasoning.js';
import { pointAt, toHtml, toolCalls, toTree } from './support.js';

const CALL = '<tool_call>{"name": "search", "arguments": {"q": "x"}}</tool_call>';

describe('reasoning nodes', () => {
  it('a reasoning node where the block stood; a call inside it is no toolCall node', () => {
    const doc = `Intro.\n\n<think>I could ${CALL}\n\n**not bold**</think>\n\nAnswer ${CALL}\n`;
    const tree = toTree(doc);
    expect(tree.children.map((node) => node.type)).toEqual(['paragraph', 'reasoning', 'paragraph', 'toolCall']);
    const node = tree.children[1] as ReasoningNode;
    expect(node).toMatchObject({ type: 'reasoning', value: `I could ${CALL}\n\n**not bold**`, closed: true });
    const start = doc.indexOf('<think>');
    const end = doc.indexOf('</think>') + '</think>'.length;
    expect(node.position).toEqual({ start: pointAt(doc, start), end: pointAt(doc, end) });
    expect(toolCalls(tree)).toHaveLength(1);
  });

  it('HTML: a collapsed <details> with the text escaped, cut-off marked', () => {
    const html = toHtml('<think>a <b>bold</b> & <script>x</script></think>ok');
    expect(html).toContain('<details class="tt-reasoning" data-slot="reasoning" data-status="done"><summary class="tt-reasoning-header">Reasoning</summary>');
    expect(html).toContain('a &#x3C;b>bold&#x3C;/b> &#x26; &#x3C;script>x&#x3C;/script>');
    expect(html).not.toContain('<script>');
    expect(toHtml('<think>and then')).toContain('data-status="cut-off"');
    expect(reasoningToHast({ type: 'reasoning', value: 'v', closed: false }).properties).toMatchObject({ dataStatus: 'cut-off' });
  });

  it('remark-stringify writes the block back as it was', () => {
    const doc = `Intro.\n\n<seed:think>plan ${CALL}</seed:think>\n\nDone.\n`;
    expect(String(remark().use(remarkToolCalls).processSync(doc))).toBe(doc);
  });

  it('reasoning: false leaves the tags to markdown and reads the call inside', () => {
    const tree = toTree(`<think>${CALL}</think>`, { reasoning: false });
    expect(tree.children.some((node) => node.type === 'reasoning')).toBe(false);
    expect(toolCalls(tree)).toHaveLength(1);
  });
});
