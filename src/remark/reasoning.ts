import type { Element } from 'hast';
import type { Node } from 'mdast';
import type { ReasoningChunk } from '../types.js';

/**
 * A reasoning block (`<think>…</think>`) in an mdast tree, at the place it stood: the fields of
 * a {@link ReasoningChunk}. Its text is kept as it is (not parsed as markdown), and through
 * `remark-rehype` it becomes a collapsed `<details class="tt-reasoning">` holding that text;
 * `remark-stringify` writes its `raw` back (or `<think>` + value + `</think>` for a node built
 * by hand).
 */
export interface ReasoningNode extends Node, Omit<ReasoningChunk, 'type' | 'raw'> {
  type: 'reasoning';
  /** Exact source text of the block, tags included. Absent on nodes built by hand. */
  raw?: string;
}

declare module 'mdast' {
  interface RootContentMap {
    /** A reasoning block (from `tool-transcript/remark`). */
    reasoning: ReasoningNode;
  }
  interface BlockContentMap {
    /** A reasoning block (from `tool-transcript/remark`). */
    reasoning: ReasoningNode;
  }
}

/** Labels of the reasoning disclosure's summary. */
export const REASONING_LABELS = { done: 'Reasoning', cutOff: 'Reasoning (cut off)' } as const;

/** The `reasoning` node for a reasoning chunk (without position). */
export function reasoningFromChunk(chunk: ReasoningChunk): ReasoningNode {
  return { type: 'reasoning', value: chunk.value, raw: chunk.raw, closed: chunk.closed };
}

/**
 * The HTML of a reasoning block: a collapsed disclosure whose body is the reasoning text as one
 * escaped text node (line breaks kept by the theme's `white-space: pre-wrap`).
 *
 * ```html
 * <details class="tt-reasoning" data-slot="reasoning" data-status="done|cut-off">
 *   <summary class="tt-reasoning-header">Reasoning</summary>
 *   <div class="tt-reasoning-body">…text…</div>
 * </details>
 * ```
 */
export function reasoningToHast(node: ReasoningNode): Element {
  const status = node.closed ? 'done' : 'cut-off';
  return {
    type: 'element',
    tagName: 'details',
    properties: { className: ['tt-reasoning'], dataSlot: 'reasoning', dataStatus: status },
    children: [
      { type: 'element', tagName: 'summary', properties: { className: ['tt-reasoning-header'] }, children: [{ type: 'text', value: node.closed ? REASONING_LABELS.done : REASONING_LABELS.cutOff }] },
      { type: 'element', tagName: 'div', properties: { className: ['tt-reasoning-body'] }, children: [{ type: 'text', value: node.value }] },
    ],
  };
}

/** Sets `data.hName`, `data.hProperties` and `data.hChildren` so `mdast-util-to-hast` renders the node. */
export function attachReasoningHast(node: ReasoningNode): void {
  const { tagName, properties, children } = reasoningToHast(node);
  node.data = Object.assign(node.data ?? {}, { hName: tagName, hProperties: properties, hChildren: children });
}

/** How `remark-stringify` writes a reasoning node: its source, or the `<think>` tags around its value. */
export function reasoningToMarkdown(node: ReasoningNode): string {
  return node.raw ?? `<think>${node.value}</think>`;
}
