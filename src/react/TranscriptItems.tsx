import { memo } from 'react';
import type { TranscriptStore } from '../store/index.js';
import type { ToolChunk } from '../types.js';
import { MarkdownText } from './markdown/MarkdownText.js';
import { ToolCall } from './tool-call/ToolCall.js';
import { ToolRenderBoundary } from './tool-call/ToolRenderBoundary.js';
import { useTranscriptConfig } from './transcript-config.js';
import { useTranscriptIds, useTranscriptItem, useTranscriptStatus } from './use-transcript-store.js';

/**
 * The items of a store, in order. Re-renders only when an item is added or
 * removed, or the status changes; each item subscribes to itself, so a delta
 * re-renders just the item it changed.
 */
export const TranscriptItems = memo(function TranscriptItems({ store }: { store: TranscriptStore }) {
  const ids = useTranscriptIds(store);
  const streaming = useTranscriptStatus(store) === 'streaming';
  const last = ids.length - 1;
  return ids.map((id, index) => <TranscriptItemView key={id} store={store} id={id} live={streaming && index === last} />);
});

interface ItemViewProps {
  store: TranscriptStore;
  id: string;
  /** The last item of a transcript still streaming. */
  live: boolean;
}

/** One item: markdown for text, a tool card (default or custom) for a tool. */
export const TranscriptItemView = memo(function TranscriptItemView({ store, id, live }: ItemViewProps) {
  const item = useTranscriptItem(store, id);
  if (!item) return null;
  if (item.type === 'text') return <MarkdownText value={item.value} live={live} />;
  return <ToolItem tool={item} />;
});

/** The renderer registered for the tool's name inside an error boundary, else the default card. */
export function ToolItem({ tool }: { tool: ToolChunk }) {
  const { tools } = useTranscriptConfig();
  const Renderer = tools && Object.hasOwn(tools, tool.toolName) ? tools[tool.toolName] : undefined;
  if (!Renderer) return <ToolCall tool={tool} />;
  return (
    <ToolRenderBoundary tool={tool}>
      {/* The contract's attributes, whatever the custom renderer draws. */}
      <div
        className="tt-tool-custom"
        data-slot="tool-call-custom"
        data-status={tool.state}
        data-tool-call-id={tool.toolCallId}
        data-tool-name={tool.toolName}
        data-syntax={tool.syntax}
      >
        <Renderer tool={tool} />
      </div>
    </ToolRenderBoundary>
  );
}
