/**
 * `tool-transcript/remark` — the unified/remark plugin {@link remarkToolCalls} that turns tool-call
 * blocks into `toolCall` mdast nodes, renders them to HTML through `remark-rehype` (and
 * react-markdown) and writes them back through `remark-stringify`.
 *
 * Node positions are those of the original document. The HTML card marks an unclosed block
 * `data-closed="false"` and gives code blocks a guessed `class="language-…"`. A link reference
 * definition does not reach across a block.
 *
 * ```ts
 * import { unified } from 'unified';
 * import remarkParse from 'remark-parse';
 * import remarkRehype from 'remark-rehype';
 * import rehypeStringify from 'rehype-stringify';
 * import remarkToolCalls from 'tool-transcript/remark';
 *
 * const html = String(
 *   await unified().use(remarkParse).use(remarkToolCalls).use(remarkRehype).use(rehypeStringify).process(text),
 * );
 * ```
 *
 * @packageDocumentation
 */
import { remarkToolCalls } from './plugin.js';

export { remarkToolCalls, type RemarkToolCallsOptions } from './plugin.js';
export type { ToolCallNode } from './node.js';
// For a pipeline that changes `toolCall` nodes (remark-rehype's `handlers`), and for untrusted text.
export { toolCallHandler } from './hast.js';
export { rehypeSafeUrls } from './safe-urls.js';
// The HTML card's words, the same table as the React card's (`labels` overrides them).
export { DEFAULT_TOOL_CARD_LABELS } from '../card/index.js';

/** The plugin as the default export, the way remark plugins are usually imported. */
export default remarkToolCalls;
