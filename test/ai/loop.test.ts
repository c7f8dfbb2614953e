/**
 * The middleware under the real `streamText` / `generateText` of `ai` 6 and `ai` 7: multi-step
 * loops in every syntax (whole, unit by unit and at random provider splits), approvals, malformed
 * and unfinished calls, code that is not a call, and what the model sees in each step's prompt.
 */
import { describe, expect, it } from 'vitest';
import { describeTools, formatToolResults, markdownSections, parseTranscript, xmlSections, type ToolSyntax } from '../../src/index.js';
import { toolTranscriptMiddleware } from '../../src/ai/index.js';
import { DENIED } from '../../src/format/restore.js';
import { REFUSALS } from '../../src/ai/calls.js';
import {
  callBlock,
  DEFINITIONS,
  messageText,
  randomSplit,
  scriptedModel,
  SDKS,
  sdkTools,
  SYNTAXES,
  unitByUnit,
  whole,
  type Sdk,
  type Splitter,
} from './support.js';

const WRITE = { path: 'notes/a.txt', content: 'line one\nline "two" & <three> 😀' };
const ADD = { a: 2, b: 40 };
const SPLITS: Array<[string, Splitter]> = [
  ['whole', whole],
  ['unit by unit', unitByUnit],
  ['random split', randomSplit(7)],
];

const resultsFormat = (syntax: ToolSyntax) => (syntax.name === 'xml' || syntax.name === 'hermes' || syntax.name === 'tooltags' ? xmlSections : markdownSections);

function firstReply(syntax: ToolSyntax): string {
  return `I'll write the file, then add.\n\n${callBlock(syntax, 'write_file', WRITE)}\nand\n\n${callBlock(syntax, 'add', ADD)}\n`;
}

/** The prose of a reply as the parser reads it: what the text parts must hold, whole. */
function proseOf(reply: string, syntax: ToolSyntax): string {
  // The tools the middleware reads with (the tool-name syntax reads only elements named after them).
  return parseTranscript(reply, { syntaxes: [syntax], tools: Object.values(DEFINITIONS) })
    .map((chunk) => (chunk.type === 'text' ? chunk.value : ''))
    .join('');
}

function middleware(syntax: ToolSyntax, extra: Partial<Parameters<typeof toolTranscriptMiddleware>[0]> = {}) {
  let n = 0;
  return toolTranscriptMiddleware({ syntax, generateId: () => `call-${++n}`, ...extra });
}

function loopSetup(sdk: Sdk, syntax: ToolSyntax, replies: string[], split: Splitter = whole, extra = {}) {
  const { model, prompts, tools: nativeTools } = scriptedModel(sdk, replies, split);
  const { tools, ran } = sdkTools(sdk);
  const wrapped = sdk.sdk.wrapLanguageModel({ model, middleware: middleware(syntax, extra) });
  return { model: wrapped, prompts, nativeTools, tools, ran };
}

describe.each(SDKS)('$name', (sdk) => {
  describe.each(SYNTAXES.map((syntax) => [syntax.name, syntax] as const))('taught syntax %s', (_, syntax) => {
    const reply = firstReply(syntax);

    it.each(SPLITS)('streamText runs both calls and loops (%s)', async (_, split) => {
      const setup = loopSetup(sdk, syntax, [reply, 'All done: the sum is 42.'], split);
      const result = sdk.sdk.streamText({
        model: setup.model,
        tools: setup.tools,
        stopWhen: sdk.sdk.stepCountIs(5),
        prompt: 'Write the note and add 2 and 40.',
      });
      const parts: Array<{ type: string; [key: string]: unknown }> = [];
      for await (const part of result.fullStream) parts.push(part);
      expect(setup.ran).toEqual([
        { tool: 'write_file', input: WRITE },
        { tool: 'add', input: ADD },
      ]);
      const steps = await result.steps;
      expect(steps).toHaveLength(2);
      expect(steps[0]!.finishReason).toBe('tool-calls');
      expect(steps[0]!.text).toBe(proseOf(reply, syntax));
      expect(await result.text).toBe('All done: the sum is 42.');
      expect(parts.filter((part) => part.type === 'tool-error')).toEqual([]);
      // The native tool list is empty: the tools are taught in the system prompt instead.
      expect(setup.nativeTools).toEqual([undefined, undefined]);
      const manifest = describeTools(Object.values(DEFINITIONS), syntax);
      expect(setup.prompts[0]![0]).toEqual({ role: 'system', content: manifest });
      // Step 2: the calls written back in the taught syntax, the results as sections.
      const step2 = setup.prompts[1]!;
      expect(step2.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
      const assistant = messageText(step2[2]);
      expect(assistant).toContain(callBlock(syntax, 'write_file', WRITE));
      expect(assistant).toContain(callBlock(syntax, 'add', ADD));
      expect(parseTranscript(assistant, { syntaxes: [syntax], tools: Object.values(DEFINITIONS) }).filter((chunk) => chunk.type === 'tool')).toHaveLength(2);
      const results = formatToolResults(
        [
          { toolName: 'write_file', output: `wrote ${WRITE.content.length} characters to notes/a.txt` },
          { toolName: 'add', output: { sum: 42 } },
        ],
        resultsFormat(syntax),
      );
      expect(messageText(step2[3])).toBe(results.text);
    });

    it('generateText runs both calls and loops', async () => {
      const setup = loopSetup(sdk, syntax, [reply, 'All done: the sum is 42.']);
      const result = await sdk.sdk.generateText({
        model: setup.model,
        tools: setup.tools,
        stopWhen: sdk.sdk.stepCountIs(5),
        prompt: 'Write the note and add 2 and 40.',
      });
      expect(setup.ran).toEqual([
        { tool: 'write_file', input: WRITE },
        { tool: 'add', input: ADD },
      ]);
      expect(result.steps).toHaveLength(2);
      expect(result.steps[0]!.toolCalls.map((call) => [call.toolName, call.input])).toEqual([
        ['write_file', WRITE],
        ['add', ADD],
      ]);
      expect(result.steps[0]!.text).toBe(proseOf(reply, syntax));
      expect(result.text).toBe('All done: the sum is 42.');
      expect(messageText(setup.prompts[1]![2])).toContain(callBlock(syntax, 'add', ADD));
    });

    it.each([true, false])('asks for approval on needsApproval tools (approved: %s)', async (approved) => {
      const setup = loopSetup(sdk, syntax, [`Deleting it.\n${callBlock(syntax, 'delete_file', { path: 'old.txt' })}\n`, 'Answered.']);
      const messages: Array<Record<string, unknown>> = [{ role: 'user', content: 'Delete old.txt.' }];
      const first = sdk.sdk.streamText({ model: setup.model, tools: setup.tools, stopWhen: sdk.sdk.stepCountIs(5), messages: messages as never });
      const content = await first.content;
      const request = content.find((part) => part.type === 'tool-approval-request');
      expect(request).toMatchObject({ toolCall: { toolName: 'delete_file', input: { path: 'old.txt' } } });
      expect(setup.ran).toEqual([]);
      const approvalId = (request as { approvalId: string }).approvalId;
      const response = await first.response;
      const second = sdk.sdk.streamText({
        model: setup.model,
        tools: setup.tools,
        stopWhen: sdk.sdk.stepCountIs(5),
        messages: [
          ...messages,
          ...response.messages,
          { role: 'tool', content: [{ type: 'tool-approval-response', approvalId, approved, ...(approved ? {} : { reason: 'keep it' }) }] },
        ] as never,
      });
      expect(await second.text).toBe('Answered.');
      expect(setup.ran).toEqual(approved ? [{ tool: 'delete_file', input: { path: 'old.txt' } }] : []);
      const results = messageText(setup.prompts[1]!.at(-1));
      expect(results).toBe(
        formatToolResults(
          [approved ? { toolName: 'delete_file', output: 'deleted old.txt' } : { toolName: 'delete_file', errorText: `${DENIED} Reason: keep it` }],
          resultsFormat(syntax),
        ).text,
      );
    });

    it('generateText: asks for approval, then runs the approved call', async () => {
      const setup = loopSetup(sdk, syntax, [`Deleting it.\n${callBlock(syntax, 'delete_file', { path: 'old.txt' })}\n`, 'Deleted.']);
      const messages: Array<Record<string, unknown>> = [{ role: 'user', content: 'Delete old.txt.' }];
      const first = await sdk.sdk.generateText({ model: setup.model, tools: setup.tools, stopWhen: sdk.sdk.stepCountIs(5), messages: messages as never });
      const request = first.content.find((part) => part.type === 'tool-approval-request') as { approvalId: string } | undefined;
      expect(request).toMatchObject({ toolCall: { toolName: 'delete_file', input: { path: 'old.txt' } } });
      expect(setup.ran).toEqual([]);
      const second = await sdk.sdk.generateText({
        model: setup.model,
        tools: setup.tools,
        stopWhen: sdk.sdk.stepCountIs(5),
        messages: [
          ...messages,
          ...first.response.messages,
          { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request!.approvalId, approved: true }] },
        ] as never,
      });
      expect(second.text).toBe('Deleted.');
      expect(setup.ran).toEqual([{ tool: 'delete_file', input: { path: 'old.txt' } }]);
    });

    it('a call left open at the end does not run; the model is told and corrects it', async () => {
      const block = callBlock(syntax, 'add', ADD).replace(/\s+$/, '');
      const cut = `Adding.\n${block.slice(0, -3)}`;
      const setup = loopSetup(sdk, syntax, [cut, `Again.\n${callBlock(syntax, 'add', ADD)}\n`, 'Now it is 42.'], randomSplit(3));
      const result = sdk.sdk.streamText({ model: setup.model, tools: setup.tools, stopWhen: sdk.sdk.stepCountIs(5), prompt: 'Add.' });
      const parts: Array<{ type: string; [key: string]: unknown }> = [];
      for await (const part of result.fullStream) parts.push(part);
      expect(parts.filter((part) => part.type === 'tool-error')).toMatchObject([{ toolName: 'add' }]);
      expect(setup.ran).toEqual([{ tool: 'add', input: ADD }]);
      expect(await result.text).toBe('Now it is 42.');
      expect(messageText(setup.prompts[1]!.at(-1))).toContain(REFUSALS.unclosed('add'));
      // The unfinished block is written back as the model wrote it.
      expect(messageText(setup.prompts[1]!.at(-2))).toContain(block.slice(0, -3));
    });

    it('a call shown in a code fence is text, not a call', async () => {
      const shown = `To add, write:\n\n\`\`\`\`text\n${callBlock(syntax, 'add', ADD)}\n\`\`\`\`\n\nThat is all.`;
      const setup = loopSetup(sdk, syntax, [shown], randomSplit(11));
      const result = sdk.sdk.streamText({ model: setup.model, tools: setup.tools, stopWhen: sdk.sdk.stepCountIs(5), prompt: 'How?' });
      expect(await result.text).toBe(shown);
      expect(await result.toolCalls).toEqual([]);
      expect(await result.finishReason).toBe('stop');
      expect(setup.ran).toEqual([]);
    });
  });
});
