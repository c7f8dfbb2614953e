import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import type {} from 'remark-stringify';
import type { Processor } from 'unified';
import { checkTranscriptOptions } from '../options.js';
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
 * - **Parsing**: the processor's parser becomes one that segments the document with the scanner
 *   and parses the text between blocks with the markdown parser installed by `remark-parse`
 *   (with every micromark and mdast extension other plugins registered: remark-gfm works
 *   alongside), its positions those of the whole document. The order of `.use` calls does not
 *   matter: a parser installed after this plugin (remark-parse used later) is wrapped the same
 *   way, and with none installed remark-parse's own is used. A block inside a paragraph, list or
 *   quote splits it there.
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
  const settings = checkTranscriptOptions('remarkToolCalls', options);
  const syntaxes = resolveSyntaxes(settings.syntaxes);
  let markdown: UnifiedParser | undefined = self.parser;
  const toolCallParser: UnifiedParser = (doc, file) => {
    const parse = (markdown ??= remarkParseParser(self));
    return parseWithToolCalls(doc, (text) => parse(text, file) as Root, settings);
  };
  // unified reads `processor.parser` only when parsing, and remark-parse assigns it when it is
  // attached: an accessor keeps whatever parser is assigned later as the markdown parser under
  // ours, so `.use(remarkToolCalls).use(remarkParse)` works as the usual order does instead of
  // silently dropping the plugin.
  Object.defineProperty(self, 'parser', {
    configurable: true,
    enumerable: true,
    get: () => toolCallParser,
    set: (parser: UnifiedParser | undefined) => {
      markdown = parser;
    },
  });

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
