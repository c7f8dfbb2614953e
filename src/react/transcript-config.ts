import { createContext, use, type ComponentType } from 'react';
import type { Options as MarkdownOptions } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { ToolChunk } from '../types.js';

/** Props of a custom tool renderer: the whole tool chunk (name, id, state, input, output, error, raw…). */
export interface ToolRendererProps {
  tool: ToolChunk;
}

/** Custom renderers by tool name. */
export type ToolRenderers = Readonly<Record<string, ComponentType<ToolRendererProps>>>;

/** What every item of a transcript renders with; its identity changes only when a setting really does. */
export interface TranscriptConfig {
  tools: ToolRenderers | undefined;
  components: MarkdownOptions['components'];
  /** remark-gfm followed by the user's plugins. */
  remarkPlugins: NonNullable<MarkdownOptions['remarkPlugins']>;
  rehypePlugins: MarkdownOptions['rehypePlugins'];
}

const DEFAULT_CONFIG: TranscriptConfig = {
  tools: undefined,
  components: undefined,
  remarkPlugins: [remarkGfm],
  rehypePlugins: undefined,
};

/**
 * What `<ToolTranscript>` hands its items (custom renderers, markdown components and plugins).
 * Provide it yourself to render `TranscriptItems` or `MarkdownText` outside a `<ToolTranscript>`.
 */
export const TranscriptConfigContext = createContext<TranscriptConfig>(DEFAULT_CONFIG);

/** The config of the enclosing transcript (outside one: GFM markdown, default tool cards). */
export function useTranscriptConfig(): TranscriptConfig {
  return use(TranscriptConfigContext);
}

/** A config from the transcript's props (`remarkPlugins` after remark-gfm). */
export function makeTranscriptConfig(
  tools: ToolRenderers | undefined,
  components: MarkdownOptions['components'],
  remarkPlugins: MarkdownOptions['remarkPlugins'],
  rehypePlugins: MarkdownOptions['rehypePlugins'],
): TranscriptConfig {
  return { tools, components, remarkPlugins: [remarkGfm, ...(remarkPlugins ?? [])], rehypePlugins };
}
