import { createChunkEncoder } from '../stream/encode.js';
import type { TranscriptEvent } from '../stream/events.js';
import { createTranscriptEventParser, type TranscriptEventParser } from '../stream/parser.js';
import type { TranscriptOptions, UIMessageChunk } from '../types.js';

// One model step of a display route: the step's text parsed and encoded as `transcriptTransform`
// does, with what the route adds per call — the source on each part, approval requests, calls
// cut off at the end of the step, and the parser's ids made the response's.

/** The `errorText` of a call still open when the model's step ended. */
export const CUT_OFF_ERROR_TEXT = 'The response ended inside this call: its input is incomplete, and it was not run.';

/** A call as `needsApproval` sees it. */
export interface ApprovalCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** What a step reads of the route's options. */
export interface StepOptions extends TranscriptOptions {
  /** See `TranscriptUIMessageStreamOptions.needsApproval`. */
  needsApproval?: boolean | ((call: ApprovalCall) => boolean);
}

/** One model step: its text parsed and encoded, its ids made the response's. */
export class Step {
  private readonly parser: TranscriptEventParser;
  private readonly encode: (events: readonly TranscriptEvent[]) => UIMessageChunk[];
  private readonly needsApproval: StepOptions['needsApproval'];
  /** The parser's ids to the response's. */
  private readonly ids = new Map<string, string>();
  private readonly approvals = new Map<string, string>();

  constructor(
    options: StepOptions,
    private readonly index: number,
    private readonly toolCallId: (id: string) => string,
    private readonly approvalId: (id: string) => string,
  ) {
    this.parser = createTranscriptEventParser(options);
    this.encode = createChunkEncoder({ ...options, sourceMetadata: options.sourceMetadata ?? true });
    this.needsApproval = options.needsApproval;
  }

  write(delta: string): unknown[] {
    return this.chunksOf(this.parser.write(delta));
  }

  /**
   * The step's text ended: a call still open is cut off, not finished. It settles as an input
   * error (`tool-input-error`: the part ends in `output-error` with its input so far), never as
   * `tool-input-available`, which tells a host the input is complete and the call can run.
   */
  end(): unknown[] {
    const events = this.parser.end().map((event) =>
      event.type === 'tool-settle' && !event.chunk.closed && !event.invalid && !event.chunk.state.startsWith('output-')
        ? { ...event, invalid: true, chunk: { ...event.chunk, state: 'output-error' as const, errorText: CUT_OFF_ERROR_TEXT } }
        : event,
    );
    return this.chunksOf(events);
  }

  /** The events encoded, with the approval requests `needsApproval` asks for, in the response's ids. */
  private chunksOf(events: readonly TranscriptEvent[]): unknown[] {
    const chunks = this.encode(events);
    const asking = this.needsApproval === undefined || this.needsApproval === false ? undefined : this.asking(events);
    if (asking === undefined || asking.size === 0) return this.rename(chunks);
    const out: UIMessageChunk[] = [];
    for (const chunk of chunks) {
      out.push(chunk);
      if (chunk.type === 'tool-input-available' && asking.has(chunk.toolCallId)) {
        out.push({ type: 'tool-approval-request', approvalId: `approval-${chunk.toolCallId}`, toolCallId: chunk.toolCallId });
      }
    }
    return this.rename(out);
  }

  /** The parser ids of the calls settled by `events` that the host wants approved: finished calls the text left waiting (`input-available`). */
  private asking(events: readonly TranscriptEvent[]): Set<string> | undefined {
    let asking: Set<string> | undefined;
    for (const event of events) {
      if (event.type !== 'tool-settle' || event.invalid || event.chunk.state !== 'input-available') continue;
      const { toolCallId, toolName, input } = event.chunk;
      if (this.asks({ toolCallId: this.finalId(toolCallId), toolName, input })) (asking ??= new Set()).add(toolCallId);
    }
    return asking;
  }

  private asks(call: ApprovalCall): boolean {
    const needsApproval = this.needsApproval;
    if (typeof needsApproval !== 'function') return needsApproval === true;
    try {
      return needsApproval(call) === true;
    } catch {
      // The host's check failed: ask the person rather than let the call through unasked.
      return true;
    }
  }

  private finalId(parserId: string): string {
    let id = this.ids.get(parserId);
    if (id === undefined) this.ids.set(parserId, (id = this.toolCallId(parserId)));
    return id;
  }

  /** The parser's ids made the response's: tool call and approval ids unique, part ids per step. */
  private rename(chunks: UIMessageChunk[]): unknown[] {
    for (const chunk of chunks as Array<UIMessageChunk & { toolCallId?: string; approvalId?: string; id?: string }>) {
      if (chunk.toolCallId !== undefined) chunk.toolCallId = this.finalId(chunk.toolCallId);
      if (chunk.approvalId !== undefined) {
        let id = this.approvals.get(chunk.approvalId);
        if (id === undefined) this.approvals.set(chunk.approvalId, (id = this.approvalId(chunk.approvalId)));
        chunk.approvalId = id;
      }
      if (chunk.id !== undefined) chunk.id = `step-${this.index}-${chunk.id}`;
    }
    return chunks;
  }
}
