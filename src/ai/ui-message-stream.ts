import { IdClaims } from '../stream/events.js';
import type { TranscriptEvent } from '../stream/events.js';
import { createChunkEncoder } from '../stream/encode.js';
import { createTranscriptEventParser, type TranscriptEventParser } from '../stream/parser.js';
import type { TranscriptOptions, UIMessageChunk, UIMessageChunkFor } from '../types.js';

// The display route's stream: a `streamText` result's full stream in, the UI message stream out,
// with the model's text parsed step by step by the same event parser and encoder as
// `transcriptTransform`. What this module adds is the route's part: steps, ids that stay unique
// across the responses of one chat, calls cut off by the end of a step, and model errors.

/** How a model's finish reason reads in a UI message stream (`finish.finishReason`). */
export type TranscriptFinishReason = 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'error' | 'other';

/** The chunks {@link toTranscriptUIMessageStream} sends besides the transcript's own. */
export type TranscriptRouteChunk =
  | { type: 'start' }
  | { type: 'start-step' }
  | { type: 'finish-step' }
  | { type: 'finish'; finishReason?: TranscriptFinishReason }
  | { type: 'abort'; reason?: string }
  | { type: 'error'; errorText: string };

/** What {@link toTranscriptUIMessageStream} reads: a `streamText` result of ai 6 or 7, or anything with such a `fullStream`. */
export interface TranscriptStreamSource {
  readonly fullStream: AsyncIterable<{ readonly type: string }>;
}

/** Options of {@link toTranscriptUIMessageStream}: the parser's options, and the route's. */
export interface TranscriptUIMessageStreamOptions extends TranscriptOptions {
  /**
   * Words a model error for the client (the `error` chunk's `errorText`). Default: `'An error
   * occurred.'`, as the AI SDK's `toUIMessageStream` does, so no provider detail leaks; return
   * `error.message` (or your own text) to show more.
   */
  onError?: (error: unknown) => string;
  /**
   * Makes the per-response prefix of tool call ids (called once per call of
   * `toTranscriptUIMessageStream`). Default: ten random base-36 characters. Ignored when
   * `idPrefix` is given.
   */
  generateId?: () => string;
  /**
   * Calls the person must approve before anything runs them, as the AI SDK tool option of the
   * same name: `true` for every call, or a function of the call (its `toolCallId` is the one the
   * client sees). A finished call it asks for (one its text left `input-available`) gets a
   * `tool-approval-request` after its input, so `addToolApprovalResponse` can answer it and
   * `restoreTranscriptText` tells the model the answer. A function that throws asks. Default: none.
   */
  needsApproval?: boolean | ((call: ApprovalCall) => boolean);
}

/** A call as `needsApproval` sees it. */
export interface ApprovalCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** A chunk of the stream {@link toTranscriptUIMessageStream} returns for `Options`. */
export type TranscriptUIMessageStreamChunk<Options extends TranscriptOptions = {}> = UIMessageChunkFor<Options> | TranscriptRouteChunk;

/** The `errorText` of a call still open when the model's step ended. */
export const CUT_OFF_ERROR_TEXT = 'The response ended inside this call: its input is incomplete, and it was not run.';

/** The `errorText` sent for a model error when no `onError` is given (the AI SDK's default). */
export const DEFAULT_ERROR_TEXT = 'An error occurred.';

/**
 * The UI message stream of a route that displays tool calls written in text: hand it to the AI
 * SDK's `createUIMessageStreamResponse({ stream })`. From a `streamText` result (ai 6 or 7;
 * anything with a `fullStream`), it sends `start`, then per model step `start-step`, the text,
 * reasoning and tool parts `transcriptTransform` makes of the step's text, and `finish-step`,
 * then `finish`. Besides:
 *
 * - Tool call ids are unique across responses: each id (generated or written in the block) gets a
 *   prefix made once per response (`generateId`), so a message continued after an approval, or a
 *   later turn, never replaces an earlier card. With `idPrefix`, ids are deterministic instead
 *   (`idPrefix` + N, ids the blocks name kept), and a repeat in a later step gets `~2`, `~3`, ….
 * - A call still open when its step ends (a token limit, a stop sequence, an abort, an error) ends
 *   in `output-error` with its input so far and {@link CUT_OFF_ERROR_TEXT}.
 * - A model error (an `error` part, or the full stream failing) becomes an `error` chunk worded
 *   by `onError`, after the open parts are closed: no part is left `input-streaming`.
 * - `needsApproval` makes calls ask the person (`tool-approval-request`) before anything runs them.
 * - The model's own reasoning parts, and native tool calls (tools given to `streamText`), are
 *   passed on as the SDK's `toUIMessageStream` sends them.
 *
 * Each settled tool part carries its block's source in `toolMetadata.raw`, which
 * `restoreTranscriptText` writes back for the model on the next request.
 *
 * @example
 * const result = streamText({ model, messages: await convertToModelMessages(restoreTranscriptText(messages)) });
 * return createUIMessageStreamResponse({ stream: toTranscriptUIMessageStream(result) });
 */
export function toTranscriptUIMessageStream<ApprovalResponses extends boolean = false>(
  result: TranscriptStreamSource,
  options?: TranscriptUIMessageStreamOptions & { approvalResponses?: ApprovalResponses },
): ReadableStream<TranscriptUIMessageStreamChunk<{ approvalResponses: ApprovalResponses }>> {
  // (The type parameter is only the `approvalResponses` flag, so the options object is typed by
  // its interface where it is written: `needsApproval: ({ toolName }) => …` needs no annotation.)
  type Options = { approvalResponses: ApprovalResponses };
  const route = new RouteStream(options ?? {});
  let iterator: AsyncIterator<{ readonly type: string }> | undefined;
  let done = false;
  return new ReadableStream<TranscriptUIMessageStreamChunk<Options>>({
    start(controller) {
      controller.enqueue({ type: 'start' });
    },
    async pull(controller) {
      if (done) return;
      const send = (chunks: readonly unknown[]) => {
        for (const chunk of chunks) controller.enqueue(chunk as TranscriptUIMessageStreamChunk<Options>);
      };
      try {
        iterator ??= result.fullStream[Symbol.asyncIterator]();
        // Read until this pull has something to send (most parts are text deltas that do).
        for (;;) {
          const next = await iterator.next();
          if (next.done) {
            done = true;
            send(route.close());
            controller.close();
            return;
          }
          const chunks = route.read(next.value);
          if (chunks.length > 0) {
            send(chunks);
            return;
          }
        }
      } catch (error) {
        done = true;
        send(route.fail(error));
        controller.close();
      }
    },
    async cancel(reason) {
      done = true;
      await iterator?.return?.(reason);
    },
  });
}

/** The state of one response: the open step's parser, and the ids handed out so far. */
class RouteStream {
  private readonly options: TranscriptUIMessageStreamOptions;
  private readonly prefix: string;
  private readonly claims = new IdClaims();
  private readonly approvalClaims = new IdClaims();
  private step: Step | undefined;
  private steps = 0;
  private finished = false;

  constructor(options: TranscriptUIMessageStreamOptions) {
    this.options = options;
    this.prefix = options.idPrefix !== undefined ? '' : `${(options.generateId ?? randomId)()}-`;
  }

  /** The chunks of one part of the full stream. */
  read(part: { readonly type: string } & Record<string, unknown>): unknown[] {
    switch (part.type) {
      case 'start-step':
        return [...this.endStep(), ...this.startStep()];
      case 'text-delta': {
        const delta = typeof part.text === 'string' ? part.text : typeof part.delta === 'string' ? part.delta : undefined;
        if (delta === undefined || delta === '') return [];
        const out = this.step ? [] : this.startStep();
        return [...out, ...this.step!.write(delta)];
      }
      case 'finish-step':
        return this.endStep();
      case 'finish': {
        const out = this.endStep();
        this.finished = true;
        const reason = typeof part.finishReason === 'string' ? (part.finishReason as TranscriptFinishReason) : undefined;
        out.push(reason !== undefined ? { type: 'finish', finishReason: reason } : { type: 'finish' });
        return out;
      }
      case 'error':
        // Ends the response as the SDK's own stream does: no `finish` is made up after it.
        this.finished = true;
        return [...this.endStep(), { type: 'error', errorText: this.errorText(part.error) }];
      case 'abort': {
        this.finished = true;
        const out = this.endStep();
        out.push(typeof part.reason === 'string' ? { type: 'abort', reason: part.reason } : { type: 'abort' });
        return out;
      }
      case 'reasoning-start':
      case 'reasoning-end':
        return typeof part.id === 'string' ? [{ type: part.type, id: `model-${part.id}` }] : [];
      case 'reasoning-delta': {
        const delta = typeof part.text === 'string' ? part.text : part.delta;
        return typeof part.id === 'string' && typeof delta === 'string' ? [{ type: 'reasoning-delta', id: `model-${part.id}`, delta }] : [];
      }
      default:
        return this.nativeTool(part);
    }
  }

  /** The end of the full stream: open parts closed; `finish` if the stream sent none (nor ended in an error or abort). */
  close(): unknown[] {
    const out = this.endStep();
    if (!this.finished) out.push({ type: 'finish' });
    this.finished = true;
    return out;
  }

  /** The full stream failed: open parts closed, then the `error` chunk. */
  fail(error: unknown): unknown[] {
    return [...this.endStep(), { type: 'error', errorText: this.errorText(error) }];
  }

  private startStep(): unknown[] {
    this.steps++;
    this.step = new Step(this.options, this.steps, (id) => this.toolCallId(id), (id) => this.approvalId(id));
    return [{ type: 'start-step' }];
  }

  private endStep(): unknown[] {
    const step = this.step;
    if (!step) return [];
    this.step = undefined;
    return [...step.end(), { type: 'finish-step' }];
  }

  private toolCallId(id: string): string {
    return this.claims.claim(this.prefix + id);
  }

  private approvalId(id: string): string {
    return this.approvalClaims.claim(this.prefix + id);
  }

  private errorText(error: unknown): string {
    const onError = this.options.onError;
    if (!onError) return DEFAULT_ERROR_TEXT;
    try {
      const text = onError(error);
      return typeof text === 'string' ? text : DEFAULT_ERROR_TEXT;
    } catch {
      // A failing `onError` must not lose the error chunk (nor throw out of the stream).
      return DEFAULT_ERROR_TEXT;
    }
  }

  /** A native tool part (a tool given to `streamText`), as the SDK's `toUIMessageStream` sends it. */
  private nativeTool(part: Record<string, unknown>): unknown[] {
    const common = (keys: readonly string[]) => {
      const chunk: Record<string, unknown> = { type: part.type };
      for (const key of [...keys, 'toolMetadata']) if (part[key] !== undefined) chunk[key] = part[key];
      return chunk;
    };
    switch (part.type) {
      case 'tool-input-start':
        return [{ ...common(['toolName', 'providerExecuted', 'dynamic', 'title']), toolCallId: part.id }];
      case 'tool-input-delta':
        return [{ type: 'tool-input-delta', toolCallId: part.id, inputTextDelta: part.delta }];
      case 'tool-call':
        return [
          part.invalid === true
            ? { ...common(['toolCallId', 'toolName', 'input', 'providerExecuted', 'dynamic', 'title']), type: 'tool-input-error', errorText: errorTextOf(part.error) }
            : { ...common(['toolCallId', 'toolName', 'input', 'providerExecuted', 'dynamic', 'title']), type: 'tool-input-available' },
        ];
      case 'tool-result':
        return [{ ...common(['toolCallId', 'output', 'providerExecuted', 'dynamic', 'preliminary']), type: 'tool-output-available' }];
      case 'tool-error':
        return [{ ...common(['toolCallId', 'providerExecuted', 'dynamic']), type: 'tool-output-error', errorText: this.errorText(part.error) }];
      case 'tool-approval-request': {
        const toolCall = part.toolCall as { toolCallId?: unknown } | undefined;
        return [{ type: 'tool-approval-request', approvalId: part.approvalId, toolCallId: toolCall?.toolCallId }];
      }
      case 'tool-output-denied':
        return [{ type: 'tool-output-denied', toolCallId: part.toolCallId }];
      default:
        // `start`, `text-start`/`text-end` (the parser makes its own parts), `raw`, sources, files …
        return [];
    }
  }
}

/** One model step: its text parsed and encoded, its ids made the response's. */
class Step {
  private readonly parser: TranscriptEventParser;
  private readonly encode: (events: readonly TranscriptEvent[]) => UIMessageChunk[];
  private readonly needsApproval: TranscriptUIMessageStreamOptions['needsApproval'];
  /** The parser's ids to the response's. */
  private readonly ids = new Map<string, string>();
  private readonly approvals = new Map<string, string>();

  constructor(
    options: TranscriptUIMessageStreamOptions,
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

function errorTextOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Invalid tool call.';
}

/** Ten random base-36 characters: a prefix no other response of the chat shares. */
function randomId(): string {
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  let id = '';
  for (const byte of bytes) id += (byte % 36).toString(36);
  return id;
}
