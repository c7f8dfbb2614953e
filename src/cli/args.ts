import { parseArgs } from 'node:util';
import { builtinSyntaxes, defaultSyntaxes, resolveSyntaxes } from '../syntaxes/index.js';
import type { SyntaxName, ToolSyntax } from '../types.js';

/** A command line that cannot be run as written: reported in one line, exit code 2. */
export class UsageError extends Error {}

/** Page themes `render` accepts. */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** What the command line asks for. */
export type CliRequest =
  | { command: 'help' }
  | { command: 'version' }
  | {
      command: 'parse' | 'render';
      /** A path, or `-` for stdin. */
      file: string;
      syntaxes: ToolSyntax[];
      /** Where to write; stdout when absent. */
      output?: string;
      /** The largest input read, in bytes (`--max-size`). */
      maxSize: number;
      theme?: Theme;
      title?: string;
    };

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  syntax: { type: 'string' },
  output: { type: 'string', short: 'o' },
  theme: { type: 'string' },
  title: { type: 'string' },
  'max-size': { type: 'string' },
} as const;

/**
 * The default `--max-size`: 100 MiB. `render` keeps a few times the input in memory and `parse`
 * its chunks; past this, a mistaken input (a log, a binary) is refused instead of eating the
 * machine's memory for minutes.
 */
export const DEFAULT_MAX_SIZE = 100 * 1024 * 1024;

/** Options that only make sense for `render`. */
const RENDER_ONLY = ['theme', 'title'] as const;

/**
 * Reads the command line (without `node` and the script path). Throws {@link UsageError}, and
 * only that: whatever else goes wrong reading an option is a usage error too.
 */
export function parseCommandLine(argv: readonly string[]): CliRequest {
  try {
    return readCommandLine(argv);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`bad command line: ${error instanceof Error ? error.message : String(error)}`.split(/\r?\n/)[0]!);
  }
}

function readCommandLine(argv: readonly string[]): CliRequest {
  const { values, positionals } = readArgs(argv);
  if (values.help) return { command: 'help' };
  if (values.version) return { command: 'version' };

  const [command, file, ...extra] = positionals;
  if (command === undefined) throw new UsageError('missing command (parse or render)');
  if (command === 'help') return { command: 'help' };
  if (command !== 'parse' && command !== 'render') throw new UsageError(`unknown command '${command}' (parse or render)`);
  if (file === undefined) throw new UsageError(`${command}: missing FILE (use - for stdin)`);
  if (extra.length > 0) throw new UsageError(`${command}: one FILE only, got also '${extra[0]}'`);
  if (command === 'parse') {
    const misplaced = RENDER_ONLY.find((name) => values[name] !== undefined);
    if (misplaced) throw new UsageError(`parse: --${misplaced} is an option of render`);
  }

  const request: CliRequest = { command, file, syntaxes: readSyntaxes(values.syntax), maxSize: readSize(values['max-size']) };
  if (values.output !== undefined) request.output = values.output;
  if (values.theme !== undefined) request.theme = readTheme(values.theme);
  if (values.title !== undefined) request.title = values.title;
  return request;
}

/** `--syntax fence,caret`: names resolved as `parseTranscript` resolves them; absent → the defaults. */
function readSyntaxes(list: string | undefined): ToolSyntax[] {
  if (list === undefined) return [...defaultSyntaxes];
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw new UsageError(`--syntax needs one or more of ${knownSyntaxNames()}`);
  // Own keys only: `toString`, `constructor` and `__proto__` are not syntaxes.
  const unknown = names.find((name) => !Object.hasOwn(builtinSyntaxes, name));
  if (unknown !== undefined) throw new UsageError(`unknown syntax '${unknown}' (known: ${knownSyntaxNames()})`);
  return resolveSyntaxes(names as SyntaxName[]);
}

const SIZE_UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** `--max-size 20M`: bytes, or with a k, M or G suffix (powers of 1024; `MB`, `MiB` read the same). */
function readSize(text: string | undefined): number {
  if (text === undefined) return DEFAULT_MAX_SIZE;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:([kmg])(?:i?b)?|b)?\s*$/i.exec(text);
  const bytes = match ? Number(match[1]) * SIZE_UNITS[(match[2] ?? '').toLowerCase()]! : NaN;
  if (!(bytes >= 1) || !Number.isSafeInteger(Math.floor(bytes))) {
    throw new UsageError(`--max-size takes a size such as 500k, 20M or 1G, not '${text}'`);
  }
  return Math.floor(bytes);
}

/** A size in bytes for messages: `52.4 MiB`, `900 KiB`, `12 bytes`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const [unit, size] = bytes < 1024 ** 2 ? ['KiB', bytes / 1024] : bytes < 1024 ** 3 ? ['MiB', bytes / 1024 ** 2] : ['GiB', bytes / 1024 ** 3];
  return `${Number.isInteger(size) ? size : size.toFixed(1)} ${unit}`;
}

function readTheme(theme: string): Theme {
  if ((THEMES as readonly string[]).includes(theme)) return theme as Theme;
  throw new UsageError(`unknown theme '${theme}' (${THEMES.join(' or ')})`);
}

/** The registered syntax names, comma-separated. */
export function knownSyntaxNames(): string {
  return Object.keys(builtinSyntaxes).join(', ');
}

/** `node:util` parseArgs, its errors turned into one-line usage errors. */
function readArgs(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(argumentErrorMessage(error));
  }
}

function argumentErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /^Unknown option '([^']*)'/.exec(message);
  if (unknown) return `unknown option '${unknown[1]}'`;
  // parseArgs messages are a sentence or two; the first says what is wrong.
  return message.split(/\.\s|\n/)[0]!.replace(/^Option/, 'option');
}
