// Chromium benchmarks: per-delta commit cost of <ToolTranscript>, react-markdown (+remark-gfm)
// and Streamdown at 1, 10, 30 and 60 KB, 4- and 32-char deltas, production React build. The page
// (bench/browser/page.jsx) is bundled with esbuild into bench/.cache/page and served from
// 127.0.0.1 with cross-origin isolation (so performance.now() has 5 µs resolution, not 100 µs).
// Driven by playwright-core on the machine's /usr/bin/chromium; nothing is downloaded.

import { createServer } from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import chromiumLaunch from '../test/support/chromium.json' with { type: 'json' };
import { check, median, pairedRatio } from './lib/stats.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const PAGE_DIR = join(here, '.cache/page');
const CHROMIUM = process.env.CHROMIUM ?? chromiumLaunch.executablePath;

export const SIZES = [1_000, 10_000, 30_000, 60_000];
export const DELTAS = [4, 32];
const COMPARED = ['ours', 'ours-store', 'react-markdown', 'streamdown'];

/** Bundles the benchmark page: production React, minified, CSS alongside. */
export async function buildPage() {
  mkdirSync(PAGE_DIR, { recursive: true });
  await build({
    entryPoints: { page: join(here, 'browser/page.jsx') },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outdir: PAGE_DIR,
    logLevel: 'warning',
  });
  writeFileSync(
    join(PAGE_DIR, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>bench</title><link rel="stylesheet" href="page.css"></head>' +
      '<body><script type="module" src="page.js"></script></body></html>',
  );
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serve() {
  const server = createServer((req, res) => {
    const path = req.url === '/' ? '/index.html' : req.url.split('?')[0];
    try {
      const body = readFileSync(join(PAGE_DIR, path.replace(/\.\.+/g, '')));
      res.writeHead(200, {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        // Cross-origin isolation: fine-grained timers.
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Runs every case `runs` times; each run visits the cases in a rotated order so the renderers
 * are measured side by side. Returns figures and a table of medians.
 */
export async function runBrowser({ quick = false, log = () => {} } = {}) {
  const runs = quick ? 2 : 3;
  const server = await serve();
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumLaunch.args, headless: true });
  const samples = {}; // key → per-run medians
  const late = {};
  const mounts = {};
  let isolated;
  const prefixes = {};
  let bigRows = [];
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => log(`page error: ${error.message}`));
    await page.goto(url);
    await page.waitForFunction(() => window.bench?.ready === true);
    // Warm-up (JIT, style caches): every renderer streams a little at 10 KB, untimed.
    for (const renderer of COMPARED) {
      await page.evaluate((args) => window.bench.run(args), { renderer, size: 10_000, delta: 4, warm: 20, count: 0, minCount: 0, budgetMs: 0 });
    }
    const cases = [];
    for (const delta of DELTAS) for (const size of SIZES) for (const renderer of COMPARED) cases.push({ renderer, size, delta });
    for (let r = 0; r < runs; r++) {
      const order = cases.map((_, i) => cases[(i + r * 7) % cases.length]);
      for (const c of order) {
        const key = `${c.renderer}|${c.size}|${c.delta}`;
        const result = await page.evaluate((args) => window.bench.run(args), {
          ...c,
          warm: 5,
          count: quick ? 40 : 100,
          minCount: quick ? 5 : 8,
          budgetMs: quick ? 1000 : 2000,
        });
        (samples[key] ??= []).push(median(result.times));
        late[key] = (late[key] ?? 0) + result.lateCommits;
        (mounts[key] ??= []).push(result.mountMs);
        isolated = result.crossOriginIsolated;
        prefixes[c.size] = result.prefixLength;
      }
      log(`browser: run ${r + 1}/${runs} done`);
    }
    log('browser: big transcripts (1 MB, 5 MB)');
    bigRows = await runBig(browser, url, { quick, log });
  } finally {
    await browser.close();
    server.close();
  }

  const figures = [];
  const rows = [];
  for (const delta of DELTAS) {
    for (const size of SIZES) {
      const row = { delta, size, prefix: prefixes[size] };
      for (const renderer of COMPARED) {
        const key = `${renderer}|${size}|${delta}`;
        row[renderer] = median(samples[key]);
        row[`${renderer}:late`] = late[key];
        row[`${renderer}:mount`] = median(mounts[key]);
      }
      rows.push(row);
    }
    const s = (renderer, size) => samples[`${renderer}|${size}|${delta}`];
    figures.push(
      check(`browser.flat.${delta}`, `<ToolTranscript text> per-delta commit, 60 KB ÷ 1 KB (${delta}-char deltas)`, pairedRatio(s('ours', 60_000), s('ours', 1_000)), '×', {
        op: '<=',
        value: 1.2,
      }),
    );
    figures.push(
      check(`browser.flatStore.${delta}`, `<ToolTranscript store> per-delta commit, 60 KB ÷ 1 KB (${delta}-char deltas)`, pairedRatio(s('ours-store', 60_000), s('ours-store', 1_000)), '×', {
        op: '<=',
        value: 1.2,
      }),
    );
    figures.push(
      check(`browser.rm.${delta}`, `react-markdown ÷ <ToolTranscript text> per delta at 60 KB (${delta}-char deltas)`, pairedRatio(s('react-markdown', 60_000), s('ours', 60_000)), '×', {
        op: '>=',
        value: 50,
      }),
    );
    figures.push(
      check(`browser.sd.${delta}`, `Streamdown ÷ <ToolTranscript text> per delta at 60 KB (${delta}-char deltas)`, pairedRatio(s('streamdown', 60_000), s('ours', 60_000)), '×', {
        op: '>=',
        value: 3,
      }),
    );
  }
  figures.push(...bigFigures(bigRows));
  return { figures, tables: { browser: { runs, crossOriginIsolated: isolated, rows }, big: bigRows } };
}

export const BIG_SIZES = [1_000_000, 5_000_000];

/**
 * Mounts `<ToolTranscript text>` on 1 MB and 5 MB transcripts, each in a fresh page: the time of
 * the one synchronous render (parse included) beside `parseTranscript` of the same text in the
 * same page, and the JS heap the mounted transcript keeps (CDP `Performance.getMetrics` after a
 * forced collection, before and after mounting). Also once, at 1 MB, with every group rendered
 * (`deferOffscreen={false}`), which is how every size rendered before.
 */
export async function runBig(browser, url, { quick, log }) {
  const rounds = quick ? 1 : 3;
  const cases = [];
  for (let r = 0; r < rounds; r++) for (const bytes of BIG_SIZES) cases.push({ bytes, full: false });
  cases.push({ bytes: BIG_SIZES[0], full: true });
  const rows = [];
  for (const c of cases) {
    const page = await browser.newPage();
    try {
      page.on('pageerror', (error) => log(`page error: ${error.message}`));
      await page.goto(url);
      await page.waitForFunction(() => window.bench?.ready === true);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      const heap = async () => {
        await cdp.send('HeapProfiler.collectGarbage');
        const { metrics } = await cdp.send('Performance.getMetrics');
        return metrics.find((m) => m.name === 'JSHeapUsedSize').value;
      };
      const length = await page.evaluate((bytes) => window.bench.bigText(bytes), c.bytes);
      const parseMs = await page.evaluate(() => window.bench.bigParse());
      const before = await heap();
      const mount = await page.evaluate((full) => window.bench.bigMount(full), c.full);
      const after = await heap();
      rows.push({ ...c, length, parseMs, mountMs: mount.ms, heapBytes: after - before, cards: mount.cards, elements: mount.elements });
      log(`browser: big ${c.bytes / 1e6} MB${c.full ? ' (every group rendered)' : ''}: ${mount.ms.toFixed(0)} ms, heap +${((after - before) / 1e6).toFixed(1)} MB`);
    } finally {
      await page.close();
    }
  }
  return rows;
}

/** Medians per size and mode. */
export function bigSummary(rows) {
  const pick = (bytes, full) => rows.filter((r) => r.bytes === bytes && r.full === full);
  const summary = (list) =>
    list.length === 0
      ? undefined
      : {
          length: list[0].length,
          parseMs: median(list.map((r) => r.parseMs)),
          mountMs: median(list.map((r) => r.mountMs)),
          heapBytes: median(list.map((r) => r.heapBytes)),
          elements: median(list.map((r) => r.elements)),
          byRenderParse: median(list.map((r) => r.mountMs / r.parseMs)),
        };
  return { small: summary(pick(BIG_SIZES[0], false)), large: summary(pick(BIG_SIZES[1], false)), full: summary(pick(BIG_SIZES[0], true)) };
}

function bigFigures(rows) {
  const { small, large, full } = bigSummary(rows);
  if (!small || !large) return [];
  const figures = [
    check('browser.big.linear', '<ToolTranscript text> mount, 5 MB ÷ 5 × 1 MB (per code unit)', large.mountMs / large.length / (small.mountMs / small.length), '×', { op: '<=', value: 1.5 }),
    check('browser.big.parse', '<ToolTranscript text> mount ÷ parseTranscript of the same 5 MB (same page)', large.byRenderParse, '×', { op: '<=', value: 3 }),
    check('browser.big.heap', 'JS heap kept by the mounted 5 MB transcript ÷ its length (code units; about its UTF-8 size, as it is mostly ASCII)', large.heapBytes / large.length, '×', { op: '<=', value: 6 }),
  ];
  if (full) figures.push(check('browser.big.full', 'every group rendered ÷ deferred off-screen groups, mount at 1 MB', full.mountMs / small.mountMs, '×'));
  return figures;
}
