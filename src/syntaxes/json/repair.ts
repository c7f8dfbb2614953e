/**
 * Completing the JSON read so far into valid JSON, the way the AI SDK's `fixJson` does but from
 * what a {@link JsonTracker} already knows (where the text can be cut, which containers are open),
 * so a partial value costs O(depth), not a re-scan from the start.
 */

/** An open container: an object or an array. */
interface OpenContainer {
  readonly object: boolean;
}

/**
 * `source` up to `end`, then `ending` (what completes the token cut off there), then the closing
 * brackets of the `depth` outermost of `open` (outermost first), innermost first.
 */
export function completedAt(source: string, end: number, ending: string, open: readonly OpenContainer[], depth: number): string {
  let closers = '';
  for (let i = depth - 1; i >= 0; i--) closers += open[i]!.object ? '}' : ']';
  return `${source.slice(0, end)}${ending}${closers}`;
}
