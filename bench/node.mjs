// Node benchmarks: whole-parse throughput and linearity, the stream against the whole parse,
// per-syntax throughput, adversarial inputs, and a naive per-delta remark-parse against our stream.
// Run by bench/run.mjs as `node --expose-gc bench/node.mjs OUT.json` after it bundled src into
// bench/.cache/core.mjs. Every comparison is measured side by side (interleaved rounds) and
// reported as medians and paired ratios.

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import { ADVERSARIAL, ALL_SYNTAXES, transcript } from './generate.mjs';
import { check, median, now, pairedRatio, sideBySide, time, warmUp } from './lib/stats.mjs';

const { parseTranscript, createTranscriptParser, createMarkdownSections, createXmlSections } = await import(new URL('./.cache/core.mjs', import.meta.url).href);
const { closeMarkdown } = await import(new URL('./.cache/close-markdown.mjs', import.meta.url).href);

const QUICK = process.env.BENCH_QUICK === '1';
const OUT = process.argv[2];
const OPTIONS = { syntaxes: ALL_SYNTAXES };
const KB = 1000;
const MB = 1000 * KB;

const figures = [];
const tables = {};
const T0 = now();
const log = (line) => process.stderr.write(`[${((now() - T0) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);
const SECTIONS = process.env.BENCH_SECTIONS?.split(',');
const on = (name) => !SECTIONS || SECTIONS.includes(name);
/** `BENCH_ADVERSARIAL=caret,XML`: only the adversarial patterns whose name contains one of these (to work on a few rows). */
const PATTERNS = process.env.BENCH_ADVERSARIAL?.split(',');

const whole = (text) => () => parseTranscript(text, OPTIONS);
/** Repeats `fn` `times` times; the sample is then divided by `times` (small inputs). */
const repeat = (fn, times) => () => {
  for (let i = 0; i < times; i++) fn();
};
function deltasOf(text, size) {
  const out = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}
const stream = (deltas) => () => {
  const parser = createTranscriptParser(OPTIONS);
  for (let i = 0; i < deltas.length; i++) parser.write(deltas[i]);
  parser.end();
  return parser;
};
const mbps = (length, ms) => length / MB / (ms / 1000);
/** t(big)/(k·t(small)) with k the length ratio: 1 is linear. Paired per round. */
const linearity = (small, smallLength, big, bigLength) =>
  pairedRatio(
    big.map((t) => t / bigLength),
    small.map((t) => t / smallLength),
  );
/**
 * CPU time of this process for one run of `fn` (ms): user + system, every thread (the garbage
 * collector's helper threads included, so work moved off the main thread still counts). Unlike
 * wall time it does not grow when another process holds the core: on this shared machine the
 * same 2 MB parse took 80–360 ms of wall time in ten runs in a row.
 */
function cpuTime(fn) {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}
/**
 * Results of the adversarial runs, held until their sample ends (see {@link held}): each run's
 * result lives as long at 200 KB as at 2 MB, as it does in an app that keeps what it parsed.
 * Dropped at once, a 200 KB result died young, while a 2 MB one outlived the young generation and
 * was copied and promoted: the 10× ratio of a reader that only builds its result read 1.5–2.0×.
 */
let heldResults = [];
/** `fn`, its result held until the sample ends. */
const held = (fn) => () => void heldResults.push(fn());
/** CPU time of `fn` (see cpuTime) after letting go of the results the last sample held. */
function cpuTimeHeld(fn) {
  heldResults = [];
  return cpuTime(fn);
}
const WARM_MS = QUICK ? 300 : 1000;
/** Least CPU time of one adversarial sample (see repeatsFor). */
const MIN_SAMPLE_MS = QUICK ? 10 : 30;
const warm = (fns) => warmUp(fns, WARM_MS);

// ---------------------------------------------------------------------------------------------
// 1. Whole parse: throughput at 60 KB, 600 KB, 6 MB and the 10× ratios
// ---------------------------------------------------------------------------------------------
if (on('whole')) {
  log('node: whole-parse throughput');
  const sizes = [60 * KB, 600 * KB, 6 * MB];
  const docs = sizes.map((n) => transcript(n));
  const reps = [10, 1, 1];
  const fns = Object.fromEntries(docs.map((doc, i) => [sizes[i], repeat(whole(doc), reps[i])]));
  warm(fns);
  const samples = sideBySide(fns, QUICK ? 3 : 7);
  sizes.forEach((n, i) => (samples[n] = samples[n].map((t) => t / reps[i])));
  const rows = sizes.map((n, i) => ({
    size: docs[i].length,
    ms: median(samples[n]),
    mbps: mbps(docs[i].length, median(samples[n])),
    tools: parseTranscript(docs[i], OPTIONS).filter((c) => c.type === 'tool').length,
  }));
  tables.wholeParse = rows;
  rows.forEach((row, i) =>
    figures.push(check(`whole.mbps.${sizes[i]}`, `parseTranscript throughput, ${label(sizes[i])} mixed transcript`, row.mbps, 'MB/s')),
  );
  for (let i = 0; i + 1 < sizes.length; i++) {
    const ratio = linearity(samples[sizes[i]], docs[i].length, samples[sizes[i + 1]], docs[i + 1].length);
    figures.push(
      check(`whole.linear.${sizes[i + 1]}`, `parseTranscript ${label(sizes[i])} → ${label(sizes[i + 1])}: t(10n) ÷ 10·t(n)`, ratio, '×', {
        op: '<=',
        value: 1.1,
      }),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Stream (createTranscriptParser) at 1-, 4- and 16-char deltas against the whole parse
// ---------------------------------------------------------------------------------------------
if (on('stream')) {
  log('node: stream against whole parse');
  const doc = transcript(600 * KB);
  const fns = { whole: whole(doc) };
  for (const d of [1, 4, 16]) fns[`stream${d}`] = stream(deltasOf(doc, d));
  warm(fns);
  const samples = sideBySide(fns, QUICK ? 3 : 7);
  const rows = [{ mode: 'whole parse', ms: median(samples.whole), mbps: mbps(doc.length, median(samples.whole)), ratio: 1 }];
  for (const d of [1, 4, 16]) {
    const key = `stream${d}`;
    const ratio = pairedRatio(samples[key], samples.whole);
    rows.push({ mode: `stream, ${d}-char deltas`, ms: median(samples[key]), mbps: mbps(doc.length, median(samples[key])), ratio });
    figures.push(check(`stream.ratio.${d}`, `stream ÷ whole parse, ${d}-char deltas (600 KB)`, ratio, '×', { op: '<=', value: 2 }));
  }
  tables.stream = { size: doc.length, rows };

  // The stream's own 10× ratio (4-char deltas).
  const small = transcript(60 * KB);
  const big = transcript(600 * KB);
  const lin = sideBySide({ small: repeat(stream(deltasOf(small, 4)), 10), big: stream(deltasOf(big, 4)) }, QUICK ? 3 : 7);
  lin.small = lin.small.map((t) => t / 10);
  figures.push(
    check('stream.linear.600000', 'stream (4-char deltas) 60 KB → 600 KB: t(10n) ÷ 10·t(n)', linearity(lin.small, small.length, lin.big, big.length), '×', {
      op: '<=',
      value: 1.1,
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// 3. Per syntax: 600 KB of prose and blocks of one syntax
// ---------------------------------------------------------------------------------------------
if (on('syntax')) {
  log('node: per syntax');
  const rows = [];
  for (const syntax of ALL_SYNTAXES) {
    const doc = transcript(600 * KB, { seed: 7, syntaxes: [syntax] });
    const fns = { whole: whole(doc), stream4: stream(deltasOf(doc, 4)) };
    warm(fns);
    const samples = sideBySide(fns, QUICK ? 3 : 5);
    const tools = parseTranscript(doc, OPTIONS).filter((c) => c.type === 'tool');
    rows.push({
      syntax,
      size: doc.length,
      tools: tools.length,
      errors: tools.filter((t) => t.state === 'output-error').length,
      wholeMbps: mbps(doc.length, median(samples.whole)),
      streamMbps: mbps(doc.length, median(samples.stream4)),
      ratio: pairedRatio(samples.stream4, samples.whole),
    });
    figures.push(check(`syntax.mbps.${syntax}`, `parseTranscript throughput, ${syntax} blocks (600 KB)`, rows.at(-1).wholeMbps, 'MB/s'));
  }
  tables.perSyntax = rows;
}

// ---------------------------------------------------------------------------------------------
// 4. Adversarial patterns at 200 KB and 2 MB (whole parse and 4-char stream)
// ---------------------------------------------------------------------------------------------
/** Set in a child process that measures one adversarial pattern (its name) or the references (`references`). */
const ONE_PATTERN = process.env.BENCH_ADVERSARIAL_ONE;
if (on('adversarial') && ONE_PATTERN === undefined) {
  // Each pattern in a process of its own, as JMH forks a JVM per benchmark: in one process a
  // pattern's ratio moved with the heap the patterns before it left (*deeply nested YAML (block
  // maps)*: 0.96–1.00 measured alone, 1.21 after the 27 patterns before it).
  log('node: adversarial (a process per pattern)');
  const rows = [];
  const names = Object.keys(ADVERSARIAL).filter((name) => !PATTERNS || PATTERNS.some((part) => name.includes(part)));
  for (const name of [...names, 'references']) {
    const part = measurePattern(name);
    if (name === 'references') {
      figures.push(...part.figures);
      tables.adversarialFloor = part.tables.adversarialFloor;
      continue;
    }
    // A reading over the goal is read twice more, each in a fresh process, and the median of the
    // three counts: one reading of a row moved by up to a tenth between runs (it is 15 rounds at
    // most, on a shared machine), so of the 128 ratios a run or two read over 1.1 by chance.
    const readings = part.figures.some((f) => f.pass === false) ? [part, measurePattern(name), measurePattern(name)] : [part];
    figures.push(...medianFigures(readings.map((r) => r.figures)));
    rows.push(medianRow(readings.map((r) => r.tables.adversarial[0])));
  }
  tables.adversarial = rows;
}

/** One adversarial pattern (or the references) measured in a child process of its own. */
function measurePattern(name) {
  const out = `${OUT}.pattern.json`;
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), out], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, BENCH_SECTIONS: 'adversarial', BENCH_ADVERSARIAL_ONE: name },
  });
  if (child.status !== 0) throw new Error(`bench/node.mjs, adversarial pattern ${JSON.stringify(name)}: failed (${child.status})`);
  return JSON.parse(readFileSync(out, 'utf8'));
}

/** The figures of several readings of one pattern: each the median of its readings, checked again. */
function medianFigures(readings) {
  if (readings.length === 1) return readings[0];
  return readings[0].map((figure) => {
    const values = readings.map((figures) => figures.find((f) => f.id === figure.id).value);
    const value = median(values);
    const note = [figure.note, `median of ${values.length} readings: ${values.map((v) => v.toFixed(2)).join(', ')}`].filter(Boolean).join('; ');
    return check(figure.id, figure.label, value, figure.unit, figure.goal, note);
  });
}

/** A pattern's table row from several readings: its ratios the medians, each reading kept. */
function medianRow(rows) {
  if (rows.length === 1) return rows[0];
  const row = { ...rows[0], readings: {} };
  for (const key of ['linear', 'linearAt200', 'streamLinear', 'smallMbps', 'bigMbps']) {
    if (rows[0][key] === undefined) continue;
    row[key] = median(rows.map((r) => r[key]));
    if (key !== 'smallMbps' && key !== 'bigMbps') row.readings[key] = rows.map((r) => r[key]);
  }
  return row;
}
if (on('adversarial') && ONE_PATTERN !== undefined) {
  const rows = [];
  const BUDGET_MS = QUICK ? 1500 : 4000;
  for (const [name, make] of Object.entries(ADVERSARIAL)) {
    if (name !== ONE_PATTERN) continue;
    // Every text flat, as its copies are (see copies): the generator's texts are ropes, flattened
    // in place when first read, and a parser that read both kinds at one site ran a 2 MB rope
    // ~1.3× slower per unit than the flat 200 KB copies.
    const [tiny] = copies(make(20 * KB), 1);
    const [small] = copies(make(200 * KB), 1);
    const [big] = copies(make(2 * MB), 1);
    // Every run's result held until its sample ends (see heldResults).
    const whole = (text) => held(() => parseTranscript(text, OPTIONS));
    const streamOf = (text) => held(stream(deltasOf(text, 4)));
    warm({ a: whole(tiny), b: streamOf(tiny) });
    // The smaller side of a 10× ratio runs over ten copies of its text in turn, so both sides
    // read the same 2 MB (or 200 KB) from the same level of cache (see inTurn).
    const tinies = copies(tiny, 10);
    const smalls = copies(small, 10);

    // Every time here is CPU time (see cpuTime): the 10× ratios of a quiet run, on a busy machine.
    // The stream (4-char deltas), 20 KB → 200 KB, side by side.
    // Each sample at least MIN_SAMPLE_MS: the cheap patterns run a stream of 200 KB in ~1 ms.
    const k = repeatsFor(perRun(streamOf(small)));
    const s = sideBySide({ tiny: inTurn(tinies.map(streamOf), 10 * k), small: repeat(streamOf(small), k) }, 7, cpuTimeHeld);
    const streamLinear = linearity(
      s.tiny.map((t) => t / (10 * k)),
      tiny.length,
      s.small.map((t) => t / k),
      small.length,
    );

    // The whole parse, 200 KB → 2 MB. Guard: predict t(2 MB) from 20 KB → 200 KB; a clearly
    // superlinear pattern is not run at 2 MB. Rounds stop once the pattern has used its budget.
    const t20 = median([cpuTimeHeld(whole(tiny)), cpuTimeHeld(whole(tiny)), cpuTimeHeld(whole(tiny))]);
    const t200 = cpuTimeHeld(whole(small));
    const growth = t200 / (10 * t20);
    const predicted = t200 * 10 * Math.max(1, growth);
    const row = { name, streamLinear, ...outcome(small, 'small'), ...outcome(big, 'big') };
    if (predicted > 15_000) {
      row.skipped = `t(2 MB) predicted ${Math.round(predicted / 1000)} s (20 KB → 200 KB grew ${growth.toFixed(1)}× linear)`;
      row.linear = growth;
      figures.push(check(`adv.linear.${name}`, `adversarial: ${name}, whole parse`, growth, '×', { op: '<=', value: 1.1 }, '20 KB → 200 KB; 2 MB not run'));
    } else {
      const samples = { small: [], big: [] };
      const started = now();
      // Up to 15 rounds within the budget (at least 3); a first, untimed round warms the 2 MB
      // path when it is cheap.
      if (predicted < 1000) whole(big)();
      const kBig = repeatsFor(predicted < 5 ? perRun(whole(big)) : predicted);
      for (let r = 0; r < 15 && (r < 3 || now() - started < BUDGET_MS); r++) {
        samples.small.push(cpuTimeHeld(inTurn(smalls.map(whole), 3 * kBig)) / (3 * kBig));
        samples.big.push(cpuTimeHeld(repeat(whole(big), kBig)) / kBig);
      }
      row.rounds = samples.big.length;
      row.smallMbps = mbps(small.length, median(samples.small));
      row.bigMbps = mbps(big.length, median(samples.big));
      row.linear = linearity(samples.small, small.length, samples.big, big.length);
      if (sameKind(row.smallResult, row.bigResult)) {
        figures.push(check(`adv.linear.${name}`, `adversarial: ${name}, whole parse 200 KB → 2 MB`, row.linear, '×', { op: '<=', value: 1.1 }));
      } else {
        // 2 MB takes another path (a size limit): the 10× ratio is read at 20 KB → 200 KB instead.
        const k200 = repeatsFor(perRun(whole(small)));
        const w = sideBySide({ tiny: inTurn(tinies.map(whole), 10 * k200), small: repeat(whole(small), k200) }, 7, cpuTimeHeld);
        row.linearAt200 = linearity(
          w.tiny.map((t) => t / (10 * k200)),
          tiny.length,
          w.small.map((t) => t / k200),
          small.length,
        );
        figures.push(
          check(`adv.linear.${name}`, `adversarial: ${name}, whole parse 20 KB → 200 KB`, row.linearAt200, '×', { op: '<=', value: 1.1 }, 'outcome differs at 2 MB'),
        );
      }
    }
    figures.push(check(`adv.streamLinear.${name}`, `adversarial: ${name}, stream (4-char) 20 KB → 200 KB`, streamLinear, '×', { op: '<=', value: 1.1 }));
    rows.push(row);
    log(`  ${name}: ${row.skipped ?? `${row.bigMbps.toFixed(1)} MB/s at 2 MB, linear ${row.linear.toFixed(2)}${row.linearAt200 === undefined ? '' : ` (20 KB → 200 KB ${row.linearAt200.toFixed(2)})`} (${row.rounds} rounds)`}, stream linear ${streamLinear.toFixed(2)}`);
  }
  tables.adversarial = rows;
  if (ONE_PATTERN === 'references') tables.adversarialFloor = { ...jsonParseFloor(), slices: slicesFloor() };
}

/**
 * For scale beside the table: V8's own `JSON.parse` of a JSON array of short strings (the shape
 * of the *unclosed caret block* row's result: a list of about 180,000 short values at 2 MB), measured
 * like a row (results held), 200 KB → 2 MB. It does no parser work that grows, so what it shows
 * over 1 is what a live result ten times larger costs in V8.
 */
function jsonParseFloor() {
  const make = (n) => {
    const items = [];
    for (let length = 2; length < n; length += 12) items.push(`"value${items.length % 1000}"`);
    return `[${items.join(',')}]`;
  };
  const [big] = copies(make(2 * MB), 1);
  const smalls = copies(make(200 * KB), 10);
  const parse = (text) => held(() => JSON.parse(text));
  warm({ a: parse(big), b: parse(smalls[0]) });
  const k = repeatsFor(perRun(parse(big)));
  const s = sideBySide({ small: inTurn(smalls.map(parse), 10 * k), big: repeat(parse(big), k) }, 7, cpuTimeHeld);
  return { ratio: linearity(s.small.map((t) => t / (10 * k)), smalls[0].length, s.big.map((t) => t / k), big.length) };
}

/**
 * The other reference: the *unclosed caret block* row's text (`key: value` lines) read by the least
 * any JavaScript reader does to build its result — each line's value sliced out and pushed onto one
 * array, a fresh string per line. `JSON.parse` keeps short strings in V8's string table, so its
 * result at 2 MB is 180,000 pointers to a few shared strings; a reader written in JavaScript makes
 * 180,000 fresh strings. Before results were held it read 1.2–2.0× (its 200 KB results died
 * young); held, 1.19–1.24× in the runs that brought the change.
 */
function slicesFloor() {
  const readValues = (text) => held(() => {
    const values = [];
    for (let at = 0; ; ) {
      const end = text.indexOf('\n', at);
      if (end < 0) return values;
      values.push(text.slice(at + 5, end));
      at = end + 1;
    }
  });
  const make = (n) => 'key: value\n'.repeat(Math.floor(n / 11));
  const [big] = copies(make(2 * MB), 1);
  const smalls = copies(make(200 * KB), 10);
  warm({ a: readValues(big), b: readValues(smalls[0]) });
  const k = repeatsFor(perRun(readValues(big)));
  const s = sideBySide({ small: inTurn(smalls.map(readValues), 10 * k), big: repeat(readValues(big), k) }, 7, cpuTimeHeld);
  return linearity(s.small.map((t) => t / (10 * k)), smalls[0].length, s.big.map((t) => t / k), big.length);
}

/**
 * Runs per sample so that one takes at least {@link MIN_SAMPLE_MS} of CPU, for a function that
 * takes `ms` once. A 1 ms sample moved by a third with whether a scavenge fell in it, and the
 * patterns a reader skips with `indexOf` parse 2 MB in a fifth of a millisecond.
 */
function repeatsFor(ms) {
  return Math.min(100_000, Math.max(1, Math.ceil(MIN_SAMPLE_MS / Math.max(ms, 1e-4))));
}

/**
 * `times` runs of the functions in turn. With a function per copy of one text: a pattern a
 * reader skips with `indexOf` runs at ~10 GB/s, and a 200 KB text parsed again and again stays
 * in the 2 MB L2 cache while a 2 MB one does not — its 10× ratio measured the cache (1.8×), not
 * the parser.
 */
function inTurn(fns, times) {
  return () => {
    for (let i = 0; i < times; i++) fns[i % fns.length]();
  };
}

/** `count` copies of `text`, each its own flat string in memory (one byte per unit when it can be). */
function copies(text, count) {
  return Array.from({ length: count }, () => Buffer.from(text, 'utf16le').toString('utf16le'));
}

/** CPU time of one run of `fn` (ms), from enough runs back to back to fill 5 ms. */
function perRun(fn) {
  for (let runs = 1; ; runs *= 2) {
    const ms = cpuTime(repeat(fn, runs));
    if (ms >= 5 || runs >= 100_000) return ms / runs;
  }
}

/** Whether two outcomes are of one kind (same states, same first error), so their times compare. */
function sameKind(a, b) {
  if (!a || !b) return true;
  const states = (r) => Object.keys(r.states).sort().join();
  return states(a) === states(b) && (a.error ?? '').slice(0, 24) === (b.error ?? '').slice(0, 24);
}

/**
 * What the parser made of an input, and the code units its scanner visited per input unit (the
 * algorithmic work: constant when the scan is linear).
 */
function outcome(text, key) {
  const parser = createTranscriptParser(OPTIONS);
  parser.write(text);
  parser.end();
  const chunks = parser.chunks;
  const tools = chunks.filter((c) => c.type === 'tool');
  const states = {};
  for (const tool of tools) states[tool.state] = (states[tool.state] ?? 0) + 1;
  const error = tools.find((t) => t.errorText)?.errorText;
  return {
    [`${key}Steps`]: parser.work.scanned / text.length,
    [`${key}Result`]: {
      texts: chunks.length - tools.length,
      states,
      ...(error ? { error: error.length > 90 ? `${error.slice(0, 90)}…` : error } : {}),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// 5. Naive renderer: remark-parse of the whole accumulated text on every delta, against our stream
// ---------------------------------------------------------------------------------------------
if (on('naive')) {
  log('node: naive remark-parse per delta');
  const processor = unified().use(remarkParse).freeze();
  const remark = (text) => processor.parse(text);
  const DELTA = 4;
  const STRATA = QUICK ? 8 : 24;
  /** Σ over every delta k of t(remark-parse of the first k·DELTA units), estimated from STRATA sampled prefixes. */
  const estimateNaive = (doc) => {
    const steps = Math.ceil(doc.length / DELTA);
    let total = 0;
    for (let j = 0; j < STRATA; j++) {
      const from = Math.floor((j * steps) / STRATA);
      const to = Math.floor(((j + 1) * steps) / STRATA);
      const mid = Math.min(doc.length, Math.round((from + to) / 2) * DELTA);
      const prefix = doc.slice(0, mid);
      remark(prefix);
      total += (to - from) * median([time(() => remark(prefix)), time(() => remark(prefix)), time(() => remark(prefix))]);
    }
    return total;
  };
  const ours = (doc) => {
    const fn = stream(deltasOf(doc, DELTA));
    warm({ fn });
    return median(Array.from({ length: 7 }, () => time(fn)));
  };

  // Full naive run on a 6 KB prefix: measured, and the estimator checked against it.
  const doc60 = transcript(60 * KB);
  const doc6 = doc60.slice(0, 6 * KB);
  const deltas6 = deltasOf(doc6, DELTA);
  const fullNaive6 = () => {
    let acc = '';
    for (const d of deltas6) {
      acc += d;
      remark(acc);
    }
  };
  fullNaive6();
  const naive6 = median(Array.from({ length: QUICK ? 1 : 3 }, () => time(fullNaive6)));
  const naive6Estimate = estimateNaive(doc6);
  const ours6 = ours(doc6);
  const naive60Estimate = estimateNaive(doc60);
  const ours60 = ours(doc60);
  tables.naive = {
    delta: DELTA,
    strata: STRATA,
    rows: [
      { size: doc6.length, naiveMs: naive6, naiveEstimateMs: naive6Estimate, oursMs: ours6, ratio: naive6 / ours6, how: 'naive run in full' },
      { size: doc60.length, naiveMs: undefined, naiveEstimateMs: naive60Estimate, oursMs: ours60, ratio: naive60Estimate / ours60, how: `estimated from ${STRATA} sampled prefixes` },
    ],
  };
  figures.push(
    check('naive.ratio.6000', 'naive remark-parse per 4-char delta ÷ our stream, 6 KB (naive measured in full)', naive6 / ours6, '×', { op: '>=', value: 1000 }),
  );
  figures.push(
    check(
      'naive.ratio.60000',
      'naive remark-parse per 4-char delta ÷ our stream, 60 KB (naive estimated)',
      naive60Estimate / ours60,
      '×',
      { op: '>=', value: 1000 },
      `naive total estimated from ${STRATA} sampled prefix parses (the 6 KB estimator was ${(naive6Estimate / naive6).toFixed(2)}× the full run)`,
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// 6. Text helpers outside the scanner: the streaming markdown closer and the result sections,
//    on inputs built to make a naive reader quadratic; 10× the input should cost 10× the time
//    (goal ≤ 1.5: these allocate strings as large as their input, and GC makes the big run noisier;
//    a quadratic reader would show 10×).
// ---------------------------------------------------------------------------------------------
if (on('helpers')) {
  log('node: markdown closer and sections, 10× ratios');
  const sectionFormats = [createXmlSections(['answer']), createMarkdownSections(['answer'])];
  const cases = [
    ['closeMarkdown, open inline markers', (n) => '*a _b `c` [d](e) '.repeat(n / 18), (text) => closeMarkdown(text)],
    ['closeMarkdown, fence lines', (n) => '```\n'.repeat(n / 4), (text) => closeMarkdown(text)],
    ['sections, opening tags only', (n) => '<answer>'.repeat(n / 8), (text) => sectionFormats.forEach((f) => f.parseSections(text))],
    ['sections, header lines', (n) => '# answer\n'.repeat(n / 9), (text) => sectionFormats.forEach((f) => f.parseSections(text))],
  ];
  const small = 40 * KB;
  const big = 400 * KB;
  for (const [name, make, run] of cases) {
    const a = make(small);
    const b = make(big);
    const fns = { small: repeat(() => run(a), 10), big: () => run(b) };
    warm(fns);
    const s = sideBySide(fns, QUICK ? 3 : 7);
    figures.push(check(`helpers.linear.${name}`, `${name}: 40 KB → 400 KB, t(10n) ÷ 10·t(n)`, linearity(s.small.map((t) => t / 10), a.length, s.big, b.length), '×', { op: '<=', value: 1.5 }));
  }
}

function label(n) {
  return n >= MB ? `${n / MB} MB` : `${n / KB} KB`;
}

writeFileSync(OUT, JSON.stringify({ figures, tables }, null, 2));
log(`node: done (${(now() / 1000).toFixed(0)} s)`);
