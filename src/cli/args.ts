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
} as const;

/** Options that only make sense for `render`. */
const RENDER_ONLY = ['theme', 'title'] as const;

/** Reads the command line (without `node` and the script path); throws {@link UsageError}. */
export function parseCommandLine(argv: readonly string[]): CliRequest {
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

  const request: CliRequest = { command, file, syntaxes: readSyntaxes(values.syntax) };
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
  if (names.length === 0) throw new UsageError(`--syntax needs at least one of ${knownSyntaxNames()}`);
  const unknown = names.find((name) => !(name in builtinSyntaxes));
  if (unknown !== undefined) throw new UsageError(`unknown syntax '${unknown}' (known: ${knownSyntaxNames()})`);
  return resolveSyntaxes(names as SyntaxName[]);
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
