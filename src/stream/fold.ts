import { TextBuffer } from '../scanner/text-buffer.js';
import type { ReasoningChunk, TextChunk, ToolChunk, TranscriptChunk } from '../types.js';
import type { TranscriptEvent, TranscriptEventSink } from './events.js';

// The one definition of "the chunks of these events". `parseTranscript` folds the builder's
// events straight into a FoldState; the parsers keep one beside their event queue for their
// `chunks` snapshot; the CLI takes settled chunks out of one; the store keeps one per parsed text
// and shows each part's chunk as the fold has it. None of them reads the scanner or a syntax.

/** The input of a block that shows none yet; one frozen object, so an unchanged input keeps its identity. */
export const EMPTY_INPUT: Readonly<Record<string, never>> = Object.freeze({});

/** The open tool part, as its events so far describe it. */
interface OpenTool {
  readonly key: string;
  toolCallId: string;
  toolName: string;
  readonly syntax: string;
  input: unknown;
  /** The block's source so far when the last delta carried it (`partialInput`), else `undefined`. */
  raw: string | undefined;
  /** The deltas joined: the source when no delta carried it (made at the first such delta). */
  deltas: TextBuffer | undefined;
  /** The chunk last built from the above, until one of them changes. */
  chunk: ToolChunk | undefined;
}

/** The open reasoning part. */
interface OpenReasoning {
  readonly key: string;
  readonly value: TextBuffer;
  /** The block's source so far when the last delta carried it, else `undefined` (the value stands in). */
  raw: string | undefined;
}

/**
 * The state of the fold of {@link TranscriptEvent}s into chunks: the settled chunks in order (the
 * last text chunk replaced, never mutated, when its text grows), the text of the open text part
 * not yet folded into them, and the open tool or reasoning part. Mutable for speed — text is
 * gathered in a buffer and folded in only when read, the open part's chunk built only when asked
 * for — but every change goes through {@link foldEvent} (or {@link FoldState.textDelta} and
 * {@link FoldState.toolDelta}, the same events without their objects), so there is one fold and
 * every consumer goes through it. Its fields are the fold's own: read the chunks with
 * {@link FoldState.chunks}, {@link FoldState.takeSettled} or {@link FoldState.part}.
 *
 * A FoldState is also a {@link TranscriptEventSink}: a builder can say its events straight into it.
 */
export class FoldState implements TranscriptEventSink {
  /** Settled chunks, and the open text part's chunk once its text is folded in. */
  readonly done: TranscriptChunk[] = [];
  /** Text of the open text part not yet folded into {@link done}. */
  readonly text = new TextBuffer();
  /** Key of the open text part. */
  textKey: string | undefined;
  /** Whether the open text part has any text (folded or not). */
  textShown = false;
  tool: OpenTool | undefined;
  reasoning: OpenReasoning | undefined;
  /** The part settled last: what {@link part} gives for its key right after its settling event. */
  lastSettled: { key: string; chunk: TranscriptChunk } | undefined;

  event(event: TranscriptEvent): void {
    foldEvent(this, event);
  }

  textDelta(_key: string, delta: string): void {
    if (delta === '') return;
    this.text.append(delta);
    this.textShown = true;
  }

  toolDelta(key: string, delta: string): void {
    foldToolSource(this, key, delta, undefined);
  }

  /**
   * The chunks so far, a new array: settled ones, then the open block's (`input-streaming` for a
   * tool, `closed: false` for reasoning). Settled chunk objects are shared between snapshots.
   */
  chunks(): TranscriptChunk[] {
    foldText(this);
    const open = openChunk(this);
    if (open === undefined) return this.done.slice();
    const chunks = this.done.slice();
    chunks.push(open);
    return chunks;
  }

  /**
   * Hands out the settled chunks since the last take and forgets them (the open block's stays).
   * The open text part's text so far is handed out too, so the last chunk of a take may be text
   * that the next take continues: consecutive text chunks across takes are one run, to be joined.
   */
  takeSettled(): TranscriptChunk[] {
    foldText(this);
    return this.done.splice(0);
  }

  /**
   * The chunk of the part with event key `key` as the events so far make it: the open text,
   * tool or reasoning part's, or the part settled by the last event. What a store shows for
   * that part's item after folding an event of it.
   */
  part(key: string): TranscriptChunk | undefined {
    if (this.textKey === key) {
      foldText(this);
      const last = this.done[this.done.length - 1];
      return this.textShown && last?.type === 'text' ? last : EMPTY_TEXT;
    }
    if (this.tool?.key === key) return toolChunk(this.tool);
    const reasoning = this.reasoning;
    if (reasoning?.key === key) return reasoningChunk(reasoning);
    return this.lastSettled?.key === key ? this.lastSettled.chunk : undefined;
  }
}

const EMPTY_TEXT: TextChunk = Object.freeze({ type: 'text', value: '' }) as TextChunk;

/**
 * Folds one event into the state: the reducer that defines the chunks of a stream of
 * {@link TranscriptEvent}s. Text deltas extend the open text part (text chunks merged, none
 * empty); a tool part is an `input-streaming` chunk from its `tool-start` (id, or its key until
 * `tool-identity` gives the id; name; syntax), its `tool-delta`s (source, and the input and name
 * so far when they carry them) until `tool-settle` replaces it by the settled chunk; a reasoning
 * part is its deltas' value until `reasoning-end` replaces it by the finished chunk.
 * Folding `createTranscriptEventParser(options)`'s events for any split of a text, then
 * reading {@link FoldState.chunks}, gives `parseTranscript(text, options)`.
 * @returns `state`, changed in place.
 */
export function foldEvent(state: FoldState, event: TranscriptEvent): FoldState {
  switch (event.type) {
    case 'text-start':
      endText(state);
      state.textKey = event.key;
      break;
    case 'text-delta':
      state.textDelta(event.key, event.delta);
      break;
    case 'text-end':
      if (state.textKey === event.key) endText(state);
      break;
    case 'tool-start':
      endText(state);
      state.tool = {
        key: event.key,
        toolCallId: event.toolCallId ?? event.key,
        toolName: event.toolName,
        syntax: event.syntax,
        input: EMPTY_INPUT,
        raw: undefined,
        deltas: undefined,
        chunk: undefined,
      };
      break;
    case 'tool-identity': {
      const tool = state.tool;
      if (tool?.key !== event.key) break;
      tool.toolCallId = event.toolCallId;
      tool.toolName = event.toolName;
      tool.chunk = undefined;
      break;
    }
    case 'tool-delta': {
      const tool = foldToolSource(state, event.key, event.delta, event.raw);
      if (tool === undefined) break;
      if (event.input !== undefined) tool.input = event.input;
      if (event.toolName !== undefined) tool.toolName = event.toolName;
      break;
    }
    case 'tool-settle':
      endText(state);
      if (state.tool?.key === event.key) state.tool = undefined;
      settle(state, event.key, event.chunk);
      break;
    case 'reasoning-start':
      endText(state);
      state.reasoning = { key: event.key, value: new TextBuffer(), raw: undefined };
      break;
    case 'reasoning-delta': {
      const reasoning = state.reasoning;
      if (reasoning?.key !== event.key) break;
      reasoning.value.append(event.delta);
      reasoning.raw = event.raw;
      break;
    }
    case 'reasoning-end':
      endText(state);
      if (state.reasoning?.key === event.key) state.reasoning = undefined;
      settle(state, event.key, event.chunk);
      break;
  }
  return state;
}

/** A tool delta's source folded into the open tool part (the part, if it is the one open). */
function foldToolSource(state: FoldState, key: string, delta: string, raw: string | undefined): OpenTool | undefined {
  const tool = state.tool;
  if (tool?.key !== key) return undefined;
  // A delta carrying the source makes the joined deltas moot (a parser's deltas carry it all or never).
  if (raw === undefined && delta !== '') (tool.deltas ??= new TextBuffer()).append(delta);
  tool.raw = raw;
  tool.chunk = undefined;
  return tool;
}

function settle(state: FoldState, key: string, chunk: ToolChunk | ReasoningChunk): void {
  state.done.push(chunk);
  state.lastSettled = { key, chunk };
}

/** Folds the open text part's pending text into its chunk (a new chunk object). */
function foldText(state: FoldState): void {
  const { text, done } = state;
  if (text.length === 0) return;
  const value = text.take();
  const last = done[done.length - 1];
  if (last?.type === 'text') done[done.length - 1] = { type: 'text', value: last.value + value };
  else done.push({ type: 'text', value });
}

/** Closes the open text part. */
function endText(state: FoldState): void {
  if (state.textKey === undefined) return;
  foldText(state);
  state.textKey = undefined;
  state.textShown = false;
}

/** The open block's chunk, if a block is open. */
function openChunk(state: FoldState): TranscriptChunk | undefined {
  if (state.tool !== undefined) return toolChunk(state.tool);
  if (state.reasoning !== undefined) return reasoningChunk(state.reasoning);
  return undefined;
}

function toolChunk(tool: OpenTool): ToolChunk {
  return (tool.chunk ??= {
    type: 'tool',
    toolCallId: tool.toolCallId,
    toolName: tool.toolName,
    state: 'input-streaming',
    input: tool.input,
    syntax: tool.syntax,
    raw: tool.raw ?? tool.deltas?.toString() ?? '',
    closed: false,
  });
}

function reasoningChunk(reasoning: OpenReasoning): ReasoningChunk {
  const value = reasoning.value.toString();
  return { type: 'reasoning', value, raw: reasoning.raw ?? value, closed: false };
}
