import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { TranscriptEvent } from '../stream/events.js';
import { createTranscriptEventParser, type TranscriptEventParser } from '../stream/parser.js';
import type { CallPolicy, SyntaxName, ToolChunk, ToolDefinition, ToolSyntax, WorkMeter } from '../types.js';
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
  writer: JsonInputWriter;
}

/** A block the parser started, by its event key. */
interface OpenBlock {
  /** The call, once the block's id is settled (an SDK part cannot be renamed, so it starts then). */
  call: LiveCall | undefined;
  /** The block's input so far (the last `tool-delta.input`). */
  input: unknown;
  /** The input so far last handed to the call's writer. */
  looked: unknown;
}

/**
 * What the extractor did, for tests and benchmarks that count work instead of timing it: the
 * parser's own counts, and the work of turning the calls' inputs into JSON.
 */
export interface ExtractorWork extends WorkMeter {
  /** Inputs so far handed to a call's {@link JsonInputWriter} (one per new input object). */
  inputLooks: number;
  /** Units the calls' {@link JsonInputWriter}s looked at or wrote (see `JsonInputWriter.examined`). */
  inputUnits: number;
}

/**
 * Model text in, language-model stream parts out, as one fold of the event parser's
 * {@link TranscriptEvent}s: the text stays text parts, a reasoning block (`<think>…</think>`)
 * becomes `reasoning-start` / `reasoning-delta` / `reasoning-end`, each tool call becomes
 * `tool-input-start` / `tool-input-delta` / `tool-input-end` / `tool-call` with its input as JSON
 * (see {@link JsonInputWriter}). A call that must not run (malformed, unfinished, not an object,
 * refused by the policy, or carrying its own result) still becomes a `tool-call`, with an
 * unfinished JSON input the AI SDK reports as an invalid tool call, and the reason in its
 * provider metadata so the next step's prompt can tell the model.
 *
 * Every decision is read off the events as they come: a call's input so far off its
 * `tool-delta`s (the parser reads it at points fixed by the text, so this costs amortised linear
 * work; it is previewed once per write), whether it runs off the chunk its `tool-settle` carries.
 * No snapshot of the parser's chunks, no look at the next event.
 */
export class CallExtractor {
  private readonly parser: TranscriptEventParser;
  private readonly blocks = new Map<string, OpenBlock>();
  private readonly declared = new Map<string, ReadonlySet<string>>();
  private ended = false;
  private inputLooks = 0;
  /** Units examined by the writers of settled calls (live ones are added when read). */
  private settledUnits = 0;
  /** `tool-call` parts emitted. */
  calls = 0;

  constructor(private readonly options: CallExtractorOptions) {
    this.parser = createTranscriptEventParser({
      syntaxes: options.syntaxes,
      tools: options.tools,
      policy: options.policy,
      reasoning: options.reasoning,
      reasoningStartsOpen: options.reasoningStartsOpen,
      partialInput: true,
    });
    for (const tool of options.tools) {
      const properties = tool.inputSchema?.properties;
      if (properties && Object.keys(properties).length > 0) this.declared.set(tool.name, new Set(Object.keys(properties)));
    }
  }

  /** Feeds model text; returns the parts it produced. */
  write(text: string): StreamPart[] {
    if (this.ended || text === '') return [];
    return this.translate(this.parser.write(text));
  }

  /** The model's text ended: flushes text and settles an open block (it does not run). */
  end(): StreamPart[] {
    if (this.ended) return [];
    this.ended = true;
    return this.translate(this.parser.end());
  }

  /** See {@link ExtractorWork}. */
  get work(): ExtractorWork {
    let inputUnits = this.settledUnits;
    for (const block of this.blocks.values()) inputUnits += block.call?.writer.examined ?? 0;
    return { ...this.parser.work, inputLooks: this.inputLooks, inputUnits };
  }

  private translate(events: readonly TranscriptEvent[]): StreamPart[] {
    const out: StreamPart[] = [];
    for (const event of events) this.fold(event, out);
    // The input so far is sent once per write, for the blocks still open after it: a block that
    // settled in this write has its final input, and a preview just before it only costs work.
    for (const block of this.blocks.values()) {
      if (block.call === undefined || block.input === block.looked) continue;
      block.looked = block.input;
      this.progress(block.call, block.input, out);
    }
    return out;
  }

  private fold(event: TranscriptEvent, out: StreamPart[]): void {
    switch (event.type) {
      case 'text-start':
      case 'text-end':
      // A reasoning block in the text (`<think>…</think>`) is the model's reasoning: `streamText` shows it as such.
      case 'reasoning-start':
      case 'reasoning-end':
        out.push({ type: event.type, id: event.key });
        break;
      case 'text-delta':
      case 'reasoning-delta':
        out.push({ type: event.type, id: event.key, delta: event.delta });
        break;
      case 'tool-start': {
        const block: OpenBlock = { call: undefined, input: undefined, looked: undefined };
        this.blocks.set(event.key, block);
        if (event.toolCallId !== undefined) block.call = this.startCall(event.toolName, out);
        break;
      }
      case 'tool-identity': {
        const block = this.blocks.get(event.key);
        if (block === undefined || block.call !== undefined) break;
        block.call = this.startCall(event.toolName, out);
        break;
      }
      case 'tool-delta': {
        const block = this.blocks.get(event.key);
        if (block !== undefined && 'input' in event) block.input = event.input;
        break;
      }
      case 'tool-settle': {
        const block = this.blocks.get(event.key);
        this.blocks.delete(event.key);
        const call = block?.call ?? this.startCall(event.chunk.toolName, out);
        this.settle(call, event.chunk, event.invalid, out);
        break;
      }
    }
  }

  private startCall(toolName: string, out: StreamPart[]): LiveCall {
    const call: LiveCall = { id: this.options.generateId(), writer: new JsonInputWriter(this.declared.get(toolName)) };
    out.push({ type: 'tool-input-start', id: call.id, toolName });
    out.push({ type: 'tool-input-delta', id: call.id, delta: call.writer.start() });
    return call;
  }

  /** Sends what can no longer change of the block's input so far. */
  private progress(call: LiveCall, input: unknown, out: StreamPart[]): void {
    if (input === undefined) return;
    this.inputLooks++;
    const delta = call.writer.progress(input);
    if (delta !== '') out.push({ type: 'tool-input-delta', id: call.id, delta });
  }

  private settle(call: LiveCall, chunk: ToolChunk, invalid: boolean, out: StreamPart[]): void {
    this.decide(call, chunk, invalid, out);
    this.settledUnits += call.writer.examined;
  }

  /** The call runs with its final input, or is refused with the reason its chunk gives. */
  private decide(call: LiveCall, chunk: ToolChunk, invalid: boolean, out: StreamPart[]): void {
    const refusal = refusalOf(chunk, invalid);
    if (refusal !== undefined) {
      this.refuseCall(call, chunk.toolName, refusal, chunk.raw, out);
      return;
    }
    const delta = call.writer.finish(chunk.input);
    if (delta === undefined) {
      this.refuseCall(call, chunk.toolName, REFUSALS.notObject, chunk.raw, out);
      return;
    }
    if (delta !== '') out.push({ type: 'tool-input-delta', id: call.id, delta });
    out.push({ type: 'tool-input-end', id: call.id });
    out.push({ type: 'tool-call', toolCallId: call.id, toolName: chunk.toolName, input: call.writer.inputJson });
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
 * Why a settled call must not run, or `undefined` when it runs: only a finished, well-formed
 * block that asks for the call and records nothing else runs.
 *
 * - An unfinished block is refused as such even when what arrived of it does not parse, or it
 *   writes a state: the model should finish the call, not mend its first half.
 * - A block that could not be read (or that the policy refused) gives its parser error.
 * - A block that recorded an error gives that error; one that recorded an output, an approval,
 *   a denial or any state but `input-available` is not a request.
 */
function refusalOf(chunk: ToolChunk, invalid: boolean): string | undefined {
  if (!chunk.closed) return REFUSALS.unclosed(chunk.toolName);
  if (invalid) return chunk.errorText ?? REFUSALS.recorded;
  if (chunk.state === 'output-error' && chunk.approval === undefined) return chunk.errorText ?? REFUSALS.recorded;
  if (chunk.state !== 'input-available' || chunk.approval !== undefined) return REFUSALS.recorded;
  return undefined;
}
