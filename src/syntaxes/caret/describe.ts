import type { SyntaxDescription } from '../../types.js';
import type { CaretGrammar } from './format.js';

const FRAME =
  'Write each tool call as a caret block: a line `^^^` followed by the tool name, one parameter per line, and a closing line `^^^`, each at the start of a line.';
const LINE_VALUE = '- `key: value` for a value on one line, written as is: no quotes, no escaping. Numbers and booleans are written the same way.';
const NAMES = '- Parameter names are letters, digits and `_`.';

const RULES: Readonly<Record<CaretGrammar, string>> = {
  v1: [
    FRAME,
    LINE_VALUE,
    '- Multiline text: a line `key ---`, the text as is on the lines that follow, and a line `--- key`.',
    '- Arrays: a line `key: [`, one item per line, and a line `]`.',
    '- Nested objects: JSON on one line, `key: {"name": "value"}`.',
    NAMES,
  ].join('\n'),
  v0: [
    FRAME,
    LINE_VALUE,
    '- Arrays: a line `key:`, then one `  - item` line per item.',
    '- Multiline text: after the one-line parameters, a line `---`; then either the text of `content` as is, or YAML parameters: `key: |` and the text on the following lines, indented two spaces.',
    '- Nested objects: JSON on one line, `key: {"name": "value"}`.',
    NAMES,
  ].join('\n'),
};

/** The rules of the caret grammar `format` writes. */
export function caretDescription(grammar: CaretGrammar): SyntaxDescription {
  return { rules: RULES[grammar] };
}
