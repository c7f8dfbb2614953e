// Bundle sizes: min + gzip (esbuild `bundle: true, minify: true, format: 'esm'`, browser platform)
// of our core and React entries, with their dependencies and alone (dependencies external), beside
// react-markdown and Streamdown. React, react-dom and their subpaths are external everywhere.

import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { check } from './lib/stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const REACT = ['react', 'react-dom', 'react/*', 'react-dom/*'];

/** Bytes of the minified bundle of `source` (an ES module's text, resolved from the repository root) and of its gzip. */
async function measure(source, { external = [], packages } = {}) {
  const result = await build({
    stdin: { contents: source, resolveDir: root, sourcefile: 'entry.js', loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: [...REACT, ...external],
    ...(packages ? { packages } : {}),
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.css': 'empty' },
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

export async function runBundle() {
  const entries = [
    { id: 'core', label: 'tool-transcript (core, src/index.ts) with dependencies', source: "export * from './src/index.ts';", goal: 40_000 },
    {
      id: 'core-parse',
      label: 'tool-transcript core, only parseTranscript + createTranscriptParser imported (tree-shaken), with dependencies',
      source: "export { parseTranscript, createTranscriptParser } from './src/index.ts';",
    },
    { id: 'core-own', label: 'tool-transcript core, our code alone (dependencies external)', source: "export * from './src/index.ts';", options: { packages: 'external' } },
    { id: 'core-no-yaml', label: 'tool-transcript core with dependencies except yaml', source: "export * from './src/index.ts';", options: { external: ['yaml'] } },
    { id: 'yaml', label: 'yaml as the core uses it (core with deps − core without yaml)', derived: true },
    { id: 'react', label: 'tool-transcript/react (src/react/index.ts) with dependencies', source: "export * from './src/react/index.ts';", goal: 90_000 },
    { id: 'react-own', label: 'tool-transcript/react, our code alone (dependencies external)', source: "export * from './src/react/index.ts';", options: { packages: 'external' } },
    { id: 'react-markdown', label: 'react-markdown with dependencies', source: "export { default } from 'react-markdown';" },
    { id: 'react-markdown-gfm', label: 'react-markdown + remark-gfm with dependencies', source: "export { default } from 'react-markdown'; export { default as remarkGfm } from 'remark-gfm';" },
    { id: 'streamdown', label: 'Streamdown with dependencies', source: "export * from 'streamdown';" },
  ];
  const rows = [];
  const figures = [];
  const sizes = {};
  for (const entry of entries) {
    if (entry.derived) continue;
    sizes[entry.id] = await measure(entry.source, entry.options);
  }
  sizes.yaml = { min: sizes.core.min - sizes['core-no-yaml'].min, gzip: sizes.core.gzip - sizes['core-no-yaml'].gzip };
  for (const entry of entries) {
    const size = sizes[entry.id];
    rows.push({ id: entry.id, label: entry.label, min: size.min, gzip: size.gzip });
    figures.push(
      check(`bundle.${entry.id}`, `${entry.label}: min + gzip`, size.gzip / 1000, 'kB', entry.goal ? { op: '<=', value: entry.goal / 1000 } : undefined),
    );
  }
  return { figures, tables: { bundle: rows } };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === join(process.argv[1])) {
  const { tables } = await runBundle();
  console.table(tables.bundle);
}
