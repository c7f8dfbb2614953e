/**
 * Live input through the AI SDK: a `useChat` client renders the messages that
 * `readUIMessageStream` yields part-way (`<ToolTranscript message>` feeds them to
 * `store.setMessage`). The store must show the input so far of an open block of every
 * syntax — not `{}` — from the raw source text the parser sends (`inputEncoding: 'text'`,
 * `toolMetadata.syntax`), and the final message must match `parseTranscript`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, parseTranscript, type SyntaxName, type ToolChunk, type ToolSyntax, type TranscriptOptions, type UIMessageChunk } from '../../src/index.js';
import { builtinSyntaxes } from '../../src/syntaxes/index.js';
import { createTranscriptStore, type TranscriptItem } from '../../src/store/index.js';
import { messages, SDKS } from '../support/ai-sdk.js';
import { splitAnywhere, splitAt, streamPieces } from '../support/splits.js';

/** `tools` name the tooltags sample's tool (the tool-name syntax reads only given tools; the others do not care). */
const options: TranscriptOptions = { syntaxes: Object.values(builtinSyntaxes) as ToolSyntax[], tools: [{ name: 'write_to_file' }] };

/** One open-then-closed block per built-in syntax (the type makes a new syntax need one), each with input that shows before its closer. */
const SAMPLES: Record<SyntaxName, string> = {
  fence: 'Looking.\n```tool search s1\ninput:\n  query: tides today\n  limit: 5\n```\nDone.',
  caret: 'Writing.\n^^^write_file\npath: notes/a.md\nmode: overwrite\n---\n# Title\nbody line\n^^^\nDone.',
  emoji: 'Creating 🛠️[create-file main.py]\nprint("hello")\nprint("bye")\n🛠️[/end] done.',
  xml: 'Run <tool name="grep"><arg name="pattern">TODO</arg><arg name="path">src</arg></tool> ok.',
  json: 'Calling:\n{"name": "get_weather", "args": {"city": "Paris", "units": "metric"}}\nok.',
  sentinel: 'Edit [[SEG_START {"type": "write_file", "path": "a.txt"}]]first line\nsecond line\n[[SEG_END]] ok.',
  hermes: 'Call <tool_call>{"name": "lookup", "arguments": {"term": "tides", "limit": 3}}</tool_call> ok.',
  qwen3coder: 'Call <tool_call>\n<function=lookup>\n<parameter=term>\ntides\n</parameter>\n<parameter=limit>\n3\n</parameter>\n</function>\n</tool_call> ok.',
  glm: 'Call <tool_call>lookup\n<arg_key>term</arg_key>\n<arg_value>tides</arg_value>\n<arg_key>limit</arg_key>\n<arg_value>3</arg_value>\n</tool_call> ok.',
  deepseek: 'Call <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>lookup<｜tool▁sep｜>{"term": "tides", "limit": 3}<｜tool▁call▁end｜><｜tool▁calls▁end｜> ok.',
  kimi: 'Call <|tool_calls_section_begin|><|tool_call_begin|>functions.lookup:0<|tool_call_argument_begin|>{"term": "tides", "limit": 3}<|tool_call_end|><|tool_calls_section_end|> ok.',
  harmony: 'Call <|start|>assistant<|channel|>commentary to=functions.lookup <|constrain|>json<|message|>{"term": "tides", "limit": 3}<|call|> ok.',
  minimax: 'Call <minimax:tool_call>\n<invoke name="lookup">\n<parameter name="term">tides</parameter>\n<parameter name="limit">3</parameter>\n</invoke>\n</minimax:tool_call> ok.',
  dsml: 'Call <｜DSML｜function_calls>\n<｜DSML｜invoke name="lookup">\n<｜DSML｜parameter name="term" string="true">tides</｜DSML｜parameter>\n<｜DSML｜parameter name="limit" string="false">3</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls> ok.',
  invoke: 'Call <function_calls>\n<invoke name="lookup">\n<parameter name="term">tides</parameter>\n<parameter name="limit">3</parameter>\n</invoke>\n</function_calls> ok.',
  mistral: 'Call [TOOL_CALLS]lookup[ARGS]{"term": "tides", "limit": 3} ok.',
  phi4: 'Call functools[{"name": "lookup", "arguments": {"term": "tides", "limit": 3}}] ok.',
  toolcalls: 'Call <tool_calls>[{"name": "lookup", "arguments": {"term": "tides", "limit": 3}}]</tool_calls> ok.',
  granite: 'Call <|tool_call|>[{"name": "lookup", "arguments": {"term": "tides", "limit": 3}}] ok.',
  gemma: 'Call <|tool_call>call:lookup{limit:3,term:<|"|>tides<|"|>}<tool_call|> ok.',
  tooltags: 'Writing <write_to_file>\n<path>notes/a.md</path>\n<content>\n# Title\nbody line\n</content>\n</write_to_file> done.',
  pythonic: "Calling:\n[lookup(term='tides today', limit=3), other()]\nok.",
  lfm2: "Call <|tool_call_start|>[lookup(term='tides today', limit=3)]<|tool_call_end|> ok.",
  olmo3: "Call <function_calls>lookup(term='tides today', limit=3)\nother()</function_calls> ok.",
  internlm: 'Call <|action_start|><|plugin|>\n{"name": "lookup", "parameters": {"term": "tides", "limit": 3}}<|action_end|> ok.',
};

const fixtureRoot = join(import.meta.dirname, '..', 'fixtures', 'parse');
const fixtures = readdirSync(fixtureRoot).flatMap((folder) =>
  readdirSync(join(fixtureRoot, folder))
    .filter((file) => file.endsWith('.md'))
    .map((file) => [`${folder}/${file}`, readFileSync(join(fixtureRoot, folder, file), 'utf8')] as const),
);

const isEmpty = (value: unknown) =>
  value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/** What a client shows for each yielded message: the store's tool items while a part streams. */
async function liveView(text: string, pieces: readonly string[], sdk: (typeof SDKS)[number]) {
  const yielded = await messages(streamPieces(pieces, options).events, sdk);
  const store = createTranscriptStore(options);
  const streamingInputs: unknown[] = [];
  for (const message of yielded) {
    store.setMessage(message);
    for (const part of message.parts) {
      if (part.type !== 'dynamic-tool' || part.state !== 'input-streaming') continue;
      const item = store.getState().ids.map((id) => store.getItem(id)).find((i) => i?.type === 'tool' && i.toolCallId === part.toolCallId);
      expect(item, `item of ${part.toolCallId}`).toMatchObject({ state: 'input-streaming' });
      streamingInputs.push((item as ToolChunk).input);
    }
  }
  const final = store.getState().ids.map((id) => store.getItem(id)!);
  return { streamingInputs, final, text };
}

/** Items compared with parseTranscript's chunks: the raw source does not travel with a settled part. */
function comparable(items: readonly TranscriptItem[]) {
  return items.map((item) => (item.type === 'text' ? item : { ...item, raw: '', closed: true }));
}

describe.each(SDKS)('live input through readUIMessageStream ($name)', (sdk) => {
  it.each(Object.entries(SAMPLES))('%s: the open block shows its input so far, and the end matches parseTranscript', async (syntax, text) => {
    const expected = comparable(parseTranscript(text, options));
    expect(expected.some((c) => c.type === 'tool' && c.syntax === syntax)).toBe(true);
    for (const pieces of [[text], text.split(''), splitAt(text, [5, 17, 18, 33, 60])]) {
      const { streamingInputs, final } = await liveView(text, pieces, sdk);
      expect(streamingInputs.length).toBeGreaterThan(0);
      expect(streamingInputs.some((input) => !isEmpty(input)), `${syntax}: never showed input while streaming`).toBe(true);
      expect(comparable(final)).toEqual(expected);
    }
  });

  it('shows a fence with no id in its info string at its first key that is not id or name (a generated id; a later id: is a field)', async () => {
    const lines = ['Looking.\n```tool search\n', '# why\n', 'input:\n', '  query: tides\n', 'id: late\n', '```\nDone.'];
    const text = lines.join('');
    const parser = createTranscriptParser(options);
    const events: UIMessageChunk[] = [];
    const toolParts: unknown[][] = [];
    for (const line of lines) {
      events.push(...parser.write(line));
      const yielded = await messages(events, sdk);
      toolParts.push(yielded.at(-1)!.parts.filter((part) => part.type === 'dynamic-tool'));
    }
    // Nothing after the opener or a comment; the card at `input:`, with the id it keeps.
    expect(toolParts[0]).toEqual([]);
    expect(toolParts[1]).toEqual([]);
    expect(toolParts[2]).toMatchObject([{ toolCallId: 'tool-call-1', toolName: 'search', state: 'input-streaming' }]);
    // Its input shows through the store as it arrives, before the closer.
    const store = createTranscriptStore(options);
    const lastDelta = events.map((event) => event.type).lastIndexOf('tool-input-delta');
    const yielded = await messages(events.slice(0, lastDelta + 1), sdk);
    store.setMessage(yielded.at(-1)!);
    expect(store.getState().ids.map((id) => store.getItem(id))).toContainEqual(
      expect.objectContaining({ type: 'tool', toolCallId: 'tool-call-1', state: 'input-streaming', input: { query: 'tides' } }),
    );
    const { final } = await liveView(text, lines, sdk);
    expect(comparable(final)).toEqual(comparable(parseTranscript(text, options)));
    expect(final).toContainEqual(expect.objectContaining({ toolCallId: 'tool-call-1', fields: { id: 'late' } }));
  });

  it('updates within a line: a long single-line JSON value grows as it arrives', async () => {
    const value = 'x'.repeat(2000);
    const text = `{"name": "write", "args": {"content": "${value}"}}\n`;
    const { streamingInputs } = await liveView(text, splitAt(text, [100, 500, 1000, 1500]), sdk);
    const lengths = streamingInputs.map((input) => ((input as { content?: string }).content ?? '').length);
    expect(new Set(lengths.filter((n) => n > 0 && n < 2000)).size).toBeGreaterThanOrEqual(3);
  });

  it('every fixture, at random splits: the final message fed to the store matches parseTranscript', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fixtures), fc.array(fc.nat(), { maxLength: 6 }), async ([, text], cuts) => {
        const pieces = splitAnywhere(text, cuts);
        const { final } = await liveView(text, pieces, sdk);
        expect(comparable(final)).toEqual(comparable(parseTranscript(text, options)));
      }),
      { numRuns: 25 },
    );
  });
});

describe('createStreamChunks of a snapshot with an open block', () => {
  it.each(SDKS)('$name: the replayed open block shows its input so far in the store', async (sdk) => {
    const parser = (await import('../../src/index.js')).createTranscriptParser(options);
    parser.write('Looking.\n```tool search s1\ninput:\n  query: tides\n');
    const { createStreamChunks } = await import('../../src/index.js');
    const yielded = await messages(createStreamChunks(parser.chunks), sdk);
    const store = createTranscriptStore(options);
    store.setMessage(yielded.at(-1)!, { streaming: true });
    expect(store.getItem('s1')).toMatchObject({ state: 'input-streaming', input: { query: 'tides' } });
  });
});
