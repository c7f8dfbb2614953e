import { DEFAULT_TOOL_CARD_LABELS } from '../../src/react/index.js';
import type { ToolChunk, ToolState } from '../../src/index.js';

/**
 * The labels a user reads on the card's state badge, per state: the library's own table (its
 * English text is pinned by test/react/tool-call.test.tsx; the stories check the card shows it).
 */
export const STATE_LABELS: Readonly<Record<ToolState, string>> = DEFAULT_TOOL_CARD_LABELS.states;

/** A tool chunk as the parser gives it for a `search` call in `state` (fence syntax, raw text included). */
export function toolChunk(state: ToolState, extra: Partial<ToolChunk> = {}): ToolChunk {
  const base: ToolChunk = {
    type: 'tool',
    toolCallId: 'call_1',
    toolName: 'search',
    state,
    input: state === 'input-streaming' ? { query: 'coffee shops near 123 Ma' } : { query: 'coffee shops near 123 Main St', limit: 3 },
    syntax: 'fence',
    raw: '',
    closed: state !== 'input-streaming',
  };
  if (state === 'output-available') {
    base.output = {
      results: [
        { name: 'Local Beans', distance_km: 0.3 },
        { name: 'The Daily Grind', distance_km: 0.8 },
      ],
    };
  }
  if (state === 'output-error') base.errorText = 'Search service returned 503 (quota exceeded); retry after 60 s';
  if (state === 'approval-requested') base.approval = { id: 'approval-1' };
  if (state === 'approval-responded') base.approval = { id: 'approval-1', approved: true };
  if (state === 'output-denied') base.approval = { id: 'approval-1', approved: false, reason: 'Not on this network.' };
  return { ...base, ...extra };
}

/** A long output (80 result lines), long enough for the card to collapse it. */
export const LONG_OUTPUT = {
  results: Array.from({ length: 40 }, (_, i) => ({ name: `Coffee place ${i + 1}`, distance_km: Math.round((i + 1) * 0.17 * 100) / 100 })),
};
