import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SyntaxName } from '../../src/index.js';
import { ToolTranscript, useTranscriptStatus, type ToolComponents } from '../../src/react/index.js';
import { createTranscriptStore, type TranscriptStore } from '../../src/store/index.js';

/** Props of {@link ReplayPlayer}. */
export interface ReplayPlayerProps {
  /** The transcript to replay. */
  text: string;
  /** Deltas per second. */
  speed: number;
  /** Characters per delta (deltas may split a marker, a `\r\n` or an emoji: the result is the same). */
  chunkSize: number;
  /** Start playing at once. */
  autoPlay?: boolean;
  /** Syntaxes to parse with (default: the parser's defaults). */
  syntaxes?: readonly SyntaxName[];
  /** Custom tool renderers. */
  toolComponents?: ToolComponents;
}

/**
 * Replays a transcript into a transcript store, `chunkSize` characters at a time, `speed` times a
 * second, the way a model streams it; `<ToolTranscript store>` renders the store. Play, Pause,
 * Step (one delta) and Restart. A new text or new syntaxes start over.
 */
export function ReplayPlayer(props: ReplayPlayerProps) {
  const key = `${props.syntaxes?.join(',') ?? ''}\u0000${props.text}`;
  return <Replay key={key} {...props} />;
}

const buttonStyle = {
  padding: '0.3rem 0.8rem',
  border: '1px solid #8c959f',
  borderRadius: 6,
  background: '#f6f8fa',
  color: '#1f2328',
  font: 'inherit',
  cursor: 'pointer',
} as const;

function Replay({ text, speed, chunkSize, autoPlay = true, syntaxes, toolComponents }: ReplayPlayerProps) {
  const store = useMemo<TranscriptStore>(() => createTranscriptStore(syntaxes ? { syntaxes } : {}), [syntaxes]);
  const status = useTranscriptStatus(store);
  const [position, setPosition] = useState(0);
  const [playing, setPlaying] = useState(autoPlay && text.length > 0);
  // The position the store has been fed up to; a ref so that interval ticks never feed twice.
  const fed = useRef(0);
  const size = Math.max(1, Math.floor(chunkSize));

  const step = useCallback(() => {
    const from = fed.current;
    if (from >= text.length) return;
    const to = Math.min(text.length, from + size);
    store.append(text.slice(from, to));
    fed.current = to;
    if (to >= text.length) {
      store.end();
      setPlaying(false);
    }
    setPosition(to);
  }, [store, text, size]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(step, 1000 / Math.max(0.1, speed));
    return () => clearInterval(timer);
  }, [playing, speed, step]);

  const restart = () => {
    store.reset();
    fed.current = 0;
    setPosition(0);
    setPlaying(text.length > 0);
  };

  const done = position >= text.length;
  return (
    <div style={{ display: 'grid', gap: '1rem' }}>
      <div role="group" aria-label="Replay controls" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem' }}>
        <button type="button" style={buttonStyle} onClick={() => setPlaying(true)} disabled={playing || done}>
          Play
        </button>
        <button type="button" style={buttonStyle} onClick={() => setPlaying(false)} disabled={!playing}>
          Pause
        </button>
        <button type="button" style={buttonStyle} onClick={step} disabled={playing || done}>
          Step
        </button>
        <button type="button" style={buttonStyle} onClick={restart}>
          Restart
        </button>
        <progress max={Math.max(1, text.length)} value={position} aria-label="Replay progress" />
        <span data-testid="replay-position" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {position} / {text.length} characters
        </span>
        <span data-testid="replay-status">{playing ? 'playing' : done ? 'finished' : 'paused'}</span>
        <span data-testid="transcript-status">transcript: {status}</span>
      </div>
      <ToolTranscript store={store} toolComponents={toolComponents} />
    </div>
  );
}
