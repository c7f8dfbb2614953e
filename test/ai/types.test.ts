/**
 * The middleware's type fits both SDKs' `wrapLanguageModel` as written by a user (checked by
 * `tsc`; the test also runs it once under each, with ai 7's own V4 mock model).
 */
import { generateText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { generateText as generateText7, wrapLanguageModel as wrapLanguageModel7 } from 'ai7';
import { MockLanguageModelV4 } from 'ai7/test';
import { expect, it } from 'vitest';
import { toolTranscriptMiddleware } from '../../src/ai/index.js';

const USAGE = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const reply = { content: [{ type: 'text' as const, text: 'Hello.' }], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage: USAGE, warnings: [] };

it('wraps an ai 6 (V3) model', async () => {
  const model = wrapLanguageModel({ model: new MockLanguageModelV3({ doGenerate: async () => reply }), middleware: toolTranscriptMiddleware({ syntax: 'fence' }) });
  expect((await generateText({ model, prompt: 'Hi' })).text).toBe('Hello.');
});

it('wraps an ai 7 (V4) model', async () => {
  const middleware = toolTranscriptMiddleware({ syntax: 'hermes', accept: ['xml'] });
  const model = wrapLanguageModel7({ model: new MockLanguageModelV4({ doGenerate: async () => reply }), middleware });
  expect((await generateText7({ model, prompt: 'Hi' })).text).toBe('Hello.');
});
