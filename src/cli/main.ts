import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { parseTranscript } from '../stream/parser.js';
import type { TranscriptChunk } from '../types.js';
import { DEFAULT_MAX_SIZE, formatSize, knownSyntaxNames, parseCommandLine, UsageError, type CliRequest } from './args.js';
import { FileError, fileOutput, readInput, ReaderGone, streamOutput, type Output, type Writable } from './io.js';

/** Where the CLI reads and writes; `process` fits. */
export interface CliIO {
  stdout: Writable;
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
  --max-size N     refuse an input over N bytes; k, M, G suffixes
                   (default: ${formatSize(DEFAULT_MAX_SIZE)})
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
  let request: CliRequest;
  try {
    request = parseCommandLine(argv);
  } catch (error) {
    io.stderr.write(`tool-transcript: ${oneLine(error)}; try 'tool-transcript --help'\n`);
    return EXIT_USAGE;
  }
  try {
    if (request.command === 'help') await streamOutput(io.stdout).write(USAGE);
    else if (request.command === 'version') await streamOutput(io.stdout).write(`${readVersion()}\n`);
    else await runCommand(request, io);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof ReaderGone) return EXIT_OK;
    io.stderr.write(`tool-transcript: ${oneLine(error)}\n`);
    return EXIT_FAILURE;
  }
}

async function runCommand(request: Extract<CliRequest, { file: string }>, io: CliIO): Promise<void> {
  const text = await readInput(request.file, io.stdin ?? process.stdin, request.maxSize);
  let pieces: Iterable<string>;
  if (request.command === 'parse') {
    pieces = jsonArrayPieces(parseTranscript(text, { syntaxes: request.syntaxes }));
  } else {
    const { readStyles, renderPageParts } = await loadRenderer();
    const page = {
      title: request.title ?? (request.file === '-' ? 'Transcript' : basename(request.file)),
      syntaxes: request.syntaxes,
      styles: await readStyles(),
      generator: `tool-transcript ${readVersion()}`,
    };
    pieces = renderPageParts(text, request.theme ? { ...page, theme: request.theme } : page);
  }
  const output = request.output === undefined ? streamOutput(io.stdout) : fileOutput(request.output);
  await writeAll(output, pieces);
}

/** The packages `render` needs besides the core: optional peer dependencies of tool-transcript. */
export const RENDER_PACKAGES = ['unified', 'remark-parse', 'remark-gfm', 'remark-rehype', 'rehype-stringify'] as const;

/**
 * The page renderer, loaded when `render` runs: its markdown pipeline comes from optional peer
 * dependencies, so `parse` works with the core install alone and `render` says what to install.
 */
async function loadRenderer(): Promise<typeof import('./page.js')> {
  try {
    return await import('./page.js');
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new FileError(`render needs the packages ${RENDER_PACKAGES.join(', ')} (npm install ${RENDER_PACKAGES.join(' ')})`);
  }
}

/** Writes the pieces in batches of about 64 KiB: few system calls, little held in memory. */
async function writeAll(output: Output, pieces: Iterable<string>): Promise<void> {
  let batch: string[] = [];
  let size = 0;
  for (const piece of pieces) {
    batch.push(piece);
    size += piece.length;
    if (size < 64 * 1024) continue;
    await output.write(batch.join(''));
    batch = [];
    size = 0;
  }
  if (size > 0) await output.write(batch.join(''));
  await output.close();
}

/**
 * `JSON.stringify(chunks, null, 2)` and a line break, one chunk at a time: the same text, never
 * one string of the whole (which a big transcript's JSON would not fit in).
 */
export function* jsonArrayPieces(chunks: readonly TranscriptChunk[]): Generator<string> {
  if (chunks.length === 0) {
    yield '[]\n';
    return;
  }
  // JSON text holds no raw line breaks inside strings, so indenting every line nests it.
  for (let i = 0; i < chunks.length; i++) {
    yield `${i === 0 ? '[\n  ' : ',\n  '}${JSON.stringify(chunks[i], null, 2).replace(/\n/g, '\n  ')}`;
  }
  yield '\n]\n';
}

/** The first line of an error's message: no stack trace ever reaches the user. */
function oneLine(error: unknown): string {
  const message = error instanceof UsageError || error instanceof FileError ? error.message : `failed: ${(error as Error)?.message ?? String(error)}`;
  return message.split(/\r?\n/)[0]!;
}
