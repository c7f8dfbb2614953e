import { createContext, useContext, type ComponentType } from 'react';
import type { Options as MarkdownOptions } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { ToolChunk } from '../types.js';
import type { ToolActions } from './tool-actions.js';

/**
 * Props of a custom tool component: the whole tool chunk (name, id, state, input, output,
 * error, approval, raw…) and the transcript's lifecycle callbacks, so a client-side tool can
 * answer with `onToolOutput` and an approval UI of your own can call `onToolApprovalResponse`.
 */
export interface ToolComponentProps extends ToolActions {
  tool: ToolChunk;
}

/** Custom tool components by tool name (`toolComponents={{ weather: WeatherCard }}`). */
export type ToolComponents = Readonly<Record<string, ComponentType<ToolComponentProps>>>;

/** What every item of a transcript renders with; its identity changes only when a setting really does. */
export interface TranscriptConfig {
  toolComponents: ToolComponents | undefined;
  components: MarkdownOptions['components'];
  /** remark-gfm followed by the user's plugins. */
  remarkPlugins: NonNullable<MarkdownOptions['remarkPlugins']>;
  rehypePlugins: MarkdownOptions['rehypePlugins'];
  /** The transcript's `streaming` prop: `false` shows calls still receiving input as interrupted. */
  streaming?: boolean | undefined;
}

const DEFAULT_CONFIG: TranscriptConfig = {
  toolComponents: undefined,
  components: undefined,
  remarkPlugins: [remarkGfm],
  rehypePlugins: undefined,
};

/**
 * What `<ToolTranscript>` hands its items (custom tool components, markdown components and plugins).
 * Provide it yourself to render `TranscriptItems` or `MarkdownText` outside a `<ToolTranscript>`.
 */
export const TranscriptConfigContext = createContext<TranscriptConfig>(DEFAULT_CONFIG);

/** The config of the enclosing transcript (outside one: GFM markdown, default tool cards). */
export function useTranscriptConfig(): TranscriptConfig {
  return useContext(TranscriptConfigContext);
}

/** A config from the transcript's props (`remarkPlugins` after remark-gfm). */
export function makeTranscriptConfig(
  toolComponents: ToolComponents | undefined,
  components: MarkdownOptions['components'],
  remarkPlugins: MarkdownOptions['remarkPlugins'],
  rehypePlugins: MarkdownOptions['rehypePlugins'],
  streaming?: boolean,
): TranscriptConfig {
  return { toolComponents, components, remarkPlugins: [remarkGfm, ...(remarkPlugins ?? [])], rehypePlugins, streaming };
}
