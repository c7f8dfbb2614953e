import { parsePartialJson } from '../syntaxes/json/calls.js';
import { TOOL_STATES, type ToolApproval, type ToolChunk, type ToolMetadata, type ToolState, type WorkMeter } from '../types.js';

/** `syntax` of a tool chunk that came from the AI SDK as a native tool call, not from the text. */
export const NATIVE_SYNTAX = 'native';

/** What the AI SDK says about a tool call (from stream chunks or a message part). */
export interface NativeToolFields {
  toolCallId: string;
  toolName: string;
  /** An AI SDK tool state. */
  state: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
  approval?: ToolApproval;
  /** The part's `toolMetadata`: tool-transcript's own (see {@link ToolMetadata}) gives back what the state could not carry. */
  toolMetadata?: unknown;
}

/**
 * A native tool call as a tool chunk, in the AI SDK's own seven states. When its
 * `toolMetadata` is tool-transcript's (the call was written in the text and encoded by
 * `createTranscriptParser`), the syntax, and what the part's state had no place for (an
 * `output` beside an explicit `input-available`, `fields`, an approval answer), are put back.
 */
export function nativeToolChunk(fields: NativeToolFields): ToolChunk {
  const meta = transcriptMetadata(fields.toolMetadata);
  const state = answeredApproval(fields, meta) ? 'approval-responded' : toToolState(fields.state);
  const chunk: ToolChunk = {
    type: 'tool',
    toolCallId: fields.toolCallId,
    toolName: fields.toolName,
    state,
    input: fields.input === undefined ? {} : fields.input,
    syntax: meta?.syntax ?? NATIVE_SYNTAX,
    raw: '',
    closed: state !== 'input-streaming',
  };
  const output = state === 'output-available' ? fields.output : meta?.output;
  if (output !== undefined || state === 'output-available') chunk.output = output;
  const errorText = state === 'output-error' ? (fields.errorText ?? '') : meta?.errorText;
  if (errorText !== undefined) chunk.errorText = errorText;
  if (meta?.fields !== undefined) chunk.fields = meta.fields;
  const approval = mergeApproval(fields.approval, meta?.approval);
  if (approval !== undefined) chunk.approval = approval;
  return chunk;
}

/**
 * Whether the part is an answered approval the AI SDK could not mark so: tool-transcript encodes a
 * block in `approval-responded` without `tool-approval-response` (ai 6 has none) as an
 * `input-available` part with no approval of its own and the answer in `toolMetadata.approval`.
 */
function answeredApproval(fields: NativeToolFields, meta: ToolMetadata | undefined): boolean {
  return fields.state === 'input-available' && fields.approval === undefined && typeof meta?.approval?.approved === 'boolean';
}

/** The part's approval (id, answer) with the answer tool-transcript kept in the metadata. */
function mergeApproval(part: ToolApproval | undefined, kept: ToolApproval | undefined): ToolApproval | undefined {
  if (part === undefined && kept === undefined) return undefined;
  const approval: ToolApproval = { id: part?.id ?? kept!.id };
  const approved = part?.approved ?? kept?.approved;
  const reason = part?.reason ?? kept?.reason;
  if (approved !== undefined) approval.approved = approved;
  if (reason !== undefined) approval.reason = reason;
  return approval;
}

/** tool-transcript's metadata, when the part carries it (`{ syntax: string, … }`). */
export function transcriptMetadata(value: unknown): ToolMetadata | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const meta = value as ToolMetadata;
  return typeof meta.syntax === 'string' ? meta : undefined;
}

function toToolState(state: string): ToolState {
  return (TOOL_STATES as readonly string[]).includes(state) ? (state as ToolState) : 'input-available';
}

/** Reparse the streamed input only when it grew by this share (keeps a long input linear overall). */
const REPARSE_GROWTH = 0.25;
/** Below this length every delta reparses. */
const SMALL_INPUT = 2048;

/**
 * The JSON input text of a native call while it streams (`tool-input-delta`), parsed as
 * partial JSON (the one repairer, with the AI SDK's semantics) at a pace that keeps the
 * total work linear.
 */
export class StreamedJsonInput {
  private text = '';
  private parsedLength = 0;
  private value: unknown = {};

  /** @param work where the characters handed to `JSON.parse` are added. */
  constructor(private readonly work?: WorkMeter) {}

  /** Adds a delta; returns the input to show, the same object when it was not reparsed. */
  push(delta: string): unknown {
    this.text += delta;
    const grown = this.text.length - this.parsedLength;
    if (this.text.length < SMALL_INPUT || grown >= this.parsedLength * REPARSE_GROWTH) {
      this.parsedLength = this.text.length;
      const parsed = parsePartialJson(this.text, this.work);
      if (parsed !== undefined) this.value = parsed;
    }
    return this.value;
  }
}
