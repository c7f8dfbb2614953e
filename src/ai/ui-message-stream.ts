import { checkRouteOptions } from '../options.js';
import { IdClaims } from '../stream/events.js';
import { createTranscriptEventParser } from '../stream/parser.js';
import type { TranscriptOptions, UIMessageChunkFor } from '../types.js';
import { nativeToolChunks } from './native-parts.js';
import { randomBase36 } from './random-id.js';
import { CUT_OFF_ERROR_TEXT, Step, type ApprovalCall } from './route-step.js';

export { CUT_OFF_ERROR_TEXT, type ApprovalCall };

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

/** A chunk of the stream {@link toTranscriptUIMessageStream} returns for `Options`. */
export type TranscriptUIMessageStreamChunk<Options extends TranscriptOptions = {}> = UIMessageChunkFor<Options> | TranscriptRouteChunk;

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
  const route = new RouteStream(checkRouteOptions('toTranscriptUIMessageStream', options));
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
    // The options were checked where the host calls (a bad `syntaxes` is a TypeError it sees,
    // not an `error` chunk worded 'An error occurred.' on the client); names resolve here.
    createTranscriptEventParser(options);
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
        return nativeToolChunks(part, (error) => this.errorText(error));
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
}

/** Ten random base-36 characters: a prefix no other response of the chat shares. */
function randomId(): string {
  return randomBase36(10);
}
