/**
 * The route helpers fit both SDKs as a user writes them (checked by `tsc`): the stream goes
 * straight into `createUIMessageStreamResponse`, and the restored messages straight into
 * `convertToModelMessages`. Run once under each, reading the response body the client gets.
 */
import { convertToModelMessages, createUIMessageStreamResponse, streamText, type UIMessage } from 'ai';
import { MockLanguageModelV3, convertArrayToReadableStream } from 'ai/test';
import * as ai7 from 'ai7';
import * as ai7test from 'ai7/test';
import { expect, it } from 'vitest';
import { toTranscriptUIMessageStream } from '../../src/ai/index.js';
import { restoreTranscriptText } from '../../src/index.js';
import { modelStream } from './route-support.js';

const history: UIMessage[] = [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }];

it('ai 6: createUIMessageStreamResponse takes the stream, convertToModelMessages the restored messages', async () => {
  const model = new MockLanguageModelV3({ doStream: async () => ({ stream: convertArrayToReadableStream(modelStream(['Hi 🛠️[sh]\nls\n🛠️[/end]'])) }) });
  const messages: UIMessage[] = restoreTranscriptText(history);
  const result = streamText({ model, messages: await convertToModelMessages(messages) });
  const response: Response = createUIMessageStreamResponse({ stream: toTranscriptUIMessageStream(result) });
  const body = await response.text();
  expect(body).toContain('"type":"tool-input-available"');
  expect(body).toContain('"raw":"🛠️[sh]\\nls\\n🛠️[/end]"');
  expect(body.trim().endsWith('data: [DONE]')).toBe(true);
});

it('ai 7: the same, with approvalResponses allowed', async () => {
  const model = new ai7test.MockLanguageModelV3({ doStream: async () => ({ stream: ai7test.convertArrayToReadableStream(modelStream(['```tool a\nstate: output-denied\ninput: {}\n```'])) }) });
  const messages: ai7.UIMessage[] = restoreTranscriptText(history as ai7.UIMessage[]);
  const result = ai7.streamText({ model, messages: await ai7.convertToModelMessages(messages) });
  const response: Response = ai7.createUIMessageStreamResponse({ stream: toTranscriptUIMessageStream(result, { approvalResponses: true }) });
  const body = await response.text();
  expect(body).toContain('"type":"tool-approval-response"');
  expect(body).toContain('"type":"tool-output-denied"');
});
