/**
 * Code is not a call, through the AI SDK middleware (issue #23): a model that
 * shows an example call in indented code right under a heading, a setext
 * heading, a thematic break or a quoted heading has the example kept as text
 * and never executed, under the real `streamText` and `generateText` of
 * `ai` 6 and 7, whole and streamed one unit at a time; a call after a backtick
 * that CommonMark reads as no code span (in a heading, in a tag's attribute)
 * is executed.
 */
import { describe, expect, it } from 'vitest';
import { hermesSyntax, xmlSyntax, type ToolSyntax } from '../../src/index.js';
import { toolTranscriptMiddleware } from '../../src/ai/index.js';
import { callBlock, scriptedModel, SDKS, sdkTools, unitByUnit, whole, type Sdk, type Splitter } from '../ai/support.js';

function setup(sdk: Sdk, syntax: ToolSyntax, replies: string[], split: Splitter) {
  const { model } = scriptedModel(sdk, replies, split);
  const { tools, ran } = sdkTools(sdk);
  let n = 0;
  const middleware = toolTranscriptMiddleware({ syntax, generateId: () => `call-${++n}` });
  return { model: sdk.sdk.wrapLanguageModel({ model, middleware }), tools, ran };
}

/** Replies holding one `$` (the call); how many times the tool must run. */
const REPLIES: Array<[string, string, number]> = [
  ['an example under an ATX heading', '## Example\n    $\n\nThat is how to add.', 0],
  ['an example under a setext heading', 'Example\n=======\n    $\n\nThat is how.', 0],
  ['an example under a thematic break', 'Words.\n\n***\n    $\n\nThat is how.', 0],
  ['an example under a quoted heading', '> ## Example\n>     $\n\nThat is how.', 0],
  ['an example under a heading in a list item', '- ## Example\n      $\n\nThat is how.', 0],
  ['a call after a backtick in a heading', '## Adding `a\n$\nDone `now`.', 1],
  ['a call after a backtick in an attribute value', 'Adding <a title="`">now</a> $ and `done`.', 1],
];

const SYNTAXES: ToolSyntax[] = [hermesSyntax, xmlSyntax];
const SPLITS: Array<[string, Splitter]> = [
  ['whole', whole],
  ['one unit at a time', unitByUnit],
];

describe.each(SDKS)('$name', (sdk) => {
  describe.each(SYNTAXES.map((syntax) => [syntax.name, syntax] as const))('taught %s', (_, syntax) => {
    const call = callBlock(syntax, 'add', { a: 1, b: 2 });

    describe.each(SPLITS)('streamed %s', (_label, split) => {
      it.each(REPLIES)('streamText: %s', async (_case, template, runs) => {
        const reply = template.replace('$', call);
        const s = setup(sdk, syntax, [reply, 'It is 3.'], split);
        const result = sdk.sdk.streamText({ model: s.model, tools: s.tools, stopWhen: sdk.sdk.stepCountIs(3), prompt: 'How do I add?' });
        const steps = await result.steps;
        expect(s.ran).toEqual(Array.from({ length: runs }, () => ({ tool: 'add', input: { a: 1, b: 2 } })));
        if (runs === 0) expect(steps[0]!.text).toBe(reply);
      });
    });

    it.each(REPLIES)('generateText: %s', async (_case, template, runs) => {
      const reply = template.replace('$', call);
      const s = setup(sdk, syntax, [reply, 'It is 3.'], whole);
      const result = await sdk.sdk.generateText({ model: s.model, tools: s.tools, stopWhen: sdk.sdk.stepCountIs(3), prompt: 'How do I add?' });
      expect(s.ran).toHaveLength(runs);
      if (runs === 0) expect(result.steps[0]!.text).toBe(reply);
    });
  });
});
