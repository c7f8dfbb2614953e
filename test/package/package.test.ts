/**
 * The package as users get it: `npm pack`ed, then installed into small consumer folders from the
 * npm cache where it can (`--prefer-offline`; the registry fills what the cache lacks). Checks what
 * a core-only install pulls, that the core and the command work there, and that a React 18 project
 * installs it (STACK.md "React 18": npm aliases cannot test React 18, a real consumer folder can).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};
let scratch = '';
let tarball = '';

// Installs take seconds to minutes on a busy machine; nothing here is timed.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

beforeAll(() => {
  if (!existsSync(join(root, 'dist/index.js'))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  scratch = mkdtempSync(join(tmpdir(), 'tool-transcript-package-'));
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: root, encoding: 'utf8' })) as Array<{
    filename: string;
    files: Array<{ path: string }>;
  }>;
  tarball = join(scratch, packed!.filename);
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** A consumer folder with `dependencies` installed from the cache where possible. */
function consumer(name: string, dependencies: Record<string, string>): string {
  const dir = join(scratch, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module', dependencies }));
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'pipe' });
  return dir;
}

/** The packages installed in `dir` (from npm's hidden lockfile), by name. */
function installedPackages(dir: string): string[] {
  const lock = JSON.parse(readFileSync(join(dir, 'node_modules/.package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  return Object.keys(lock.packages)
    .map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
    .sort();
}

function node(dir: string, script: string, input?: string) {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8', input });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the packed package', () => {
  it('ships dist and LICENSE; the React entries start with "use client"', () => {
    const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(listing).toContain('package/LICENSE');
    expect(listing).toContain('package/dist/index.js');
    expect(listing).toContain('package/dist/react.js');
    expect(readFileSync(join(root, 'dist/react.js'), 'utf8').startsWith('"use client";\n')).toBe(true);
    expect(readFileSync(join(root, 'dist/react/lite.js'), 'utf8').startsWith('"use client";\n')).toBe(true);
  });

  it('declares React, react-markdown and the markdown pipeline as optional peers; React 18 and 19', () => {
    for (const name of Object.keys(pkg.peerDependencies)) expect(pkg.peerDependenciesMeta[name], name).toEqual({ optional: true });
    expect(pkg.peerDependencies.react).toBe('^18.0.0 || ^19.0.0');
    expect(pkg.peerDependencies['react-dom']).toBe('^18.0.0 || ^19.0.0');
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@types/hast', '@types/mdast', 'yaml', 'zustand']);
  });
});

describe('a core-only install', () => {
  let dir = '';
  beforeAll(() => {
    dir = consumer('core-consumer', { 'tool-transcript': `file:${tarball}` });
  });

  it('pulls a handful of packages: yaml, zustand and the mdast and hast types (the remark entry\'s declarations name them)', () => {
    expect(installedPackages(dir)).toEqual(['@types/hast', '@types/mdast', '@types/unist', 'tool-transcript', 'yaml', 'zustand']);
  });

  it("imports 'tool-transcript' in node and parses", () => {
    const script = `import { parseTranscript } from 'tool-transcript';
const chunks = parseTranscript('Run:\\n^^^ls\\npath: .\\n^^^\\nok');
console.log(JSON.stringify(chunks.map((c) => c.type === 'tool' ? [c.toolName, c.input] : c.type)));`;
    expect(node(dir, script)).toEqual({ code: 0, stdout: '["text",["ls",{"path":"."}],"text"]\n', stderr: '' });
  });

  it("imports 'tool-transcript/lite' in node and parses with the syntax objects given", () => {
    const script = `import { parseTranscript, xmlSyntax } from 'tool-transcript/lite';
const chunks = parseTranscript('<tool name="ls"><arguments><arg name="path">.</arg></arguments></tool>', { syntaxes: [xmlSyntax] });
console.log(JSON.stringify(chunks.map((c) => c.type === 'tool' ? [c.toolName, c.input] : c.type)));`;
    expect(node(dir, script)).toEqual({ code: 0, stdout: '[["ls",{"path":"."}]]\n', stderr: '' });
  });

  it("imports 'tool-transcript/store/lite' in node and feeds a store with the syntax objects given", () => {
    const script = `import { createTranscriptStore } from 'tool-transcript/store/lite';
import { xmlSyntax } from 'tool-transcript/lite';
const store = createTranscriptStore({ syntaxes: [xmlSyntax] });
store.append('<tool name="ls"><arguments><arg name="path">.</arg></arguments></tool>');
store.end();
const items = store.getState().ids.map((id) => store.getItem(id));
console.log(JSON.stringify(items.map((c) => c.type === 'tool' ? [c.toolName, c.input] : c.type)));`;
    expect(node(dir, script)).toEqual({ code: 0, stdout: '[["ls",{"path":"."}]]\n', stderr: '' });
  });

  it('runs `tool-transcript parse`; `render` names the packages it needs in one line', () => {
    const bin = join(dir, 'node_modules/.bin/tool-transcript');
    const parsed = spawnSync(bin, ['parse', '-'], { cwd: dir, input: '^^^ls\n^^^', encoding: 'utf8' });
    expect(parsed.status).toBe(0);
    expect(JSON.parse(parsed.stdout)).toMatchObject([{ type: 'tool', toolName: 'ls' }]);
    const rendered = spawnSync(bin, ['render', '-'], { cwd: dir, input: 'hi', encoding: 'utf8' });
    expect(rendered.status).toBe(1);
    expect(rendered.stderr).toBe(
      'tool-transcript: render needs the packages unified, remark-parse, remark-gfm, remark-rehype, rehype-stringify (npm install unified remark-parse remark-gfm remark-rehype rehype-stringify)\n',
    );
  });
});

describe('a React 18 project', () => {
  let dir = '';
  beforeAll(() => {
    dir = consumer('react18-consumer', {
      react: '^18.3.1',
      'react-dom': '^18.3.1',
      'react-markdown': '^10.1.0',
      'remark-gfm': '^4.0.1',
      'tool-transcript': `file:${tarball}`,
    });
  });

  it('installs the package beside React 18 (the peer range allows it)', () => {
    const react = JSON.parse(readFileSync(join(dir, 'node_modules/react/package.json'), 'utf8')) as { version: string };
    expect(react.version).toMatch(/^18\./);
    expect(installedPackages(dir)).toContain('tool-transcript');
  });

  it('renders <ToolTranscript> with React 18 renderToString', () => {
    const script = `import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ToolTranscript } from 'tool-transcript/react';
const html = renderToString(createElement(ToolTranscript, { text: 'Look:\\n^^^read_file\\npath: a.ts\\n^^^\\n' }));
console.log(html.includes('data-slot="tool-call"') && html.includes('read_file') && html.includes('a.ts') ? 'rendered' : html);`;
    expect(node(dir, script)).toEqual({ code: 0, stdout: 'rendered\n', stderr: '' });
  });

  it("renders the lite <ToolTranscript> of 'tool-transcript/react/lite' with the syntax objects of 'tool-transcript/lite'", () => {
    const script = `import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ToolTranscript } from 'tool-transcript/react/lite';
import { xmlSyntax } from 'tool-transcript/lite';
const text = 'Look:\\n<tool name="read_file"><arguments><arg name="path">a.ts</arg></arguments></tool>\\n';
const html = renderToString(createElement(ToolTranscript, { text, syntaxes: [xmlSyntax] }));
console.log(html.includes('data-slot="tool-call"') && html.includes('read_file') && html.includes('a.ts') ? 'rendered' : html);`;
    expect(node(dir, script)).toEqual({ code: 0, stdout: 'rendered\n', stderr: '' });
  });
});
