import type { SyntaxDescription } from '../../types.js';
import type { JsonStyle } from './format.js';

/** The rules of the JSON style `format` writes (only the OpenAI envelope carries arguments as a string). */
export function jsonDescription(style: JsonStyle): SyntaxDescription {
  if (style === 'llama') {
    // Llama 3.1–3.3's chat template, in its words.
    return {
      rules: [
        'Given the following functions, please respond with a JSON for a function call with its proper arguments that best answers the given prompt.',
        '',
        'Respond in the format {"name": function name, "parameters": dictionary of argument name and its value}. Do not use variables.',
      ].join('\n'),
    };
  }
  const lines = [
    'Write each tool call as one JSON object, starting at the beginning of a line, in the envelope the examples show.',
    '- Standard JSON: strings in double quotes, with `\\"` for `"`, `\\\\` for `\\` and `\\n` for a line break; arrays as `[…]`; numbers, booleans and null unquoted; nested objects as `{…}`.',
  ];
  if (style === 'openai') {
    lines.push('- Where `arguments` is a string (the `tool_calls` envelope), it holds the arguments as JSON text, with its quotes escaped as `\\"`.');
  }
  if (style === 'xlam') lines[0] = 'Write your tool calls as one JSON list of {"name": function name, "arguments": dictionary of argument name and its value} objects, starting at the beginning of a line, as the examples show.';
  lines.push('- Write nothing inside the object but the call.');
  return { rules: lines.join('\n') };
}
