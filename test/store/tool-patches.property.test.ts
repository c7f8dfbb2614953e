import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolApproval, ToolChunk, ToolState } from '../../src/types.js';
import { createTranscriptStore } from '../../src/store/index.js';

/*
 * What the host says about a tool (outputs, errors, approvals, denials), in any order and over any
 * block, shows as these rules say: each patch wins over what came before; an output clears an
 * error, an error or a denial clears an output; a denial after an error is no error, but a denied
 * block keeps its own errorText (its reason). Written out here as two steps, the host's patches
 * merged, then laid over the block, so the store's one overlay is checked against them.
 */
interface Patch {
  state: ToolState;
  output?: unknown;
  errorText?: string;
  approval?: ToolApproval;
}

function merge(a: Patch | undefined, b: Patch): Patch {
  const merged: Patch = { ...a, ...b };
  if (a?.approval && b.approval) merged.approval = { ...a.approval, ...b.approval };
  if (b.state === 'output-available' || b.state === 'output-denied') delete merged.errorText;
  if (b.state === 'output-error' || b.state === 'output-denied') delete merged.output;
  return merged;
}

function layOver(source: ToolChunk, patch: Patch): ToolChunk {
  const item: ToolChunk = { ...source, ...patch };
  if (patch.approval && source.approval) item.approval = { ...source.approval, ...patch.approval };
  if (patch.state === 'output-available' && patch.errorText === undefined) delete item.errorText;
  if ((patch.state === 'output-error' || patch.state === 'output-denied') && patch.output === undefined) delete item.output;
  return item;
}

const source = fc.record(
  {
    state: fc.constantFrom<ToolState>('input-available', 'output-available', 'output-error', 'output-denied', 'approval-requested'),
    output: fc.jsonValue({ maxDepth: 1 }),
    errorText: fc.string({ maxLength: 4 }),
    approval: fc.record({ id: fc.constantFrom('a1', 'a2'), approved: fc.boolean(), reason: fc.string({ maxLength: 3 }) }, { requiredKeys: ['id'] }),
  },
  { requiredKeys: ['state'] },
);

type Step = { kind: 'output'; output: unknown } | { kind: 'error'; errorText: string } | { kind: 'approval'; approval: ToolApproval } | { kind: 'denied' };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('output' as const), output: fc.jsonValue({ maxDepth: 1 }) }),
  fc.record({ kind: fc.constant('error' as const), errorText: fc.string({ maxLength: 4 }) }),
  fc.record({
    kind: fc.constant('approval' as const),
    approval: fc.record({ id: fc.constantFrom('a1', 'a2'), approved: fc.boolean(), reason: fc.string({ maxLength: 3 }) }, { requiredKeys: ['id'] }),
  }),
  fc.constant({ kind: 'denied' as const }),
);

describe('tool patches over a block', () => {
  it('show the block with the host’s patches merged and laid over it, in any order', () => {
    fc.assert(
      fc.property(source, fc.array(step, { maxLength: 6 }), (fields, steps) => {
        const block: ToolChunk = { type: 'tool', toolCallId: 'c1', toolName: 't', input: {}, syntax: 'fence', raw: '', closed: true, ...fields };
        const store = createTranscriptStore();
        store.setChunks([block]);
        let patch: Patch | undefined;
        for (const s of steps) {
          let next: Patch;
          if (s.kind === 'output') store.setToolOutput('c1', (next = { state: 'output-available', output: s.output }).output);
          else if (s.kind === 'error') store.setToolError('c1', (next = { state: 'output-error', errorText: s.errorText }).errorText!);
          else if (s.kind === 'approval') {
            next = { state: s.approval.approved === undefined ? 'approval-requested' : 'approval-responded', approval: s.approval };
            store.setToolApproval('c1', s.approval);
          } else {
            next = { state: 'output-denied' };
            store.applyChunk({ type: 'tool-output-denied', toolCallId: 'c1' });
          }
          patch = merge(patch, next);
        }
        expect(store.getItem('c1')).toEqual(patch ? layOver(block, patch) : block);
      }),
      { numRuns: 300 },
    );
  });
});
