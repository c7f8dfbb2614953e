/**
 * The `tool-transcript` command (package `bin`, built to `dist/cli.js` with a `#!/usr/bin/env node`
 * banner). The logic lives in `./main.ts` so tests can call {@link runCli} without running this file.
 *
 * @packageDocumentation
 */
import { runCli } from './main.js';

// A closed pipe (`tool-transcript parse big.md | head`) is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await runCli(process.argv.slice(2));
