#!/usr/bin/env node
// The marginal bundle cost of syntax objects: min + gzip of an app on `tool-transcript/lite` that
// parses with the named syntaxes and hermes, minus the same app with hermes alone, both also
// exporting the whole syntax kit (so the scanner, the parser and the kit are counted once, in
// the baseline: what is left is the syntax's own description).
//
//   node bench/syntax-cost.mjs qwen3CoderSyntax glmSyntax      each name alone, then all together
//
// `npm run bench` prints the same figures for every built-in syntax (bundle part).

import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Gzip bytes of a lite app passing `names` (syntax object exports of src/lite/index.ts). */
export async function liteAppGzip(names) {
  const list = [...new Set(names)].join(", ");
  const contents = `import { createTranscriptParser, parseTranscript, ${list} } from './src/lite/index.ts';
export const stream = () => createTranscriptParser({ syntaxes: [${list}] });
export const parse = (text) => parseTranscript(text, { syntaxes: [${list}] });
export * from './src/syntaxes/kit/index.ts';`;
  const result = await build({
    stdin: { contents, resolveDir: root, sourcefile: 'entry.js', loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).length;
}

/** Marginal gzip bytes of each of `names` over a hermes-only app that carries the whole kit. */
export async function marginalCosts(names, baseline = ['hermesSyntax']) {
  const base = await liteAppGzip(baseline);
  const rows = [];
  for (const name of names) rows.push({ name, gzip: (await liteAppGzip([...baseline, name])) - base });
  return { base, rows };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  if (names.length === 0) {
    console.error('usage: node bench/syntax-cost.mjs NAME… (syntax exports of src/lite/index.ts)');
    process.exit(2);
  }
  const { base, rows } = await marginalCosts(names);
  console.log(`baseline (hermes + the kit): ${(base / 1000).toFixed(2)} kB gzip`);
  for (const row of rows) console.log(`${row.name}: +${(row.gzip / 1000).toFixed(2)} kB gzip over hermes + the kit`);
  if (names.length > 1) console.log(`all together: +${(((await liteAppGzip(['hermesSyntax', ...names])) - base) / 1000).toFixed(2)} kB gzip`);
}
