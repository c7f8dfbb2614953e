import { memo, Suspense, useCallback, useMemo, useRef, useSyncExternalStore, type ComponentType } from 'react';
import type { TranscriptStore } from '../store/index.js';
import type { ToolChunk } from '../types.js';
import { groupIds, type IdGroup } from './group-ids.js';
import { interruptedView } from './interrupted.js';
import { MarkdownText } from './markdown/MarkdownText.js';
import { Reasoning } from './reasoning/Reasoning.js';
import { ToolCall } from './tool-call/ToolCall.js';
import { ToolRenderBoundary } from './tool-call/ToolRenderBoundary.js';
import { guardRenderer } from './tool-call/guard-renderer.js';
import { useToolActions } from './tool-actions.js';
import { useTranscriptConfig, type FallbackReason, type FallbackToolComponentProps, type ToolComponentProps } from './transcript-config.js';
import { useRevealGate, type RevealGate } from './reveal/reveal-gate.js';
import { useReveal } from './reveal/use-reveal.js';
import { useReducedMotion } from './reveal/use-reduced-motion.js';
import { DeferredGroup } from './deferred/DeferredGroup.js';
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
  const held = useHeldItems(store, ids);
  const { deferOffscreen } = useTranscriptConfig();
  const defer = deferOffscreen === true || (deferOffscreen !== false && ids.length > (typeof deferOffscreen === 'number' ? deferOffscreen : DEFER_AFTER_ITEMS));
  return <ItemGroup group={grouped.current.tree} store={store} liveId={liveId} held={held} defer={defer} firstPath lastPath />;
});

/**
 * Past this many items (about 500 KB of mixed prose and calls), groups away from the viewport are
 * rendered when they come near it (see `DeferredGroup`): mounting every block of a multi-megabyte
 * transcript costs seconds and hundreds of megabytes in React and markdown alone.
 */
const DEFER_AFTER_ITEMS = 2_048;

/** How far back from the end a text still being revealed is looked for (the reveal lasts a fraction of a second). */
const HOLD_WINDOW = 64;

/**
 * The items that wait for the text before them to be revealed (a suffix of `ids`), or
 * `undefined`: with the smooth reveal on, everything after the first text item of the tail
 * that is not yet shown whole. Re-renders when such a text catches up.
 */
function useHeldItems(store: TranscriptStore, ids: readonly string[]): ReadonlySet<string> | undefined {
  const gate = useRevealGate();
  const reduced = useReducedMotion();
  // Told during render, before the items render: they read it when they mount. Text that arrives
  // after mount is new whether or not the stream is still open (a fast reply may end in the same
  // tick as its first delta), so it is revealed either way.
  gate?.update(ids, !reduced);
  const getSnapshot = () => (gate ? firstRevealing(store, gate, ids) : -1);
  const subscribe = useCallback((listener: () => void) => (gate ? gate.subscribe(listener) : () => {}), [gate]);
  const from = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return useMemo(() => (from < 0 ? undefined : new Set(ids.slice(from + 1))), [ids, from]);
}

/** Index of the first text item near the end that is still being revealed and has items after it, else -1. */
function firstRevealing(store: TranscriptStore, gate: RevealGate, ids: readonly string[]): number {
  for (let index = Math.max(0, ids.length - HOLD_WINDOW); index < ids.length - 1; index++) {
    // A text that has not rendered yet but will be revealed from its start counts as not shown at all.
    const shown = gate.shown(ids[index]!) ?? (gate.revealsFromStart(ids[index]!) ? 0 : undefined);
    if (shown === undefined) continue;
    const item = store.getItem(ids[index]!);
    if (item?.type === 'text' && shown < item.value.length) return index;
  }
  return -1;
}

interface ItemGroupProps {
  group: IdGroup;
  store: TranscriptStore;
  /** The id of the live (last, still streaming) item, given only to the group that holds it. */
  liveId: string | undefined;
  /** Items not shown yet (see `useHeldItems`), given only to the groups that hold some. */
  held?: ReadonlySet<string> | undefined;
  /** Render leaf groups only near the viewport, except the first and the last (which holds the live item). */
  defer: boolean;
  /** This group is on the path to the first leaf / to the last leaf. */
  firstPath: boolean;
  lastPath: boolean;
}

/** One group of the tree: its items, or its child groups (only the last can hold the live item). */
// The inner function is named differently on purpose: inside a named function expression its own
// name refers to the unwrapped function, and the recursion below must go through `memo`.
const ItemGroup = memo(function ItemGroupView({ group, store, liveId, held, defer, firstPath, lastPath }: ItemGroupProps) {
  if ('ids' in group) {
    const items = () => group.ids.map((id) => (held?.has(id) ? null : <TranscriptItemView key={id} store={store} id={id} live={id === liveId} />));
    // Whether a group waits for the viewport is decided when it mounts: one already shown stays shown.
    return (
      <DeferredGroup store={store} ids={group.ids} eager={!defer || firstPath || lastPath}>
        {items}
      </DeferredGroup>
    );
  }
  const last = group.groups.length - 1;
  return group.groups.map((child, index) => (
    <ItemGroup
      key={index}
      group={child}
      store={store}
      liveId={index === last ? liveId : undefined}
      // Held items are a suffix of the transcript: a group holds some when its last item is held.
      held={held?.has(lastId(child)) ? held : undefined}
      defer={defer}
      firstPath={firstPath && index === 0}
      lastPath={lastPath && index === last}
    />
  ));
});

function lastId(group: IdGroup): string {
  let node = group;
  while ('groups' in node) node = node.groups[node.groups.length - 1]!;
  return node.ids[node.ids.length - 1]!;
}

interface ItemViewProps {
  store: TranscriptStore;
  id: string;
  /** The last item of a transcript still streaming. */
  live: boolean;
}

/** One item: markdown for text, a disclosure for reasoning, a tool card (default or custom) for a tool. */
export const TranscriptItemView = memo(function TranscriptItemView({ store, id, live }: ItemViewProps) {
  const item = useTranscriptItem(store, id);
  if (!item) return null;
  if (item.type === 'text') return <TextItem id={id} value={item.value} live={live} />;
  if (item.type === 'reasoning') return <Reasoning reasoning={item} streaming={live} />;
  return <ToolItem tool={item} />;
});

/** A text item: markdown, revealed progressively when the transcript's `reveal` is on. */
function TextItem({ id, value, live }: { id: string; value: string; live: boolean }) {
  const { reveal } = useTranscriptConfig();
  const { shown, revealing } = useReveal(id, value, live, reveal);
  const writing = live || revealing;
  // Whitespace between two calls (the middleware's "\n", a blank line) is kept in the store and
  // the chunks (lossless), but renders nothing: an empty item would add a gap between the cards.
  if (isBlankText(value)) return null;
  return <MarkdownText value={shown === value.length ? value : value.slice(0, shown)} live={writing} caret={reveal?.caret === true && writing} />;
}

/** Only markdown whitespace (space, tab, line breaks); stops at the first other character. */
export function isBlankText(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c && code !== 0x0b) return false;
  }
  return true;
}

/**
 * The component registered for the tool's name in `toolComponents`, else the
 * `fallbackToolComponent` (told whether the tool is unknown to `tools`), else the
 * default card. A custom component runs inside an error boundary (a throw
 * shows the default card with the error) and a Suspense boundary whose
 * fallback is the default card: on the server, where error boundaries do not
 * run, a component that throws leaves the default card in the HTML instead of
 * failing the whole `renderToString`, and the client then renders it again
 * (and the error boundary takes over if it throws again).
 *
 * A value thrown by the component's own render that React cannot inspect (a revoked Proxy, a
 * Proxy whose traps throw) is replaced by an error describing it (see `guardRenderer`).
 *
 * When the transcript is not streaming (`streaming={false}`), a call still
 * receiving input is shown as interrupted (see `interruptedView`).
 */
export function ToolItem({ tool: given }: { tool: ToolChunk }) {
  const { toolComponents, fallbackToolComponent, toolNames, streaming } = useTranscriptConfig();
  const { onToolApprovalResponse, onToolOutput } = useToolActions();
  const tool = useMemo(() => interruptedView(given, streaming), [given, streaming]);
  const own = toolComponents && Object.hasOwn(toolComponents, tool.toolName) ? toolComponents[tool.toolName] : undefined;
  const reason: FallbackReason = toolNames && !toolNames.has(tool.toolName) ? 'unknown-tool' : 'no-component';
  const Chosen: ComponentType<ToolComponentProps> | undefined = own ?? (fallbackToolComponent ? withReason(fallbackToolComponent, reason) : undefined);
  if (!Chosen) return <ToolCall tool={tool} />;
  // A hostile thrown value (a revoked Proxy) would otherwise crash React before the boundary sees it.
  const Renderer = guardRenderer(Chosen);
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

/** The fallback with its `reason` bound, one component per fallback and reason (a stable identity, so it never remounts). */
const boundFallbacks = new WeakMap<ComponentType<FallbackToolComponentProps>, Partial<Record<FallbackReason, ComponentType<ToolComponentProps>>>>();

function withReason(Fallback: ComponentType<FallbackToolComponentProps>, reason: FallbackReason): ComponentType<ToolComponentProps> {
  let byReason = boundFallbacks.get(Fallback);
  if (!byReason) boundFallbacks.set(Fallback, (byReason = {}));
  // Guarded here: the fallback's own render is what must not throw a hostile value into React.
  const Guarded = guardRenderer(Fallback);
  return (byReason[reason] ??= function FallbackTool(props: ToolComponentProps) {
    return <Guarded {...props} reason={reason} />;
  });
}
