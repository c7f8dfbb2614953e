import type { ToolChunk } from '../types.js';

/**
 * The error text of a call that was still receiving its input when the response stopped
 * (stopped, finished or failed). The same words as the store's `INTERRUPTED_TEXT`.
 */
export const INTERRUPTED_TEXT = 'The response stopped before this call was complete.';

/**
 * How a tool is shown when the transcript is no longer streaming (`streaming={false}`): a call
 * still in `input-streaming` can never complete, so it is shown as `output-error` with
 * {@link INTERRUPTED_TEXT} — and its progress bar and clock go away with that state.
 *
 * Why here: `store.setMessage(message, { streaming: false })` does this in the store for
 * messages; this covers every source (and stores that predate that option). It is a no-op for
 * a tool the store has already settled, so it simply defers to the store where the store does it.
 * Returns the same object when nothing changes.
 */
export function interruptedView(tool: ToolChunk, streaming: boolean | undefined): ToolChunk {
  if (streaming !== false || tool.state !== 'input-streaming') return tool;
  return { ...tool, state: 'output-error', errorText: INTERRUPTED_TEXT };
}
