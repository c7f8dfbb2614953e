import type { SyntaxDescription } from '../../types.js';

/** The hermes syntax's rules. */
export const hermesDescription: SyntaxDescription = {
  rules: [
    'Write each tool call as `<tool_call>`, a JSON object `{"name": …, "arguments": {…}}` on one line, and `</tool_call>`.',
    '- `arguments` is a JSON object of the parameters; strings are JSON strings, with `\\n` for a line break and `\\"` for a quote.',
  ].join('\n'),
};
