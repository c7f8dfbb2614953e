import {
  convertToModelMessages,
  createUIMessageStream,
  createUIMessageStreamResponse,
  simulateReadableStream,
  streamText,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { restoreTranscriptText } from 'tool-transcript';
import { toTranscriptUIMessageStream } from 'tool-transcript/ai';
import { followUp, replyTo, type ToolPartView } from './script.js';
import { executionCounts, runTool, TOOL_KINDS } from './tools.js';

/**
 * `POST /api/chat`: the route `useChat` talks to. A Web `Request → Response` handler, so it
 * drops into a Next.js route, Hono, or (here) a Vite dev-server middleware.
 *
 * Each request is one step of the assistant:
 * 1. the answers the browser sent are settled: an approved call runs (once), a denied one is
 *    reported denied; outputs of client-side tools are already in the message;
 * 2. the model reads the conversation as it wrote it (`restoreTranscriptText`: its calls as its
 *    own text, the answers as result sections) and streams text; `toTranscriptUIMessageStream`
 *    turns the tool calls written in it into AI SDK tool parts (ids unique across requests, a call
 *    cut off by Stop ends as an error, never as a call to run); a server tool runs as soon as its
 *    input is complete, a tool that needs approval asks for it (`needsApproval`), a client-side
 *    tool waits for the browser;
 * 3. useChat sends the next request by itself once every call has its answer
 *    (`sendAutomaticallyWhen` in the page), and the model goes on from the results.
 */
export async function handle(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (request.method === 'GET' && pathname === '/api/chat/executions') return Response.json(executionCounts());
  if (request.method !== 'POST') return new Response('Method not allowed', { status: 405 });
  const { messages } = (await request.json()) as { messages: UIMessage[] };
  const stream = createUIMessageStream({
    originalMessages: messages,
    execute: async ({ writer }) => {
      const last = messages.at(-1);
      let reply: { text: string; chunkDelayMs: number };
      let answers: UIMessageChunk[] = [];
      if (last?.role === 'assistant') {
        const settled = await settleAnswers(last);
        answers = settled.chunks;
        reply = { text: followUp(settled.views), chunkDelayMs: 8 };
      } else {
        reply = replyTo(textOf(last));
      }
      const result = streamText({
        model: mockModel(reply.text, reply.chunkDelayMs),
        messages: await convertToModelMessages(restoreTranscriptText(messages)),
        abortSignal: request.signal,
      });
      const chunks = toTranscriptUIMessageStream(result, { needsApproval: ({ toolName }) => TOOL_KINDS[toolName] === 'approval' });
      for await (const chunk of chunks as unknown as AsyncIterable<UIMessageChunk>) {
        writer.write(chunk);
        // The answers of the last step go first in the response.
        if (chunk.type === 'start') for (const answer of answers) writer.write(answer);
        if (chunk.type !== 'tool-input-available') continue;
        const kind = TOOL_KINDS[chunk.toolName];
        if (kind === 'server') {
          writer.write({ type: 'tool-output-available', toolCallId: chunk.toolCallId, output: await runTool(chunk.toolName, chunk.toolCallId, chunk.input) });
        } else if (kind === undefined) {
          writer.write({ type: 'tool-output-error', toolCallId: chunk.toolCallId, errorText: `Unknown tool ${chunk.toolName}` });
        }
        // 'approval': the stream asked already (needsApproval); 'client': the browser answers (addToolOutput).
      }
    },
  });
  return createUIMessageStreamResponse({ stream });
}

/** Runs the approved calls of the last step and reports the denied ones: the chunks that say so, and every tool part of that step as it now stands. */
async function settleAnswers(message: UIMessage): Promise<{ views: ToolPartView[]; chunks: UIMessageChunk[] }> {
  const views: ToolPartView[] = [];
  const chunks: UIMessageChunk[] = [];
  for (const part of lastStep(message)) {
    if (part.type !== 'dynamic-tool') continue;
    const view: ToolPartView = { toolName: part.toolName, state: part.state, output: 'output' in part ? part.output : undefined };
    if (part.state === 'approval-responded') {
      if (part.approval.approved) {
        view.output = await runTool(part.toolName, part.toolCallId, part.input);
        view.state = 'output-available';
        chunks.push({ type: 'tool-output-available', toolCallId: part.toolCallId, output: view.output });
      } else {
        view.state = 'output-denied';
        chunks.push({ type: 'tool-output-denied', toolCallId: part.toolCallId });
      }
    }
    views.push(view);
  }
  return { views, chunks };
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
