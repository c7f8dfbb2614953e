import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FunctionTool,
  LanguageModelV3Middleware,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { describeTools, type DescribeToolsOptions } from '../format/describe/describe.js';
import { markdownSections } from '../format/sections/markdown.js';
import type { SectionFormat } from '../format/sections/types.js';
import { xmlSections } from '../format/sections/xml.js';
import { checkMiddlewareOptions } from '../options.js';
import { resolveSyntaxes } from '../syntaxes/index.js';
import type { CallPolicy, JsonSchema, SyntaxName, ToolDefinition, ToolSyntax } from '../types.js';
import { CallExtractor } from './calls.js';
import { rewritePrompt, withSystemText } from './prompt.js';
import { randomBase36 } from './random-id.js';

/** Options of {@link toolTranscriptMiddleware}. */
export interface ToolTranscriptMiddlewareOptions {
  /** The syntax the model is taught, by name or as a syntax object. */
  syntax: SyntaxName | ToolSyntax;
  /** Other syntaxes the parser also takes from the model (never taught). Default none. */
  accept?: ReadonlyArray<SyntaxName | ToolSyntax>;
  /**
   * How many of a reply's calls may run (the parser's `policy`, also stated in the prompt).
   * Calls past it are reported to the model as refused. Default `'unlimited'`.
   */
  policy?: CallPolicy;
  /** The manifest's `rules`, `heading` and `headingLevel` (see `describeTools`). */
  describe?: Pick<DescribeToolsOptions, 'rules' | 'heading' | 'headingLevel'>;
  /**
   * How tool results are written for the model. Default `xmlSections` for the `xml`,
   * `hermes` and `tooltags` syntaxes, `markdownSections` for the others.
   */
  results?: SectionFormat;
  /** Ids of the native tool calls (unique across steps). Default: `call_` and 16 random characters. */
  generateId?: () => string;
  /**
   * Reasoning blocks in the model's text (`<think>…</think>`): by default they become the
   * stream's `reasoning-start` / `reasoning-delta` / `reasoning-end` parts (so `streamText`
   * shows them as reasoning) and calls inside them do not run; `false` leaves them text.
   * See `TranscriptOptions.reasoning`.
   */
  reasoning?: boolean;
  /** The model's text starts inside a reasoning block (see `TranscriptOptions.reasoningStartsOpen`). */
  reasoningStartsOpen?: boolean;
}

/**
 * The middleware object. It follows the `v3` middleware specification, which `ai` 6 takes as
 * `LanguageModelV3Middleware` and `ai` 7 as `LanguageModelMiddleware` (it adapts v3 models and
 * middleware). The two majors type the model, call options and results differently (V3 and V4),
 * so they are left open here (`any`): one object then type-checks with both `wrapLanguageModel`s.
 * At run time the options and results are the SDK's own, read and written as V3.
 */
export interface ToolTranscriptLanguageModelMiddleware {
  readonly specificationVersion: 'v3';
  transformParams(options: { type: 'generate' | 'stream'; params: any; model: any }): PromiseLike<any>;
  wrapStream(options: { doGenerate: () => PromiseLike<any>; doStream: () => PromiseLike<any>; params: any; model: any }): PromiseLike<any>;
  wrapGenerate(options: { doGenerate: () => PromiseLike<any>; doStream: () => PromiseLike<any>; params: any; model: any }): PromiseLike<any>;
}

/** What `transformParams` decided, for the wrap of the same call. */
interface CallPlan {
  tools: ToolDefinition[];
}

/**
 * A language model middleware for the AI SDK's `wrapLanguageModel` (`ai` 6 and 7) that lets any
 * model call tools through a text syntax:
 *
 * - the request's function tools leave the native tool list and are taught in the system
 *   prompt (`describeTools` in `syntax`); earlier calls are written back as blocks of that
 *   syntax and their results as sections, so every step reads as one protocol;
 * - the model's text is parsed as it streams (`syntax` plus `accept`): text stays text, each
 *   call becomes the native tool-input and `tool-call` parts (input as JSON) with the finish
 *   reason `tool-calls`, so `streamText` / `generateText` run the tools, loop (`stopWhen`) and
 *   ask for approval (`needsApproval`) as with native calls;
 * - a call that must not run (malformed, left open at the end, refused by `policy`) becomes an
 *   invalid tool call, which the SDK reports and answers with a tool error; the next step's
 *   prompt tells the model what was wrong so it can correct it.
 *
 * How the provider splits its text never changes which calls run or their input.
 */
export function toolTranscriptMiddleware(given: ToolTranscriptMiddlewareOptions): ToolTranscriptLanguageModelMiddleware {
  const options = checkMiddlewareOptions('toolTranscriptMiddleware', given);
  const [syntax, ...accepted] = resolveSyntaxes([options.syntax, ...(options.accept ?? [])]);
  if (!syntax) throw new TypeError('toolTranscriptMiddleware: `syntax` is required');
  const syntaxes = [syntax, ...accepted.filter((other) => other !== syntax)];
  const results = options.results ?? (syntax.name === 'xml' || syntax.name === 'hermes' || syntax.name === 'tooltags' ? xmlSections : markdownSections);
  const generateId = options.generateId ?? randomCallId;
  const plans = new WeakMap<LanguageModelV3CallOptions, CallPlan>();

  const extractor = (plan: CallPlan) =>
    new CallExtractor({
      syntaxes,
      tools: plan.tools,
      policy: options.policy,
      generateId,
      reasoning: options.reasoning,
      reasoningStartsOpen: options.reasoningStartsOpen,
    });

  const middleware: Required<Pick<LanguageModelV3Middleware, 'transformParams' | 'wrapStream' | 'wrapGenerate'>> & { specificationVersion: 'v3' } = {
    specificationVersion: 'v3',

    async transformParams({ params }) {
      const functionTools = (params.tools ?? []).filter((tool): tool is LanguageModelV3FunctionTool => tool.type === 'function');
      const otherTools = (params.tools ?? []).filter((tool) => tool.type !== 'function');
      const choice = params.toolChoice;
      const taught = choice?.type === 'none' ? [] : functionTools.filter((tool) => choice?.type !== 'tool' || tool.name === choice.toolName);
      const definitions = taught.map(toDefinition);
      const known = new Map(functionTools.map((tool) => [tool.name, toDefinition(tool)] as const));
      let manifest = describeTools(definitions, syntax, { ...options.describe, policy: options.policy });
      if (manifest !== '' && choice?.type === 'required') manifest += '\n\nCall at least one tool in this reply.';
      if (manifest !== '' && choice?.type === 'tool') manifest += `\n\nCall the tool ${choice.toolName} in this reply.`;
      const prompt = withSystemText(rewritePrompt(params.prompt, { syntax, results, tools: known }), manifest);
      const transformed: LanguageModelV3CallOptions = {
        ...params,
        prompt,
        tools: otherTools.length > 0 ? otherTools : undefined,
        toolChoice: otherTools.length > 0 && choice?.type !== 'tool' ? choice : undefined,
      };
      if (definitions.length > 0) plans.set(transformed, { tools: definitions });
      return transformed;
    },

    async wrapStream({ doStream, params }) {
      const plan = plans.get(params);
      const result = await doStream();
      if (!plan) return result;
      const calls = extractor(plan);
      const stream = result.stream.pipeThrough(
        new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
          transform(part, controller) {
            if (part.type === 'text-delta') for (const out of calls.write(part.delta)) controller.enqueue(out);
            else if (part.type === 'finish') {
              for (const out of calls.end()) controller.enqueue(out);
              controller.enqueue(calls.calls > 0 ? { ...part, finishReason: toolCallsFinish(part.finishReason.raw) } : part);
            } else if (part.type !== 'text-start' && part.type !== 'text-end') controller.enqueue(part);
          },
          flush(controller) {
            for (const out of calls.end()) controller.enqueue(out);
          },
        }),
      );
      return { ...result, stream };
    },

    async wrapGenerate({ doGenerate, params }) {
      const plan = plans.get(params);
      const result = await doGenerate();
      if (!plan) return result;
      const calls = extractor(plan);
      const content: LanguageModelV3Content[] = [];
      for (const part of result.content) {
        if (part.type === 'text') collect(calls.write(part.text), content);
        else content.push(part);
      }
      collect(calls.end(), content);
      const finishReason = calls.calls > 0 ? toolCallsFinish(result.finishReason.raw) : result.finishReason;
      return { ...result, content, finishReason };
    },
  };
  return middleware;
}

/** Stream parts as generate content: text and reasoning parts joined per id, tool calls as they are. */
function collect(parts: readonly LanguageModelV3StreamPart[], content: LanguageModelV3Content[]): void {
  for (const part of parts) {
    if (part.type === 'text-delta' || part.type === 'reasoning-delta') {
      const type = part.type === 'text-delta' ? 'text' : 'reasoning';
      const last = content[content.length - 1];
      if (last?.type === type && textIds.get(last) === part.id) content[content.length - 1] = textPart(type, last.text + part.delta, part.id);
      else content.push(textPart(type, part.delta, part.id));
    } else if (part.type === 'reasoning-start') {
      // A reasoning block with no text still is one (`<think></think>`).
      content.push(textPart('reasoning', '', part.id));
    } else if (part.type === 'tool-call') content.push(part);
  }
}

/** The stream's text or reasoning id behind each generated part (to join deltas of one part only). */
const textIds = new WeakMap<object, string>();

function textPart(type: 'text' | 'reasoning', text: string, id: string): LanguageModelV3Content {
  const part: LanguageModelV3Content = { type, text };
  textIds.set(part, id);
  return part;
}

function toolCallsFinish(raw: string | undefined) {
  return { unified: 'tool-calls' as const, raw };
}

function toDefinition(tool: LanguageModelV3FunctionTool): ToolDefinition {
  return { name: tool.name, description: tool.description, inputSchema: tool.inputSchema as JsonSchema };
}

function randomCallId(): string {
  return `call_${randomBase36(12)}`;
}
