import { memo, Suspense, useMemo, useRef } from 'react';
import type { TranscriptStore } from '../store/index.js';
import type { ToolChunk } from '../types.js';
import { groupIds, type IdGroup } from './group-ids.js';
import { interruptedView } from './interrupted.js';
import { MarkdownText } from './markdown/MarkdownText.js';
import { ToolCall } from './tool-call/ToolCall.js';
import { ToolRenderBoundary } from './tool-call/ToolRenderBoundary.js';
import { useToolActions } from './tool-actions.js';
import { useTranscriptConfig } from './transcript-config.js';
import { useTranscriptIds, useTranscriptItem, useTranscriptStatus } from './use-transcript-store.js';

/**
 * The items of a store, in order. Re-renders only when an item is added or
 * removed, or the status changes; each item subscribes to itself, so a delta
 * re-renders just the item it changed. Items are laid out in a shallow tree
 * of small groups (see `groupIds`), which keeps React's own work per delta
 * flat as the transcript grows.
 *
 * `streaming={false}` (the response is over) means no item is live, whatever
 * the store still waits for.
 */
export const TranscriptItems = memo(function TranscriptItems({ store, streaming: streamingProp }: { store: TranscriptStore; streaming?: boolean | undefined }) {
  const ids = useTranscriptIds(store);
  const streaming = useTranscriptStatus(store) === 'streaming' && streamingProp !== false;
  // Regrouped only when ids change; unchanged groups keep their identity.
  const grouped = useRef<{ ids: readonly string[]; tree: IdGroup } | undefined>(undefined);
  if (grouped.current?.ids !== ids) grouped.current = { ids, tree: groupIds(ids, grouped.current?.tree) };
  const liveId = streaming ? ids[ids.length - 1] : undefined;
  return <ItemGroup group={grouped.current.tree} store={store} liveId={liveId} />;
});

interface ItemGroupProps {
  group: IdGroup;
  store: TranscriptStore;
  /** The id of the live (last, still streaming) item, given only to the group that holds it. */
  liveId: string | undefined;
}

/** One group of the tree: its items, or its child groups (only the last can hold the live item). */
// The inner function is named differently on purpose: inside a named function expression its own
// name refers to the unwrapped function, and the recursion below must go through `memo`.
const ItemGroup = memo(function ItemGroupView({ group, store, liveId }: ItemGroupProps) {
  if ('ids' in group) return group.ids.map((id) => <TranscriptItemView key={id} store={store} id={id} live={id === liveId} />);
  const last = group.groups.length - 1;
  return group.groups.map((child, index) => (
    <ItemGroup key={index} group={child} store={store} liveId={index === last ? liveId : undefined} />
  ));
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

/**
 * The component registered for the tool's name in `toolComponents`, else the
 * default card. A custom component runs inside an error boundary (a throw
 * shows the default card with the error) and a Suspense boundary whose
 * fallback is the default card: on the server, where error boundaries do not
 * run, a component that throws leaves the default card in the HTML instead of
 * failing the whole `renderToString`, and the client then renders it again
 * (and the error boundary takes over if it throws again).
 *
 * When the transcript is not streaming (`streaming={false}`), a call still
 * receiving input is shown as interrupted (see `interruptedView`).
 */
export function ToolItem({ tool: given }: { tool: ToolChunk }) {
  const { toolComponents, streaming } = useTranscriptConfig();
  const { onToolApprovalResponse, onToolOutput } = useToolActions();
  const tool = useMemo(() => interruptedView(given, streaming), [given, streaming]);
  const Renderer = toolComponents && Object.hasOwn(toolComponents, tool.toolName) ? toolComponents[tool.toolName] : undefined;
  if (!Renderer) return <ToolCall tool={tool} />;
  return (
    <ToolRenderBoundary tool={tool}>
      <Suspense fallback={<ToolCall tool={tool} />}>
        {/* The contract's attributes, whatever the custom component draws. */}
        <div
          className="tt-tool-custom"
          data-slot="tool-call-custom"
          data-status={tool.state}
          data-tool-call-id={tool.toolCallId}
          data-tool-name={tool.toolName}
          data-syntax={tool.syntax}
        >
          <Renderer tool={tool} onToolApprovalResponse={onToolApprovalResponse} onToolOutput={onToolOutput} />
        </div>
      </Suspense>
    </ToolRenderBoundary>
  );
}
