import { createRequire } from 'node:module';
import { basename } from 'node:path';
import type { ToolSyntax } from '../types.js';
import { DEFAULT_MAX_SIZE, formatSize, knownSyntaxNames, parseCommandLine, UsageError, type CliRequest } from './args.js';
import { FileError, fileOutput, readInput, ReaderGone, streamOutput, type Output, type Writable } from './io.js';
import { WholeChunks } from './settled-chunks.js';

/** Where the CLI reads and writes; `process` fits. */
export interface CliIO {
  stdout: Writable;
  stderr: { write(text: string): unknown };
  /** Read for `-`; `process.stdin` when absent. */
  stdin?: AsyncIterable<string | Uint8Array>;
}

/** Exit code: done. */
const EXIT_OK = 0;
/** Exit code: a file could not be read or written, or rendering failed. */
const EXIT_FAILURE = 1;
/** Exit code: the command line is wrong. */
const EXIT_USAGE = 2;

/** The `--help` text. */
const USAGE = `Usage: tool-transcript <command> FILE|- [options]

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
function readVersion(): string {
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
  // The input is opened (and checked against --max-size) before the output: a missing file
  // leaves no output file behind.
  const input = await started(readInput(request.file, io.stdin ?? process.stdin, request.maxSize));
  let pieces: AsyncIterable<string>;
  if (request.command === 'parse') {
    pieces = jsonStream(input, request.syntaxes);
  } else {
    const { readStyles, renderPageStream } = await loadRenderer();
    const page = {
      title: request.title ?? (request.file === '-' ? 'Transcript' : basename(request.file)),
      syntaxes: request.syntaxes,
      styles: await readStyles(),
      generator: `tool-transcript ${readVersion()}`,
    };
    pieces = renderPageStream(input, request.theme ? { ...page, theme: request.theme } : page);
  }
  const output = request.output === undefined ? streamOutput(io.stdout) : fileOutput(request.output);
  await writeAll(output, pieces);
}

/** `pieces` with its first piece already read (so reading errors surface here), then the rest. */
async function started<T>(pieces: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await pieces.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* pieces;
  })();
}

/** The packages `render` needs besides the core: optional peer dependencies of tool-transcript. */
const RENDER_PACKAGES = ['unified', 'remark-parse', 'remark-gfm', 'remark-rehype', 'rehype-stringify'] as const;

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
async function writeAll(output: Output, pieces: AsyncIterable<string>): Promise<void> {
  let batch: string[] = [];
  let size = 0;
  for await (const piece of pieces) {
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
 * `parse`'s output: `JSON.stringify(parseTranscript(text), null, 2)` and a line break, written
 * chunk by chunk as the text is read; neither the text nor its chunks are ever held whole.
 */
async function* jsonStream(input: AsyncIterable<string>, syntaxes: ToolSyntax[]): AsyncGenerator<string> {
  const chunks = new WholeChunks({ syntaxes });
  const json = new JsonArray();
  for await (const piece of input) for (const chunk of chunks.write(piece)) yield json.item(chunk);
  for (const chunk of chunks.end()) yield json.item(chunk);
  yield json.end();
}

/** A JSON array written item by item, as `JSON.stringify(items, null, 2)` writes it. */
class JsonArray {
  private empty = true;

  item(value: unknown): string {
    const opening = this.empty ? '[\n  ' : ',\n  ';
    this.empty = false;
    // JSON text holds no raw line breaks inside strings, so indenting every line nests it.
    return `${opening}${JSON.stringify(value, null, 2).replace(/\n/g, '\n  ')}`;
  }

  end(): string {
    return this.empty ? '[]\n' : '\n]\n';
  }
}

/** The first line of an error's message: no stack trace ever reaches the user. */
function oneLine(error: unknown): string {
  const message = error instanceof UsageError || error instanceof FileError ? error.message : `failed: ${(error as Error)?.message ?? String(error)}`;
  return message.split(/\r?\n/)[0]!;
}
