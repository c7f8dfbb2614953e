/**
 * Generators and checks for the fuzz properties: hostile strings built from
 * marker pieces and awkward code units, transcripts made hostile (CRLF, NUL,
 * lone surrogates, very long lines, cut short), splits that land inside
 * surrogate pairs and `\r\n`, and a synchronous fold of the UI-message events
 * that checks they are well formed.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { TranscriptChunk, ToolSyntax, UIMessageChunk } from '../../../src/index.js';
import { builtinSyntaxes } from '../../../src/syntaxes/index.js';
import { transcript } from '../../support/documents.js';

/** `npm run fuzz` sets FUZZ=1: budgets ×20. */
export const FUZZ = process.env.FUZZ === '1';
export const SCALE = FUZZ ? 20 : 1;

/** Runs per fuzz property in a default (CI) run; FUZZ=1 multiplies them by {@link SCALE}. */
export const RUNS = {
  // hostile-invariants.test.ts
  strings: 35_000,
  stringsDefault: 12_000,
  unitByUnit: 8_000,
  events: 10_000,
  transcripts: 4_000,
  transcriptEvents: 1_500,
  code: 2_000,
  // streaming.test.ts
  snapshots: 10_000,
  snapshotsTranscripts: 1_500,
  store: 6_000,
  remark: 1_500,
};

/** fast-check parameters for `count` runs, scaled under FUZZ=1. */
export function runs(count: number): { numRuns: number } {
  return { numRuns: count * SCALE };
}

/** Per-property timeout: generous, for a busy two-core machine and FUZZ budgets. */
export const TIMEOUT = 120_000 * SCALE;

export const ALL_SYNTAXES = Object.values(builtinSyntaxes) as ToolSyntax[];

/**
 * Pieces of every syntax's markers, markdown and awkward code units: CR, LF,
 * CRLF, NUL, lone and paired surrogates, the emoji's parts, the variation
 * selector, BOM, a zero-width joiner, line separators.
 */
const PIECES = [
  '🛠️[', '🛠[', '🛠️[/end]', '🛠', '\uD83D', '\uDEE0', '\uFE0F', ']', '[', ' ', 'a', 'x y', '/',
  '^^^', '^^^x\n', '^', '---', 'k: v', ':', '-', '[',
  '```', '```tool', '```tool x\n', '~~~', '`', '``', '    ',
  '<tool name="x">', '</tool>', '<tool:x>', '</tool:x>', '<arg name="a">', '</arg>', '<write_file path="p">', '</write_file>', '<run_bash>', '</run_bash>', '<![CDATA[', ']]>', '<', '>', '</', '"', "'", '=',
  '[[SEG_START {"type":"tool"}]]', '[[SEG_START ', '[[SEG_END]]', '[[', ']]', '{"type":"run_bash"}',
  '{"tool_calls":[', '{"name":"x","args":{', '{"function":{"name":"f","arguments":"{}"}}', '{', '}', '[', ']', ',', '\\', '"a"',
  'input:', 'output: ok', 'id: c1', 'state: output-error', 'errorText: e',
  '\n', '\r', '\r\n', '\n\n', '\0', '\t', '\uFEFF', '\u200D', '\u2028', '😀', '\uD800', '\uDFFF',
];

/** A short string of marker pieces and awkward units (cheap: many runs). */
export const hostileString = fc
  .array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...PIECES) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) }), {
    maxLength: 12,
  })
  .map((parts) => parts.join(''));

/** Ways to make a generated transcript hostile. */
type Twist = 'crlf' | 'cr' | 'nul' | 'surrogate' | 'long-line' | 'cut' | 'none';

/** A transcript mixing every syntax with markdown, then made hostile by up to three twists. */
export const hostileTranscript = fc
  .tuple(
    transcript(ALL_SYNTAXES),
    fc.array(fc.tuple(fc.constantFrom<Twist>('crlf', 'cr', 'nul', 'surrogate', 'long-line', 'cut', 'none'), fc.nat()), { maxLength: 3 }),
  )
  .map(([doc, twists]) => {
    for (const [twist, at] of twists) {
      const i = at % (doc.length + 1);
      switch (twist) {
        case 'crlf':
          doc = doc.replace(/\r?\n/g, '\r\n');
          break;
        case 'cr':
          doc = doc.replace(/\r?\n/g, '\r');
          break;
        case 'nul':
          doc = `${doc.slice(0, i)}\0${doc.slice(i)}`;
          break;
        case 'surrogate':
          doc = `${doc.slice(0, i)}${at % 2 ? '\uD83D' : '\uDEE0'}${doc.slice(i)}`;
          break;
        case 'long-line':
          doc = `${doc.slice(0, i)}${'long '.repeat(200 + (at % 800))}${doc.slice(i)}`;
          break;
        case 'cut':
          doc = doc.slice(0, i);
          break;
        case 'none':
          break;
      }
    }
    return doc;
  });

/** Cut positions (taken modulo the length plus one). */
export const cutPositions = fc.array(fc.nat(), { maxLength: 8 });

/** Positions right after every high surrogate and every `\r`: each emoji and CRLF split across deltas. */
export function awkwardCuts(text: string): number[] {
  const cuts: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 0xd800 && code <= 0xdbff) || code === 13) cuts.push(i + 1);
  }
  return cuts;
}

/** Tool chunks that share an id (the AI SDK would merge their parts). */
export function hasDuplicateIds(chunks: readonly TranscriptChunk[]): boolean {
  const ids = chunks.flatMap((chunk) => (chunk.type === 'tool' ? [chunk.toolCallId] : []));
  return new Set(ids).size !== ids.length;
}

type Part =
  | { type: 'text'; text: string; open: boolean }
  | { type: 'reasoning'; text: string; open: boolean }
  | { type: 'tool'; toolCallId: string; toolName: string; state: string; input?: unknown; output?: unknown; errorText?: string };

/**
 * Folds UI-message events into message parts the way the AI SDK does, and
 * asserts they are well formed on the way: deltas only for open parts, a text
 * part started once and ended once, a tool settled only after it started, and
 * no text part left open at the end.
 */
export function foldEvents(events: readonly UIMessageChunk[]): unknown[] {
  const parts: Part[] = [];
  const texts = new Map<string, Extract<Part, { type: 'text' }>>();
  const tools = new Map<string, Extract<Part, { type: 'tool' }>>();
  const reasonings = new Map<string, Extract<Part, { type: 'reasoning' }>>();
  for (const event of events) {
    switch (event.type) {
      case 'reasoning-start': {
        expect(reasonings.has(event.id), `reasoning ${event.id} started twice`).toBe(false);
        expect([...texts.values()].some((part) => part.open), 'a reasoning part inside an open text part').toBe(false);
        const part = { type: 'reasoning' as const, text: '', open: true };
        reasonings.set(event.id, part);
        parts.push(part);
        break;
      }
      case 'reasoning-delta': {
        const part = reasonings.get(event.id);
        expect(part?.open, `delta for reasoning ${event.id} that is not open`).toBe(true);
        expect(event.delta).not.toBe('');
        part!.text += event.delta;
        break;
      }
      case 'reasoning-end':
        expect(reasonings.get(event.id)?.open, `end of reasoning ${event.id} that is not open`).toBe(true);
        reasonings.get(event.id)!.open = false;
        break;
      case 'text-start': {
        expect(texts.has(event.id), `text ${event.id} started twice`).toBe(false);
        const part = { type: 'text' as const, text: '', open: true };
        texts.set(event.id, part);
        parts.push(part);
        break;
      }
      case 'text-delta': {
        const part = texts.get(event.id);
        expect(part?.open, `delta for text ${event.id} that is not open`).toBe(true);
        expect(event.delta).not.toBe('');
        part!.text += event.delta;
        break;
      }
      case 'text-end':
        expect(texts.get(event.id)?.open, `end of text ${event.id} that is not open`).toBe(true);
        texts.get(event.id)!.open = false;
        break;
      case 'tool-input-start': {
        expect(tools.has(event.toolCallId), `tool ${event.toolCallId} started twice`).toBe(false);
        const part = { type: 'tool' as const, toolCallId: event.toolCallId, toolName: event.toolName, state: 'input-streaming' };
        tools.set(event.toolCallId, part);
        parts.push(part);
        break;
      }
      case 'tool-input-delta':
        expect(tools.get(event.toolCallId)?.state, `input delta for ${event.toolCallId}`).toBe('input-streaming');
        break;
      case 'tool-input-available':
      case 'tool-input-error': {
        const part = tools.get(event.toolCallId)!;
        expect(part?.state, `input of ${event.toolCallId}`).toBe('input-streaming');
        part.toolName = event.toolName;
        part.input = event.input;
        if (event.type === 'tool-input-error') {
          part.state = 'output-error';
          part.errorText = event.errorText;
        } else part.state = 'input-available';
        break;
      }
      case 'tool-output-available':
      case 'tool-output-error': {
        const part = tools.get(event.toolCallId)!;
        expect(part?.state, `output of ${event.toolCallId}`).toBe('input-available');
        if (event.type === 'tool-output-available') {
          part.state = 'output-available';
          part.output = event.output;
        } else {
          part.state = 'output-error';
          part.errorText = event.errorText;
        }
        break;
      }
    }
  }
  // (A tool may end in input-streaming: a block that says `state: input-streaming` keeps it.)
  for (const part of parts) if (part.type !== 'tool') expect(part.open, `a ${part.type} part left open`).toBe(false);
  return parts.map((part) => (part.type !== 'tool' ? { type: part.type, text: part.text } : { ...part }));
}

/** The parts a message should hold for final chunks. */
export function partsOf(chunks: readonly TranscriptChunk[]): unknown[] {
  return chunks.map((chunk) => {
    if (chunk.type === 'text') return { type: 'text', text: chunk.value };
    if (chunk.type === 'reasoning') return { type: 'reasoning', text: chunk.value };
    const part: Record<string, unknown> = { type: 'tool', toolCallId: chunk.toolCallId, toolName: chunk.toolName, state: chunk.state };
    // A block that stays input-streaming (it says so) never sends its input.
    if (chunk.state !== 'input-streaming') part.input = chunk.input;
    if (chunk.state === 'output-available') part.output = chunk.output;
    if (chunk.state === 'output-error') part.errorText = chunk.errorText;
    return part;
  });
}
