/**
 * Parity by construction: the middleware folds the same events `parseTranscript` folds, so what
 * it streams is the whole parse of the text, part for part, for any set of syntaxes and any split
 * of the provider's text (fast-check). Driven through the middleware object itself
 * (`transformParams`, then `wrapStream` / `wrapGenerate`), without an SDK around it, so that many
 * texts and splits run:
 *
 * - each text chunk is one text part, each reasoning chunk one reasoning part, with its value;
 * - each tool chunk is one call, in order, with the n-th generated id: `tool-input-start`, its
 *   `tool-input-delta`s, `tool-input-end`, `tool-call` (the deltas joined are its input);
 * - a call runs exactly when its chunk is a finished request (closed, `input-available`, no
 *   approval, an object input), with that input as JSON; else it is refused with the reason the
 *   chunk gives and the block's source, and its input does not parse.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LanguageModelV3CallOptions, LanguageModelV3Content, LanguageModelV3FunctionTool, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { parseTranscript, type ToolChunk, type ToolDefinition, type ToolSyntax, type TranscriptChunk } from '../../src/index.js';
import { toolTranscriptMiddleware } from '../../src/ai/index.js';
import { METADATA_KEY, REFUSALS } from '../../src/ai/calls.js';
import { cuts, transcript } from '../support/documents.js';
import { splitAnywhere, splitsInTwo, unitByUnit } from '../support/splits.js';
import { SYNTAXES, USAGE } from './support.js';

/** The tool names the generated transcripts use, with schemas that coerce nothing. */
const TOOLS: ToolDefinition[] = ['search', 'write_file', 'run_bash', 'read_files', 'x'].map((name) => ({ name, inputSchema: { type: 'object' } }));
const FUNCTION_TOOLS: LanguageModelV3FunctionTool[] = TOOLS.map((tool) => ({
  type: 'function',
  name: tool.name,
  inputSchema: tool.inputSchema as LanguageModelV3FunctionTool['inputSchema'],
}));

/** One part of the reply as the middleware gave it (or as the whole parse says it must be). */
type Item =
  | { kind: 'text' | 'reasoning'; value: string }
  | { kind: 'call'; toolCallId: string; toolName: string; runs: true; input: unknown }
  | { kind: 'call'; toolCallId: string; toolName: string; runs: false; errorText: string; raw: string };

/** What the middleware must stream for `text`: the whole parse, part for part. */
function expected(text: string, syntaxes: readonly ToolSyntax[]): Item[] {
  let calls = 0;
  return parseTranscript(text, { syntaxes, tools: TOOLS }).map((chunk: TranscriptChunk): Item => {
    if (chunk.type !== 'tool') return { kind: chunk.type, value: chunk.value };
    const toolCallId = `c${++calls}`;
    const errorText = refusal(chunk);
    if (errorText === undefined) return { kind: 'call', toolCallId, toolName: chunk.toolName, runs: true, input: chunk.input };
    return { kind: 'call', toolCallId, toolName: chunk.toolName, runs: false, errorText, raw: chunk.raw };
  });
}

/** Why the chunk's call must not run (the middleware's rules, restated from the chunk alone). */
function refusal(chunk: ToolChunk): string | undefined {
  if (!chunk.closed) return REFUSALS.unclosed(chunk.toolName);
  if (chunk.approval !== undefined) return REFUSALS.recorded;
  if (chunk.state === 'output-error') return chunk.errorText!;
  if (chunk.state !== 'input-available') return REFUSALS.recorded;
  if (typeof chunk.input !== 'object' || chunk.input === null || Array.isArray(chunk.input)) return REFUSALS.notObject;
  return undefined;
}

/** A middleware taught the first syntax, accepting the others, with ids `c1`, `c2`, … */
async function prepared(syntaxes: readonly ToolSyntax[]) {
  const [syntax, ...accept] = syntaxes;
  let n = 0;
  const middleware = toolTranscriptMiddleware({ syntax: syntax!, accept, generateId: () => `c${++n}` });
  const params = await middleware.transformParams({
    type: 'stream',
    params: { prompt: [{ role: 'user', content: [{ type: 'text', text: 'go' }] }], tools: FUNCTION_TOOLS } satisfies LanguageModelV3CallOptions,
    model: undefined,
  });
  return { middleware, params };
}

/** The stream parts the middleware makes of the provider's text in `pieces`. */
async function streamed(syntaxes: readonly ToolSyntax[], pieces: readonly string[]): Promise<LanguageModelV3StreamPart[]> {
  const { middleware, params } = await prepared(syntaxes);
  const provider: LanguageModelV3StreamPart[] = [
    { type: 'text-start', id: 't' },
    ...pieces.map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: USAGE },
  ];
  const doStream = async () => ({
    stream: new ReadableStream<LanguageModelV3StreamPart>({
      start(controller) {
        for (const part of provider) controller.enqueue(part);
        controller.close();
      },
    }),
  });
  const result = await middleware.wrapStream({ doStream, doGenerate: () => Promise.reject(new Error('stream only')), params, model: undefined });
  const parts: LanguageModelV3StreamPart[] = [];
  for await (const part of result.stream as ReadableStream<LanguageModelV3StreamPart>) parts.push(part);
  return parts;
}

/** The stream parts folded into items, checking the parts' own order on the way. */
function items(parts: readonly LanguageModelV3StreamPart[]): { items: Item[]; finish: string | undefined } {
  const out: Item[] = [];
  let open: { type: 'text' | 'reasoning' | 'tool'; id: string; text: string } | undefined;
  let finish: string | undefined;
  for (const part of parts) {
    switch (part.type) {
      case 'text-start':
      case 'reasoning-start':
      case 'tool-input-start':
        expect(open, `${part.type} inside an open ${open?.type} part`).toBeUndefined();
        open = { type: part.type === 'tool-input-start' ? 'tool' : part.type === 'text-start' ? 'text' : 'reasoning', id: part.id, text: '' };
        break;
      case 'text-delta':
      case 'reasoning-delta':
      case 'tool-input-delta':
        expect(open?.id).toBe(part.id);
        open!.text += part.delta;
        break;
      case 'text-end':
      case 'reasoning-end':
        expect(open?.id).toBe(part.id);
        out.push({ kind: open!.type as 'text' | 'reasoning', value: open!.text });
        open = undefined;
        break;
      case 'tool-input-end':
        expect(open).toMatchObject({ type: 'tool', id: part.id });
        break;
      case 'tool-call': {
        expect(open).toMatchObject({ type: 'tool', id: part.toolCallId });
        const refused = part.providerMetadata?.[METADATA_KEY];
        if (refused === undefined && open!.text !== part.input) {
          // Only when the input so far showed a key the final input lacks (a reader that drops a
          // malformed last value at the closer): a sent key cannot be taken back.
          const shown = Object.keys(JSON.parse(open!.text) as object);
          expect(shown.some((key) => !Object.hasOwn(JSON.parse(part.input) as object, key)), 'the input deltas join to the call input').toBe(true);
        } else expect(open!.text, 'the input deltas join to the call input').toBe(part.input);
        open = undefined;
        if (refused === undefined) {
          out.push({ kind: 'call', toolCallId: part.toolCallId, toolName: part.toolName, runs: true, input: JSON.parse(part.input) });
        } else {
          // The SDK must not be able to read a refused call's input: it reports it as invalid.
          expect(part.input.startsWith('{')).toBe(true);
          expect(() => JSON.parse(part.input)).toThrow();
          out.push({ kind: 'call', toolCallId: part.toolCallId, toolName: part.toolName, runs: false, errorText: refused.errorText as string, raw: refused.raw as string });
        }
        break;
      }
      case 'finish':
        finish = part.finishReason.unified;
        break;
    }
  }
  expect(open).toBeUndefined();
  return { items: out, finish };
}

/** The generate path: the provider's text in `pieces` as text content parts. */
async function generated(syntaxes: readonly ToolSyntax[], pieces: readonly string[]): Promise<Item[]> {
  const { middleware, params } = await prepared(syntaxes);
  const doGenerate = async () => ({
    content: pieces.map((text): LanguageModelV3Content => ({ type: 'text', text })),
    finishReason: { unified: 'stop' as const, raw: 'stop' },
    usage: USAGE,
    warnings: [],
  });
  const { content } = (await middleware.wrapGenerate({ doGenerate, doStream: () => Promise.reject(new Error('generate only')), params, model: undefined })) as {
    content: LanguageModelV3Content[];
  };
  return content.map((part): Item => {
    if (part.type === 'text' || part.type === 'reasoning') return { kind: part.type, value: part.text };
    if (part.type !== 'tool-call') throw new Error(`unexpected ${part.type}`);
    const refused = part.providerMetadata?.[METADATA_KEY];
    if (refused === undefined) return { kind: 'call', toolCallId: part.toolCallId, toolName: part.toolName, runs: true, input: JSON.parse(part.input) };
    return { kind: 'call', toolCallId: part.toolCallId, toolName: part.toolName, runs: false, errorText: refused.errorText as string, raw: refused.raw as string };
  });
}

/** Every built-in syntax (fence taught), or a few in a random order (the first taught). */
const syntaxSets = fc.oneof(fc.constant(SYNTAXES), fc.shuffledSubarray(SYNTAXES, { minLength: 1, maxLength: 4 }));

const byName = (name: string) => SYNTAXES.find((syntax) => syntax.name === name)!;

/**
 * Blocks whose settling decides something: what runs, what is refused and why, ids read late,
 * several calls in one block. The last column is the premise: the parts the whole parse gives.
 */
const CASES: Array<[string, string, string, string]> = [
  ['a call whose id is read from its body', 'fence', 'Go.\n```tool\nname: search\nid: s1\ninput:\n  q: x y\n```\nDone.', 'text call:search:runs text'],
  ['an input that is not an object', 'fence', 'Go.\n```tool search\ninput: [1, 2]\n```\n', 'text call:search:refused text'],
  ['a recorded output', 'fence', '```tool search\ninput:\n  q: x\noutput: 3\n```\nthen', 'call:search:refused text'],
  ['a recorded error', 'fence', '```tool search\ninput:\n  q: x\nerrorText: boom\n```\n', 'call:search:refused text'],
  ['a recorded approval request', 'fence', '```tool search\ninput:\n  q: x\nstate: approval-requested\n```\n', 'call:search:refused text'],
  ['a recorded approval answer', 'fence', '```tool search\nstate: approval-responded\napproval:\n  id: a1\n  approved: false\ninput:\n  q: x\n```\n', 'call:search:refused text'],
  ['a malformed call', 'fence', 'Go.\n```tool search\ninput: [1, 2\n```\n', 'text call:search:refused text'],
  ['a block cut off by the end of the reply', 'caret', 'Go.\n^^^search\nq: x\nmore', 'text call:search:refused'],
  ['a list of two calls in one block', 'json', 'Go.\n{"tool_calls": [{"id": "a", "type": "function", "function": {"name": "search", "arguments": "{\\"q\\": 1}"}}, {"id": "b", "type": "function", "function": {"name": "x", "arguments": {}}}]}\nDone.', 'text call:search:runs call:x:runs text'],
  ['a value shown while streaming, dropped at the closer', 'glm', '<tool_call>x\n<arg_key>a0</arg_key>\n<arg_value>[]`/arg_value>\n</tool_call>\n', 'call:x:runs text'],
  ['a body read as content while it streams, as parameters at the closer', 'caret', 'Go.\n^^^a\n---\na: "  \\r\\n"\n^^^\n', 'text call:a:runs text'],
  ['a call after reasoning that holds one', 'hermes', '<think>maybe <tool_call>{"name": "x", "arguments": {}}</tool_call></think>So:\n<tool_call>{"name": "search", "arguments": {"q": "a"}}</tool_call>', 'reasoning text call:search:runs'],
];
const texts = syntaxSets.chain((syntaxes) => fc.tuple(fc.constant(syntaxes), transcript(syntaxes), cuts));

describe('the middleware streams the whole parse', () => {
  it.each(CASES)('%s (%s): whole, split in two at every position, unit by unit', async (_, name, text, premise) => {
    const syntaxes = [byName(name)];
    const want = expected(text, syntaxes);
    expect(want.map((item) => (item.kind === 'call' ? `call:${item.toolName}:${item.runs ? 'runs' : 'refused'}` : item.kind)).join(' ')).toBe(premise);
    for (const pieces of [[text], ...splitsInTwo(text), unitByUnit(text)]) {
      expect(items(await streamed(syntaxes, pieces)).items, `split ${pieces.map((piece) => piece.length).join('+')}`).toEqual(want);
    }
    expect(await generated(syntaxes, [text])).toEqual(want);
  });

  it('stream parts: every chunk a part, every call the chunk it settles, at any split', async () => {
    await fc.assert(
      fc.asyncProperty(texts, async ([syntaxes, text, at]) => {
        const want = expected(text, syntaxes);
        const finish = want.some((item) => item.kind === 'call') ? 'tool-calls' : 'stop';
        for (const pieces of [[text], splitAnywhere(text, at), unitByUnit(text)]) {
          const got = items(await streamed(syntaxes, pieces));
          expect(got.items).toEqual(want);
          expect(got.finish).toBe(finish);
        }
      }),
      { numRuns: 200 },
    );
  }, 120_000);

  it('generate content: the same items, whatever the text parts', async () => {
    await fc.assert(
      fc.asyncProperty(texts, async ([syntaxes, text, at]) => {
        const want = expected(text, syntaxes);
        expect(await generated(syntaxes, [text])).toEqual(want);
        expect(await generated(syntaxes, splitAnywhere(text, at))).toEqual(want);
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
