import { createContext, useContext, type ComponentType } from 'react';
import type { Options as MarkdownOptions } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { ToolChunk, ToolDefinition } from '../types.js';
import type { ProseComponent } from './prose.js';
import { resolveReveal, type RevealOption, type RevealSettings } from './reveal/reveal-settings.js';
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

/** Why a call is drawn by the `fallbackToolComponent`. */
export type FallbackReason =
  /** `tools` (definitions) were given and none of them has the call's name. */
  | 'unknown-tool'
  /** The tool is known (or no `tools` were given) but `toolComponents` has no entry for it. */
  | 'no-component';

/** Props of a `fallbackToolComponent`: those of a custom tool component, and why the fallback draws it. */
export interface FallbackToolComponentProps extends ToolComponentProps {
  reason: FallbackReason;
}

/**
 * The rendering options of `<ToolTranscript>` for prose and for calls without a component of
 * their own (besides `toolComponents`, `components` and the plugins).
 */
export interface TranscriptRenderOptions {
  /**
   * Draws every call that has no entry in `toolComponents`, instead of the default card; it gets
   * the call and the lifecycle callbacks like a custom component, and a `reason`:
   * `'unknown-tool'` when `tools` are given and none has the call's name (a model inventing a
   * tool), else `'no-component'`. It decides: render `<ToolCall tool={tool} />` (the default
   * card) for the calls it does not want to draw. Runs inside the same error and Suspense
   * boundaries as the `toolComponents`.
   *
   * @example
   * function Fallback(props: FallbackToolComponentProps) {
   *   if (props.reason === 'unknown-tool') return <p role="note">The model asked for “{props.tool.toolName}”, which this app does not have.</p>;
   *   return <ToolCall tool={props.tool} />;
   * }
   * <ToolTranscript text={text} tools={tools} fallbackToolComponent={Fallback} />
   */
  fallbackToolComponent?: ComponentType<FallbackToolComponentProps>;
  /**
   * Renders the prose with this component instead of react-markdown: it gets one top-level
   * markdown block as `children` (a string without the blank lines around it; finished blocks
   * never re-render) and `isAnimating`,
   * true for the block still being written. Half-written markdown is passed as it is (the
   * component closes it, as Streamdown does; `closeMarkdown` is exported for those that do not).
   * `components`, `remarkPlugins` and `rehypePlugins` then do not apply.
   *
   * @example
   * import { Streamdown } from 'streamdown';
   * <ToolTranscript text={text} proseComponent={Streamdown} />
   */
  proseComponent?: ProseComponent;
  /**
   * Reveals streamed text progressively with a caret at its end, instead of showing each delta
   * at once (off by default). `true` takes the defaults; an object sets the rate
   * (`charactersPerSecond`, default 400), the most the text may trail the stream (`maxLagMs`,
   * default 400: the reveal speeds up so that every delta is shown within that time, so it never
   * falls behind a long stream) and the caret (`caret: false` hides it). Text that arrives after
   * the transcript mounted is revealed (text there at mount, such as a history, shows at once),
   * one frame at a time, re-rendering only the text block being revealed; a call after that text
   * appears once the text before it is shown, in the same frame as its last character. With
   * `prefers-reduced-motion: reduce` the text shows at once. The caret is a `▍` in
   * `<span class="tt-caret" data-slot="reveal-caret" aria-hidden="true">` at the end of the last
   * line; with a `proseComponent` the caret is that component's (it gets `isAnimating`).
   */
  reveal?: RevealOption;
  /**
   * Renders the parts of a long transcript that are away from the viewport only when they come
   * near it (within a viewport's height; by groups of 32 items, kept once rendered). Until then a
   * group is a placeholder holding its source text (so it has about its height and find in page
   * finds its words). Default: past 2,048 items (about 500 KB of mixed prose and calls); `true`
   * always, `false` never, a number: past that many items. The first group and the last (the
   * one being written) always render. Where `IntersectionObserver` is missing, everything
   * renders after mounting; the server renders the placeholders.
   */
  deferOffscreen?: boolean | number;
}

/** What every item of a transcript renders with; its identity changes only when a setting really does. */
export interface TranscriptConfig {
  toolComponents: ToolComponents | undefined;
  components: MarkdownOptions['components'];
  /** remark-gfm followed by the user's plugins. */
  remarkPlugins: NonNullable<MarkdownOptions['remarkPlugins']>;
  rehypePlugins: MarkdownOptions['rehypePlugins'];
  /** The transcript's `streaming` prop: `false` shows calls still receiving input as interrupted. */
  streaming?: boolean | undefined;
  fallbackToolComponent?: ComponentType<FallbackToolComponentProps> | undefined;
  proseComponent?: ProseComponent | undefined;
  /** The names of the `tools` definitions, when given (a call whose name is missing is an `'unknown-tool'`). */
  toolNames?: ReadonlySet<string> | undefined;
  /** The reveal settings, when reveal is on. */
  reveal?: RevealSettings | undefined;
  deferOffscreen?: boolean | number | undefined;
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
  render: TranscriptRenderOptions & { tools?: readonly ToolDefinition[] | undefined } = {},
): TranscriptConfig {
  return {
    toolComponents,
    components,
    remarkPlugins: [remarkGfm, ...(remarkPlugins ?? [])],
    rehypePlugins,
    streaming,
    fallbackToolComponent: render.fallbackToolComponent,
    proseComponent: render.proseComponent,
    toolNames: render.tools ? new Set(render.tools.map((tool) => tool.name)) : undefined,
    reveal: resolveReveal(render.reveal),
    deferOffscreen: render.deferOffscreen,
  };
}
