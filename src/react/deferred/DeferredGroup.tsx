import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { TranscriptStore } from '../../store/index.js';
import { useNearViewport } from './near-viewport.js';

/**
 * A group of items rendered only once it comes near the viewport (and then kept). Until then it
 * is a placeholder holding the group's source text, so the page has roughly its height, find in
 * page finds its words, and a huge transcript costs React and markdown work only for what is
 * seen. The server renders the placeholder too (the client's first render must match it).
 * `eager` groups (the first, the last, every group of a short transcript) render at once.
 */
export function DeferredGroup({ store, ids, eager, children }: { store: TranscriptStore; ids: readonly string[]; eager: boolean; children: () => ReactNode }) {
  const near = useNearViewport();
  // Decided at mount: a group that was rendered (the last one, which has just stopped being last) stays rendered.
  const [shown, setShown] = useState(eager);
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) return;
    if (!near || !placeholder.current) {
      setShown(true);
      return;
    }
    return near.observe(placeholder.current, () => setShown(true));
  }, [near, shown]);
  if (shown) return children();
  return (
    <div ref={placeholder} className="tt-deferred" data-slot="transcript-deferred" style={{ whiteSpace: 'pre-wrap' }}>
      {sourceOf(store, ids)}
    </div>
  );
}

/** The text the items were written as (a tool's raw block, or its name when it has none, e.g. from a message). */
function sourceOf(store: TranscriptStore, ids: readonly string[]): string {
  let text = '';
  for (const id of ids) {
    const item = store.getItem(id);
    if (!item) continue;
    text += item.type === 'text' ? item.value : item.type === 'reasoning' ? item.raw : item.raw || `${item.toolName}\n`;
  }
  return text;
}
