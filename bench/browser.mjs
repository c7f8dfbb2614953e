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
  return { figures, tables: { browser: { runs, crossOriginIsolated: isolated, rows } } };
}
