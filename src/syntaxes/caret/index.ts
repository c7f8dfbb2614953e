import type { ToolSyntax } from '../../types.js';
import { caretDescription } from './describe.js';
import { formatCaret, type CaretGrammar } from './format.js';
import { choiceOption } from '../shared/options.js';
import { caretOpener } from './reader.js';

export type { CaretGrammar } from './format.js';

/** Options of {@link createCaretSyntax}. */
export interface CaretSyntaxOptions {
  /**
   * The grammar `format` writes: `v1` (default), the shipped one with
   * `key ---` … `--- key` multiline values and `key: [` … `]` lists; or `v0`,
   * the seed draft with YAML `- item` lists and the `content` after a `---`
   * line. Reading always accepts both.
   */
  grammar?: CaretGrammar;
}

/**
 * Triple-caret blocks: a `^^^NAME` line (NAME `[A-Za-z0-9_]+`, trailing
 * spaces allowed, anything else on the line leaves it as text) up to a `^^^`
 * line at column 0 (trailing spaces allowed; at the end of input without a
 * line break too). The lines between are parameters, in the seed draft (v0)
 * or the shipped (v1) grammar, freely mixed; values are strings and lists:
 *
 * - `key: value`: split at the first colon, both sides trimmed;
 * - `key:` then YAML `- item` lines: a list;
 * - `key: |` / `key: >` then indented lines: a YAML block scalar;
 * - `key ---` … `--- key`: a multiline string (lines joined with `\n`);
 * - `key: [` … `]`: a list, one trimmed item per line, blank lines skipped;
 * - a key given twice collects its values into a list;
 * - after a `---` line, the body: YAML parameters merged into the input when
 *   its first line is `key:` and it parses as a YAML mapping, else its lines
 *   (joined with `\n`) are `content`, or `body` when `content` is set.
 *
 * A header line that is none of these, a YAML block scalar that does not
 * parse, and a `key ---` or `key: [` still open at the closer make the block
 * an `output-error` whose errorText names the line (a block cut off by the
 * end of input keeps the open value without an error). CRLF and lone CR
 * line breaks are read everywhere. The name is known at the opener; caret
 * blocks name no id. Like every line-start syntax, an opener inside a list
 * item or block quote is not recognised.
 */
export function createCaretSyntax(options: CaretSyntaxOptions = {}): ToolSyntax {
  const grammar = choiceOption('caret', 'grammar', options.grammar, ['v1', 'v0']);
  return {
    name: 'caret',
    triggers: '^',
    placement: 'line-start',
    startOpener: caretOpener,
    format: (call) => formatCaret(call, grammar),
    describe: caretDescription(grammar),
  };
}

/** The caret syntax with default options (formats in the shipped v1 grammar). */
export const caretSyntax: ToolSyntax = /* @__PURE__ */ createCaretSyntax();
