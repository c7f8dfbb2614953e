// Bundle sizes: min + gzip (esbuild `bundle: true, minify: true, format: 'esm'`, browser platform)
// of our core and React entries, with their dependencies and alone (dependencies external), of
// one-syntax apps built on `tool-transcript/lite`, beside react-markdown and Streamdown. React,
// react-dom and their subpaths are external everywhere. Figures with a goal print it.

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
    metafile: true,
    outfile: 'entry.bundle.js',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const [output] = Object.values(result.metafile.outputs);
  // Minified bytes of yaml's modules in the bundle: 0 when the app carries no YAML.
  const yaml = Object.entries(output.inputs)
    .filter(([path]) => path.includes('node_modules/yaml/'))
    .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length, yaml };
}

/** An app on `tool-transcript/lite` that parses and streams with the built-in `syntax` only. */
function liteApp(syntax) {
  return `import { createTranscriptParser, parseTranscript, ${syntax}Syntax } from './src/lite/index.ts';
export const stream = () => createTranscriptParser({ syntaxes: [${syntax}Syntax] });
export const parse = (text) => parseTranscript(text, { syntaxes: [${syntax}Syntax] });`;
}
const SYNTAXES = ['fence', 'caret', 'emoji', 'xml', 'json', 'sentinel', 'hermes'];

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** What a goal's figure is made of that our code cannot shrink: the dependencies it must carry. */
function floorNote(id, sizes) {
  if (id === 'core') return `of it yaml ${kB(sizes.yaml.gzip)}, our code ${kB(sizes['core-own'].gzip)}`;
  if (id === 'react') {
    return `react-markdown + remark-gfm alone ${kB(sizes['react-markdown-gfm'].gzip)}, yaml ${kB(sizes.yaml.gzip)}, our code ${kB(sizes['react-own'].gzip)}`;
  }
  return undefined;
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
    ...SYNTAXES.map((syntax) => ({
      id: `lite-${syntax}`,
      label: `tool-transcript/lite, an app passing only \`${syntax}Syntax\`, with dependencies`,
      source: liteApp(syntax),
    })),
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
    const goal = entry.goal ? { op: '<=', value: entry.goal / 1000 } : undefined;
    const figure = check(`bundle.${entry.id}`, `${entry.label}: min + gzip`, size.gzip / 1000, 'kB', goal, floorNote(entry.id, sizes));
    rows.push({ id: entry.id, label: entry.label, min: size.min, gzip: size.gzip, goal, pass: figure.pass });
    figures.push(figure);
  }
  // The third goal: an app that passes only some syntaxes pays only for those. XML reads
  // no YAML, so an XML-only app must carry none of it.
  figures.push(check('bundle.lite-xml-yaml', 'yaml in the XML-only tool-transcript/lite app (minified bytes)', sizes['lite-xml'].yaml, 'B', { op: '<=', value: 0 }));
  return { figures, tables: { bundle: rows } };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === join(process.argv[1])) {
  const { tables } = await runBundle();
  console.table(tables.bundle);
}
