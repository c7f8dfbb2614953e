/**
 * Shared pieces of the middleware tests: both real AI SDKs (`ai` 6 and `ai` 7), a scripted mock
 * model that streams (or returns) the replies it is given, split as the test says, and records
 * the prompts it was sent; the test tools; and call blocks written in each syntax.
 */
import * as ai6 from 'ai';
import * as ai6test from 'ai/test';
import * as ai7 from 'ai7';
import * as ai7test from 'ai7/test';
import type { LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { ToolDefinition, ToolSyntax } from '../../src/index.js';
import { builtinSyntaxes } from '../../src/syntaxes/index.js';

/** The two SDK majors, with the same surface the tests use. */
export const SDKS = [
  { name: 'ai 6', sdk: ai6 as unknown as typeof ai6, test: ai6test },
  { name: 'ai 7', sdk: ai7 as unknown as typeof ai6, test: ai7test as unknown as typeof ai6test },
] as const;
export type Sdk = (typeof SDKS)[number];

/** Every built-in syntax the checkout has (hermes joins once it is merged). */
export const SYNTAXES = Object.values(builtinSyntaxes) as ToolSyntax[];

export const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 10, text: 10, reasoning: 0 },
};

/** How a reply is cut into the provider's text deltas. */
export type Splitter = (text: string) => string[];
export const whole: Splitter = (text) => [text];
export const unitByUnit: Splitter = (text) => text.split('');
/** Cuts at pseudo-random positions from `seed` (deterministic). */
export const randomSplit =
  (seed: number): Splitter =>
  (text) => {
    const pieces: string[] = [];
    let state = seed;
    let at = 0;
    while (at < text.length) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      const size = 1 + (state % 9);
      pieces.push(text.slice(at, at + size));
      at += size;
    }
    return pieces;
  };

/** A mock model answering with `replies` in turn (stream and generate), recording each prompt. */
export function scriptedModel(sdk: Sdk, replies: readonly string[], split: Splitter = whole) {
  const prompts: LanguageModelV3Prompt[] = [];
  const tools: unknown[] = [];
  let step = 0;
  const next = (options: { prompt: LanguageModelV3Prompt; tools?: unknown }) => {
    prompts.push(options.prompt);
    tools.push(options.tools);
    const reply = replies[step++];
    if (reply === undefined) throw new Error(`the scripted model has no reply for step ${step}`);
    return reply;
  };
  const model = new sdk.test.MockLanguageModelV3({
    doStream: async (options) => {
      const reply = next(options);
      const parts: LanguageModelV3StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 'reply' },
        ...split(reply).map((delta) => ({ type: 'text-delta' as const, id: 'reply', delta })),
        { type: 'text-end', id: 'reply' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: USAGE },
      ];
      return { stream: sdk.test.convertArrayToReadableStream(parts) };
    },
    doGenerate: async (options) => {
      const reply = next(options);
      return {
        content: reply === '' ? [] : [{ type: 'text', text: reply }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: USAGE,
        warnings: [],
      };
    },
  });
  return { model, prompts, tools };
}

/** The test tools as definitions (what the model is taught). */
export const DEFINITIONS = {
  write_file: {
    name: 'write_file',
    description: 'Writes a text file.',
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
      required: ['path', 'content'],
    },
  },
  add: {
    name: 'add',
    description: 'Adds two numbers.',
    inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  },
  delete_file: {
    name: 'delete_file',
    description: 'Deletes a file (asks the user first).',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
} as const satisfies Record<string, ToolDefinition>;

/** The tools for `streamText` / `generateText`, recording every execution in `ran`. */
export function sdkTools(sdk: Sdk) {
  const ran: Array<{ tool: string; input: unknown }> = [];
  const { tool, jsonSchema } = sdk.sdk;
  const tools = {
    write_file: tool({
      description: DEFINITIONS.write_file.description,
      inputSchema: jsonSchema<{ path: string; content: string }>(DEFINITIONS.write_file.inputSchema),
      execute: async (input: { path: string; content: string }) => {
        ran.push({ tool: 'write_file', input });
        return `wrote ${input.content.length} characters to ${input.path}`;
      },
    }),
    add: tool({
      description: DEFINITIONS.add.description,
      inputSchema: jsonSchema<{ a: number; b: number }>(DEFINITIONS.add.inputSchema),
      execute: async (input: { a: number; b: number }) => {
        ran.push({ tool: 'add', input });
        return { sum: input.a + input.b };
      },
    }),
    delete_file: tool({
      description: DEFINITIONS.delete_file.description,
      inputSchema: jsonSchema<{ path: string }>(DEFINITIONS.delete_file.inputSchema),
      needsApproval: true,
      execute: async (input: { path: string }) => {
        ran.push({ tool: 'delete_file', input });
        return `deleted ${input.path}`;
      },
    }),
  };
  return { tools, ran };
}

/** A call written in `syntax` as the model would write it (emoji: laid out as words and a body). */
export function callBlock(syntax: ToolSyntax, toolName: keyof typeof DEFINITIONS, input: Record<string, unknown>): string {
  const layOut = syntax.describe?.exampleInput;
  return syntax.format({ toolName, input: layOut ? layOut(input, DEFINITIONS[toolName]) : input });
}

/** The text of every text part of a prompt message, joined. */
export function messageText(message: LanguageModelV3Prompt[number] | undefined): string {
  if (!message) return '';
  if (typeof message.content === 'string') return message.content;
  return message.content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join('');
}
