import { describe, expect, it } from 'vitest';
import { GROUP_SIZE, groupIds, type IdGroup } from '../../src/react/group-ids.js';

const leaves = (node: IdGroup): string[] => ('ids' in node ? [...node.ids] : node.groups.flatMap(leaves));
const width = (node: IdGroup): number => Math.max('ids' in node ? node.ids.length : node.groups.length, ...('groups' in node ? node.groups.map(width) : [0]));
const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);

describe('groupIds', () => {
  it.each([0, 1, GROUP_SIZE, GROUP_SIZE + 1, 1000, 40_000])('keeps %i ids in order with at most GROUP_SIZE children per node', (n) => {
    const tree = groupIds(ids(n));
    expect(leaves(tree)).toEqual(ids(n));
    expect(width(tree)).toBeLessThanOrEqual(GROUP_SIZE);
  });

  it('reuses every group an appended id does not touch', () => {
    const before = groupIds(ids(1000));
    const after = groupIds(ids(1001), before);
    expect(leaves(after)).toEqual(ids(1001));
    const a = before as { groups: IdGroup[] };
    const b = after as { groups: IdGroup[] };
    // 1000 ids: 31 full groups and one of 8; the first 31 are the same objects.
    expect(b.groups.slice(0, 31).every((group, i) => group === a.groups[i])).toBe(true);
    expect(b.groups[31]).not.toBe(a.groups[31]);
  });

  it('returns the same tree when nothing changed, and handles growing a level', () => {
    const tree = groupIds(ids(100));
    expect(groupIds(ids(100), tree)).toBe(tree);
    const deeper = groupIds(ids(GROUP_SIZE * GROUP_SIZE + 1), tree);
    expect(leaves(deeper)).toEqual(ids(GROUP_SIZE * GROUP_SIZE + 1));
    expect(leaves(groupIds(ids(3), deeper))).toEqual(ids(3));
  });
});
