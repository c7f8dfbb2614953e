import { useEffect, useLayoutEffect } from 'react';

/**
 * `useLayoutEffect` in the browser (the store is fed before paint, so a new delta never shows a
 * frame late); `useEffect` on the server, where it does nothing either way and React 18 warns
 * about `useLayoutEffect`.
 */
export const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;
