// Store benchmarks: the transcript store (`tool-transcript/store`) fed 2,000 and 20,000 calls in
// 8-char deltas, beside the bare parser on the same deltas, and one JSON block holding many
// calls. Run by bench/run.mjs (`runStore`) or alone: `node bench/store.mjs [--quick]`.
// Goals (issue #12): a store fed 10× the calls takes ≤ 11× the time, and ≤ 2× the bare parser.

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForNode } from './lib/bundle-for-node.mjs';
import { check, median, pairedRatio, sideBySide, warmUp } from './lib/stats.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));

/** One call and the prose around it (≈ 60 chars), as a model writes them. */
const call = (i) => `Step ${i}: looking it up.\n\`\`\`tool search\ninput:\n  query: item ${i}\n\`\`\`\n`;
const calls = (n) => Array.from({ length: n }, (_, i) => call(i)).join('');
/** One OpenAI `tool_calls` list holding `n` calls (the block streams as one). */
const jsonBlock = (n) =>
  `{"tool_calls": [${Array.from({ length: n }, (_, i) => `{"id": "c${i}", "type": "function", "function": {"name": "f", "arguments": "{\\"i\\": ${i}}"}}`).join(', ')}]}\n`;

function deltasOf(text, size) {
  const out = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function row(label, deltas, store, parser, events) {
  return {
    label,
    deltas: deltas.length,
    storeMs: median(store),
    parserMs: median(parser),
    eventsMs: median(events),
    ratio: pairedRatio(store, parser),
    eventsRatio: pairedRatio(store, events),
  };
}

export async function runStore({ quick = false, log = () => {} } = {}) {
  const outfile = await bundleForNode('store/index.ts', join(here, '.cache', 'store.mjs'));
  const { createTranscriptStore } = await import(`${outfile}?${Date.now()}`);
  // The core built from the same source (bench/run.mjs builds core.mjs for the node part; built here too when run alone).
  const core = await bundleForNode('index.ts', join(here, '.cache', 'core-store.mjs'));
  const { createTranscriptParser, createTranscriptEventParser } = await import(`${core}?${Date.now()}`);

  const parserRun = (deltas, options) => () => {
    const parser = createTranscriptParser(options);
    for (let i = 0; i < deltas.length; i++) parser.write(deltas[i]);
    parser.end();
  };
  /** The parse the store needs: events with the open block's input read on each delta. */
  const eventsRun = (deltas, options) => () => {
    const parser = createTranscriptEventParser({ ...options, partialInput: true });
    for (let i = 0; i < deltas.length; i++) parser.write(deltas[i]);
    parser.end();
  };
  const storeRun = (deltas, options) => () => {
    const store = createTranscriptStore(options);
    for (let i = 0; i < deltas.length; i++) store.append(deltas[i]);
    store.end();
  };

  const figures = [];
  const rows = [];
  const rounds = quick ? 3 : 5;

  log('store: 2,000 and 20,000 calls in 8-char deltas');
  const small = deltasOf(calls(2000), 8);
  const big = deltasOf(calls(20000), 8);
  const fns = {
    storeSmall: storeRun(small),
    parserSmall: parserRun(small),
    eventsSmall: eventsRun(small),
    storeBig: storeRun(big),
    parserBig: parserRun(big),
    eventsBig: eventsRun(big),
  };
  warmUp({ storeSmall: fns.storeSmall, parserSmall: fns.parserSmall }, quick ? 300 : 1000);
  const samples = sideBySide(fns, rounds);
  for (const [label, store, parser, events, deltas] of [
    ['2,000 calls', samples.storeSmall, samples.parserSmall, samples.eventsSmall, small],
    ['20,000 calls', samples.storeBig, samples.parserBig, samples.eventsBig, big],
  ]) {
    rows.push(row(label, deltas, store, parser, events));
  }
  const growth = pairedRatio(samples.storeBig, samples.storeSmall);
  figures.push(check('store.growth.20000', 'store: 20,000 calls ÷ 2,000 calls (8-char deltas)', growth, '×', { op: '<=', value: 11 }));
  figures.push(check('store.ratio.20000', 'store ÷ bare parser (chunks only), 20,000 calls (8-char deltas)', rows[1].ratio, '×', { op: '<=', value: 2 }));
  figures.push(
    check('store.overhead.20000', 'store ÷ event parser reading the partial input, 20,000 calls (8-char deltas)', rows[1].eventsRatio, '×', { op: '<=', value: 2 }),
  );

  log('store: one JSON block holding 2,000 and 20,000 calls');
  const options = { syntaxes: ['json'] };
  const jsonSmall = deltasOf(jsonBlock(2000), 8);
  const jsonBig = deltasOf(jsonBlock(20000), 8);
  const json = sideBySide(
    {
      storeSmall: storeRun(jsonSmall, options),
      parserSmall: parserRun(jsonSmall, options),
      eventsSmall: eventsRun(jsonSmall, options),
      storeBig: storeRun(jsonBig, options),
      parserBig: parserRun(jsonBig, options),
      eventsBig: eventsRun(jsonBig, options),
    },
    rounds,
  );
  rows.push(row('JSON block, 2,000 calls', jsonSmall, json.storeSmall, json.parserSmall, json.eventsSmall));
  rows.push(row('JSON block, 20,000 calls', jsonBig, json.storeBig, json.parserBig, json.eventsBig));
  figures.push(check('store.jsonGrowth.20000', 'store: one JSON block, 20,000 calls ÷ 2,000 calls', pairedRatio(json.storeBig, json.storeSmall), '×', { op: '<=', value: 11 }));

  return { figures, tables: { store: rows } };
}

/** The markdown section of the store results (bench/report.mjs). */
export function renderStore(part, fmt) {
  const rows = part?.tables?.store;
  if (!rows) return [];
  return [
    '## Node: store (`createTranscriptStore().append`) beside the bare parser, 8-char deltas',
    '',
    '`parser`: `createTranscriptParser` (UI-message chunks, no partial input); `events + input`: `createTranscriptEventParser({ partialInput: true })`, the parse the store needs (it reads the open block\'s input on each delta: partial YAML per completed line for fences).',
    '',
    '| input | deltas | store | parser | events + input | store ÷ parser | store ÷ events + input |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.deltas.toLocaleString('en-US')} | ${fmt(r.storeMs)} ms | ${fmt(r.parserMs)} ms | ${fmt(r.eventsMs)} ms | ${fmt(r.ratio)}× | ${fmt(r.eventsRatio)}× |`,
    ),
    '',
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { fmt } = await import('./lib/stats.mjs');
  const result = await runStore({ quick: process.argv.includes('--quick'), log: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`${renderStore(result, fmt).join('\n')}\n`);
  for (const f of result.figures) process.stdout.write(`${f.label}: ${fmt(f.value)} ${f.unit} ${f.pass ? '✅' : '❌'}\n`);
}
