import type { ToolChunk, ToolState } from '../../src/index.js';

/**
 * A `delete_files` call in `state`, with what the AI SDK puts on a part in that state (an output,
 * an error, an approval and its answer): the one sample the lifecycle tests render, in jsdom and
 * in Chromium alike.
 */
export function toolInState(state: ToolState, extra: Partial<ToolChunk> = {}): ToolChunk {
  const chunk: ToolChunk = {
    type: 'tool',
    toolCallId: `call-${state}`,
    toolName: 'delete_files',
    state,
    input: { glob: '/var/log/*.old' },
    syntax: 'fence',
    raw: '',
    closed: state !== 'input-streaming',
  };
  if (state === 'output-available') chunk.output = { deleted: 3, freed: '42 MB' };
  if (state === 'output-error') chunk.errorText = 'disk is read-only';
  if (state === 'approval-requested') chunk.approval = { id: 'approval-1' };
  if (state === 'approval-responded') chunk.approval = { id: 'approval-1', approved: true, reason: 'looks safe' };
  if (state === 'output-denied') chunk.approval = { id: 'approval-1', approved: false, reason: 'keep the logs for the audit' };
  return { ...chunk, ...extra };
}

/**
 * A `search` call in `state`, with a short input, output, error and approval: the sample the tool
 * card tests render (jsdom and Chromium) where the delete_files sample's answers are not the point.
 */
export function searchInState(state: ToolState, extra: Partial<ToolChunk> = {}): ToolChunk {
  return {
    type: 'tool',
    toolCallId: `call-${state}`,
    toolName: 'search',
    state,
    input: { query: 'tides', limit: 3 },
    syntax: 'fence',
    raw: '',
    closed: state !== 'input-streaming',
    ...(state === 'output-available' ? { output: { hits: ['a', 'b'] } } : {}),
    ...(state === 'output-error' ? { errorText: 'quota exceeded' } : {}),
    ...(state === 'approval-requested' ? { approval: { id: 'ap' } } : {}),
    ...extra,
  };
}
