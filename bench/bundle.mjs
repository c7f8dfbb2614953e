// Bundle sizes: min + gzip (esbuild `bundle: true, minify: true, format: 'esm'`, browser platform)
// of our core and React entries, with their dependencies and alone (dependencies external), of
// apps that pass only the syntax objects they use (`tool-transcript/lite`, `/react/lite`),
// beside react-markdown and Streamdown. React, react-dom and their subpaths are external
// everywhere. Every figure with a goal prints it, and what it is made of: the share of yaml and
// of react-markdown + remark-gfm (each measured as what leaving that package out saves), and
// where a dependency alone leaves less room than our code needs, the floor that sets.

import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { check } from './lib/stats.mjs';
import { marginalCosts } from './syntax-cost.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const REACT = ['react', 'react-dom', 'react/*', 'react-dom/*'];
const MARKDOWN = ['react-markdown', 'remark-gfm'];

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

/**
 * An app on `tool-transcript/lite` that parses and streams with the seven syntaxes the core had
 * when issue #24 set its 30 kB goal for our own code (the default set has grown since).
 */
const SEVEN_SYNTAXES_APP = `import { createTranscriptParser, parseTranscript, ${SYNTAXES.map((syntax) => `${syntax}Syntax`).join(', ')} } from './src/lite/index.ts';
const syntaxes = [${SYNTAXES.map((syntax) => `${syntax}Syntax`).join(', ')}];
export const stream = () => createTranscriptParser({ syntaxes });
export const parse = (text) => parseTranscript(text, { syntaxes });`;

/** The React lite entry whole, with the XML syntax: everything a React app that reads XML only can use. */
const REACT_LITE_XML = "export * from './src/react/lite.ts'; export { xmlSyntax } from './src/lite/index.ts';";

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * What a goal's figure is made of, and whether the dependencies alone leave the goal room for
 * our code: `deps` are the shares that no change of ours removes (yaml is the stack's YAML;
 * react-markdown + remark-gfm render the text).
 */
function composition(goalBytes, deps, own) {
  const parts = [...deps.map(([name, bytes]) => `${name} ${kB(bytes)}`), `our code ${kB(own)}`];
  const floor = deps.reduce((sum, [, bytes]) => sum + bytes, 0);
  const room = goalBytes - floor;
  const names = deps.map(([name]) => name).join(' + ');
  // The goal is out of reach when our code alone needs more than the dependencies leave.
  const verdict =
    own <= room
      ? `the dependencies leave ${kB(room)} for our code`
      : `goal unreachable with ${names}: floor ${kB(floor)} + our code; the goal leaves our code ${kB(room)}, it is ${kB(own)}`;
  return `${parts.join(', ')}; ${verdict}`;
}

/**
 * What a goal on our own code (dependencies external) is made of: `parts` are gzip shares of it,
 * each the difference of two measured bundles (so they add up to the figure), and how far the
 * figure is from the goal.
 */
function ownComposition(goalBytes, parts) {
  const own = parts.reduce((sum, [, bytes]) => sum + bytes, 0);
  const gap = own - goalBytes;
  const verdict = gap <= 0 ? `${kB(-gap)} under the goal` : `${kB(gap)} over the goal`;
  return `${parts.map(([name, bytes]) => `${name} ${kB(bytes)}`).join(', ')}; ${verdict}`;
}

export async function runBundle() {
  const entries = [
    { id: 'core', label: 'tool-transcript (core, every syntax) with dependencies', source: "export * from './src/index.ts';", goal: 40_000 },
    {
      id: 'core-parse',
      label: 'tool-transcript core, only parseTranscript + createTranscriptParser imported (tree-shaken), with dependencies',
      source: "export { parseTranscript, createTranscriptParser } from './src/index.ts';",
    },
    {
      id: 'core-own',
      label: 'tool-transcript core (every default syntax), our code alone (dependencies external)',
      source: "export * from './src/index.ts';",
      options: { packages: 'external' },
      goal: 30_000,
    },
    {
      id: 'core-own-seven',
      label: 'tool-transcript/lite, an app passing the seven original syntaxes (fence, caret, emoji, xml, json, sentinel, hermes), our code alone (dependencies external)',
      source: SEVEN_SYNTAXES_APP,
      options: { packages: 'external' },
      goal: 30_000,
    },
    { id: 'core-no-yaml', label: 'tool-transcript core with dependencies except yaml', source: "export * from './src/index.ts';", options: { external: ['yaml'] } },
    ...SYNTAXES.map((syntax) => ({
      id: `lite-${syntax}`,
      label: `tool-transcript/lite, an app passing only \`${syntax}Syntax\`, with dependencies`,
      source: liteApp(syntax),
    })),
    { id: 'react', label: 'tool-transcript/react (every syntax) with dependencies', source: "export * from './src/react/index.ts';", goal: 90_000 },
    {
      id: 'react-own',
      label: 'tool-transcript/react (every default syntax), our code alone (dependencies external)',
      source: "export * from './src/react/index.ts';",
      options: { packages: 'external' },
      goal: 45_000,
    },
    { id: 'react-no-yaml', label: 'tool-transcript/react with dependencies except yaml', source: "export * from './src/react/index.ts';", options: { external: ['yaml'] } },
    {
      id: 'react-no-markdown',
      label: 'tool-transcript/react with dependencies except react-markdown and remark-gfm',
      source: "export * from './src/react/index.ts';",
      options: { external: MARKDOWN },
    },
    { id: 'react-lite-xml', label: 'tool-transcript/react/lite whole + `xmlSyntax` (an XML-only React app), with dependencies', source: REACT_LITE_XML, goal: 90_000 },
    {
      id: 'react-lite-xml-app',
      label: 'an app rendering `<ToolTranscript syntaxes={[xmlSyntax]}>` from tool-transcript/react/lite (tree-shaken), with dependencies',
      source:
        "import { createElement } from 'react'; import { ToolTranscript } from './src/react/lite.ts'; import { xmlSyntax } from './src/lite/index.ts';\nexport const App = ({ text }) => createElement(ToolTranscript, { text, syntaxes: [xmlSyntax] });",
    },
    { id: 'react-lite-xml-own', label: 'tool-transcript/react/lite + `xmlSyntax`, our code alone (dependencies external)', source: REACT_LITE_XML, options: { packages: 'external' } },
    { id: 'react-lite-xml-no-markdown', label: 'tool-transcript/react/lite + `xmlSyntax` with dependencies except react-markdown and remark-gfm', source: REACT_LITE_XML, options: { external: MARKDOWN } },
    { id: 'react-markdown', label: 'react-markdown with dependencies', source: "export { default } from 'react-markdown';" },
    { id: 'react-markdown-gfm', label: 'react-markdown + remark-gfm with dependencies', source: "export { default } from 'react-markdown'; export { default as remarkGfm } from 'remark-gfm';" },
    { id: 'streamdown', label: 'Streamdown with dependencies', source: "export * from 'streamdown';" },
  ];
  const sizes = {};
  for (const entry of entries) sizes[entry.id] = await measure(entry.source, entry.options);
  // A dependency's share of a bundle: what the bundle weighs less without it (shared code counted once).
  const share = (whole, without) => ({ min: sizes[whole].min - sizes[without].min, gzip: sizes[whole].gzip - sizes[without].gzip });
  const shares = {
    'core-yaml': share('core', 'core-no-yaml'),
    'react-yaml': share('react', 'react-no-yaml'),
    'react-markdown-share': share('react', 'react-no-markdown'),
    'react-lite-xml-markdown': share('react-lite-xml', 'react-lite-xml-no-markdown'),
  };
  const derived = [
    { id: 'core-yaml', label: 'yaml in the core (core − core without yaml)' },
    { id: 'react-yaml', label: 'yaml in tool-transcript/react (react − react without yaml)' },
    { id: 'react-markdown-share', label: 'react-markdown + remark-gfm in tool-transcript/react (react − react without them)' },
    { id: 'react-lite-xml-markdown', label: 'react-markdown + remark-gfm in the XML-only React app (without them − with them)' },
  ];
  Object.assign(sizes, shares);

  const notes = {
    core: composition(40_000, [['yaml', sizes['core-yaml'].gzip]], sizes['core-own'].gzip),
    react: composition(
      90_000,
      [
        ['react-markdown + remark-gfm', sizes['react-markdown-share'].gzip],
        ['yaml', sizes['react-yaml'].gzip],
      ],
      sizes['react-own'].gzip,
    ),
    'core-own': ownComposition(30_000, [
      ['the seven original syntaxes and the core they run on', sizes['core-own-seven'].gzip],
      ['the other default syntaxes, formatting, restoring and the rest of the entry', sizes['core-own'].gzip - sizes['core-own-seven'].gzip],
    ]),
    'core-own-seven': ownComposition(30_000, [['the parser, the scanner and the seven syntaxes', sizes['core-own-seven'].gzip]]),
    'react-own': ownComposition(45_000, [
      ["the core's own code (core-own)", sizes['core-own'].gzip],
      ['what the React entry adds over it, net (components, cards, the store; it leaves out formatting and restoring)', sizes['react-own'].gzip - sizes['core-own'].gzip],
    ]),
    'react-lite-xml': composition(
      90_000,
      [['react-markdown + remark-gfm', sizes['react-lite-xml-markdown'].gzip]],
      sizes['react-lite-xml-own'].gzip,
    ),
  };

  const rows = [];
  const figures = [];
  for (const entry of [...entries, ...derived]) {
    const size = sizes[entry.id];
    const goal = entry.goal ? { op: '<=', value: entry.goal / 1000 } : undefined;
    const figure = check(`bundle.${entry.id}`, `${entry.label}: min + gzip`, size.gzip / 1000, 'kB', goal, notes[entry.id]);
    rows.push({ id: entry.id, label: entry.label, min: size.min, gzip: size.gzip, goal, pass: figure.pass, ...(notes[entry.id] ? { note: notes[entry.id] } : {}) });
    figures.push(figure);
  }
  // The issue's third goal: an app that passes only some syntaxes pays only for those. XML reads
  // no YAML, so an XML-only app — core or React — must carry none of it.
  for (const [id, app] of [
    ['lite-xml', 'tool-transcript/lite'],
    ['react-lite-xml', 'tool-transcript/react/lite'],
  ]) {
    const note = `the app: ${kB(sizes[id].gzip)} min + gzip`;
    figures.push(check(`bundle.${id}-yaml`, `yaml in the XML-only ${app} app (minified bytes)`, sizes[id].yaml, 'B', { op: '<=', value: 0 }, note));
  }
  const syntaxRows = await syntaxMarginals(figures);
  return { figures, tables: { bundle: rows, syntaxes: syntaxRows } };
}

/** Largest marginal cost of a syntax described over the kit (issue #21: a format is a short description). */
const KIT_SYNTAX_GOAL = 1_500;
/** Largest marginal cost of a hand-written syntax (its own reader, not a description over the kit; issue #24). */
const HAND_WRITTEN_SYNTAX_GOAL = 4_000;

/**
 * Every syntax object the lite entry exports, with its marginal gzip over an app that already
 * parses with hermes and carries the whole kit (bench/syntax-cost.mjs). Syntaxes described over
 * the kit (their folder imports it) have the kit's goal, hand-written ones the larger
 * {@link HAND_WRITTEN_SYNTAX_GOAL}.
 */
async function syntaxMarginals(figures) {
  const lite = readFileSync(join(root, 'src/lite/index.ts'), 'utf8');
  const found = [...lite.matchAll(/export \{([^}]*)\} from '\.\.\/syntaxes\/([\w-]+)\/index\.js'/g)];
  const syntaxes = found.flatMap(([, names, folder]) =>
    names
      .split(',')
      .map((name) => name.trim())
      .filter((name) => /^[a-z]\w*Syntax$/.test(name) && !name.startsWith('create') && !name.startsWith('define'))
      .map((name) => ({ name, folder })),
  );
  const { rows } = await marginalCosts(syntaxes.map(({ name }) => name).filter((name) => name !== 'hermesSyntax'));
  const table = [];
  for (const row of rows) {
    const { folder } = syntaxes.find(({ name }) => name === row.name);
    const onKit = kitBased(folder);
    const goal = { op: '<=', value: (onKit ? KIT_SYNTAX_GOAL : HAND_WRITTEN_SYNTAX_GOAL) / 1000 };
    const figure = check(`bundle.syntax.${row.name}`, `\`${row.name}\` marginal over hermes + the kit: min + gzip`, row.gzip / 1000, 'kB', goal);
    figures.push(figure);
    table.push({ syntax: row.name, kit: onKit, gzip: row.gzip, goal, pass: figure.pass });
  }
  return table;
}

/** Whether a syntax folder's modules import the kit. */
function kitBased(folder) {
  try {
    return readFileSync(join(root, 'src/syntaxes', folder, 'index.ts'), 'utf8').includes('/kit/');
  } catch {
    return false;
  }
}

/** The bundle figures with a goal, one line each: what `--only=bundle` prints first. */
export function bundleGoalLines(figures) {
  return figures
    .filter((figure) => figure.goal)
    .map((figure) => {
      const verdict = figure.pass ? '✅' : '❌';
      const value = figure.unit === 'kB' ? `${figure.value.toFixed(1)} kB` : `${figure.value} ${figure.unit}`;
      return `${verdict} ${figure.label.replace(/: min \+ gzip$/, '')}: ${value} (goal ≤ ${figure.goal.value} ${figure.unit})${figure.note ? `\n     ${figure.note}` : ''}`;
    });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === join(process.argv[1])) {
  const { figures, tables } = await runBundle();
  console.table(tables.bundle.map(({ note, ...row }) => row));
  console.log(bundleGoalLines(figures).join('\n'));
}
