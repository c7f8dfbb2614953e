import { checkFormatResultsOptions } from '../../options.js';
import type { SectionFormat } from './types.js';

/**
 * The result of one tool call, as the host ran it. A finished `ToolChunk`
 * (`toolName`, `output` or `errorText`) fits as is.
 */
export interface ToolResult<Media = unknown> {
  /** Names the result's section. */
  toolName: string;
  toolCallId?: string;
  /** The raw output: a string goes in as is, anything else as JSON. */
  output?: unknown;
  /** A thrown error (its message) or an error message; written as `Error: …` instead of the output. */
  error?: unknown;
  /** An error message (as in a tool chunk); used when `error` is not set. */
  errorText?: string;
  /** Images, audio and other parts the text cannot hold; passed through to {@link FormattedToolResults.media}. */
  media?: readonly Media[];
}

/** The observation for the next model turn. */
export interface FormattedToolResults<Media = unknown> {
  /** One section per result, in order (wrapped in `<observation>` for XML); `''` when there are no results. */
  text: string;
  /** Every result's media, in order. */
  media: Media[];
}

/** Options of {@link formatToolResults}. */
export interface FormatToolResultsOptions {
  /** Writes an output that is not a string. Default: `JSON.stringify` (compact), or `String` when that fails. */
  stringify?: (output: unknown) => string;
}

/** Written for a result with neither output nor error. */
export const NO_OUTPUT = '(no output)';

/**
 * Formats tool results as the observation for the next model turn: one
 * section per result named by its tool, holding the output (a string as is,
 * anything else as JSON) or `Error: message`, through `format`
 * (`markdownSections`, `xmlSections` or one made by their factories). Media
 * are collected separately, since they travel as message parts of their own.
 * No results give `{ text: '', media: [] }`.
 */
export function formatToolResults<Media = unknown>(
  results: readonly ToolResult<Media>[],
  format: SectionFormat,
  given?: FormatToolResultsOptions | null,
): FormattedToolResults<Media> {
  const options = checkFormatResultsOptions('formatToolResults', given);
  const stringify = options.stringify ?? toJson;
  const media: Media[] = [];
  const sections = results.map((result) => {
    if (result.media) media.push(...result.media);
    return { name: result.toolName, content: resultText(result, stringify) };
  });
  const text = sections.length === 0 ? '' : format.wrapObservation(format.formatSections(sections));
  return { text, media };
}

function resultText(result: ToolResult<unknown>, stringify: (output: unknown) => string): string {
  if (result.error !== undefined) return errorLine(errorMessage(result.error));
  if (result.errorText !== undefined) return errorLine(result.errorText);
  const { output } = result;
  if (output === undefined) return NO_OUTPUT;
  return typeof output === 'string' ? output : stringify(output);
}

/** `Error: message`, not doubled when the message already says so. */
function errorLine(message: string): string {
  return /^error:/i.test(message) ? message : `Error: ${message}`;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : toJson(error);
}

function toJson(value: unknown): string {
  try {
    const json = JSON.stringify(value);
    if (json !== undefined) return json;
  } catch {
    // Cycles and BigInts: fall back to String below.
  }
  return String(value);
}
