/**
 * The built `tool-transcript` command (`dist/cli.js`), run as a user runs it: `node dist/cli.js …`
 * in a child process. `npm test` builds first; run alone, the suite builds when `dist/cli.js` is
 * missing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseTranscript, type SyntaxName } from '../../src/index.js';
import { builtinSyntaxes } from '../../src/syntaxes/index.js';
import { startTags } from '../remark/support.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'dist/cli.js');
const examples = join(root, 'examples');
let scratch = '';

// Every test runs the command in child processes, several for some: give a busy machine time.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(() => {
  if (!existsSync(cli)) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  scratch = mkdtempSync(join(tmpdir(), 'tool-transcript-cli-'));
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

function run(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: scratch, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
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

  it('prints exactly JSON.stringify(chunks, null, 2) and a line break, written chunk by chunk', () => {
    expect(run(['parse', '-'], TRANSCRIPT).stdout).toBe(`${JSON.stringify(parseTranscript(TRANSCRIPT), null, 2)}\n`);
    expect(run(['parse', '-'], '').stdout).toBe('[]\n');
    const long = `${TRANSCRIPT}\n\n`.repeat(2000);
    expect(run(['parse', '-'], long).stdout).toBe(`${JSON.stringify(parseTranscript(long), null, 2)}\n`);
  });

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
    ['a syntax named toString', ['parse', 'a.md', '--syntax', 'toString'], 2, /unknown syntax 'toString'/],
    ['a syntax named constructor', ['parse', 'a.md', '--syntax', 'constructor'], 2, /unknown syntax 'constructor'/],
    ['a syntax named __proto__', ['parse', 'a.md', '--syntax', 'fence,__proto__'], 2, /unknown syntax '__proto__'/],
    ['an empty --syntax', ['parse', 'a.md', '--syntax', ' , '], 2, /--syntax needs one or more of/],
    ['a bad --max-size', ['parse', 'a.md', '--max-size', '12 parsecs'], 2, /--max-size takes a size/],
    ['a zero --max-size', ['render', 'a.md', '--max-size', '0'], 2, /--max-size takes a size/],
    ['an unknown theme', ['render', 'a.md', '--theme', 'blue'], 2, /unknown theme 'blue'/],
    ['a render option on parse', ['parse', 'a.md', '--theme', 'dark'], 2, /--theme is an option of render/],
    ['a missing file', ['parse', 'no-such-file.md'], 1, /cannot read no-such-file\.md: no such file or directory/],
    ['a directory', ['render', '.'], 1, /cannot read \.: is a directory/],
    ['an unwritable output', ['parse', '-', '-o', 'no-such-dir/out.json'], 1, /cannot write no-such-dir\/out\.json/],
  ];

  it('refuses a file over --max-size before reading it, and takes k, M, G suffixes', () => {
    const file = scratchFile('big.md', 'x'.repeat(3000));
    const { code, stdout, stderr } = run(['render', file, '--max-size', '2k']);
    expect([code, stdout]).toEqual([1, '']);
    expect(stderr).toBe(`tool-transcript: ${file} is 2.9 KiB, over the 2 KiB limit (raise it with --max-size)\n`);
    expect(run(['parse', file, '--max-size', '3k']).code).toBe(0);
    expect(run(['parse', '-', '--max-size', '4'], 'hello')).toEqual({ code: 1, stdout: '', stderr: 'tool-transcript: stdin is over the 4 bytes limit (raise it with --max-size)\n' });
    expect(run(['parse', file, '--max-size', '1M']).code).toBe(0);
    expect(run(['--help']).stdout).toContain('--max-size N     refuse an input over N bytes; k, M, G suffixes\n                   (default: 100 MiB)');
  });

  it.skipIf(!existsSync('/dev/full'))('a full disk: one line, exit code 1, for stdout and -o alike', () => {
    const file = scratchFile('full.md', TRANSCRIPT);
    for (const args of [['parse', file], ['render', file]]) {
      const full = openSync('/dev/full', 'w');
      try {
        const result = spawnSync(process.execPath, [cli, ...args], { cwd: scratch, stdio: ['ignore', full, 'pipe'], encoding: 'utf8' });
        expect(result.status).toBe(1);
        expect(result.stderr).toBe('tool-transcript: cannot write to stdout: no space left on device\n');
      } finally {
        closeSync(full);
      }
    }
    expect(run(['parse', file, '-o', '/dev/full'])).toEqual({ code: 1, stdout: '', stderr: 'tool-transcript: cannot write /dev/full: no space left on device\n' });
  });

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

describe('tool-transcript on a big transcript', () => {
  /**
   * Write blocks of about 66 KB with a line of prose after each (cheap to render, so the test is
   * quick), about `size` bytes. The `→` makes the text two bytes a unit in memory, as any
   * non-Latin-1 character does: held whole, the input alone would take twice its size.
   */
  function transcriptOf(size: number): { text: string; blocks: number } {
    const unit = `^^^write_file\npath: a.ts\ncontent ---\n${'const x = 1; // code → line\n'.repeat(2400)}--- content\n^^^\n\nDone, see \`a.ts\` and *more*.\n\n`;
    const blocks = Math.ceil(size / Buffer.byteLength(unit));
    return { text: unit.repeat(blocks), blocks };
  }

  /**
   * Runs the command in a child under a small heap limit, with `support/live-heap.mjs` sampling
   * the heap still in use after a full collection: what the command keeps, however late the
   * garbage collector would run on its own.
   */
  function runMeasured(args: string[], maxOldSpace: number) {
    const report = join(scratch, 'live-heap.json');
    const preload = fileURLToPath(new URL('./support/live-heap.mjs', import.meta.url));
    const result = spawnSync(process.execPath, [`--max-old-space-size=${maxOldSpace}`, '--expose-gc', '--import', preload, cli, ...args], {
      cwd: scratch,
      encoding: 'utf8',
      env: { ...process.env, LIVE_HEAP_FILE: report },
    });
    expect([result.status, result.stderr], args.join(' ')).toEqual([0, '']);
    return JSON.parse(readFileSync(report, 'utf8')) as { live: number; maxRss: number };
  }

  // Memory, not time. Reading the input in pieces and dropping each part once written keeps the
  // live set at one part, whatever the input's size: a 4 MB input may add less than its own size
  // to the heap in use (held whole, the input alone would add twice its size; with its chunks,
  // more), within a heap limit the whole-input code exceeded.
  const input = transcriptOf(4_000_000);
  const bytes = Buffer.byteLength(input.text);

  it('render keeps the live set at one part: the page complete, the heap in use grows less than the input', () => {
    const file = scratchFile('big.md', input.text);
    const small = runMeasured(['render', scratchFile('small.md', 'Hello.\n'), '-o', 'small.html'], 32);
    const big = runMeasured(['render', file, '-o', 'big.html'], 32);
    const page = readFileSync(join(scratch, 'big.html'), 'utf8');
    expect(page.match(/<section class="tt-tool"/g)).toHaveLength(input.blocks);
    expect(page.endsWith('Done, see <code>a.ts</code> and <em>more</em>.</p>\n</main>\n</body>\n</html>\n')).toBe(true);
    expect(big.live - small.live).toBeLessThan(bytes);
  }, 180_000);

  it('parse streams its JSON the same way', () => {
    const file = scratchFile('big.md', input.text);
    const small = runMeasured(['parse', scratchFile('small.md', 'Hello.\n'), '-o', 'small.json'], 16);
    const big = runMeasured(['parse', file, '-o', 'big.json'], 16);
    const json = readFileSync(join(scratch, 'big.json'), 'utf8');
    expect(json.match(/^    "type": "tool",$/gm)).toHaveLength(input.blocks);
    expect(json.endsWith('\n  }\n]\n')).toBe(true);
    expect(big.live - small.live).toBeLessThan(bytes);
  }, 180_000);

  it('stdin in small pieces gives the page a file gives', () => {
    const text = transcriptOf(200_000).text + TRANSCRIPT;
    const file = scratchFile('mid.md', text);
    const fromFile = run(['render', file, '--title', 't']);
    // A pipe written to in small pieces, at a pace that lets the reader see them one by one.
    const fromPipe = spawnSync('sh', ['-c', `"$1" -e "${PIECEWISE}" "$0" | "$1" "$2" render - --title t`, file, process.execPath, cli], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(fromPipe.stderr).toBe('');
    expect(fromPipe.stdout).toBe(fromFile.stdout);
  }, 120_000);
});

/** A node script: writes the file named by its argument to stdout in 1,000-byte pieces, one per tick. */
const PIECEWISE = `const b=require('fs').readFileSync(process.argv[1]);let i=0;(function f(){if(i>=b.length)return;process.stdout.write(b.subarray(i,i+=1000),()=>setImmediate(f));})()`;
