import type { JsonValue, ToolChunk, ToolMetadata, UIMessageChunk } from '../types.js';
import { MISSING_ERROR_TEXT } from './tool-chunk.js';

// What a settled tool chunk becomes in the AI SDK's UI-message stream: the chunks after
// `tool-input-start`, and the `toolMetadata` that carries what the part's state cannot hold.

/** Options of the AI SDK chunk encoding. */
export interface EncodeOptions {
  /** See `TranscriptOptions.approvalResponses`. */
  approvalResponses?: boolean;
}

/**
 * The approval id sent for a call whose block records an approval state without an id
 * (`state: approval-requested` alone): the SDK needs one to answer the request.
 */
export function approvalIdOf(chunk: ToolChunk): string {
  return chunk.approval?.id ?? `approval-${chunk.toolCallId}`;
}

/**
 * The `toolMetadata` of a tool part: the syntax, and what the part's state has no place for
 * (so nothing the block recorded is lost on the way through the AI SDK):
 *
 * - `output` when the state is not `output-available` (an explicit `state: input-available`
 *   beside an `output:` — the explicit state wins, the output rides along here);
 * - `errorText` when the state is not `output-error`;
 * - `fields` (keys the syntax does not know);
 * - `approval` when the approval chunks cannot carry it: an answer (`approved`, `reason`)
 *   without the `approvalResponses` option.
 */
function toolMetadataOf(chunk: ToolChunk, invalid: boolean, options: EncodeOptions = {}): ToolMetadata {
  const meta: ToolMetadata = { syntax: chunk.syntax };
  // Values read from text are JSON (the syntaxes make them so); a host's own chunk is sent as JSON anyway.
  if (chunk.output !== undefined && chunk.state !== 'output-available') meta.output = chunk.output as JsonValue;
  if (chunk.errorText !== undefined && chunk.state !== 'output-error' && !invalid) meta.errorText = chunk.errorText;
  if (chunk.fields !== undefined) meta.fields = chunk.fields as ToolMetadata['fields'];
  const approval = chunk.approval;
  if (approval !== undefined && (approval.approved !== undefined || approval.reason !== undefined) && !options.approvalResponses) {
    meta.approval = approval;
  }
  return meta;
}

/**
 * Whether the part is to show an approval request: the call went through an approval (its state
 * says so, or it records one) — except an answered request that only `tool-approval-response`
 * could mark answered. The AI SDK's part reaches `approval-responded` by that chunk alone (ai 7);
 * ai 6's UI stream has no such chunk, so without the `approvalResponses` option a request sent for
 * an answered call would stay `approval-requested` and a client would ask again. It is left out:
 * the part stays `input-available` (the call is approved and about to run, or denied and will
 * not), and the answer rides in `toolMetadata.approval`, where `store.setMessage` and
 * `<ToolTranscript message>` read it back.
 */
function hasApproval(chunk: ToolChunk, options: EncodeOptions): boolean {
  if (chunk.state === 'approval-responded' && !options.approvalResponses) return false;
  return (
    chunk.approval !== undefined ||
    chunk.state === 'approval-requested' ||
    chunk.state === 'approval-responded' ||
    chunk.state === 'output-denied'
  );
}

/**
 * The events that settle a tool part after `tool-input-start`, in the AI SDK's order:
 * input available (or input error); then, for a call that went through an approval,
 * `tool-approval-request` (and `tool-approval-response` with the `approvalResponses`
 * option; without it an `approval-responded` call sends neither, see `hasApproval`); then the output, the output error or `tool-output-denied` its state calls for.
 */
export function settleEvents(chunk: ToolChunk, invalid = false, options: EncodeOptions = {}): UIMessageChunk[] {
  const { toolCallId, toolName, input } = chunk;
  const toolMetadata = toolMetadataOf(chunk, invalid, options);
  if (invalid) {
    return [{ type: 'tool-input-error', toolCallId, toolName, input, errorText: chunk.errorText!, dynamic: true, toolMetadata }];
  }
  if (chunk.state === 'input-streaming') return [];
  const events: UIMessageChunk[] = [{ type: 'tool-input-available', toolCallId, toolName, input, dynamic: true, toolMetadata }];
  if (hasApproval(chunk, options)) {
    const approvalId = approvalIdOf(chunk);
    events.push({ type: 'tool-approval-request', approvalId, toolCallId });
    const approved = chunk.state === 'output-denied' ? false : chunk.approval?.approved;
    if (options.approvalResponses && approved !== undefined) {
      const reason = chunk.approval?.reason;
      events.push({ type: 'tool-approval-response', approvalId, approved, ...(reason !== undefined ? { reason } : {}) });
    }
  }
  if (chunk.state === 'output-available') {
    events.push({ type: 'tool-output-available', toolCallId, output: chunk.output });
  } else if (chunk.state === 'output-error') {
    events.push({ type: 'tool-output-error', toolCallId, errorText: chunk.errorText ?? MISSING_ERROR_TEXT });
  } else if (chunk.state === 'output-denied') {
    events.push({ type: 'tool-output-denied', toolCallId });
  }
  return events;
}
