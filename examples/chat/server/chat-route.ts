import {
  createUIMessageStream,
  createUIMessageStreamResponse,
  simulateReadableStream,
  streamText,
  type UIMessage,
  type UIMessageStreamWriter,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { transcriptTransform } from 'tool-transcript';
import { followUp, replyTo, type ToolPartView } from './script.js';
import { executionCounts, runTool, TOOL_KINDS } from './tools.js';

/**
 * `POST /api/chat`: the route `useChat` talks to. A Web `Request → Response` handler, so it
 * drops into a Next.js route, Hono, or (here) a Vite dev-server middleware.
 *
 * Each request is one step of the assistant:
 * 1. the answers the browser sent are settled: an approved call runs (once), a denied one is
 *    reported denied; outputs of client-side tools are already in the message;
 * 2. the model streams text; `transcriptTransform` turns the tool calls written in it into
 *    AI SDK tool parts; a server tool runs as soon as its input is complete, a tool that needs
 *    approval asks for it, a client-side tool waits for the browser;
 * 3. useChat sends the next request by itself once every call has its answer
 *    (`sendAutomaticallyWhen` in the page), and the model goes on from the results.
 */
export async function handle(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (request.method === 'GET' && pathname === '/api/chat/executions') return Response.json(executionCounts());
  if (request.method !== 'POST') return new Response('Method not allowed', { status: 405 });
  const { id: chatId, messages } = (await request.json()) as { id: string; messages: UIMessage[] };
  // Call ids unique to this chat and step (the parser numbers the calls of each text from 1).
  const idPrefix = `call-${chatId.slice(0, 8)}-${messages.length}-`;
  const stream = createUIMessageStream({
    originalMessages: messages,
    execute: async ({ writer }) => {
      writer.write({ type: 'start' });
      const last = messages.at(-1);
      if (last?.role === 'assistant') {
        const tools = await settleAnswers(last, writer);
        await streamStep(followUp(tools), 8, idPrefix, writer, request.signal);
      } else {
        const reply = replyTo(textOf(last));
        await streamStep(reply.text, reply.chunkDelayMs, idPrefix, writer, request.signal);
      }
      writer.write({ type: 'finish' });
    },
  });
  return createUIMessageStreamResponse({ stream });
}

/** Runs the approved calls of the last step and reports the denied ones; returns every tool part of that step as it now stands. */
async function settleAnswers(message: UIMessage, writer: UIMessageStreamWriter): Promise<ToolPartView[]> {
  const views: ToolPartView[] = [];
  for (const part of lastStep(message)) {
    if (part.type !== 'dynamic-tool') continue;
    const view: ToolPartView = { toolName: part.toolName, state: part.state, output: 'output' in part ? part.output : undefined };
    if (part.state === 'approval-responded') {
      if (part.approval.approved) {
        view.output = await runTool(part.toolName, part.toolCallId, part.input);
        view.state = 'output-available';
        writer.write({ type: 'tool-output-available', toolCallId: part.toolCallId, output: view.output });
      } else {
        view.state = 'output-denied';
        writer.write({ type: 'tool-output-denied', toolCallId: part.toolCallId });
      }
    }
    views.push(view);
  }
  return views;
}

/** One model step: the mock's text, parsed for tool calls on the way to the browser. */
async function streamStep(text: string, chunkDelayMs: number, idPrefix: string, writer: UIMessageStreamWriter, signal: AbortSignal) {
  writer.write({ type: 'start-step' });
  const result = streamText({ model: mockModel(text, chunkDelayMs), prompt: 'unused by the mock', abortSignal: signal });
  const chunks = result.textStream.pipeThrough(transcriptTransform({ idPrefix }));
  for await (const chunk of chunks) {
    // Stopped by the browser: the text ends there, and a call cut off half-way must not run
    // (the parser would finish the open block best-effort when its input ends).
    if (signal.aborted) break;
    writer.write(chunk);
    if (chunk.type !== 'tool-input-available') continue;
    const kind = TOOL_KINDS[chunk.toolName];
    if (kind === 'server') {
      writer.write({ type: 'tool-output-available', toolCallId: chunk.toolCallId, output: await runTool(chunk.toolName, chunk.toolCallId, chunk.input) });
    } else if (kind === 'approval') {
      writer.write({ type: 'tool-approval-request', toolCallId: chunk.toolCallId, approvalId: `approve-${chunk.toolCallId}` });
    } else if (kind === undefined) {
      writer.write({ type: 'tool-output-error', toolCallId: chunk.toolCallId, errorText: `Unknown tool ${chunk.toolName}` });
    }
    // 'client': the browser answers (addToolOutput).
  }
  writer.write({ type: 'finish-step' });
}

/** A model that streams `text` in small pieces, `chunkDelayMs` apart. */
function mockModel(text: string, chunkDelayMs: number) {
  const pieces = text.match(/[\s\S]{1,6}/g) ?? [];
  return new MockLanguageModelV3({
    doStream: async () => ({
      stream: simulateReadableStream({
        chunkDelayInMs: chunkDelayMs,
        chunks: [
          { type: 'stream-start' as const, warnings: [] },
          { type: 'text-start' as const, id: 't' },
          ...pieces.map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
          { type: 'text-end' as const, id: 't' },
          {
            type: 'finish' as const,
            finishReason: { unified: 'stop' as const, raw: undefined },
            usage: {
              inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
              outputTokens: { total: pieces.length, text: pieces.length, reasoning: 0 },
            },
          },
        ],
      }),
    }),
  });
}

function lastStep(message: UIMessage): UIMessage['parts'] {
  let start = -1;
  message.parts.forEach((part, index) => {
    if (part.type === 'step-start') start = index;
  });
  return message.parts.slice(start + 1);
}

function textOf(message: UIMessage | undefined): string {
  return message?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('') ?? '';
}
