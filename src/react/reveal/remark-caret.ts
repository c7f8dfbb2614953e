import type { Nodes, Parent, Root } from 'mdast';

/** Containers the caret goes into, to reach the last line of text. */
const CONTAINERS = new Set(['list', 'listItem', 'blockquote', 'table', 'tableRow']);
/** Nodes whose content is a line of text: the caret ends it. */
const LINES = new Set(['paragraph', 'heading', 'tableCell']);

/** The caret element: a glyph, so it shows without any CSS; hidden from assistive technology. */
const CARET = {
  type: 'revealCaret',
  data: {
    hName: 'span',
    hProperties: { className: ['tt-caret'], dataSlot: 'reveal-caret', ariaHidden: 'true' },
    hChildren: [{ type: 'text', value: '▍' }],
  },
};

/**
 * A remark plugin that puts a caret at the end of the text: at the end of the last paragraph,
 * heading or table cell (inside lists and quotes), else after the last block (a code block, a
 * rule). Used on the block being revealed.
 */
export function remarkCaret() {
  return (tree: Root) => {
    let parent: Parent = tree;
    for (;;) {
      const last = parent.children[parent.children.length - 1] as Nodes | undefined;
      if (last && LINES.has(last.type)) {
        parent = last as Parent;
        break;
      }
      if (!last || !CONTAINERS.has(last.type)) break;
      parent = last as Parent;
    }
    (parent.children as unknown[]).push({ ...CARET });
  };
}
