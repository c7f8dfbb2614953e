/**
 * Groups item ids into a shallow tree (at most {@link GROUP_SIZE} children per
 * node) so that a delta to one item makes React walk one path of short
 * sibling lists instead of one list as long as the transcript: React clones
 * every child fiber of a parent on the way to an update, so a flat list of
 * N items costs O(N) per delta even when nothing else re-renders.
 *
 * Unchanged groups keep their identity between calls (memoized group
 * components skip them).
 */
export const GROUP_SIZE = 32;

/** A node of the tree: item ids, or child groups. */
export type IdGroup = { readonly ids: readonly string[] } | { readonly groups: readonly IdGroup[] };

/** The tree of `ids`, reusing the nodes of `previous` that did not change. */
export function groupIds(ids: readonly string[], previous?: IdGroup): IdGroup {
  let level: IdGroup[] = [];
  const oldLeaves = previous ? nodesAtDepth(previous, depthOf(previous)) : [];
  for (let start = 0, k = 0; start < ids.length || k === 0; start += GROUP_SIZE, k++) {
    const slice = ids.slice(start, start + GROUP_SIZE);
    const old = oldLeaves[k];
    level.push(old && 'ids' in old && sameItems(old.ids, slice) ? old : { ids: slice });
    if (start + GROUP_SIZE >= ids.length) break;
  }
  for (let depth = 1; level.length > 1; depth++) {
    const oldNodes = previous ? nodesAtDepth(previous, depthOf(previous) - depth) : [];
    const next: IdGroup[] = [];
    for (let start = 0, k = 0; start < level.length; start += GROUP_SIZE, k++) {
      const children = level.slice(start, start + GROUP_SIZE);
      const old = oldNodes[k];
      next.push(old && 'groups' in old && sameItems(old.groups, children) ? old : { groups: children });
    }
    level = next;
  }
  return level[0]!;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

function depthOf(node: IdGroup): number {
  let depth = 0;
  for (let n = node; 'groups' in n; n = n.groups[0]!) depth++;
  return depth;
}

/** The nodes `depth` levels below `node`, left to right (none when `depth` is negative). */
function nodesAtDepth(node: IdGroup, depth: number): IdGroup[] {
  if (depth < 0) return [];
  let level: IdGroup[] = [node];
  for (let d = 0; d < depth; d++) level = level.flatMap((n) => ('groups' in n ? n.groups : []));
  return level;
}
