import { memo, useRef, type ComponentProps } from 'react';
import Markdown, { defaultUrlTransform, type UrlTransform } from 'react-markdown';
import { useTranscriptConfig } from '../transcript-config.js';
import { closeMarkdown } from './close-markdown.js';
import { splitBlocks, type BlockSplit } from './split-blocks.js';

/** Props of {@link MarkdownText}. */
export interface MarkdownTextProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** The markdown; it may grow between renders. */
  value: string;
  /**
   * The text is still being written: its last block shows half-written
   * constructs as finished (`**bold`, an open fence…). Default `false`.
   */
  live?: boolean;
}

/**
 * Markdown (react-markdown with remark-gfm and the transcript's plugins and
 * components) split into top-level blocks. Finished blocks are memoized and
 * never re-render while the text grows; only the last block is parsed again.
 * Links go through react-markdown's default `urlTransform`; raw HTML is not
 * rendered.
 */
export function MarkdownText({ value, live = false, className, ...rest }: MarkdownTextProps) {
  // The split of the previous render: when `value` extends it, only the new text is scanned.
  const previous = useRef<BlockSplit | undefined>(undefined);
  const split = splitBlocks(value, previous.current);
  previous.current = split;
  const tail = value.slice(split.tailStart);
  return (
    <div className={className ? `tt-text ${className}` : 'tt-text'} data-slot="transcript-text" {...rest}>
      <FinishedBlocks blocks={split.done} />
      {tail === '' ? null : <MarkdownBlock source={live ? closeMarkdown(tail) : tail} />}
    </div>
  );
}

/** The blocks that can no longer change; re-renders only when one is added (and then only that one renders). */
const FinishedBlocks = memo(function FinishedBlocks({ blocks }: { blocks: readonly string[] }) {
  return blocks.map((source, index) => <MarkdownBlock key={index} source={source} />);
});

/**
 * react-markdown's `defaultUrlTransform` (unsafe protocols such as `javascript:` and `data:`
 * become `''`), except that an image whose URL is unsafe gets no `src` at all: `src=""` makes
 * React warn, and points the image at the page itself.
 */
const urlTransform: UrlTransform = (url, key) => {
  const safe = defaultUrlTransform(url);
  return safe === '' && key === 'src' ? null : safe;
};

/** One top-level block through react-markdown; memoized on its source. */
export const MarkdownBlock = memo(function MarkdownBlock({ source }: { source: string }) {
  const { components, remarkPlugins, rehypePlugins } = useTranscriptConfig();
  return (
    <Markdown components={components} remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} urlTransform={urlTransform}>
      {source}
    </Markdown>
  );
});
