/**
 * Reasoning blocks through the middleware, under the real `streamText` / `generateText` of ai 6
 * and ai 7: the `<think>` text becomes the result's reasoning (not text), a call written inside it
 * does not run, the call after it does; at any split of the provider's text.
 */
import { describe, expect, it } from 'vitest';
import { hermesSyntax } from '../../src/index.js';
import { toolTranscriptMiddleware } from '../../src/ai/index.js';
import { callBlock, randomSplit, scriptedModel, sdkTools, SDKS, unitByUnit, whole } from './support.js';

const SPLITS = [
  ['whole', whole],
  ['unit by unit', unitByUnit],
  ['random', randomSplit(7)],
] as const;

const inside = callBlock(hermesSyntax, 'add', { a: 100, b: 100 });
const call = callBlock(hermesSyntax, 'add', { a: 2, b: 3 });
const REPLY = `<think>Maybe ${inside}? No: two and three.</think>Adding.\n${call}`;

describe.each(SDKS)('$name', (sdk) => {
  it.each(SPLITS)('streamText: the reasoning is reasoning, the call inside it does not run (%s)', async (_, split) => {
    const { model } = scriptedModel(sdk, [REPLY, 'The sum is 5.'], split);
    const { tools, ran } = sdkTools(sdk);
    const wrapped = sdk.sdk.wrapLanguageModel({ model, middleware: toolTranscriptMiddleware({ syntax: hermesSyntax, generateId: () => 'c1' }) });
    const result = sdk.sdk.streamText({ model: wrapped, tools, stopWhen: sdk.sdk.stepCountIs(3), prompt: 'Add 2 and 3.' });
    const steps = await result.steps;
    expect(ran).toEqual([{ tool: 'add', input: { a: 2, b: 3 } }]);
    expect(steps[0]!.reasoningText).toBe(`Maybe ${inside}? No: two and three.`);
    expect(steps[0]!.text).toBe('Adding.\n');
    expect(await result.text).toBe('The sum is 5.');
  });

  it('generateText: the same, as reasoning content', async () => {
    const { model } = scriptedModel(sdk, [REPLY, 'The sum is 5.']);
    const { tools, ran } = sdkTools(sdk);
    const wrapped = sdk.sdk.wrapLanguageModel({ model, middleware: toolTranscriptMiddleware({ syntax: hermesSyntax, generateId: () => 'c1' }) });
    const result = await sdk.sdk.generateText({ model: wrapped, tools, stopWhen: sdk.sdk.stepCountIs(3), prompt: 'Add 2 and 3.' });
    expect(ran).toEqual([{ tool: 'add', input: { a: 2, b: 3 } }]);
    expect(result.steps[0]!.reasoningText).toBe(`Maybe ${inside}? No: two and three.`);
    expect(result.steps[0]!.text).toBe('Adding.\n');
  });

  it('reasoning: false leaves the tags as text and runs the call inside', async () => {
    const { model } = scriptedModel(sdk, [`<think>${call}</think>`, 'Done.']);
    const { tools, ran } = sdkTools(sdk);
    const wrapped = sdk.sdk.wrapLanguageModel({ model, middleware: toolTranscriptMiddleware({ syntax: hermesSyntax, reasoning: false, generateId: () => 'c1' }) });
    const result = sdk.sdk.streamText({ model: wrapped, tools, stopWhen: sdk.sdk.stepCountIs(3), prompt: 'Add.' });
    const steps = await result.steps;
    expect(ran).toEqual([{ tool: 'add', input: { a: 2, b: 3 } }]);
    expect(steps[0]!.reasoningText).toBeUndefined();
    expect(steps[0]!.text).toBe('<think></think>');
  });

  it('reasoningStartsOpen: the text before </think> is reasoning', async () => {
    const { model } = scriptedModel(sdk, ['plan</think>Hello.']);
    const wrapped = sdk.sdk.wrapLanguageModel({ model, middleware: toolTranscriptMiddleware({ syntax: hermesSyntax, reasoningStartsOpen: true }) });
    const { tools } = sdkTools(sdk);
    const result = sdk.sdk.streamText({ model: wrapped, tools, prompt: 'Hi.' });
    expect(await result.reasoningText).toBe('plan');
    expect(await result.text).toBe('Hello.');
  });
});
