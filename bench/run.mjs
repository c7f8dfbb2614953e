#!/usr/bin/env node
// `npm run bench`: builds what the benchmarks need into bench/.cache (src bundled with esbuild for
// Node; the Chromium page with a production React build), runs the Node, Chromium and bundle-size
// benchmarks, and writes bench/results/latest.json and bench/results/latest.md (also printed).
//
//   npm run bench                       everything (~4–5 minutes on a 2-core machine)
//   npm run bench -- --quick            fewer rounds, for trying the harness
//   npm run bench -- --only=node,bundle parts: node, store, browser, bundle, middleware (results of the others are
//                                       kept from the last latest.json)

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForNode } from './lib/bundle-for-node.mjs';
import { buildPage, runBrowser } from './browser.mjs';
import { bundleGoalLines, runBundle } from './bundle.mjs';
import { renderMarkdown } from './report.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const CACHE = join(here, '.cache');
const RESULTS = join(here, 'results');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',') ?? ['node', 'store', 'browser', 'bundle', 'middleware'];
const started = performance.now();
const log = (line) => process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);

mkdirSync(CACHE, { recursive: true });
mkdirSync(RESULTS, { recursive: true });
const previous = existsSync(join(RESULTS, 'latest.json')) ? JSON.parse(readFileSync(join(RESULTS, 'latest.json'), 'utf8')) : undefined;
const parts = {};

if (only.includes('node')) {
  log('build: src/index.ts → bench/.cache/core.mjs, the markdown closer → close-markdown.mjs');
  await bundleForNode('index.ts', join(CACHE, 'core.mjs'));
  // The React side's markdown closer is plain TypeScript (no React): bundled alone for node.mjs.
  await bundleForNode('react/markdown/close-markdown.ts', join(CACHE, 'close-markdown.mjs'));
  log('node: starting (separate process)');
  const out = join(CACHE, 'node.json');
  const child = spawnSync(process.execPath, [join(here, 'node.mjs'), out], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, BENCH_QUICK: quick ? '1' : '0' },
  });
  if (child.status !== 0) throw new Error(`bench/node.mjs failed (${child.status})`);
  parts.node = JSON.parse(readFileSync(out, 'utf8'));
}

if (only.includes('store')) parts.store = await (await import('./store.mjs')).runStore({ quick, log });

if (only.includes('browser')) {
  log('build: bench/browser/page.jsx → bench/.cache/page (production React)');
  await buildPage();
  log('browser: starting Chromium');
  parts.browser = await runBrowser({ quick, log });
}

if (only.includes('bundle')) {
  log('bundle: esbuild min + gzip');
  parts.bundle = await runBundle();
}
if (only.includes('middleware')) parts.middleware = await (await import('./middleware.mjs')).runMiddleware({ quick, log });

for (const key of ['node', 'store', 'browser', 'bundle', 'middleware']) if (!parts[key] && previous?.parts?.[key]) parts[key] = previous.parts[key];

const meta = {
  date: new Date().toISOString(),
  commit: git(['rev-parse', '--short', 'HEAD']),
  dirty: git(['status', '--porcelain', '--', 'src']) !== '',
  node: process.version,
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
  chromium: chromiumVersion(),
  quick,
  ran: only,
  seconds: Math.round((performance.now() - started) / 1000),
};
const result = { meta, parts };
writeFileSync(join(RESULTS, 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);
const markdown = renderMarkdown(result);
writeFileSync(join(RESULTS, 'latest.md'), markdown);
process.stdout.write(markdown);
// The bundle goals once more, one line each with what they are made of (the table above has them among the rest).
if (only.includes('bundle')) process.stdout.write(`\nBundle goals:\n${bundleGoalLines(parts.bundle.figures).join('\n')}\n`);
log(`done: bench/results/latest.json, bench/results/latest.md (${meta.seconds} s)`);

function git(argv) {
  try {
    return execFileSync('git', argv, { cwd: join(here, '..'), encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function chromiumVersion() {
  try {
    return execFileSync(process.env.CHROMIUM ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}
