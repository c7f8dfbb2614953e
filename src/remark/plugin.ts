import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import type {} from 'remark-stringify';
import type { Processor } from 'unified';
import { resolveSyntaxes } from '../syntaxes/index.js';
import type { TranscriptOptions } from '../types.js';
import type { ToolCallHastOptions } from './hast.js';
import { parseWithToolCalls } from './parse.js';
import { toolCallToMarkdown } from './to-markdown.js';

/**
 * Options of {@link remarkToolCalls}: the same as `parseTranscript`'s, so the plugin and the
 * parser agree on the same text, and `labels` for the cards' HTML (any of the card's strings, as
 * the React card's `labels` prop takes them).
 */
export type RemarkToolCallsOptions = TranscriptOptions & ToolCallHastOptions;

/** A unified parser, as remark-parse installs it. */
type UnifiedParser = NonNullable<Processor['parser']>;

/**
 * Turns every tool-call block into a `toolCall` mdast node at the place it stood, using the same
 * scanner, syntaxes and options as `parseTranscript`.
 *
 * - **Parsing**: wraps the parser remark-parse installed (or installs remark-parse's own when there
 *   is none yet), so use it after `remark-parse` (`remark()` and react-markdown do). The document is
 *   segmented by the scanner; the text between blocks is parsed by remark-parse with every micromark
 *   and mdast extension other plugins registered (remark-gfm works alongside), and its positions
 *   are those of the whole document. A block inside a paragraph, list or quote splits it there.
 * - **HTML**: each node carries `data.hName`/`hProperties`/`hChildren`, so `remark-rehype` and
 *   react-markdown render it as a `<section class="tt-tool">` with `data-tool-call-id`,
 *   `data-tool-name`, `data-status` and `data-syntax`: the tool card of the React components, as
 *   a `<details>` whose `<summary>` is the header (works without script), its input, output and
 *   error as escaped text. `labels` translates its strings.
 * - **Markdown**: `remark-stringify` writes an unchanged node back as its exact source, a changed
 *   one with its syntax's `format`.
 *
 * An unknown syntax name in `options.syntaxes` throws when the processor is frozen.
 */
export function remarkToolCalls(this: Processor, options?: RemarkToolCallsOptions | null): undefined {
  const self = this;
  const settings = options ?? {};
  const syntaxes = resolveSyntaxes(settings.syntaxes);
  const markdown: UnifiedParser = self.parser ?? remarkParseParser(self);

  self.parser = (doc, file) => parseWithToolCalls(doc, (text) => markdown(text, file) as Root, settings);

  const data = self.data();
  const toMarkdownExtensions = data.toMarkdownExtensions ?? (data.toMarkdownExtensions = []);
  toMarkdownExtensions.push(toolCallToMarkdown(syntaxes));
  return undefined;
}

/**
 * remark-parse's parser for `processor`, obtained by running remark-parse's attacher against a
 * stand-in that lends it the processor's `data` (read at parse time, so extensions registered by
 * later plugins count) and catches the parser it installs.
 */
function remarkParseParser(processor: Processor): UnifiedParser {
  const standIn: { data: Processor['data']; parser?: UnifiedParser } = { data: processor.data.bind(processor) };
  (remarkParse as unknown as (this: typeof standIn) => void).call(standIn);
  return standIn.parser!;
}
