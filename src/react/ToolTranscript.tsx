import { useMemo, type ComponentProps, type ReactElement } from 'react';
import type { Options as MarkdownOptions } from 'react-markdown';
import type { ToolCardLabelOverrides } from '../card/index.js';
import type { TranscriptState, TranscriptStore } from '../store/types.js';
import { useStableValue } from './stable-value.js';
import { ToolCallSettingsContext, useToolCallSettings, type ToolCallHighlighter, type ToolCallSettings } from './tool-call/settings.js';
import { ToolActionsContext, useStableActions, type ToolActions } from './tool-actions.js';
import { createRevealGate, RevealGateContext } from './reveal/reveal-gate.js';
import { createNearViewport, NearViewportContext } from './deferred/near-viewport.js';
import { makeTranscriptConfig, TranscriptConfigContext, type ToolComponents, type TranscriptRenderOptions } from './transcript-config.js';
import { TranscriptItems } from './TranscriptItems.js';
import type { TranscriptSource, TranscriptSourceOptions } from './use-tool-transcript.js';
import { useTranscriptStatus, useTranscriptStore } from './use-transcript-store.js';
import { cx } from './class-names.js';

/** Props of {@link ToolTranscript} besides the source. */
export interface ToolTranscriptOptions extends TranscriptSourceOptions, ToolActions, TranscriptRenderOptions {
  /**
   * Custom components by tool name; each gets the whole `ToolChunk` as `tool` and the
   * lifecycle callbacks (`onToolOutput`, `onToolApprovalResponse`). Other tools get the default card.
   */
  toolComponents?: ToolComponents;
  /** react-markdown `components` for the text. */
  components?: MarkdownOptions['components'];
  /** remark plugins for the text, after remark-gfm. */
  remarkPlugins?: MarkdownOptions['remarkPlugins'];
  /** rehype plugins for the text (no rehype-raw by default: raw HTML is not rendered). */
  rehypePlugins?: MarkdownOptions['rehypePlugins'];
  /**
   * Any of the cards' strings over the English defaults: state labels, Input / Output / Error,
   * Approve / Deny, Copy, accessible names (`{tool}`-style placeholders).
   */
  labels?: ToolCardLabelOverrides;
  /** Highlighter for the cards' code and JSON values (Shiki, Prism…); plain escaped text when absent. */
  highlight?: ToolCallHighlighter;
  className?: string;
}

/** Props of {@link ToolTranscript}: exactly one source, options, and any `<div>` attribute. */
export type ToolTranscriptProps = TranscriptSource &
  ToolTranscriptOptions &
  Omit<ComponentProps<'div'>, 'children' | keyof ToolTranscriptOptions>;

/**
 * The `<ToolTranscript>` component over `useStore`, the hook that makes the store of its source:
 * `tool-transcript/react`'s (syntax names and the default set) or `tool-transcript/react/lite`'s
 * (the syntax objects passed, nothing else). Everything else is the same component.
 */
export function transcriptComponent<Props extends ToolTranscriptProps>(useStore: (props: Props) => TranscriptStore): (props: Props) => ReactElement {
  return function ToolTranscript(props: Props) {
    return useTranscriptView(props, useStore(props));
  };
}

/** The component's body once its store is made (a hook: it calls hooks). */
function useTranscriptView(props: ToolTranscriptProps, store: TranscriptStore): ReactElement {
  const {
    text: _text,
    stream: _stream,
    chunks: _chunks,
    store: _store,
    message: _message,
    syntaxes: _syntaxes,
    idPrefix: _idPrefix,
    tools: _tools,
    strictTools: _strictTools,
    policy: _policy,
    streaming,
    toolComponents,
    onToolApprovalResponse,
    onToolOutput,
    components,
    remarkPlugins,
    rehypePlugins,
    fallbackToolComponent,
    proseComponent,
    reveal,
    deferOffscreen,
    labels,
    highlight,
    className,
    ...rest
  } = props;
  const storeStatus = useTranscriptStatus(store);
  const failure = useTranscriptStore(store, selectError);
  // `streaming={false}` wins over a store that still waits for a part (a stopped `message`).
  const status = streaming === false && storeStatus === 'streaming' ? 'done' : storeStatus;
  const actions = useStableActions({ onToolApprovalResponse, onToolOutput });
  const stableToolComponents = useStableValue(toolComponents);
  const stableComponents = useStableValue(components);
  const stableRemark = useStableValue(remarkPlugins);
  const stableRehype = useStableValue(rehypePlugins);
  const stableReveal = useStableValue(reveal);
  const stableTools = useStableValue(_tools, 32);
  const stableLabels = useStableValue(labels);
  // While the transcript streams, a call with its input and no result is running; after, it was called.
  const live = status === 'streaming' && streaming !== false;
  // Settings of an enclosing provider apply unless the transcript is given its own.
  const outer = useToolCallSettings();
  const cardLabels = stableLabels ?? outer.labels;
  const cardHighlight = highlight ?? outer.highlight;
  // A call written in text runs only where something answers it (a client tool through `onToolOutput`);
  // in a display-only transcript it is on record, and shows as called, not running.
  const textCallsRun = onToolOutput !== undefined;
  const cardSettings = useMemo<ToolCallSettings>(
    () => ({ live, textCallsRun, labels: cardLabels, highlight: cardHighlight }),
    [live, textCallsRun, cardLabels, cardHighlight],
  );
  const config = useMemo(
    () =>
      makeTranscriptConfig(stableToolComponents, stableComponents, stableRemark, stableRehype, streaming, {
        fallbackToolComponent,
        proseComponent,
        reveal: stableReveal,
        tools: stableTools,
        deferOffscreen,
      }),
    [stableToolComponents, stableComponents, stableRemark, stableRehype, streaming, fallbackToolComponent, proseComponent, stableReveal, stableTools, deferOffscreen],
  );
  // One gate per transcript while the reveal is on: the items after a text being revealed wait for it.
  const gate = useMemo(() => (config.reveal ? createRevealGate() : undefined), [config.reveal !== undefined]);
  // One observer for the groups of a long transcript that wait to come near the viewport.
  const nearViewport = useMemo(createNearViewport, []);
  return (
    <div className={cx('tt-transcript', className)} data-slot="transcript" data-transcript-status={status} {...rest}>
      <TranscriptConfigContext.Provider value={config}>
        <ToolActionsContext.Provider value={actions}>
          <RevealGateContext.Provider value={gate}>
            <NearViewportContext.Provider value={nearViewport}>
              <ToolCallSettingsContext.Provider value={cardSettings}>
                <TranscriptItems store={store} streaming={streaming} />
              </ToolCallSettingsContext.Provider>
            </NearViewportContext.Provider>
          </RevealGateContext.Provider>
        </ToolActionsContext.Provider>
      </TranscriptConfigContext.Provider>
      {/* Why the source failed (a stream that errored or was aborted); its open calls show as interrupted. */}
      {status === 'error' && failure ? (
        <p className="tt-transcript-error" data-slot="transcript-error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

const selectError = (state: TranscriptState) => state.error;
