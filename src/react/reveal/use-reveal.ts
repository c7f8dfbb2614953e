import { useEffect, useRef, useState } from 'react';
import { useIsomorphicLayoutEffect } from '../use-isomorphic-layout-effect.js';
import { advance, receive, revealed, type RevealSchedule } from './reveal-schedule.js';
import type { RevealSettings } from './reveal-settings.js';
import { useRevealGate } from './reveal-gate.js';
import { useReducedMotion } from './use-reduced-motion.js';

/** What {@link useReveal} shows of a text. */
export interface Reveal {
  /** Code units of the text to show. */
  shown: number;
  /** Part of the text is still hidden (the reveal runs). */
  revealing: boolean;
}

const now = () => performance.now();

/**
 * How much of text item `id` to show. Off (`settings` undefined, or `prefers-reduced-motion:
 * reduce`): all of it. On: the text there when the transcript mounted shows at once; a text
 * that appears later while the transcript streams, and what a text grows by while `live`, are
 * revealed frame by frame (see `advance`): only this component re-renders per frame.
 * The transcript's reveal gate is told how far the text is shown, so the items after it wait.
 */
export function useReveal(id: string, value: string, live: boolean, settings: RevealSettings | undefined): Reveal {
  const gate = useRevealGate();
  const reduced = useReducedMotion();
  const active = settings !== undefined && !reduced;
  // Text there when the transcript mounted shows at once; text that appears while it streams is revealed from its start.
  const [schedule, setSchedule] = useState<RevealSchedule>(() =>
    active && gate?.revealsFromStart(id) ? receive(revealed(0), value.length, now(), settings) : revealed(value.length),
  );
  // A text that was live is still revealed when its last delta arrives with the next item (it is then no longer last).
  const wasLive = useRef(false);
  if (live) wasLive.current = true;
  let current = schedule;
  if (!active) current = schedule.shown === value.length && schedule.length === value.length ? schedule : revealed(value.length);
  else if (value.length !== schedule.length) {
    // Growth while live is revealed; a text that changes otherwise (replaced, or finished before the reveal began) shows at once.
    current = wasLive.current || schedule.shown < schedule.length ? receive(schedule, value.length, now(), settings) : revealed(value.length);
  }
  // Derived state: React re-renders at once with the new schedule, before committing.
  if (current !== schedule) setSchedule(current);

  const text = useRef(value);
  text.current = value;
  const behind = active && current.shown < current.length;
  useEffect(() => {
    if (!behind || !settings) return;
    let last = now();
    let frame = requestAnimationFrame(function tick() {
      const time = now();
      const elapsed = time - last;
      last = time;
      setSchedule((previous) => advance(previous, time, elapsed, settings, text.current));
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [behind, settings]);

  useIsomorphicLayoutEffect(() => {
    if (gate && (active || gate.shown(id) !== undefined)) gate.report(id, current.shown, value.length);
  });
  useIsomorphicLayoutEffect(() => (gate ? () => gate.forget(id) : undefined), [gate, id]);

  return { shown: current.shown, revealing: behind };
}
