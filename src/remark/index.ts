/**
 * `tool-transcript/remark` — the unified/remark plugin {@link remarkToolCalls} that turns tool-call
 * blocks into `toolCall` mdast nodes, renders them to HTML through `remark-rehype` (and
 * react-markdown) and writes them back through `remark-stringify`.
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
export type { ToolCallData, ToolCallNode } from './node.js';
export { reasoningToHast, type ReasoningNode } from './reasoning.js';
export {
  createToolCallHandler,
  toolCallHandler,
  toolCallToHast,
  type ToolCallHastOptions,
} from './hast.js';
export { DEFAULT_TOOL_CARD_LABELS, type ToolCardLabelOverrides, type ToolCardLabels } from '../card/index.js';
export { rehypeSafeUrls, safeUrl } from './safe-urls.js';

/** The plugin as the default export, the way remark plugins are usually imported. */
export default remarkToolCalls;
