/**
 * Never executed with a guessed input (issue #23), under the real `streamText` of ai 6 and 7
 * through the middleware: a call object that writes a call-level key twice (`{"name": "add", …,
 * "name": "delete_file", …}`) is not run — neither call, nor the first name with the last
 * arguments — and the model reads why; a key repeated inside the arguments keeps the last, and
 * that call runs. Whole, unit by unit and at pseudo-random cuts.
 */
import { describe, expect, it } from 'vitest';
import { toolTranscriptMiddleware } from '../../src/ai/index.js';
import { messageText, randomSplit, scriptedModel, SDKS, sdkTools, SYNTAXES, unitByUnit, whole, type Sdk, type Splitter } from './support.js';

const byName = (name: string) => SYNTAXES.find((syntax) => syntax.name === name)!;

async function run(sdk: Sdk, syntaxName: string, reply: string, split: Splitter) {
  const { model, prompts } = scriptedModel(sdk, [reply, 'Done.'], split);
  const { tools, ran } = sdkTools(sdk);
  let n = 0;
  const middleware = toolTranscriptMiddleware({ syntax: byName(syntaxName), generateId: () => `call-${++n}` });
  const result = sdk.sdk.streamText({ model: sdk.sdk.wrapLanguageModel({ model, middleware }), tools, stopWhen: sdk.sdk.stepCountIs(3), prompt: 'Go.' });
  const parts: Array<{ type: string; [key: string]: unknown }> = [];
  for await (const part of result.fullStream) parts.push(part as (typeof parts)[number]);
  return { parts, ran, prompts };
}

const TWO_CALLS: Array<[string, string]> = [
  ['hermes', '<tool_call>\n{"name": "add", "arguments": {"a": 1, "b": 2}, "name": "delete_file", "arguments": {"path": "/etc"}}\n</tool_call>'],
  ['json', '{"name": "add", "arguments": {"a": 1, "b": 2}, "name": "delete_file", "arguments": {"path": "/etc"}}'],
  ['sentinel', '[[SEG_START {"type": "tool", "tool_name": "add", "arguments": {"a": 1, "b": 2}, "tool_name": "delete_file"}]]\n[[SEG_END]]'],
];

describe.each(SDKS)('$name', (sdk) => {
  it.each(TWO_CALLS)('%s: two calls in one object run neither; the model is told the repeated key', async (syntax, block) => {
    for (const split of [whole, unitByUnit, randomSplit(7)]) {
      const { parts, ran, prompts } = await run(sdk, syntax, `Working.\n${block}\n`, split);
      expect(ran).toEqual([]);
      expect(parts.filter((part) => part.type === 'tool-error')).toHaveLength(1);
      expect(messageText(prompts[1]!.at(-1))).toMatch(/repeated key "(name|tool_name)"/);
    }
  });

  it('hermes: a key repeated inside the arguments keeps the last, and the call runs', async () => {
    const { ran } = await run(sdk, 'hermes', 'Adding.\n<tool_call>{"name": "add", "arguments": {"a": 1, "a": 5, "b": 2}}</tool_call>\n', randomSplit(3));
    expect(ran).toEqual([{ tool: 'add', input: { a: 5, b: 2 } }]);
  });
});
