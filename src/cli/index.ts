/**
 * The `tool-transcript` command (package `bin`, built to `dist/cli.js` with a `#!/usr/bin/env node`
 * banner). The logic lives in `./main.ts` so tests can call {@link runCli} without running this file.
 *
 * @packageDocumentation
 */
import { runCli } from './main.js';

// A write error also reaches the write's callback, where runCli reports it in one line (a full
// disk) or stops quietly (a closed pipe: `tool-transcript parse big.md | head` is the reader's
// choice). This listener only keeps the stream's 'error' event from crashing with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
});

process.exitCode = await runCli(process.argv.slice(2));
