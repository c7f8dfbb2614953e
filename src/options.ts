/**
 * The one check of the options every public function takes (issue #23). Options come from plain
 * JavaScript and JSON config too, so each entry checks them where it is called, the same way,
 * and a mistake throws a `TypeError` that names the function, the option, what it expects and
 * what it got — never an error from deep inside, never a silent default.
 *
 * One rule for absent values: `undefined` and `null` are the same. An options argument of
 * `null` is no options; an option set to `null` is that option left out (its default).
 *
 * Only the shape is checked here: a syntax name is looked up (and an unknown one reported) by
 * the entry that resolves names, so this module ties no syntax into a bundle.
 */
import { isRecord } from './object.js';
import type { CallPolicy, SyntaxName, ToolDefinition, ToolSyntax, TranscriptOptions } from './types.js';

/** How a check reports a wrong value: what it expected, and where inside the option (`[0]`) when not the option itself. */
type Fail = (expected: string, at?: { path: string; value: unknown }) => never;
/** A check of one option's value (never `undefined` or `null`), throwing through `fail`. */
type OptionCheck = (value: unknown, fail: Fail) => void;

/** The options of {@link TranscriptOptions} (and the event parser's `partialInput`), as the full entries take them. */
const TRANSCRIPT_OPTIONS: Readonly<Record<string, OptionCheck>> = {
  syntaxes: (value, fail) => checkSyntaxList(value, fail, true),
  idPrefix: (value, fail) => typeof value === 'string' || fail('a string'),
  tools: (value, fail) => checkTools(value, fail),
  strictTools: boolean,
  policy: (value, fail) => checkPolicy(value, fail),
  approvalResponses: boolean,
  reasoning: boolean,
  reasoningStartsOpen: boolean,
  partialInput: boolean,
  sourceMetadata: boolean,
};

/** What the lite entries take differently (syntax objects only), looked up before {@link TRANSCRIPT_OPTIONS}. */
const LITE_OPTIONS: Readonly<Record<string, OptionCheck>> = {
  syntaxes: (value, fail) => checkSyntaxList(value, fail, false),
};

/** The options of `toolTranscriptMiddleware`. */
const MIDDLEWARE_OPTIONS: Readonly<Record<string, OptionCheck>> = {
  syntax: (value, fail) => isSyntaxEntry(value, true) || fail(SYNTAX_ENTRY),
  accept: (value, fail) => checkSyntaxList(value, fail, true),
  policy: (value, fail) => checkPolicy(value, fail),
  describe: (value, fail) => isRecord(value) || fail('an object (rules, heading, headingLevel)'),
  results: (value, fail) => isRecord(value) || fail('a section format (markdownSections, xmlSections or one of their factories)'),
  generateId: (value, fail) => typeof value === 'function' || fail('a function returning a string'),
  reasoning: boolean,
  reasoningStartsOpen: boolean,
};

/** The options of `describeTools`. */
const DESCRIBE_OPTIONS: Readonly<Record<string, OptionCheck>> = {
  syntax: (value, fail) => isSyntaxEntry(value, true) || fail(SYNTAX_ENTRY),
  rules: (value, fail) => typeof value === 'string' || fail('a string'),
  heading: (value, fail) => typeof value === 'string' || fail('a string'),
  headingLevel: (value, fail) => (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5) || fail('an integer from 1 to 5'),
  policy: (value, fail) => checkPolicy(value, fail),
};

/** The route's own options of `toTranscriptUIMessageStream`, looked up before {@link TRANSCRIPT_OPTIONS}. */
const ROUTE_OPTIONS: Readonly<Record<string, OptionCheck>> = {
  needsApproval: (value, fail) => typeof value === 'boolean' || typeof value === 'function' || fail('a boolean or a function of the call'),
  onError: (value, fail) => typeof value === 'function' || fail('a function from the error to its text'),
  generateId: (value, fail) => typeof value === 'function' || fail('a function returning a string'),
};

/** The options of `formatToolResults`. */
const FORMAT_RESULTS_OPTIONS: Readonly<Record<string, OptionCheck>> = {
  stringify: (value, fail) => typeof value === 'function' || fail('a function from a value to a string'),
};

const SYNTAX_ENTRY = 'a syntax name (such as "xml") or a syntax object (such as xmlSyntax)';
/** A syntax object as the lite entries take it: what the scanner calls on it. */
const SYNTAX_OBJECT = 'a syntax object (such as xmlSyntax: with name, triggers and startOpener)';

/**
 * `options` of the full entries (`parseTranscript`, `createTranscriptParser`,
 * `createTranscriptEventParser`, `transcriptTransform`, `createTranscriptStore`, the remark
 * plugin, the React components' props), checked: `null` or `undefined` give `{}`, `null`
 * options are left out, anything wrong throws a `TypeError` naming `entry`. Options this check
 * does not know (a caller's own, the remark plugin's rendering options) pass through.
 */
export function checkTranscriptOptions<Options extends object = TranscriptOptions>(entry: string, options: Options | null | undefined): Options {
  return checkOptions(entry, options, TRANSCRIPT_OPTIONS);
}

/** {@link checkTranscriptOptions} for the lite entries, whose `syntaxes` are syntax objects (required where they read them). */
export function checkLiteOptions<Options extends object>(entry: string, options: Options | null | undefined): Options {
  return checkOptions(entry, options, LITE_OPTIONS, TRANSCRIPT_OPTIONS);
}

/** The options of `toTranscriptUIMessageStream`, checked. */
export function checkRouteOptions<Options extends object>(entry: string, options: Options | null | undefined): Options {
  return checkOptions(entry, options, ROUTE_OPTIONS, TRANSCRIPT_OPTIONS);
}

/** The options of `toolTranscriptMiddleware`, checked; `syntax` is required. */
export function checkMiddlewareOptions<Options extends object>(entry: string, options: Options | null | undefined): Options {
  const checked = checkOptions(entry, options, MIDDLEWARE_OPTIONS);
  if (!('syntax' in checked)) throw new TypeError(`tool-transcript: ${entry} needs options.syntax, ${SYNTAX_ENTRY}, got ${describeValue(options)}`);
  return checked;
}

/** The options of `describeTools`, checked. */
export function checkDescribeOptions<Options extends object>(entry: string, options: Options | null | undefined): Options {
  return checkOptions(entry, options, DESCRIBE_OPTIONS);
}

/** The options of `formatToolResults`, checked. */
export function checkFormatResultsOptions<Options extends object>(entry: string, options: Options | null | undefined): Options {
  return checkOptions(entry, options, FORMAT_RESULTS_OPTIONS);
}

/** A short, safe description of what a caller passed, for error messages. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return 'a symbol';
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `an array of ${value.length}`;
  if (isSyntaxObject(value)) return `the syntax object ${JSON.stringify(value.name)}`;
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    // A cycle or a throwing getter: described by its kind alone.
  }
  if (json === undefined) return 'an object';
  return json.length > 40 ? `an object (${json.slice(0, 40)}…)` : json;
}

/**
 * `options` checked by the first of `tables` that knows each option (an entry's own checks, then
 * the shared ones: tables are not merged into one, so a bundle carries only the tables its entries use).
 */
function checkOptions<Options extends object>(entry: string, options: Options | null | undefined, ...tables: Readonly<Record<string, OptionCheck>>[]): Options {
  if (options === undefined || options === null) return {} as Options;
  if (!isRecord(options)) throw new TypeError(`tool-transcript: ${entry} options must be an object, got ${describeValue(options)}`);
  let checked: Record<string, unknown> | undefined;
  for (const name of Object.keys(options)) {
    const value = (options as Record<string, unknown>)[name];
    if (value === null) {
      // Left out: the option's default.
      checked ??= { ...(options as Record<string, unknown>) };
      delete checked[name];
      continue;
    }
    const check = tables.find((checks) => Object.hasOwn(checks, name))?.[name];
    if (check === undefined || value === undefined) continue;
    check(value, (expected, at) => {
      throw new TypeError(`tool-transcript: ${entry} options.${name}${at?.path ?? ''} must be ${expected}, got ${describeValue(at ? at.value : value)}`);
    });
  }
  return (checked ?? options) as Options;
}

function boolean(value: unknown, fail: Fail): void {
  if (typeof value !== 'boolean') fail('true or false');
}

/** A syntax object: what the scanner calls on it (see {@link ToolSyntax}). */
function isSyntaxObject(value: unknown): value is ToolSyntax {
  if (!isRecord(value)) return false;
  const syntax = value as Partial<ToolSyntax>;
  return typeof syntax.name === 'string' && typeof syntax.startOpener === 'function' && typeof syntax.triggers === 'string';
}

function isSyntaxEntry(value: unknown, names: boolean): value is SyntaxName | ToolSyntax {
  return (names && typeof value === 'string') || isSyntaxObject(value);
}

function checkSyntaxList(value: unknown, fail: Fail, names: boolean): void {
  const item = names ? `a syntax name (such as "xml") or ${SYNTAX_OBJECT}` : SYNTAX_OBJECT;
  if (!Array.isArray(value)) fail(names ? 'an array of syntax names (such as "xml") or syntax objects (such as xmlSyntax)' : 'an array of syntax objects (such as xmlSyntax)');
  const list = value as unknown[];
  for (let i = 0; i < list.length; i++) {
    // A name in a lite entry: the parser says which entries take names (see checkedSyntaxes).
    if (!names && typeof list[i] === 'string') continue;
    if (!isSyntaxEntry(list[i], names)) fail(item, { path: `[${i}]`, value: list[i] });
  }
}

function checkTools(value: unknown, fail: Fail): void {
  if (!Array.isArray(value)) fail('an array of tool definitions ({ name, description?, inputSchema? })');
  const list = value as unknown[];
  for (let i = 0; i < list.length; i++) {
    const tool = list[i];
    if (!isRecord(tool) || typeof (tool as Partial<ToolDefinition>).name !== 'string') {
      fail('a tool definition with a string name', { path: `[${i}]`, value: tool });
    }
  }
}

function checkPolicy(value: unknown, fail: Fail): void {
  const expected = '"unlimited", "single" or { readOnly: [tool names] }';
  if (value === 'unlimited' || value === 'single') return;
  const readOnly = isRecord(value) ? (value as Extract<CallPolicy, object>).readOnly : undefined;
  if (!Array.isArray(readOnly) || !readOnly.every((name) => typeof name === 'string')) fail(expected);
}
