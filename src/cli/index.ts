/**
 * The `tool-transcript` command (package `bin`, built to `dist/cli.js` with a `#!/usr/bin/env node`
 * banner). The logic lives in `./main.ts` so tests can call {@link runCli} without running this file.
 *
 * @packageDocumentation
 */
import { runCli } from './main.js';

process.exitCode = await runCli(process.argv.slice(2));
