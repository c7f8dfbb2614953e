import { createContext, useContext } from 'react';

/**
 * Tells elements when they come near the viewport: one `IntersectionObserver` per transcript,
 * shared by its deferred groups. `undefined` where there is none (the server, old test DOMs):
 * deferred groups then render at once after mounting.
 */
export interface NearViewport {
  /** Calls `onNear` once `element` is within a viewport's height of the visible area; returns the unobserve. */
  observe(element: Element, onNear: () => void): () => void;
}

/** How far outside the viewport a group is rendered ahead of being seen. */
const MARGIN = '100% 0px';

export function createNearViewport(): NearViewport | undefined {
  if (typeof IntersectionObserver !== 'function') return undefined;
  const callbacks = new Map<Element, () => void>();
  let observer: IntersectionObserver | undefined;
  const get = () =>
    (observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const onNear = callbacks.get(entry.target);
          callbacks.delete(entry.target);
          observer!.unobserve(entry.target);
          onNear?.();
        }
      },
      { rootMargin: MARGIN },
    ));
  return {
    observe(element, onNear) {
      callbacks.set(element, onNear);
      get().observe(element);
      return () => {
        callbacks.delete(element);
        observer?.unobserve(element);
      };
    },
  };
}

export const NearViewportContext = createContext<NearViewport | undefined>(undefined);

export function useNearViewport(): NearViewport | undefined {
  return useContext(NearViewportContext);
}
