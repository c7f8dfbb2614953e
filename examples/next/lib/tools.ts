import type { UIMessage, UIMessageChunk } from 'ai';
import { runTool, TOOL_KINDS } from '../../chat/server/tools';

/**
 * The route's side of the tools (the model only writes calls in text; nothing runs them but the
 * route): the answers a person gave since the last response, and the calls the model writes now.
 * The tools themselves, and how each runs, are examples/chat's (server/tools.ts).
 */

/**
 * Settles the answers of the last assistant message: an approved call runs (once, here), a
 * denied one is reported denied. Returns the messages as they now stand (for the model's prompt)
 * and the chunks that tell the browser (written at the start of the response).
 */
export async function settleAnswers(messages: UIMessage[]): Promise<{ messages: UIMessage[]; chunks: UIMessageChunk[] }> {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return { messages, chunks: [] };
  const chunks: UIMessageChunk[] = [];
  const parts: UIMessage['parts'] = [];
  for (const part of last.parts) {
    if (part.type !== 'dynamic-tool' || part.state !== 'approval-responded') {
      parts.push(part);
    } else if (part.approval.approved) {
      const output = await runTool(part.toolName, part.toolCallId, part.input);
      chunks.push({ type: 'tool-output-available', toolCallId: part.toolCallId, output });
      parts.push({ ...part, state: 'output-available', output, approval: { ...part.approval, approved: true } });
    } else {
      chunks.push({ type: 'tool-output-denied', toolCallId: part.toolCallId });
      parts.push({ ...part, state: 'output-denied', approval: { ...part.approval, approved: false } });
    }
  }
  return { messages: [...messages.slice(0, -1), { ...last, parts }], chunks };
}

/**
 * Runs the model's calls as their inputs complete, on the UI message stream: a server tool runs
 * at once, an unknown tool gets an error; a tool that needs approval waits for the person
 * (`toTranscriptUIMessageStream`'s `needsApproval` asked), a client-side tool for the browser.
 * `answers` (from {@link settleAnswers}) go out right after `start`. Once `signal` aborts (the
 * browser stopped or went away), nothing more runs.
 */
export function runToolCalls(answers: readonly UIMessageChunk[], signal: AbortSignal): TransformStream<UIMessageChunk, UIMessageChunk> {
  let answered = false;
  const answer = (controller: TransformStreamDefaultController<UIMessageChunk>) => {
    if (answered) return;
    answered = true;
    for (const chunk of answers) controller.enqueue(chunk);
  };
  return new TransformStream({
    async transform(chunk, controller) {
      if (chunk.type !== 'start') answer(controller);
      controller.enqueue(chunk);
      if (chunk.type === 'start') answer(controller);
      if (chunk.type !== 'tool-input-available' || signal.aborted) return;
      const kind = TOOL_KINDS[chunk.toolName];
      if (kind === 'server') {
        controller.enqueue({ type: 'tool-output-available', toolCallId: chunk.toolCallId, output: await runTool(chunk.toolName, chunk.toolCallId, chunk.input) });
      } else if (kind === undefined) {
        controller.enqueue({ type: 'tool-output-error', toolCallId: chunk.toolCallId, errorText: `Unknown tool ${chunk.toolName}` });
      }
      // 'approval': the stream asked the person (`needsApproval`); 'client': the browser answers (addToolOutput).
    },
    flush(controller) {
      answer(controller);
    },
  });
}
