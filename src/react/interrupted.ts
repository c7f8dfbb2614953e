import { INTERRUPTED_TEXT } from '../store/create-store.js';
import type { ToolChunk } from '../types.js';

/** The error text of a call that was still receiving its input when the response stopped (from the store). */
export { INTERRUPTED_TEXT };

/**
 * How a tool is shown when the transcript is no longer streaming (`streaming={false}`): a call
 * still in `input-streaming` can never complete, so it is shown as `output-error` with
 * {@link INTERRUPTED_TEXT} — and its progress bar and clock go away with that state.
 *
 * Why here too: `store.setMessage(message, { streaming: false })` does this in the store for
 * messages, and `store.fail` for failed streams; this covers the other sources (`chunks`, a
 * `store` you feed yourself) the same way. It is a no-op for a tool the store has already
 * settled, so it simply defers to the store where the store does it.
 * Returns the same object when nothing changes.
 */
export function interruptedView(tool: ToolChunk, streaming: boolean | undefined): ToolChunk {
  if (streaming !== false || tool.state !== 'input-streaming') return tool;
  return { ...tool, state: 'output-error', errorText: INTERRUPTED_TEXT };
}
