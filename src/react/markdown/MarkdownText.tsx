import { memo, useMemo, useRef, type ComponentProps } from 'react';
import { remarkCaret } from '../reveal/remark-caret.js';
import Markdown, { defaultUrlTransform, type UrlTransform } from 'react-markdown';
import { useTranscriptConfig } from '../transcript-config.js';
import { closeMarkdown } from './close-markdown.js';
import { splitBlocks, type BlockSplit } from './split-blocks.js';
import { cx } from '../class-names.js';

/** Props of {@link MarkdownText}. */
export interface MarkdownTextProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** The markdown; it may grow between renders. */
  value: string;
  /**
   * The text is still being written: its last block shows half-written
   * constructs as finished (`**bold`, an open fence…). Default `false`.
   */
  live?: boolean;
  /**
   * A caret at the end of the text (the smooth reveal shows one while the text streams).
   * Drawn by react-markdown only: a `proseComponent` draws its own from `isAnimating`.
   */
  caret?: boolean;
}

/**
 * Markdown (react-markdown with remark-gfm and the transcript's plugins and
 * components) split into top-level blocks. Finished blocks are memoized and
 * never re-render while the text grows; only the last block is parsed again.
 * Links go through react-markdown's default `urlTransform`; raw HTML is not
 * rendered.
 */
export function MarkdownText({ value, live = false, caret = false, className, ...rest }: MarkdownTextProps) {
  const { proseComponent } = useTranscriptConfig();
  // The split of the previous render: when `value` extends it, only the new text is scanned.
  const previous = useRef<BlockSplit | undefined>(undefined);
  const split = splitBlocks(value, previous.current);
  previous.current = split;
  const tail = value.slice(split.tailStart);
  return (
    <div className={cx('tt-text', className)} data-slot="transcript-text" {...rest}>
      <FinishedBlocks blocks={split.done} />
      {/* A prose component gets the block as it is: it closes half-written markdown itself (Streamdown does). */}
      {tail === '' ? null : <MarkdownBlock source={live && !proseComponent ? closeMarkdown(tail) : tail} live={live} caret={caret} />}
    </div>
  );
}

/** The blocks that can no longer change; re-renders only when one is added (and then only that one renders). */
const FinishedBlocks = memo(function FinishedBlocks({ blocks }: { blocks: readonly string[] }) {
  return blocks.map((source, index) => <MarkdownBlock key={index} source={source} />);
});

/**
 * A block without the blank lines around it (the separators that `splitBlocks` keeps with a
 * block): markdown ignores them, and a prose component that shows its input as it is should not
 * have to.
 */
function withoutBlankEdges(block: string): string {
  return block.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
}

/**
 * react-markdown's `defaultUrlTransform` (unsafe protocols such as `javascript:` and `data:`
 * become `''`), except that an image whose URL is unsafe gets no `src` at all: `src=""` makes
 * React warn, and points the image at the page itself.
 */
const urlTransform: UrlTransform = (url, key) => {
  const safe = defaultUrlTransform(url);
  return safe === '' && key === 'src' ? null : safe;
};

/**
 * One top-level block through react-markdown, or through the transcript's `proseComponent`
 * (with `isAnimating` = `live`, and without its surrounding blank lines); memoized on its props.
 */
export const MarkdownBlock = memo(function MarkdownBlock({ source, live = false, caret = false }: { source: string; live?: boolean; caret?: boolean }) {
  const { components, remarkPlugins, rehypePlugins, proseComponent: Prose } = useTranscriptConfig();
  const plugins = useMemo(() => (caret ? [...remarkPlugins, remarkCaret] : remarkPlugins), [remarkPlugins, caret]);
  if (Prose) return <Prose isAnimating={live}>{withoutBlankEdges(source)}</Prose>;
  return (
    <Markdown components={components} remarkPlugins={plugins} rehypePlugins={rehypePlugins} urlTransform={urlTransform}>
      {source}
    </Markdown>
  );
});
