import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { parseTranscript } from '../stream/parser.js';
import { knownSyntaxNames, parseCommandLine, UsageError, type CliRequest } from './args.js';
import { FileError, readInput, writeOutput } from './io.js';
import { readStyles, renderPage } from './page.js';

/** Where the CLI reads and writes; `process` fits, tests pass their own. */
export interface CliIO {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Read for `-`; `process.stdin` when absent. */
  stdin?: AsyncIterable<string | Uint8Array>;
}

/** Exit code: done. */
export const EXIT_OK = 0;
/** Exit code: a file could not be read or written, or rendering failed. */
export const EXIT_FAILURE = 1;
/** Exit code: the command line is wrong. */
export const EXIT_USAGE = 2;

/** The `--help` text. */
export const USAGE = `Usage: tool-transcript <command> FILE|- [options]

Commands:
  parse FILE|-     print the transcript chunks of FILE (or stdin) as JSON
  render FILE|-    write a standalone HTML page of the transcript

Options:
  --syntax LIST    syntaxes to recognise, comma-separated
                   (known: ${knownSyntaxNames()}; default: the library's defaults)
  -o, --output F   write to F instead of stdout
  --theme T        render: light or dark (default: follows the reader's system)
  --title T        render: page title (default: the file name)
  -h, --help       show this help
  -v, --version    show the version
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

/**
 * Runs the CLI with `argv` (without `node` and the script path) and returns the exit code.
 * Never throws: every failure is one line on stderr (`tool-transcript: …`) and a non-zero code.
 */
export async function runCli(argv: readonly string[], io: CliIO = process): Promise<number> {
  try {
    const request = parseCommandLine(argv);
    if (request.command === 'help') {
      io.stdout.write(USAGE);
      return EXIT_OK;
    }
    if (request.command === 'version') {
      io.stdout.write(`${readVersion()}\n`);
      return EXIT_OK;
    }
    await runCommand(request, io);
    return EXIT_OK;
  } catch (error) {
    io.stderr.write(`tool-transcript: ${oneLine(error)}${error instanceof UsageError ? "; try 'tool-transcript --help'" : ''}\n`);
    return error instanceof UsageError ? EXIT_USAGE : EXIT_FAILURE;
  }
}

async function runCommand(request: Extract<CliRequest, { file: string }>, io: CliIO): Promise<void> {
  const text = await readInput(request.file, io.stdin ?? process.stdin);
  let result: string;
  if (request.command === 'parse') {
    result = `${JSON.stringify(parseTranscript(text, { syntaxes: request.syntaxes }), null, 2)}\n`;
  } else {
    const page = {
      title: request.title ?? (request.file === '-' ? 'Transcript' : basename(request.file)),
      syntaxes: request.syntaxes,
      styles: await readStyles(),
      generator: `tool-transcript ${readVersion()}`,
    };
    result = renderPage(text, request.theme ? { ...page, theme: request.theme } : page);
  }
  if (request.output !== undefined) await writeOutput(request.output, result);
  else io.stdout.write(result);
}

/** The first line of an error's message: no stack trace ever reaches the user. */
function oneLine(error: unknown): string {
  const message = error instanceof UsageError || error instanceof FileError ? error.message : `failed: ${(error as Error)?.message ?? String(error)}`;
  return message.split(/\r?\n/)[0]!;
}
