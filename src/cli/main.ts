import { createRequire } from 'node:module';

/** Where the CLI writes; `process` fits, tests pass their own. */
export interface CliIO {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/** Exit codes of the `tool-transcript` command. */
export const EXIT_OK = 0;
export const EXIT_USAGE = 2;

export const USAGE = `Usage: tool-transcript <command> [options]

Commands:
  parse FILE|-                  print the transcript chunks of FILE (or stdin) as JSON
  render FILE|- [-o out.html]   write a standalone HTML page of the transcript

Options:
  -h, --help                    show this help
  -v, --version                 show the version
`;

/**
 * The package version, read from this package's own `package.json` through the package
 * self-reference, so it works from `src/` and from the published `dist/cli.js` alike.
 */
export function readVersion(): string {
  const require = createRequire(import.meta.url);
  const pkg = require('tool-transcript/package.json') as { version: string };
  return pkg.version;
}

/** Runs the CLI with `argv` (without `node` and the script path) and returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIO = process): Promise<number> {
  const [command, ...rest] = argv;

  if (command === undefined) {
    io.stderr.write(USAGE);
    return EXIT_USAGE;
  }
  if (command === '-h' || command === '--help' || command === 'help') {
    io.stdout.write(USAGE);
    return EXIT_OK;
  }
  if (command === '-v' || command === '--version') {
    io.stdout.write(`${readVersion()}\n`);
    return EXIT_OK;
  }
  if (command === 'parse' || command === 'render') {
    if (rest.length === 0) {
      io.stderr.write(`tool-transcript ${command}: missing FILE (use - for stdin)\n\n${USAGE}`);
      return EXIT_USAGE;
    }
    io.stderr.write(`tool-transcript ${command}: not implemented yet\n`);
    return EXIT_USAGE;
  }

  io.stderr.write(`tool-transcript: unknown command '${command}'\n\n${USAGE}`);
  return EXIT_USAGE;
}
