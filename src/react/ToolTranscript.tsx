import { useMemo, type ComponentProps } from 'react';
import type { Options as MarkdownOptions } from 'react-markdown';
import { useStableValue } from './stable-value.js';
import { makeTranscriptConfig, TranscriptConfigContext, type ToolRenderers } from './transcript-config.js';
import { TranscriptItems } from './TranscriptItems.js';
import { useToolTranscript, type TranscriptSource, type TranscriptSourceOptions } from './use-tool-transcript.js';
import { useTranscriptStatus } from './use-transcript-store.js';

/** Props of {@link ToolTranscript} besides the source. */
export interface ToolTranscriptOptions extends TranscriptSourceOptions {
  /** Custom renderers by tool name; they get the whole `ToolChunk` as `tool`. Others get the default card. */
  tools?: ToolRenderers;
  /** react-markdown `components` for the text. */
  components?: MarkdownOptions['components'];
  /** remark plugins for the text, after remark-gfm. */
  remarkPlugins?: MarkdownOptions['remarkPlugins'];
  /** rehype plugins for the text (no rehype-raw by default: raw HTML is not rendered). */
  rehypePlugins?: MarkdownOptions['rehypePlugins'];
  className?: string;
}

/** Props of {@link ToolTranscript}: exactly one source, options, and any `<div>` attribute. */
export type ToolTranscriptProps = TranscriptSource &
  ToolTranscriptOptions &
  Omit<ComponentProps<'div'>, 'children' | keyof ToolTranscriptOptions>;

/**
 * Renders assistant text with embedded tool calls: markdown for the text, a
 * card per tool call (`data-tool-call-id`, `data-status`), from exactly one of
 * `text`, `stream`, `chunks`, `store` or `message`.
 *
 * Rendering is incremental: a delta re-renders only the item it changed (the
 * last markdown block, or the open tool card). Inline `tools`, `components`
 * and plugin arrays are compared by structure, so writing them inline does not
 * re-render the transcript — but an inline function *inside* them (a
 * component defined in render) does: define components once, outside render.
 *
 * Works with `renderToString` and hydrates without mismatch: ids come from the
 * text, and time-dependent parts (elapsed time) appear only after hydration.
 *
 * @example
 * <ToolTranscript text={assistantText} tools={{ weather: WeatherCard }} />
 * <ToolTranscript message={message} />  // an AI SDK UIMessage from useChat
 */
export function ToolTranscript(props: ToolTranscriptProps) {
  const {
    text: _text,
    stream: _stream,
    chunks: _chunks,
    store: _store,
    message: _message,
    syntaxes: _syntaxes,
    idPrefix: _idPrefix,
    toolDefinitions: _toolDefinitions,
    strictTools: _strictTools,
    policy: _policy,
    streaming: _streaming,
    tools,
    components,
    remarkPlugins,
    rehypePlugins,
    className,
    ...rest
  } = props;
  const store = useToolTranscript(props);
  const status = useTranscriptStatus(store);
  const stableTools = useStableValue(tools);
  const stableComponents = useStableValue(components);
  const stableRemark = useStableValue(remarkPlugins);
  const stableRehype = useStableValue(rehypePlugins);
  const config = useMemo(
    () => makeTranscriptConfig(stableTools, stableComponents, stableRemark, stableRehype),
    [stableTools, stableComponents, stableRemark, stableRehype],
  );
  return (
    <div className={className ? `tt-transcript ${className}` : 'tt-transcript'} data-slot="transcript" data-transcript-status={status} {...rest}>
      <TranscriptConfigContext value={config}>
        <TranscriptItems store={store} />
      </TranscriptConfigContext>
    </div>
  );
}
