/**
 * The built `tool-transcript` command (`dist/cli.js`), run as a user runs it: `node dist/cli.js …`
 * in a child process. `npm test` builds first; run alone, the suite builds when `dist/cli.js` is
 * missing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinSyntaxes, parseTranscript, type SyntaxName } from '../../src/index.js';
import { startTags } from '../remark/support.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'dist/cli.js');
const examples = join(root, 'examples');
let scratch = '';

beforeAll(() => {
  if (!existsSync(cli)) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  scratch = mkdtempSync(join(tmpdir(), 'tool-transcript-cli-'));
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

function run(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: scratch, input, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function scratchFile(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

const TRANSCRIPT = 'Looking.\r\n\r\n```tool search call_a\r\ninput:\r\n  q: cats\r\n```\r\nThen 🛠️[ls -la]🛠️[/end] and `🛠️[code]🛠️[/end]`.\n🛠️[unclosed';

describe('tool-transcript parse', () => {
  it('prints parseTranscript(text) as JSON for a file', () => {
    const { code, stdout, stderr } = run(['parse', scratchFile('t.md', TRANSCRIPT)]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(parseTranscript(TRANSCRIPT));
  });

  it('reads stdin for -', () => {
    const { code, stdout } = run(['parse', '-'], TRANSCRIPT);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(parseTranscript(TRANSCRIPT));
  });

  it('gives each example the chunks parseTranscript gives, with its syntax chosen by --syntax', () => {
    for (const file of readdirSync(examples).filter((name) => name.endsWith('.md'))) {
      const text = readFileSync(join(examples, file), 'utf8');
      const syntax = file.replace(/\.md$/, '');
      expect(JSON.parse(run(['parse', join(examples, file)]).stdout), file).toEqual(parseTranscript(text));
      if (!(syntax in builtinSyntaxes)) continue;
      const chosen = run(['parse', join(examples, file), '--syntax', `${syntax},fence`]);
      const chunks = parseTranscript(text, { syntaxes: [syntax as SyntaxName, 'fence'] });
      expect(JSON.parse(chosen.stdout), file).toEqual(chunks);
      expect(chunks.some((chunk) => chunk.type === 'tool' && chunk.syntax === syntax), `${file} holds ${syntax} calls`).toBe(true);
    }
  }, 60_000);

  it('writes to -o', () => {
    const out = join(scratch, 'chunks.json');
    expect(run(['parse', scratchFile('o.md', TRANSCRIPT), '-o', out]).stdout).toBe('');
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(parseTranscript(TRANSCRIPT));
  });
});

describe('tool-transcript render', () => {
  const doc = `# Run\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n${'```'}tool search call_a\ninput:\n  q: "<script>alert(1)</script>"\noutput: done\n${'```'}\n\n<script>alert(2)</script>\n\n[click](javascript:alert(3)) ![i](JAVASCRIPT:alert(4)) [ok](https://example.com)\n`;

  it('writes a standalone page: styles inlined, no script, tool sections, GFM', () => {
    const out = join(scratch, 'page.html');
    const { code, stdout, stderr } = run(['render', scratchFile('run.md', doc), '-o', out]);
    expect([code, stdout, stderr]).toEqual([0, '', '']);
    const page = readFileSync(out, 'utf8');
    expect(page.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(page).toContain('<title>run.md</title>');
    expect(page).toContain(readFileSync(join(root, 'dist/styles.css'), 'utf8'));
    expect(page).toContain('<body class="tt-transcript">');
    expect(page).toContain('<section class="tt-tool" data-tool-call-id="call_a" data-tool-name="search" data-status="output-available" data-syntax="fence">');
    expect(page).toContain('<table>');
    const tags = startTags(page);
    expect(tags.map((tag) => tag.name)).not.toContain('script');
    expect(tags.map((tag) => tag.name)).toContain('details');
    // Raw HTML is dropped; links and images with an unsafe protocol are made inert.
    const urls = tags.flatMap((tag) => tag.attributes.filter(([name]) => name === 'href' || name === 'src').map(([, value]) => value));
    expect(urls).toEqual(['', '', 'https://example.com']);
  });

  it('takes --theme and --title, and writes to stdout without -o', () => {
    const { code, stdout } = run(['render', '-', '--theme', 'dark', '--title', 'A <b>"run"</b>'], doc);
    expect(code).toBe(0);
    expect(stdout).toContain('<body class="tt-transcript" data-theme="dark">');
    expect(stdout).toContain('<meta name="color-scheme" content="dark">');
    expect(stdout).toContain('<title>A &#60;b&#62;&#34;run&#34;&#60;/b&#62;</title>');
  });

  it('names a page read from stdin "Transcript"', () => {
    expect(run(['render', '-'], 'hi').stdout).toContain('<title>Transcript</title>');
  });
});

describe('tool-transcript help, version and errors', () => {
  it('prints help and the version', () => {
    const help = run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: tool-transcript <command>/);
    expect(run(['render', '-h']).stdout).toBe(help.stdout);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(run(['--version'])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });

  const failures: Array<[string, string[], number, RegExp]> = [
    ['no command', [], 2, /missing command/],
    ['an unknown command', ['frob'], 2, /unknown command 'frob'/],
    ['a missing FILE', ['parse'], 2, /missing FILE/],
    ['two FILEs', ['parse', 'a', 'b'], 2, /one FILE only/],
    ['an unknown option', ['parse', 'a.md', '--frob'], 2, /unknown option '--frob'/],
    ['an option without its value', ['render', 'a.md', '-o'], 2, /argument missing/],
    ['an unknown syntax', ['parse', 'a.md', '--syntax', 'fence,nope'], 2, /unknown syntax 'nope'/],
    ['an unknown theme', ['render', 'a.md', '--theme', 'blue'], 2, /unknown theme 'blue'/],
    ['a render option on parse', ['parse', 'a.md', '--theme', 'dark'], 2, /--theme is an option of render/],
    ['a missing file', ['parse', 'no-such-file.md'], 1, /cannot read no-such-file\.md: no such file or directory/],
    ['a directory', ['render', '.'], 1, /cannot read \.: is a directory/],
    ['an unwritable output', ['parse', '-', '-o', 'no-such-dir/out.json'], 1, /cannot write no-such-dir\/out\.json/],
  ];

  const cases = failures.map(([label, args, exitCode, message]) => ({ label, args, exitCode, message }));
  it.each(cases)('$label: one line on stderr, exit code $exitCode', ({ args, exitCode, message }) => {
    const { code, stdout, stderr } = run(args, '');
    expect(code).toBe(exitCode);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^tool-transcript: [^\n]+\n$/);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\s+at\s/);
  });
});
