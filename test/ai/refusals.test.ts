/**
 * Where a text-protocol middleware usually falls short, under the real `streamText` /
 * `generateText` of `ai` 6 and 7: malformed calls go back to the model as errors it can correct
 * (the loop goes on), a call in inline code is prose, partial input streams while the block is
 * written, the call-count policy and calls carrying their own output are refused with a reason,
 * and `toolChoice` is honoured.
 */
import { describe, expect, it } from 'vitest';
import { hermesSyntax, parseTranscript, type ToolChunk, type ToolSyntax } from '../../src/index.js';
import { toolTranscriptMiddleware } from '../../src/ai/index.js';
import { REFUSALS } from '../../src/ai/calls.js';
import { callBlock, messageText, randomSplit, scriptedModel, SDKS, sdkTools, SYNTAXES, unitByUnit, type Sdk, type Splitter } from './support.js';

const byName = (name: string) => SYNTAXES.find((syntax) => syntax.name === name)!;

/** Malformed calls as a model might write them, per syntax that can be malformed inside a closed block. */
const MALFORMED: Array<[string, string]> = [
  ['fence', '```tool add\ninput: [1, 2\n```'],
  ['json', '{"tool": {"function": "add", "parameters": {"a": 1,, "b": 2}}}'],
  ['hermes', '<tool_call>{"name": "add", "arguments": {"a": 1 "b": 2}}</tool_call>'],
  ['xml', '<tool name="add"><arg name="a">1</arg><arg>2</arg></tool>'],
];

function setup(sdk: Sdk, syntax: ToolSyntax, replies: string[], split: Splitter = randomSplit(5), extra = {}) {
  const { model, prompts, tools: nativeTools } = scriptedModel(sdk, replies, split);
  const { tools, ran } = sdkTools(sdk);
  let n = 0;
  const middleware = toolTranscriptMiddleware({ syntax, generateId: () => `call-${++n}`, ...extra });
  return { model: sdk.sdk.wrapLanguageModel({ model, middleware }), prompts, nativeTools, tools, ran };
}

async function partsOf(stream: AsyncIterable<{ type: string }>) {
  const parts: Array<{ type: string; [key: string]: unknown }> = [];
  for await (const part of stream) parts.push(part as (typeof parts)[number]);
  return parts;
}

describe.each(SDKS)('$name', (sdk) => {
  describe.each(MALFORMED)('a malformed %s call', (name, block) => {
    const syntax = byName(name);
    const [chunk] = parseTranscript(`Adding.\n${block}\n`, { syntaxes: [syntax] }).filter((c): c is ToolChunk => c.type === 'tool');

    it('is parsed as malformed (the premise)', () => {
      expect(chunk).toMatchObject({ state: 'output-error', closed: true });
    });

    it('streamText: reported as a tool error, not run; the model gets the reason and corrects the call', async () => {
      const s = setup(sdk, syntax, [`Adding.\n${block}\n`, `Fixed.\n${callBlock(syntax, 'add', { a: 1, b: 2 })}\n`, 'It is 3.']);
      const result = sdk.sdk.streamText({ model: s.model, tools: s.tools, stopWhen: sdk.sdk.stepCountIs(5), prompt: 'Add 1 and 2.' });
      const parts = await partsOf(result.fullStream);
      // The SDK names the tool the parser read (a JSON block broken before its name: `tool`).
      expect(parts.filter((part) => part.type === 'tool-error')).toMatchObject([{ toolName: chunk!.toolName }]);
      expect(parts.filter((part) => part.type === 'error')).toEqual([]);
      expect(s.ran).toEqual([{ tool: 'add', input: { a: 1, b: 2 } }]);
      expect(await result.text).toBe('It is 3.');
      expect((await result.steps).map((step) => step.finishReason)).toEqual(['tool-calls', 'tool-calls', 'stop']);
      // Step 2: the block as the model wrote it, then the parser's reason as the tool's error.
      const step2 = s.prompts[1]!;
      expect(messageText(step2.at(-2))).toContain(block);
      expect(messageText(step2.at(-1))).toContain(`Error: ${chunk!.errorText!}`);
    });

    it('generateText: the same', async () => {
      const s = setup(sdk, syntax, [`Adding.\n${block}\n`, `Fixed.\n${callBlock(syntax, 'add', { a: 1, b: 2 })}\n`, 'It is 3.']);
      const result = await sdk.sdk.generateText({ model: s.model, tools: s.tools, stopWhen: sdk.sdk.stepCountIs(5), prompt: 'Add 1 and 2.' });
      expect(result.steps[0]!.content.filter((part) => part.type === 'tool-error')).toMatchObject([{ toolName: chunk!.toolName }]);
      expect(s.ran).toEqual([{ tool: 'add', input: { a: 1, b: 2 } }]);
      expect(result.text).toBe('It is 3.');
      expect(messageText(s.prompts[1]!.at(-1))).toContain(`Error: ${chunk!.errorText!}`);
    });
  });

  describe('taught hermes', () => {
    it('a call mentioned in inline code is prose, kept whole', async () => {
      const reply = 'Write `<tool_call>{"name": "add", "arguments": {"a": 1, "b": 2}}</tool_call>` to add; I will not call it now.';
      const s = setup(sdk, hermesSyntax, [reply], unitByUnit);
      const result = sdk.sdk.streamText({ model: s.model, tools: s.tools, stopWhen: sdk.sdk.stepCountIs(5), prompt: 'How?' });
      expect(await result.text).toBe(reply);
      expect(await result.toolCalls).toEqual([]);
      expect(s.ran).toEqual([]);
    });

    it('streams the partial input while the block is written', async () => {
      const content = 'a long body\n'.repeat(20);
      const reply = `Writing.\n${callBlock(hermesSyntax, 'write_file', { path: 'a.txt', content })}\n`;
      const s = setup(sdk, hermesSyntax, [reply, 'Written.'], unitByUnit);
      const result = sdk.sdk.streamText({ model: s.model, tools: s.tools, stopWhen: sdk.sdk.stepCountIs(5), prompt: 'Write.' });
      const parts = await partsOf(result.fullStream);
      const call = parts.findIndex((part) => part.type === 'tool-call');
      const deltas = parts.slice(0, call).filter((part) => part.type === 'tool-input-delta');
      expect(deltas.length).toBeGreaterThan(20);
      expect(deltas.map((part) => part.delta).join('')).toBe(JSON.stringify({ path: 'a.txt', content }));
      expect(s.ran).toEqual([{ tool: 'write_file', input: { path: 'a.txt', content } }]);
    });
  });

  it('accept: a call in another syntax runs, and comes back in the taught syntax', async () => {
    const xml = byName('xml');
    const s = setup(sdk, hermesSyntax, [`Adding.\n${callBlock(xml, 'add', { a: 1, b: 2 })}\n`, 'It is 3.'], randomSplit(4), { accept: ['xml'] });
    const result = sdk.sdk.streamText({ model: s.model, tools: s.tools, stopWhen: sdk.sdk.stepCountIs(5), prompt: 'Add.' });
    expect(await result.text).toBe('It is 3.');
    expect(s.ran).toEqual([{ tool: 'add', input: { a: 1, b: 2 } }]);
    const assistant = messageText(s.prompts[1]!.at(-2));
    expect(assistant).toBe(`Adding.\n${callBlock(hermesSyntax, 'add', { a: 1, b: 2 })}\n`);
    // Only the taught syntax is in the manifest.
    expect(s.prompts[0]![0]!.content).toContain('<tool_call>');
    expect(s.prompts[0]![0]!.content).not.toContain('<tool name=');
  });

  it("policy 'single': the second call of a reply is refused with the policy's reason", async () => {
    const syntax = byName('caret');
    const reply = `${callBlock(syntax, 'add', { a: 1, b: 2 })}\n${callBlock(syntax, 'add', { a: 3, b: 4 })}\n`;
    const s = setup(sdk, syntax, [reply, 'Done.'], randomSplit(9), { policy: 'single' });
    const result = sdk.sdk.streamText({ model: s.model, tools: s.tools, stopWhen: sdk.sdk.stepCountIs(5), prompt: 'Add twice.' });
    const parts = await partsOf(result.fullStream);
    expect(s.ran).toEqual([{ tool: 'add', input: { a: 1, b: 2 } }]);
    expect(parts.filter((part) => part.type === 'tool-error')).toHaveLength(1);
    const refusal = parseTranscript(reply, { syntaxes: [syntax], policy: 'single' }).filter((c): c is ToolChunk => c.type === 'tool')[1]!;
    expect(messageText(s.prompts[1]!.at(-1))).toContain(refusal.errorText!);
    expect(s.prompts[0]![0]!.content).toContain('Write at most one tool call per message');
  });

  it('a call that writes its own output is refused, not run', async () => {
    const syntax = byName('fence');
    const reply = '```tool add\ninput:\n  a: 1\n  b: 2\noutput: 3\n```\n';
    const s = setup(sdk, syntax, [reply, 'Done.']);
    const result = await sdk.sdk.generateText({ model: s.model, tools: s.tools, stopWhen: sdk.sdk.stepCountIs(5), prompt: 'Add.' });
    expect(s.ran).toEqual([]);
    expect(result.text).toBe('Done.');
    expect(messageText(s.prompts[1]!.at(-1))).toContain(REFUSALS.recorded);
  });

  it("toolChoice 'none': no tools taught and calls stay text; a named tool: only it is taught", async () => {
    const syntax = byName('xml');
    const reply = `${callBlock(syntax, 'add', { a: 1, b: 2 })}\n`;
    const none = setup(sdk, syntax, [reply]);
    const result = await sdk.sdk.generateText({ model: none.model, tools: none.tools, toolChoice: 'none', prompt: 'Add.' });
    expect(result.text).toBe(reply);
    expect(none.ran).toEqual([]);
    expect(none.prompts[0]![0]!.role).toBe('user');

    const named = setup(sdk, syntax, [reply, 'Done.']);
    await sdk.sdk.generateText({
      model: named.model,
      tools: named.tools,
      toolChoice: { type: 'tool', toolName: 'add' },
      stopWhen: sdk.sdk.stepCountIs(1),
      prompt: 'Add.',
    });
    const system = named.prompts[0]![0]!.content as string;
    expect(system).toContain('## add');
    expect(system).not.toContain('## write_file');
    expect(system).toContain('Call the tool add in this reply.');
    expect(named.nativeTools[0]).toBeUndefined();
    expect(named.ran).toEqual([{ tool: 'add', input: { a: 1, b: 2 } }]);
  });
});
