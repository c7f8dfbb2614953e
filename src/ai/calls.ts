import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { createTranscriptParser, type TranscriptParser } from '../stream/parser.js';
import type { CallPolicy, SyntaxName, ToolChunk, ToolDefinition, ToolSyntax, TranscriptChunk, UIMessageChunk } from '../types.js';
import { JsonInputWriter } from './json-input.js';

/** The key of the provider metadata a refused call carries (read back by the prompt rewrite). */
export const METADATA_KEY = 'toolTranscript';

/** What a refused call carries in its `providerMetadata[METADATA_KEY]`. */
export interface RefusedCallMetadata {
  /** Why the call was not run, for the model's next step. */
  errorText: string;
  /** The block as the model wrote it. */
  raw: string;
  [key: string]: string;
}

/** Why calls are refused, in words the model can act on. */
export const REFUSALS = {
  unclosed: (name: string) =>
    `The call to ${name} was not finished: the reply ended before the block's closing marker, so it was not run. Write the whole call again.`,
  notObject: 'The input must be an object of named parameters.',
  recorded:
    'A tool call must not contain its own output, error or state: write only the call; its result comes back in the next message.',
} as const;

export interface CallExtractorOptions {
  syntaxes: ReadonlyArray<SyntaxName | ToolSyntax>;
  tools: readonly ToolDefinition[];
  policy?: CallPolicy;
  generateId: () => string;
  reasoning?: boolean | undefined;
  reasoningStartsOpen?: boolean | undefined;
}

type StreamPart = LanguageModelV3StreamPart;

/** One call between its `tool-input-start` and its `tool-call`. */
interface LiveCall {
  id: string;
  /** The parser's id of the call (the block's own, or `tool-call-N`). */
  parserId: string;
  toolName: string;
  writer: JsonInputWriter;
  /** Input units the block read since the last look at its snapshot. */
  grown: number;
}

/** A look at the snapshot waits until the block grew by 1/LOOK_SHARE of the chunk count. */
const LOOK_SHARE = 8;

/** UI-message chunks that follow `tool-input-available` when the block recorded more than a call. */
const RECORD_EVENTS = new Set(['tool-output-available', 'tool-output-error', 'tool-approval-request', 'tool-output-denied']);

/**
 * Model text in, language-model stream parts out: the text stays text parts, a reasoning block
 * (`<think>…</think>`) becomes `reasoning-start` / `reasoning-delta` / `reasoning-end`, each tool call
 * becomes `tool-input-start` / `tool-input-delta` / `tool-input-end` / `tool-call` with its input
 * as JSON (see {@link JsonInputWriter}). A call that must not run (malformed, unfinished, not an
 * object, refused by the policy, or carrying its own result) still becomes a `tool-call`, with an
 * unfinished JSON input the AI SDK reports as an invalid tool call, and the reason in its
 * provider metadata so the next step's prompt can tell the model.
 */
export class CallExtractor {
  private readonly parser: TranscriptParser;
  private readonly live = new Map<string, LiveCall>();
  private readonly declared = new Map<string, ReadonlySet<string>>();
  /** Calls settled so far (valid and refused): the index of the next tool chunk. */
  private settled = 0;
  private ended = false;
  /** `tool-call` parts emitted. */
  calls = 0;
  /** Text parts and calls so far: about the length of the parser's chunk list. */
  private parts = 0;

  constructor(private readonly options: CallExtractorOptions) {
    this.parser = createTranscriptParser({
      syntaxes: options.syntaxes,
      tools: options.tools,
      policy: options.policy,
      reasoning: options.reasoning,
      reasoningStartsOpen: options.reasoningStartsOpen,
    });
    for (const tool of options.tools) {
      const properties = tool.inputSchema?.properties;
      if (properties && Object.keys(properties).length > 0) this.declared.set(tool.name, new Set(Object.keys(properties)));
    }
  }

  /** Feeds model text; returns the parts it produced. */
  write(text: string): StreamPart[] {
    if (this.ended || text === '') return [];
    return this.translate(this.parser.write(text), false);
  }

  /** The model's text ended: flushes text and settles an open block (it does not run). */
  end(): StreamPart[] {
    if (this.ended) return [];
    this.ended = true;
    return this.translate(this.parser.end(), true);
  }

  private translate(events: UIMessageChunk[], atEnd: boolean): StreamPart[] {
    const out: StreamPart[] = [];
    let finished: ToolChunk[] | undefined;
    const chunkAt = (index: number): ToolChunk | undefined => {
      finished ??= this.parser.chunks.filter((chunk): chunk is ToolChunk => chunk.type === 'tool');
      return finished[index];
    };
    for (let i = 0; i < events.length; i++) {
      const event = events[i]!;
      if (event.type === 'text-start' || event.type === 'tool-input-start' || event.type === 'reasoning-start') this.settleSilent(out);
      else if ((event.type === 'tool-input-available' || event.type === 'tool-input-error') && !this.live.has(event.toolCallId)) this.settleSilent(out);
      switch (event.type) {
        case 'text-start':
          this.parts++;
          out.push({ type: event.type, id: event.id });
          break;
        case 'text-end':
          out.push({ type: event.type, id: event.id });
          break;
        case 'text-delta':
          out.push({ type: 'text-delta', id: event.id, delta: event.delta });
          break;
        // A reasoning block in the text (`<think>…</think>`) is the model's reasoning: `streamText` shows it as such.
        case 'reasoning-start':
          this.parts++;
          out.push({ type: 'reasoning-start', id: event.id });
          break;
        case 'reasoning-delta':
          out.push({ type: 'reasoning-delta', id: event.id, delta: event.delta });
          break;
        case 'reasoning-end':
          out.push({ type: 'reasoning-end', id: event.id });
          break;
        case 'tool-input-start':
          this.startCall(event.toolCallId, event.toolName, out);
          break;
        case 'tool-input-delta': {
          const call = this.live.get(event.toolCallId);
          if (call) call.grown += event.inputTextDelta.length;
          break;
        }
        case 'tool-input-available':
        case 'tool-input-error': {
          const index = this.settled++;
          const call = this.live.get(event.toolCallId) ?? this.startCall(event.toolCallId, event.toolName, out);
          this.live.delete(event.toolCallId);
          const next = events[i + 1];
          const record = next !== undefined && RECORD_EVENTS.has(next.type) && 'toolCallId' in next && next.toolCallId === event.toolCallId ? next : undefined;
          if (record) i++;
          const refusal = refusalOf(event, record, atEnd && chunkAt(index)?.closed === false);
          if (refusal === undefined) this.runCall(call, event.toolName, event.input, out);
          else this.refuseCall(call, event.toolName, refusal, chunkAt(index)?.raw ?? '', out);
          break;
        }
        default:
          // Outputs, approvals and denials only follow a settled call: consumed above.
          break;
      }
    }
    if (atEnd) this.settleSilent(out);
    for (const call of this.live.values()) {
      // A look copies the chunk list: take one only once the block grew by a share of it, so the
      // looks cost at most a constant per input unit however long the reply is.
      if (call.grown === 0 || call.grown * LOOK_SHARE < this.parts) continue;
      call.grown = 0;
      const chunk = openChunk(this.parser.chunks, call.parserId);
      const delta = chunk ? call.writer.progress(chunk.input) : '';
      if (delta !== '') out.push({ type: 'tool-input-delta', id: call.id, delta });
    }
    return out;
  }

  /**
   * A block whose explicit `state` keeps it out of the run (`state: input-streaming`, say) ends
   * without settling events: once the parser moves on to other text or another block, or the text
   * ends, its call is refused like one that carries its own result.
   */
  private settleSilent(out: StreamPart[]): void {
    for (const [parserId, call] of this.live) {
      this.live.delete(parserId);
      this.settled++;
      this.refuseCall(call, call.toolName, REFUSALS.recorded, '', out);
    }
  }

  private startCall(parserId: string, toolName: string, out: StreamPart[]): LiveCall {
    this.parts++;
    const call: LiveCall = { id: this.options.generateId(), parserId, toolName, writer: new JsonInputWriter(this.declared.get(toolName)), grown: 1 };
    this.live.set(parserId, call);
    out.push({ type: 'tool-input-start', id: call.id, toolName });
    out.push({ type: 'tool-input-delta', id: call.id, delta: call.writer.start() });
    return call;
  }

  private runCall(call: LiveCall, toolName: string, input: unknown, out: StreamPart[]): void {
    const delta = call.writer.finish(input);
    if (delta === undefined) {
      this.refuseCall(call, toolName, REFUSALS.notObject, '', out);
      return;
    }
    if (delta !== '') out.push({ type: 'tool-input-delta', id: call.id, delta });
    out.push({ type: 'tool-input-end', id: call.id });
    out.push({ type: 'tool-call', toolCallId: call.id, toolName, input: call.writer.sentText });
    this.calls++;
  }

  /**
   * The call does not run. Its input stays the unfinished JSON sent so far (at least `{`), which
   * the AI SDK cannot parse: it reports an invalid tool call and sends the model a tool error.
   */
  private refuseCall(call: LiveCall, toolName: string, errorText: string, raw: string, out: StreamPart[]): void {
    const metadata: RefusedCallMetadata = { errorText, raw };
    out.push({ type: 'tool-input-end', id: call.id });
    out.push({
      type: 'tool-call',
      toolCallId: call.id,
      toolName,
      input: call.writer.sentText,
      providerMetadata: { [METADATA_KEY]: metadata },
    });
    this.calls++;
  }
}

/**
 * Why a settled call must not run, or `undefined` when it runs. An unfinished block is refused as
 * such even when what arrived of it does not parse: the model should finish the call, not mend its
 * first half. A block that recorded an output, error, approval or denial is not a request.
 */
function refusalOf(
  settled: Extract<UIMessageChunk, { type: 'tool-input-available' | 'tool-input-error' }>,
  record: UIMessageChunk | undefined,
  unclosed: boolean,
): string | undefined {
  if (unclosed) return REFUSALS.unclosed(settled.toolName);
  if (settled.type === 'tool-input-error') return settled.errorText;
  if (record === undefined) return undefined;
  return record.type === 'tool-output-error' ? record.errorText : REFUSALS.recorded;
}

/** The open block's chunk for this call in a parser snapshot (open chunks come last). */
function openChunk(chunks: readonly TranscriptChunk[], toolCallId: string): ToolChunk | undefined {
  for (let i = chunks.length - 1; i >= 0; i--) {
    const chunk = chunks[i]!;
    if (chunk.type !== 'tool' || chunk.state !== 'input-streaming') return undefined;
    if (chunk.toolCallId === toolCallId) return chunk;
  }
  return undefined;
}
