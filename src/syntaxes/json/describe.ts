import type { SyntaxDescription } from '../../types.js';
import type { JsonStyle } from './format.js';

/** The rules of the JSON style `format` writes (only the OpenAI envelope carries arguments as a string). */
export function jsonDescription(style: JsonStyle): SyntaxDescription {
  const lines = [
    'Write each tool call as one JSON object, starting at the beginning of a line, in the envelope the examples show.',
    '- Standard JSON: strings in double quotes, with `\\"` for `"`, `\\\\` for `\\` and `\\n` for a line break; arrays as `[…]`; numbers, booleans and null unquoted; nested objects as `{…}`.',
  ];
  if (style === 'openai') {
    lines.push('- Where `arguments` is a string (the `tool_calls` envelope), it holds the arguments as JSON text, with its quotes escaped as `\\"`.');
  }
  lines.push('- Write nothing inside the object but the call.');
  return { rules: lines.join('\n') };
}
