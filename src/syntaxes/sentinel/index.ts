import type { ToolSyntax } from '../../types.js';
import { sentinelDescription } from './describe.js';
import { formatSentinel } from './format.js';
import { lengthOption } from '../shared/options.js';
import { DEFAULT_MAX_HEADER_LENGTH, SentinelOpener } from './reader.js';

/** Options of {@link createSentinelSyntax}. */
export interface SentinelSyntaxOptions {
  /**
   * Longest header JSON, in UTF-16 code units, read before a `[[SEG_START {`
   * whose braces never balance is given up as text. Default 64 KiB.
   */
  maxHeaderLength?: number;
}

/**
 * Sentinel markers `[[SEG_START {json}]]` … `[[SEG_END]]`, anywhere in a line
 * (both keywords in any case). The header is a JSON object with a `type`:
 *
 * - `tool` / `tool_call`: the name is `tool_name`, the input `arguments` (an
 *   object, or a JSON string holding one). Without `arguments`, a body
 *   starting with `{` is the JSON arguments; another non-blank body is kept
 *   in `fields.body`. Other header fields go to `fields`.
 * - `write_file`, `edit_file`, `run_bash` / `run_terminal_cmd` (named
 *   `run_bash`): the input is the header fields minus `type` and the id,
 *   plus the body as `content`, `patch` or `command`.
 *
 * A header `id` (or `tool_call_id`) is the call id. The body is the text
 * between `]]` and `[[SEG_END]]` minus one line break right after `]]` and
 * one right before `[[SEG_END]]`. A header that is not a JSON object with a
 * known type (or runs past `maxHeaderLength`) leaves the marker as text; a known header
 * with a bad `id`, `tool_name` or `arguments` makes the block an
 * `output-error` that says which. Name and id are known at the opener.
 */
export function createSentinelSyntax(options: SentinelSyntaxOptions = {}): ToolSyntax {
  const maxHeaderLength = lengthOption('sentinel', 'maxHeaderLength', options.maxHeaderLength, DEFAULT_MAX_HEADER_LENGTH, 2);
  return {
    name: 'sentinel',
    triggers: '[',
    placement: 'inline',
    startOpener: (work) => new SentinelOpener(maxHeaderLength, work),
    format: formatSentinel,
    describe: sentinelDescription,
  };
}

/** The sentinel syntax. */
export const sentinelSyntax: ToolSyntax = /* @__PURE__ */ createSentinelSyntax();
