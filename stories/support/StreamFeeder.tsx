import { useEffect, useMemo, useState } from 'react';
import { ToolTranscript, type ToolTranscriptProps } from '../../src/react/index.js';
import { createTranscriptStore } from '../../src/store/index.js';

/** Props of {@link StreamFeeder}. */
export interface StreamFeederProps {
  /** The transcript to stream. */
  text: string;
  /** Characters per delta. */
  chunkSize: number;
  /** Milliseconds between deltas. */
  interval: number;
  /** Props for the `<ToolTranscript>` (reveal, slots…). */
  transcript?: Omit<ToolTranscriptProps, 'text' | 'stream' | 'chunks' | 'store' | 'message'>;
}

/**
 * Streams `text` into a store, `chunkSize` characters every `interval` ms, and renders it with
 * `<ToolTranscript store>`. Shows how much has been fed (`data-testid="fed"`) so a story can
 * compare it with what is shown.
 */
export function StreamFeeder({ text, chunkSize, interval, transcript }: StreamFeederProps) {
  const store = useMemo(() => createTranscriptStore(), [text, chunkSize, interval]);
  const [fed, setFed] = useState(0);
  useEffect(() => {
    let position = 0;
    setFed(0);
    const timer = setInterval(() => {
      const next = Math.min(text.length, position + chunkSize);
      store.append(text.slice(position, next));
      position = next;
      setFed(next);
      if (next >= text.length) {
        store.end();
        clearInterval(timer);
      }
    }, interval);
    return () => clearInterval(timer);
  }, [store, text, chunkSize, interval]);
  return (
    <div style={{ display: 'grid', gap: '0.75rem' }}>
      <p data-testid="fed" style={{ margin: 0, font: '0.8rem system-ui, sans-serif', opacity: 0.75 }}>
        {fed} / {text.length} characters streamed
      </p>
      <ToolTranscript store={store} {...transcript} />
    </div>
  );
}
