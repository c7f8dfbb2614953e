/**
 * Every ```ts, ```js and ```tsx block of README.md and CONTRIBUTING.md, as written:
 *
 * - ts and js blocks run in node, each as a module in the package (so `tool-transcript` imports
 *   resolve to the built `dist` through the package self-reference), after a prelude that gives
 *   the values a snippet assumes and does not declare (`textStream`, `reply`, …);
 * - ts and tsx blocks are type-checked together against the built type declarations (strict), with
 *   the same assumed names declared: what a reader copies compiles. tsx blocks are JSX fragments
 *   shown for their props.
 *
 * A block preceded by `<!-- not-run: reason -->` is illustrative only and skipped.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Inside the package (for the self-reference) and ignored by git (under dist/).
const work = join(root, 'dist/.readme-snippets');

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

/** The documents whose code blocks run: what users and contributors copy. */
const DOCUMENTS = ['README.md', 'CONTRIBUTING.md'] as const;

interface Snippet {
  file: (typeof DOCUMENTS)[number];
  lang: 'ts' | 'js' | 'tsx';
  line: number;
  code: string;
  /** The reason given in a `<!-- not-run: … -->` comment right before the block. */
  notRun?: string;
}

/** The ts, js and tsx blocks of a markdown document, with their line numbers. */
function readmeSnippets(file: Snippet['file'], markdown: string): Snippet[] {
  const lines = markdown.split('\n');
  const snippets: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(ts|js|tsx)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && /^```\s*$/.test(line));
    const before = lines.slice(0, i).reverse().find((line) => line.trim() !== '');
    const notRun = before && /^<!--\s*not-run:\s*(.+?)\s*-->$/.exec(before.trim())?.[1];
    snippets.push({ file, lang: open[1] as Snippet['lang'], line: i + 1, code: lines.slice(i + 1, end).join('\n'), ...(notRun ? { notRun } : {}) });
    i = end;
  }
  return snippets;
}

/**
 * Values for names README snippets use without declaring them, as a reader's program would have
 * them. Only the names a snippet uses and does not declare are put before it.
 */
const ASSUMED_VALUES: Record<string, string> = {
  modelTextStream: `const modelTextStream = (async function* () { yield 'Looking.\\n\\n\`\`\`tool search\\ninput:\\n  q: cats\\n'; yield '\`\`\`\\n🛠️[ls]🛠️[/end] done'; })();`,
  render: 'const render = (chunks) => { if (!Array.isArray(chunks)) throw new Error("render: not chunks"); };',
  send: 'const send = (chunks) => { if (!Array.isArray(chunks)) throw new Error("send: not UI-message chunks"); };',
  textStream: `const textStream = new ReadableStream({ start(c) { for (const d of ['Hi ', '\`\`\`tool a\\n', '\`\`\`\\n', '<tool name="b"></tool>']) c.enqueue(d); c.close(); } });`,
  reply: 'const reply = "Reading.\\n^^^read_file\\npath: src/a.ts\\nmax_lines: 10\\n^^^\\n";',
  uiMessageStream: `const uiMessageStream = [{ type: 'start' }, { type: 'tool-input-available', toolCallId: 'call_42', toolName: 'weather', input: { city: 'Oslo' }, dynamic: true }, { type: 'tool-input-available', toolCallId: 'call_43', toolName: 'weather', input: {}, dynamic: true }];`,
  error: 'const error = new Error("the stream broke");',
};

/** Declarations for the names the ts and tsx snippets use without declaring them. */
const ASSUMED_TYPES = `import type { ToolChunk, TranscriptChunk } from 'tool-transcript';
import type { TranscriptStore } from 'tool-transcript/store';
import type { UIMessage, UIMessageChunk } from 'ai';
declare global {
  const modelTextStream: AsyncIterable<string>;
  const render: (chunks: readonly TranscriptChunk[]) => void;
  const send: (chunks: readonly UIMessageChunk[]) => void;
  const textStream: ReadableStream<string>;
  const reply: string;
  const uiMessageStream: AsyncIterable<UIMessageChunk>;
  const error: Error;
  const assistantText: string;
  const response: { body: ReadableStream<Uint8Array> }; // fetch's body, checked for null
  const text: string;
  const store: TranscriptStore;
  const message: UIMessage;
  const chunk: ToolChunk;
}
export {};
`;

/**
 * A tsx block as a module. The blocks list JSX elements one under another, each a statement of its
 * own with a `//` note: a `;` before each element that starts a line keeps them apart.
 */
function asStatements(code: string): string {
  const lines = code.split('\n').map((line) => (/^<(?!\/)/.test(line) ? `;${line}` : line));
  return `${lines.join('\n')}\nexport {};\n`;
}

/**
 * Type errors in README blocks that wait for a fix in the library, each with its reason; each may
 * be present or not, any other error fails. Keep this empty whenever possible.
 */
const KNOWN_ERRORS: RegExp[] = [];

function uses(code: string, name: string): boolean {
  return new RegExp(`(?<![.\\w$])${name}\\b`).test(code) && !new RegExp(`\\b(?:const|let|var|function)\\s+${name}\\b`).test(code);
}

const snippets = DOCUMENTS.flatMap((file) => readmeSnippets(file, readFileSync(join(root, file), 'utf8')));

/** A file name for a block: its document and line (`README-line-12`). */
function snippetName({ file, line }: Snippet): string {
  return `${file.replace(/\.md$/, '')}-line-${line}`;
}

beforeAll(() => {
  if (!existsSync(join(root, 'dist/index.js')) || !existsSync(join(root, 'dist/react/index.d.ts'))) {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  }
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('README and CONTRIBUTING snippets', () => {
  it('keeps the README a front page: a contents list, at most 500 lines (reference detail lives in the API docs)', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toMatch(/^## Contents$/m);
    expect(readme.split('\n').length).toBeLessThanOrEqual(500);
  });

  it('gives the two commands, and `npm test` is what CI runs', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toMatch(/^## Two commands$/m);
    expect(readme).toMatch(/^npm ci && npm run storybook\b/m);
    expect(readme).toMatch(/^npm test\b/m);
    expect(readFileSync(join(root, '.ci/run'), 'utf8')).toMatch(/^npm test$/m);
  });

  it('finds the snippets of each document, and marks few as not run', () => {
    expect(snippets.filter((snippet) => snippet.file === 'README.md').length).toBeGreaterThanOrEqual(8);
    expect(snippets.filter((snippet) => snippet.file === 'CONTRIBUTING.md').length).toBeGreaterThanOrEqual(1);
    expect(snippets.filter((snippet) => snippet.notRun).length).toBeLessThanOrEqual(2);
  });

  const runnable = snippets.filter((snippet) => snippet.lang !== 'tsx' && !snippet.notRun);
  it.each(runnable)('runs the $lang block of $file at line $line', async (snippet) => {
    const { code, file: document, lang, line } = snippet;
    const prelude = Object.entries(ASSUMED_VALUES)
      .filter(([name]) => uses(code, name))
      .map(([, value]) => value);
    // Imports first (a module's imports are hoisted anyway), then the assumed values, then the rest.
    const { code: js } = await transform(code, { loader: lang === 'ts' ? 'ts' : 'js', format: 'esm', target: 'es2022' });
    const importLines = js.split('\n').filter((l) => /^import\s/.test(l));
    const body = js.split('\n').filter((l) => !/^import\s/.test(l));
    const file = join(work, `${snippetName(snippet)}.mjs`);
    writeFileSync(file, [...importLines, ...prelude, ...body].join('\n'));
    const result = spawnSync(process.execPath, [file], { cwd: root, encoding: 'utf8' });
    expect(result.stderr, `${document} line ${line}`).toBe('');
    expect(result.status).toBe(0);
  });

  const typed = snippets.filter((snippet) => snippet.lang !== 'js' && !snippet.notRun);
  it('type-checks the ts and tsx blocks against the built declarations', () => {
    expect(typed.filter((snippet) => snippet.lang === 'tsx').length, 'the documents show no tsx block').toBeGreaterThan(0);
    writeFileSync(join(work, 'assumed.ts'), ASSUMED_TYPES);
    // What a bundler's client types give an app (Vite's, Next's): CSS imports are modules.
    writeFileSync(join(work, 'css.d.ts'), "declare module '*.css';\n");
    for (const snippet of typed) {
      const source = snippet.lang === 'tsx' ? asStatements(snippet.code) : `${snippet.code}\nexport {};\n`;
      writeFileSync(join(work, `${snippetName(snippet)}.${snippet.lang}`), source);
    }
    writeFileSync(
      join(work, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          jsx: 'react-jsx',
          module: 'esnext',
          moduleResolution: 'bundler',
          target: 'es2022',
          lib: ['es2022', 'dom', 'dom.iterable'],
          types: ['node'], // ts blocks may be Node programs (node:fs), as a reader's would be
          skipLibCheck: true,
          noUnusedLocals: false,
          allowUnreachableCode: true,
        },
        include: ['*.ts', '*.tsx'],
      }),
    );
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', work], { cwd: root, encoding: 'utf8' });
    // One line per error (the indented lines under it explain it).
    const errors = (tsc.stdout + tsc.stderr).split('\n').filter((line) => /^\S/.test(line) && !KNOWN_ERRORS.some((known) => known.test(line)));
    expect(errors).toEqual([]);
    if (KNOWN_ERRORS.length === 0) expect(tsc.status).toBe(0);
  });
});
