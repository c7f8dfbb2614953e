// AI SDK middleware: `toolTranscriptMiddleware({ syntax })` beside the peer package's middleware for
// the same format (@ai-sdk-tool/parser: `hermesToolMiddleware`, `qwen3CoderToolMiddleware`,
// `morphXmlToolMiddleware`), on the same transcripts, both wrapped by the real `ai` 6
// `wrapLanguageModel` around the same mock provider stream.
//
// - Correct calls under random splits: for each seeded transcript and each split of its text into
//   provider deltas, the `tool-call` parts must be exactly the transcript's calls (names and
//   parsed inputs, in order); the share of streams that are exactly right, per middleware.
// - Partial input: `tool-input-delta` parts per call before its `tool-call`.
// - Time per stream: consuming the wrapped stream, measured side by side, ratio ours ÷ peer.
// - Pitfalls: a call shown in a code fence, a call mentioned in inline code, a malformed call.
//
// Run by bench/run.mjs (part `middleware`), or alone: `node bench/middleware.mjs` (prints markdown).
// Like the Node part, it runs the source bundled by esbuild into bench/.cache (the code of dist).

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { bundleForNode } from './lib/bundle-for-node.mjs';
import { median, now, pairedRatio, sideBySide, warmUp, fmt, check } from './lib/stats.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const CACHE = join(here, '.cache');

const USAGE = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const TOOLS = [
  {
    type: 'function',
    name: 'write_file',
    description: 'Writes a file.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] },
  },
  {
    type: 'function',
    name: 'search',
    description: 'Searches.',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'number' }, tags: { type: 'array', items: { type: 'string' } } },
      required: ['query'],
    },
  },
];

/** A seeded pseudo-random source (LCG), so both middlewares see the very same inputs. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS = ['the', 'file', 'tool', 'call', 'json', 'value', '"quoted"', 'back\\slash', 'tab\there', 'é', '😀', '<b>', '{x}', '&amp;', ':', ','];

function text(rand, words) {
  let out = '';
  for (let i = 0; i < words; i++) out += `${i ? ' ' : ''}${WORDS[Math.floor(rand() * WORDS.length)]}`;
  return out;
}

/**
 * A transcript of prose and `calls` calls written by `write` (one call's text), with the calls it
 * holds. `plain` leaves out the words that mean markup in an XML value (`<b>`, `&amp;`): the XML
 * formats write values raw, and a peer may read them as markup.
 */
function transcript(seed, calls, write, plain = false) {
  const rand = random(seed);
  const words = (count) => (plain ? text(rand, count).replaceAll('<b>', 'b').replaceAll('&amp;', 'and') : text(rand, count));
  const expected = [];
  let out = `${words(12)}.\n\n`;
  for (let i = 0; i < calls; i++) {
    const call =
      rand() < 0.5
        ? { name: 'write_file', arguments: { path: `src/${text(rand, 1).replace(/\W/g, '') || 'f'}.ts`, content: `${words(30)}\n${words(20)}` } }
        : { name: 'search', arguments: { query: words(4), limit: Math.floor(rand() * 100), tags: [words(1), words(1)] } };
    expected.push(call);
    out += `${write(call)}\n`;
    if (rand() < 0.7) out += `${words(8)}\n\n`;
  }
  return { text: out, expected };
}

/** A hermes transcript: calls in the chat-template form. */
export function hermesTranscript(seed, calls = 3) {
  return transcript(seed, calls, (call) => `<tool_call>\n${JSON.stringify(call)}\n</tool_call>`);
}

/** A Qwen3-Coder transcript: calls as its chat template writes them (strings raw, other values as JSON). */
export function qwen3CoderTranscript(seed, calls = 3) {
  const value = (v) => (typeof v === 'string' ? v : JSON.stringify(v));
  return transcript(
    seed,
    calls,
    (call) =>
      `<tool_call>\n<function=${call.name}>\n${Object.entries(call.arguments)
        .map(([key, v]) => `<parameter=${key}>\n${value(v)}\n</parameter>\n`)
        .join('')}</function>\n</tool_call>`,
    true,
  );
}

/** A tool-name XML transcript (morph-XML, Cline-style): an element per call, a child per parameter, a list as repeated children. */
export function toolTagsTranscript(seed, calls = 3) {
  const child = (key, v) => (Array.isArray(v) ? v.map((item) => child(key, item)).join('') : `<${key}>${v}</${key}>\n`);
  return transcript(
    seed,
    calls,
    (call) => `<${call.name}>\n${Object.entries(call.arguments).map(([key, v]) => child(key, v)).join('')}</${call.name}>`,
    true,
  );
}

/** The formats compared: our syntax, the peer's middleware for it, and a transcript writer. */
const FORMATS = [
  { id: 'hermes', syntax: 'hermes', peer: 'hermesToolMiddleware', transcript: hermesTranscript },
  { id: 'qwen3coder', syntax: 'qwen3coder', peer: 'qwen3CoderToolMiddleware', transcript: qwen3CoderTranscript },
  { id: 'tooltags', syntax: 'tooltags', peer: 'morphXmlToolMiddleware', transcript: toolTagsTranscript },
];

/** Cuts `value` at random places: pieces of 1 to 24 code units. */
function randomSplit(value, seed) {
  const rand = random(seed);
  const pieces = [];
  for (let at = 0; at < value.length; ) {
    const size = 1 + Math.floor(rand() * 24);
    pieces.push(value.slice(at, at + size));
    at += size;
  }
  return pieces;
}

const PITFALLS = [
  {
    name: 'a `<tool_call>` shown in a code fence',
    text: 'To search, write:\n\n```xml\n<tool_call>\n{"name": "search", "arguments": {"query": "x"}}\n</tool_call>\n```\n\nThat is the format.',
    want: 'no call, the text whole',
    ok: (r, input) => r.calls.length === 0 && r.text === input,
  },
  {
    name: 'a call mentioned in inline code',
    text: 'Write `<tool_call>{"name": "search", "arguments": {"query": "x"}}</tool_call>` to search; I will not now.',
    want: 'no call, the text whole',
    ok: (r, input) => r.calls.length === 0 && r.text === input,
  },
  {
    name: 'a malformed call (`]` for `}`)',
    text: 'Searching.\n<tool_call>\n{"name": "search", "arguments": {"query": "x"]}\n</tool_call>\n',
    want: 'an invalid tool call the SDK reports (finish `tool-calls`)',
    ok: (r) => r.calls.length === 1 && !parses(r.calls[0].input) && r.finish === 'tool-calls',
  },
  {
    name: 'a call missing a comma',
    text: 'Searching.\n<tool_call>\n{"name": "search", "arguments": {"query": "x" "limit": 3}}\n</tool_call>\n',
    want: 'an invalid tool call, not a guessed input',
    ok: (r) => r.calls.length === 1 && !parses(r.calls[0].input) && r.finish === 'tool-calls',
  },
];

function parses(json) {
  try {
    JSON.parse(json);
    return true;
  } catch {
    return false;
  }
}

/** Runs the bench; returns `{ figures, tables, markdown }`. */
export async function runMiddleware({ quick = false, log = () => {} } = {}) {
  log('middleware: build src/ai/index.ts → bench/.cache/ai.mjs');
  await bundleForNode('ai/index.ts', join(CACHE, 'ai.mjs'));
  const { toolTranscriptMiddleware } = await import(`${join(CACHE, 'ai.mjs')}?${Date.now()}`);
  const peers = await import('@ai-sdk-tool/parser');
  const { wrapLanguageModel } = await import('ai');
  const { MockLanguageModelV3 } = await import('ai/test');

  let pieces = [];
  const model = new MockLanguageModelV3({
    doStream: async () => ({
      stream: new ReadableStream({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: 't' });
          for (const delta of pieces) controller.enqueue({ type: 'text-delta', id: 't', delta });
          controller.enqueue({ type: 'text-end', id: 't' });
          controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: USAGE });
          controller.close();
        },
      }),
    }),
  });
  const params = { prompt: [{ role: 'user', content: [{ type: 'text', text: 'go' }] }], tools: TOOLS };

  /** Streams a split text through one wrapped model and collects what came out. */
  async function observe(wrapped, split) {
    pieces = split;
    const { stream } = await wrapped.doStream(structuredClone(params));
    const result = { text: '', calls: [], deltasBeforeCall: [], finish: undefined };
    const deltas = new Map();
    for await (const part of stream) {
      if (part.type === 'text-delta') result.text += part.delta;
      else if (part.type === 'tool-input-delta') deltas.set(part.id, (deltas.get(part.id) ?? 0) + 1);
      else if (part.type === 'tool-call') {
        result.calls.push({ name: part.toolName, input: part.input });
        result.deltasBeforeCall.push(deltas.get(part.toolCallId) ?? 0);
      } else if (part.type === 'finish') result.finish = part.finishReason.unified;
    }
    return result;
  }
  const correct = (result, expected) =>
    result.calls.length === expected.length &&
    result.calls.every((call, i) => call.name === expected[i].name && parses(call.input) && isDeepStrictEqual(JSON.parse(call.input), expected[i].arguments));

  const formats = [];
  for (const format of FORMATS) {
    const wrapped = {
      ours: wrapLanguageModel({ model, middleware: toolTranscriptMiddleware({ syntax: format.syntax }) }),
      peer: wrapLanguageModel({ model, middleware: peers[format.peer] }),
    };
    // 1. Correct calls under random splits, and partial input.
    const TRANSCRIPTS = quick ? 10 : format.id === 'hermes' ? 60 : 30;
    const SPLITS = quick ? 5 : 10;
    log(`middleware: ${format.id}, correctness, ${TRANSCRIPTS} transcripts × (whole + ${SPLITS} random splits + 1-unit deltas)`);
    const score = { ours: { right: 0, streams: 0, deltas: [] }, peer: { right: 0, streams: 0, deltas: [] } };
    for (let t = 0; t < TRANSCRIPTS; t++) {
      const { text: input, expected } = format.transcript(1000 + t, 1 + (t % 4));
      const splits = [[input], input.split(''), ...Array.from({ length: SPLITS }, (_, s) => randomSplit(input, t * 100 + s))];
      for (const split of splits) {
        for (const which of ['ours', 'peer']) {
          const result = await observe(wrapped[which], split);
          score[which].streams++;
          if (correct(result, expected)) score[which].right++;
          if (split.length > 1) score[which].deltas.push(...result.deltasBeforeCall);
        }
      }
    }

    // 2. Time per stream, side by side, and throughput.
    log(`middleware: ${format.id}, time per stream`);
    const timeRows = [];
    for (const [label, calls, size] of [
      ['3 calls, 16-char deltas', 3, 16],
      ['12 calls, 16-char deltas', 12, 16],
      ['12 calls, 1-char deltas', 12, 1],
    ]) {
      const { text: input } = format.transcript(7, calls);
      const split = [];
      for (let i = 0; i < input.length; i += size) split.push(input.slice(i, i + size));
      const run = (which) => observe(wrapped[which], split);
      // The stream is async: time a batch of streams per sample.
      const BATCH = size === 1 ? 4 : 20;
      const timed = async (which) => {
        const start = now();
        for (let i = 0; i < BATCH; i++) await run(which);
        return (now() - start) / BATCH;
      };
      const warmEnd = now() + (quick ? 300 : 1000);
      while (now() < warmEnd) {
        await run('ours');
        await run('peer');
      }
      const samples = { ours: [], peer: [] };
      const ROUNDS = quick ? 5 : 11;
      for (let r = 0; r < ROUNDS; r++) {
        for (const which of r % 2 ? ['peer', 'ours'] : ['ours', 'peer']) samples[which].push(await timed(which));
      }
      timeRows.push({ label, size: input.length, ours: median(samples.ours), peer: median(samples.peer), ratio: pairedRatio(samples.ours, samples.peer) });
    }

    // 3. Pitfalls (the hermes ones), both middlewares, whole and unit by unit.
    const pitfallRows = [];
    for (const pitfall of format.id === 'hermes' ? PITFALLS : []) {
      const row = { name: pitfall.name, want: pitfall.want };
      for (const which of ['ours', 'peer']) {
        const whole = await observe(wrapped[which], [pitfall.text]);
        const units = await observe(wrapped[which], pitfall.text.split(''));
        row[which] = { ok: pitfall.ok(whole, pitfall.text) && pitfall.ok(units, pitfall.text), calls: whole.calls.length, finish: whole.finish };
      }
      pitfallRows.push(row);
    }
    formats.push({ format, score, timeRows, pitfallRows, TRANSCRIPTS, SPLITS });
  }

  const share = (s) => s.right / s.streams;
  const figures = formats.flatMap(({ format, score, timeRows }) => [
    check(`middleware.${format.id}.correct.ours`, `middleware: ${format.id} streams with exactly the right calls, ours`, share(score.ours) * 100, '%', { op: '>=', value: 100 }),
    check(`middleware.${format.id}.correct.peer`, `middleware: ${format.id} streams with exactly the right calls, @ai-sdk-tool/parser`, share(score.peer) * 100, '%'),
    ...timeRows.map((row) => check(`middleware.${format.id}.time.${row.label}`, `middleware: ${format.id} time per stream ours ÷ peer, ${row.label}`, row.ratio, '×')),
  ]);
  const tables = Object.fromEntries(
    formats.map(({ format, score, timeRows, pitfallRows, TRANSCRIPTS, SPLITS }) => [format.id, { correctness: { transcripts: TRANSCRIPTS, splits: SPLITS, score }, time: timeRows, pitfalls: pitfallRows }]),
  );
  return { figures, tables, markdown: formats.map(renderMiddleware).join('\n') };
}

function renderMiddleware({ format, score, timeRows, pitfallRows, TRANSCRIPTS, SPLITS }) {
  const row = (cells) => `| ${cells.join(' | ')} |`;
  const head = (cells) => [row(cells), row(cells.map(() => '---'))];
  const pct = (s) => `${s.right} / ${s.streams} (${fmt((100 * s.right) / s.streams, 1)} %)`;
  const perCall = (s) => (s.deltas.length ? fmt(median(s.deltas), 1) : '—');
  const words = format.id === 'hermes' ? 'quotes, backslashes, tabs, emoji, `<b>`, `&amp;`' : 'quotes, backslashes, tabs, emoji';
  return [
    `## AI SDK middleware, ${format.id}: \`toolTranscriptMiddleware({ syntax: '${format.syntax}' })\` beside \`@ai-sdk-tool/parser\`'s \`${format.peer}\``,
    '',
    `Both wrapped by \`ai\` 6's \`wrapLanguageModel\` around the same mock stream; ${TRANSCRIPTS} seeded ${format.id} transcripts (1–4 calls, strings with ${words}), each streamed whole, one unit at a time and at ${SPLITS} random splits (1–24 units).`,
    '',
    ...head(['', 'ours', '@ai-sdk-tool/parser']),
    row(['streams whose `tool-call`s are exactly the calls written', pct(score.ours), pct(score.peer)]),
    row(['median `tool-input-delta`s per call before its `tool-call` (split streams)', perCall(score.ours), perCall(score.peer)]),
    '',
    ...head(['time per stream', 'transcript', 'ours', 'peer', 'ours ÷ peer', 'throughput ours / peer']),
    ...timeRows.map((r) => row([r.label, `${fmt(r.size / 1000, 1)} KB`, `${fmt(r.ours)} ms`, `${fmt(r.peer)} ms`, `${fmt(r.ratio)}×`, `${fmt(r.size / 1000 / r.ours)} / ${fmt(r.size / 1000 / r.peer)} KB/ms`])),
    '',
    ...(pitfallRows.length
      ? [...head(['pitfall (whole and unit by unit)', 'should give', 'ours', 'peer']), ...pitfallRows.map((r) => row([r.name, r.want, verdict(r.ours), verdict(r.peer)])), '']
      : []),
  ].join('\n');
}

function verdict(result) {
  return `${result.ok ? '✅' : '❌'} ${result.calls} call${result.calls === 1 ? '' : 's'}, finish \`${result.finish}\``;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = now();
  const { markdown } = await runMiddleware({
    quick: process.argv.includes('--quick'),
    log: (line) => process.stderr.write(`[${((now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}\n`),
  });
  process.stdout.write(markdown);
}
