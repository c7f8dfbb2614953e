import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import chromiumLaunch from '../support/chromium.json' with { type: 'json' };

/**
 * The Next.js example (examples/next) as a user runs it: `next build`, then `next start` on a
 * free port, and Debian's Chromium. `tool-transcript` resolves to this repository's dist/
 * (the package's own name), so the library must be built first (`npm test` builds it).
 */
export interface NextApp {
  url: string;
  browser: Browser;
  /** How long `next build` took, in milliseconds. */
  buildMs: number;
  close(): Promise<void>;
}

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const appDir = fileURLToPath(new URL('../../examples/next', import.meta.url));
const nextBin = fileURLToPath(new URL('../../node_modules/next/dist/bin/next', import.meta.url));
// Offline and quiet: no telemetry, no font or update downloads.
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };

export async function startNextApp(): Promise<NextApp> {
  if (!existsSync(new URL('../../dist/index.js', import.meta.url))) {
    throw new Error('examples/next imports the built library: run `npm run build` first (`npm test` does).');
  }
  const started = performance.now();
  await run(['build', appDir]);
  const buildMs = performance.now() - started;
  const port = await freePort();
  const server = spawn(process.execPath, [nextBin, 'start', appDir, '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: repositoryRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitUntilServing(url, server);
  } catch (error) {
    server.kill();
    throw error;
  }
  const browser = await chromium.launch({ executablePath: chromiumLaunch.executablePath, args: chromiumLaunch.args });
  return {
    url,
    browser,
    buildMs,
    async close() {
      await browser.close();
      await stop(server);
    },
  };
}

/** Runs the Next.js command line to the end; its output becomes the error when it fails. */
function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, ...args], { cwd: repositoryRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`next ${args[0]} exited with ${code}:\n${output}`))));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls the page until the server answers (or fails with the server's output when it exits first). */
async function waitUntilServing(url: string, server: ChildProcess): Promise<void> {
  let output = '';
  server.stdout?.on('data', (data: Buffer) => (output += data.toString()));
  server.stderr?.on('data', (data: Buffer) => (output += data.toString()));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`next start exited with ${server.exitCode}:\n${output}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`next start did not answer within 30 s:\n${output}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
