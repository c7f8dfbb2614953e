/**
 * The README's display route (`app/api/chat/route.ts`), exactly as written, against the built
 * package: its `POST` answers ai 6's own chat client (`AbstractChat`, what `useChat` runs, over
 * `DefaultChatTransport` with `fetch` pointed at the handler) with the README page's
 * `sendAutomaticallyWhen`. The model is injected the way the route's string id resolves it: as
 * the AI SDK's global default provider. A client-side tool, an approval, the continuation of the
 * same message, a stop in the middle of a call, and a later turn.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  AbstractChat,
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  lastAssistantMessageIsCompleteWithToolCalls,
  simulateReadableStream,
  type UIMessage,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { transform } from 'esbuild';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { modelStream, PlainChatState, settled, toolParts } from './route-support.js';
import { messageText } from './support.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Inside the package (its imports of `tool-transcript` resolve to the built dist) and ignored by git.
const work = join(root, 'dist/.readme-route');

vi.setConfig({ testTimeout: 60_000, hookTimeout: 300_000 });

/** The ```ts block of README.md that starts with `// app/api/chat/route.ts`. */
function routeBlock(): string {
  const blocks = readFileSync(join(root, 'README.md'), 'utf8').split(/^```ts\n/m).slice(1).map((rest) => rest.slice(0, rest.search(/^```$/m)));
  const route = blocks.filter((block) => block.startsWith('// app/api/chat/route.ts\n'));
  expect(route).toHaveLength(1);
  return route[0]!;
}

let POST: (request: Request) => Promise<Response>;

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/ai.js')) || !readFileSync(join(root, 'dist/ai.js'), 'utf8').includes('toTranscriptUIMessageStream')) {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  }
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, 'route.ts'), routeBlock());
  const { code } = await transform(routeBlock(), { loader: 'ts', format: 'esm', target: 'es2022' });
  writeFileSync(join(work, 'route.mjs'), code);
  ({ POST } = await import(/* @vite-ignore */ pathToFileURL(join(work, 'route.mjs')).href));
});

it('type-checks as written (strict) against the built declarations', () => {
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, module: 'esnext', moduleResolution: 'bundler', target: 'es2022', lib: ['es2022', 'dom', 'dom.iterable'], types: [], skipLibCheck: true },
      files: ['route.ts'],
    }),
  );
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', work], { cwd: root, encoding: 'utf8' });
  expect(tsc.stdout + tsc.stderr).toBe('');
  expect(tsc.status).toBe(0);
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  delete (globalThis as { AI_SDK_DEFAULT_PROVIDER?: unknown }).AI_SDK_DEFAULT_PROVIDER;
});

/** The provider behind `'openai/gpt-5-mini'`: answers with `replies` in turn (a reply of parts streams slowly), recording each prompt. */
function provide(replies: Array<string | LanguageModelV3StreamPart[]>) {
  const prompts: LanguageModelV3Prompt[] = [];
  const ids: string[] = [];
  const model = new MockLanguageModelV3({
    doStream: async ({ prompt, abortSignal }) => {
      prompts.push(prompt);
      const reply = replies.shift();
      if (reply === undefined) throw new Error('no reply left');
      if (typeof reply === 'string') return { stream: simulateReadableStream({ chunks: modelStream(reply.match(/[\s\S]{1,5}/g) ?? []), chunkDelayInMs: 0 }) };
      // A slow reply, for the stop: it ends when the request is aborted.
      return { stream: slowly(reply, abortSignal) };
    },
  });
  (globalThis as { AI_SDK_DEFAULT_PROVIDER?: unknown }).AI_SDK_DEFAULT_PROVIDER = {
    languageModel: (id: string) => (ids.push(id), model),
  };
  return { prompts, ids };
}

function slowly(parts: LanguageModelV3StreamPart[], signal: AbortSignal | undefined): ReadableStream<LanguageModelV3StreamPart> {
  let at = 0;
  return new ReadableStream({
    async pull(controller) {
      if (at < parts.length) return controller.enqueue(parts[at++]!);
      // Nothing more until the abort.
      await new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
      controller.error(signal?.reason ?? new Error('aborted'));
    },
  });
}

/** ai 6's chat client, talking to the route as `useChat` does, with the README page's `sendAutomaticallyWhen`. */
function chat() {
  const errors: unknown[] = [];
  const Chat = class extends (AbstractChat as unknown as new (init: object) => {
    messages: UIMessage[];
    status: string;
    sendMessage(message: { text: string }): Promise<void>;
    stop(): Promise<void>;
    addToolOutput(options: { tool: string; toolCallId: string; output: unknown }): Promise<void>;
    addToolApprovalResponse(options: { id: string; approved: boolean; reason?: string }): Promise<void>;
  }) {};
  const instance = new Chat({
    state: new PlainChatState(),
    transport: new DefaultChatTransport({ api: 'http://localhost/api/chat', fetch: async (url, init) => POST(new Request(url, init)) }),
    sendAutomaticallyWhen: (options: { messages: UIMessage[] }) =>
      lastAssistantMessageIsCompleteWithApprovalResponses(options) || lastAssistantMessageIsCompleteWithToolCalls(options),
    onError: (error: unknown) => errors.push(error),
  });
  return { chat: instance, errors };
}

it('holds a conversation: client tool, approval, continuation, stop in a call, later turns', async () => {
  const step1 = 'Checking.\n```tool get_time_zone\n```\n```tool delete_file\ninput:\n  path: old.md\n```\n';
  const step2 = 'Deleted old.md for you in Europe/Oslo.';
  const cut = '```tool delete_file\ninput:\n  path: very-long-na';
  const { prompts, ids } = provide([
    step1,
    step2,
    [{ type: 'stream-start', warnings: [] }, { type: 'text-start', id: 't' }, ...cut.split('').map((delta) => ({ type: 'text-delta' as const, id: 't', delta }))],
    'Stopped, as you asked.',
  ]);
  const { chat: client, errors } = chat();

  await client.sendMessage({ text: 'Delete old.md, and what time zone am I in?' });
  await settled(client);
  expect(ids).toEqual(['openai/gpt-5-mini']);
  // The route taught the tools in the system prompt.
  expect(messageText(prompts[0]![0])).toContain('delete_file');
  let calls = toolParts(client.messages.at(-1)!);
  expect(calls.map((part) => [part.toolName, part.state])).toEqual([
    ['get_time_zone', 'input-available'],
    ['delete_file', 'approval-requested'],
  ]);

  await client.addToolOutput({ tool: 'get_time_zone', toolCallId: calls[0]!.toolCallId, output: 'Europe/Oslo' });
  await client.addToolApprovalResponse({ id: (calls[1] as { approval: { id: string } }).approval.id, approved: true });
  await settled(client);
  // The continuation: the same message, both cards kept, then the answer.
  expect(client.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  calls = toolParts(client.messages.at(-1)!);
  expect(calls.map((part) => part.state)).toEqual(['output-available', 'approval-responded']);
  expect(messageText(prompts[1]!.at(-2))).toBe(step1);
  expect(messageText(prompts[1]!.at(-1))).toContain('Europe/Oslo');
  expect(messageText(prompts[1]!.at(-1))).toContain('The user approved this tool call.');
  expect(client.messages.at(-1)!.parts.at(-1)).toMatchObject({ type: 'text', text: step2 });

  // A new turn whose reply is stopped inside a call.
  const sending = client.sendMessage({ text: 'Now delete the other one.' });
  for (let i = 0; i < 200 && !toolParts(client.messages.at(-1)!).some((part) => (part as { rawInput?: string }).rawInput?.includes('very')); i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await client.stop();
  await sending;
  await settled(client);
  expect(toolParts(client.messages.at(-1)!).map((part) => part.state)).toEqual(['input-streaming']);

  // The next turn: the cut-off call goes back as the text the model had written.
  await client.sendMessage({ text: 'Never mind.' });
  await settled(client);
  expect(errors).toEqual([]);
  const last = prompts[3]!;
  expect(last.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user']);
  expect(messageText(last.at(-2))).toBe(cut);
  expect(client.messages.at(-1)!.parts.at(-1)).toMatchObject({ type: 'text', text: 'Stopped, as you asked.' });
});
