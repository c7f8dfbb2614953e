/**
 * Per-syntax tree-shaking: an app that imports the parser from `tool-transcript/lite` (or the
 * store from `tool-transcript/store/lite`, or `<ToolTranscript>` from `tool-transcript/react/lite`)
 * and passes only the syntax objects it uses carries only those. Each app is bundled with esbuild (as a
 * browser app would be) and the metafile says which modules it holds. From the sources (always),
 * and from the built `dist` (built first when missing, as the CLI tests do).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SyntaxName } from '../../src/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

/** The modules (paths relative to the repository) of the bundle of an app whose source is `app`. */
async function bundledModules(app: string): Promise<string[]> {
  const result = await build({
    stdin: { contents: app, resolveDir: root, sourcefile: 'app.js', loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    // React is the app's own; what matters here is what tool-transcript brings.
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    write: false,
    metafile: true,
    logLevel: 'silent',
    outfile: 'app.bundle.js',
  });
  const [output] = Object.values(result.metafile.outputs);
  // Modules esbuild read but left out entirely (`bytesInOutput: 0`) are not in the app.
  return Object.entries(output!.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path)
    .filter((path) => path !== 'app.js');
}

/** The npm packages among `modules`. */
function packagesOf(modules: readonly string[]): string[] {
  const names = modules.map((path) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1]).filter((name) => name !== undefined);
  return [...new Set(names)].sort();
}

/** The syntax folders among `modules` (`src/syntaxes/xml/…` or `dist/syntaxes/xml/…` → `xml`). */
function syntaxFoldersOf(modules: readonly string[]): string[] {
  const folders = modules.map((path) => /^(?:src|dist)\/syntaxes\/([^/]+)\//.exec(path)?.[1]).filter((name) => name !== undefined);
  return [...new Set(folders)].sort();
}

/** Export names of the syntax objects whose name is not `${syntax}Syntax` (the names follow the models' spelling). */
const EXPORT_NAMES: Partial<Record<SyntaxName, string>> = { deepseek: 'deepSeekSyntax', qwen3coder: 'qwen3CoderSyntax', minimax: 'miniMaxSyntax' };

/** An app that streams with one syntax, imported from `entry`. */
function oneSyntaxApp(entry: string, syntax: SyntaxName): string {
  const name = EXPORT_NAMES[syntax] ?? `${syntax}Syntax`;
  return `import { createTranscriptParser, parseTranscript, ${name} } from '${entry}';
export const stream = () => createTranscriptParser({ syntaxes: [${name}] });
export const parse = (text) => parseTranscript(text, { syntaxes: [${name}] });`;
}

/** What a syntax described over the kit with JSON arguments (deepseek, kimi, harmony) pulls in. */
const KIT = [
  'json/calls',
  'json/kept-strings',
  'json/repair',
  'json/scalars',
  'json/tracker',
  'kit/define',
  'kit/ends',
  'kit/json-arguments',
  'kit/python-json',
  'shared/json',
  'shared/position',
  'shared/problem',
  'shared/read-points',
];

/**
 * What each syntax pulls in beside its own folder: npm packages, and the modules of other
 * syntax folders (the shared helpers; hermes reads its JSON with the json syntax's tracker).
 */
const PULLS_IN: Record<SyntaxName, { packages: string[]; shared: string[] }> = {
  fence: { packages: ['yaml'], shared: ['shared/line-body', 'shared/problem', 'shared/read-points', 'shared/simple-yaml', 'shared/state', 'shared/yaml'] },
  caret: { packages: ['yaml'], shared: ['shared/line-body', 'shared/options', 'shared/read-points', 'shared/units', 'shared/yaml'] },
  emoji: { packages: [], shared: ['shared/leading-break'] },
  xml: {
    packages: [],
    shared: ['shared/close-tag', 'shared/identity', 'shared/json', 'shared/leading-break', 'shared/options', 'shared/position', 'shared/read-points', 'shared/units'],
  },
  json: { packages: [], shared: ['kit/python-json', 'shared/json', 'shared/options', 'shared/position', 'shared/problem', 'shared/throttle'] },
  sentinel: { packages: [], shared: ['shared/identity', 'shared/json', 'shared/leading-break', 'shared/options', 'shared/problem', 'shared/units'] },
  tooltags: { packages: [], shared: ['kit/define', 'kit/elements', 'kit/ends', 'shared/read-points'] },
  hermes: {
    packages: [],
    shared: ['json/calls', 'json/kept-strings', 'json/repair', 'json/scalars', 'json/tracker', 'kit/python-json', 'shared/close-tag', 'shared/json', 'shared/position', 'shared/problem', 'shared/read-points', 'shared/units'],
  },
  pythonic: { packages: [], shared: ['kit/define', 'kit/ends', 'kit/pythonic', 'shared/read-points'] },
  lfm2: {
    packages: [],
    shared: ['json/calls', 'json/kept-strings', 'json/repair', 'json/scalars', 'json/tracker', 'kit/define', 'kit/ends', 'kit/json-body', 'kit/pythonic', 'shared/json', 'shared/position', 'shared/problem', 'shared/read-points'],
  },
  olmo3: { packages: [], shared: ['kit/define', 'kit/ends', 'kit/pythonic', 'shared/read-points'] },
  internlm: {
    packages: [],
    shared: ['json/calls', 'json/kept-strings', 'json/repair', 'json/scalars', 'json/tracker', 'json/watcher', 'kit/define', 'kit/ends', 'kit/json-body', 'kit/json-identity', 'kit/python-json', 'shared/json', 'shared/position', 'shared/problem', 'shared/read-points'],
  },
  qwen3coder: { packages: [], shared: ['kit/define', 'kit/elements', 'kit/ends', 'kit/python-json', 'kit/written', 'shared/read-points', 'shared/units'] },
  glm: { packages: [], shared: ['kit/define', 'kit/elements', 'kit/ends', 'kit/python-json', 'kit/written', 'shared/json', 'shared/read-points', 'shared/units'] },
  deepseek: { packages: [], shared: [...KIT, 'kit/elements', 'kit/invoke-body', 'shared/units'].sort() },
  kimi: { packages: [], shared: KIT },
  harmony: { packages: [], shared: KIT },
  minimax: { packages: [], shared: ['json/calls', 'json/kept-strings', 'json/repair', 'json/scalars', 'json/tracker', 'kit/define', 'kit/elements', 'kit/ends', 'kit/invoke-body', 'kit/python-json', 'shared/json', 'shared/position', 'shared/read-points', 'shared/units'] },
  dsml: { packages: [], shared: ['json/calls', 'json/kept-strings', 'json/repair', 'json/scalars', 'json/tracker', 'kit/define', 'kit/elements', 'kit/ends', 'kit/invoke-body', 'kit/python-json', 'shared/json', 'shared/position', 'shared/read-points', 'shared/units'] },
  invoke: { packages: [], shared: ['json/calls', 'json/kept-strings', 'json/repair', 'json/scalars', 'json/tracker', 'kit/define', 'kit/elements', 'kit/ends', 'kit/invoke-body', 'kit/python-json', 'shared/json', 'shared/position', 'shared/read-points', 'shared/units'] },
  mistral: { packages: [], shared: ['json/calls', 'json/kept-strings', 'json/repair', 'json/scalars', 'json/tracker', 'kit/define', 'kit/ends', 'kit/json-calls', 'kit/python-json', 'shared/json', 'shared/position', 'shared/problem', 'shared/read-points', 'shared/units'] },
  phi4: { packages: [], shared: ['json/calls', 'json/kept-strings', 'json/repair', 'json/scalars', 'json/tracker', 'json/watcher', 'kit/define', 'kit/ends', 'kit/json-calls', 'kit/json-identity', 'kit/python-json', 'shared/json', 'shared/position', 'shared/problem', 'shared/read-points', 'shared/units'] },
  toolcalls: { packages: [], shared: ['json/calls', 'json/kept-strings', 'json/repair', 'json/scalars', 'json/tracker', 'json/watcher', 'kit/define', 'kit/ends', 'kit/json-calls', 'kit/json-identity', 'kit/python-json', 'shared/json', 'shared/position', 'shared/problem', 'shared/read-points'] },
  granite: { packages: [], shared: ['json/calls', 'json/kept-strings', 'json/repair', 'json/scalars', 'json/tracker', 'json/watcher', 'kit/define', 'kit/ends', 'kit/json-calls', 'kit/json-identity', 'kit/python-json', 'shared/json', 'shared/position', 'shared/problem', 'shared/read-points', 'shared/units'] },
  gemma: { packages: [], shared: ['kit/bare-object', 'kit/define', 'kit/ends', 'kit/python-json', 'shared/json', 'shared/read-points'] },
};

/** `src/syntaxes/xml/tag.ts` → `xml/tag`, for modules outside `own`'s folder. */
function otherSyntaxModules(modules: readonly string[], own: SyntaxName): string[] {
  return modules
    .map((path) => /^src\/syntaxes\/(.+)\.ts$/.exec(path)?.[1])
    .filter((path): path is string => path !== undefined && !path.startsWith(`${own}/`) && path.includes('/'))
    .sort();
}

describe('tool-transcript/lite from the sources: an app pays only for the syntaxes it passes', () => {
  it('an XML-only app carries no yaml and no other syntax', async () => {
    const modules = await bundledModules(oneSyntaxApp('./src/lite/index.ts', 'xml'));
    expect(packagesOf(modules)).toEqual([]);
    expect(modules.some((path) => path.includes('yaml'))).toBe(false);
    expect(syntaxFoldersOf(modules)).toEqual(['shared', 'xml']);
  });

  it.each(Object.keys(PULLS_IN) as SyntaxName[])('%s: its own folder, and what it pulls in', async (syntax) => {
    const modules = await bundledModules(oneSyntaxApp('./src/lite/index.ts', syntax));
    expect(packagesOf(modules)).toEqual(PULLS_IN[syntax].packages);
    expect(otherSyntaxModules(modules, syntax)).toEqual(PULLS_IN[syntax].shared);
    // Never the registry of names and defaults, which holds every syntax.
    expect(modules).not.toContain('src/syntaxes/index.ts');
  });

  it('the main entry resolves names and defaults, so its parser carries every syntax and yaml', async () => {
    const modules = await bundledModules(oneSyntaxApp('./src/index.ts', 'xml'));
    expect(packagesOf(modules)).toEqual(['yaml']);
    expect(syntaxFoldersOf(modules)).toEqual(['caret', 'deepseek', 'dsml', 'emoji', 'fence', 'gemma', 'glm', 'granite', 'harmony', 'hermes', 'internlm', 'invoke', 'json', 'kimi', 'kit', 'lfm2', 'minimax', 'mistral', 'olmo3', 'phi4', 'pythonic', 'qwen3coder', 'sentinel', 'shared', 'toolcalls', 'tooltags', 'xml']);
  });
});

/** A React app that renders XML-only text with `<ToolTranscript>` imported from `react`, and the syntax from `core`. */
function xmlReactApp(react: string, core: string): string {
  return `import { createElement } from 'react';
import { ToolTranscript } from '${react}';
import { xmlSyntax } from '${core}';
export const App = ({ text }) => createElement(ToolTranscript, { text, syntaxes: [xmlSyntax] });`;
}

/** A store fed XML-only text, the store imported from `store`, the syntax from `core`. */
function xmlStoreApp(store: string, core: string): string {
  return `import { createTranscriptStore } from '${store}';
import { xmlSyntax } from '${core}';
export const feed = (text) => { const store = createTranscriptStore({ syntaxes: [xmlSyntax] }); store.append(text); store.end(); return store; };`;
}

/**
 * The syntax modules outside `xml/` and `shared/` in an XML-only React or store app: the partial
 * JSON repairer of native calls' streamed input (`parsePartialJson`), which lives in the json
 * syntax's folder — its tracker and repairer, not the json syntax (no `json/index`, no reader).
 */
const PARTIAL_JSON = ['json/calls', 'json/kept-strings', 'json/repair', 'json/scalars', 'json/tracker'];

/** The modules that hold every syntax: the registry of names and defaults, and what imports it. */
const REGISTRY = ['src/syntaxes/index.ts', 'src/stream/parser.ts', 'src/store/transcript-store.ts', 'src/react/default-transcript.ts'];

describe('tool-transcript/react/lite and /store/lite from the sources: an XML-only app carries no yaml and no other syntax', () => {
  it('<ToolTranscript syntaxes={[xmlSyntax]}> from tool-transcript/react/lite', async () => {
    const modules = await bundledModules(xmlReactApp('./src/react/lite.ts', './src/lite/index.ts'));
    expect(modules).toContain('src/react/ToolTranscript.tsx');
    expect(packagesOf(modules)).not.toContain('yaml');
    expect(syntaxFoldersOf(modules)).toEqual(['json', 'shared', 'xml']);
    expect(otherSyntaxModules(modules, 'xml').filter((path) => !path.startsWith('shared/'))).toEqual(PARTIAL_JSON);
    for (const path of REGISTRY) expect(modules).not.toContain(path);
  });

  it('createTranscriptStore({ syntaxes: [xmlSyntax] }) from tool-transcript/store/lite', async () => {
    const modules = await bundledModules(xmlStoreApp('./src/store/lite.ts', './src/lite/index.ts'));
    expect(modules).toContain('src/store/model.ts');
    expect(packagesOf(modules)).toEqual(['zustand']);
    expect(otherSyntaxModules(modules, 'xml').filter((path) => !path.startsWith('shared/'))).toEqual(PARTIAL_JSON);
    for (const path of REGISTRY) expect(modules).not.toContain(path);
  });

  it('the full entries resolve names and defaults, so the same apps on them carry every syntax and yaml', async () => {
    for (const app of [xmlReactApp('./src/react/index.ts', './src/index.ts'), xmlStoreApp('./src/store/index.ts', './src/index.ts')]) {
      const modules = await bundledModules(app);
      expect(packagesOf(modules)).toContain('yaml');
      expect(syntaxFoldersOf(modules)).toEqual(['caret', 'deepseek', 'dsml', 'emoji', 'fence', 'gemma', 'glm', 'granite', 'harmony', 'hermes', 'internlm', 'invoke', 'json', 'kimi', 'kit', 'lfm2', 'minimax', 'mistral', 'olmo3', 'phi4', 'pythonic', 'qwen3coder', 'sentinel', 'shared', 'toolcalls', 'tooltags', 'xml']);
    }
  });
});

describe('tool-transcript/lite as built (dist)', () => {
  beforeAll(() => {
    if (!existsSync(join(root, 'dist/lite.js')) || !existsSync(join(root, 'dist/react/lite.js'))) {
      execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
    }
  });

  it('an XML-only app carries no yaml and no other syntax (dist keeps one file per module)', async () => {
    const modules = await bundledModules(oneSyntaxApp('./dist/lite.js', 'xml'));
    expect(packagesOf(modules)).toEqual([]);
    expect(syntaxFoldersOf(modules)).toEqual(['shared', 'xml']);
  });

  it('an XML-only React app on dist/react/lite.js carries no yaml and no other syntax', async () => {
    const modules = await bundledModules(xmlReactApp('./dist/react/lite.js', './dist/lite.js'));
    expect(modules).toContain('dist/react/ToolTranscript.js');
    expect(packagesOf(modules)).not.toContain('yaml');
    expect(syntaxFoldersOf(modules)).toEqual(['json', 'shared', 'xml']);
  });

  it('a caret-only app carries yaml', async () => {
    const modules = await bundledModules(oneSyntaxApp('./dist/lite.js', 'caret'));
    expect(packagesOf(modules)).toEqual(['yaml']);
    expect(syntaxFoldersOf(modules)).toEqual(['caret', 'shared']);
  });
});
