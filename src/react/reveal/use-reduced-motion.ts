import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/** The media query list, where the environment has one (not on the server, nor in every test DOM). */
function query(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined;
}

function subscribe(listener: () => void): () => void {
  const list = query();
  list?.addEventListener?.('change', listener);
  return () => list?.removeEventListener?.('change', listener);
}

const getSnapshot = () => query()?.matches ?? false;
// The server cannot know: it renders the text whole, which is also what a reduced-motion client shows.
const getServerSnapshot = () => false;

/** Whether the user asked for reduced motion (`prefers-reduced-motion: reduce`); follows changes. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
