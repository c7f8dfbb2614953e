import { convertToModelMessages, createUIMessageStreamResponse, streamText, type UIMessage } from 'ai';
import { restoreTranscriptText } from 'tool-transcript';
import { toTranscriptUIMessageStream } from 'tool-transcript/ai';
import { executionCounts, TOOL_KINDS } from '../../../../chat/server/tools';
import { modelCalls, scriptedModel } from '../../../lib/model';
import { runToolCalls, settleAnswers } from '../../../lib/tools';

/**
 * `POST /api/chat`: the display route. The model writes its tool calls in text; the route
 * streams them to `useChat` as tool parts, runs them, and gives the model back its own text
 * and the results on the next request.
 */
export async function POST(request: Request): Promise<Response> {
  const body = (await request.json()) as { messages: UIMessage[] };
  // An approval or a denial given since the last response: run the call, or report it denied.
  const { messages, chunks: answers } = await settleAnswers(body.messages);
  const result = streamText({
    model: scriptedModel(),
    // Calls parsed from text go back to the text the model wrote, and their results become
    // sections it reads; without this, the SDK would find calls with no results (and throw).
    messages: await convertToModelMessages(restoreTranscriptText(messages)),
    abortSignal: request.signal,
  });
  const stream = toTranscriptUIMessageStream(result, {
    // Asks the person before anything runs the call (Approve / Deny on its card).
    needsApproval: ({ toolName }) => TOOL_KINDS[toolName] === 'approval',
  }).pipeThrough(runToolCalls(answers, request.signal));
  return createUIMessageStreamResponse({ stream });
}

/** What the server did (for the end-to-end test): runs per call id, and every call of the model. */
export function GET(): Response {
  return Response.json({ executions: executionCounts(), modelCalls: modelCalls() });
}
