import type { SyntaxDescription } from '../../types.js';

/** The sentinel syntax's rules. */
export const sentinelDescription: SyntaxDescription = {
  rules: [
    'Write each tool call as `[[SEG_START {"type":"tool","tool_name":"NAME","arguments":{…}}]][[SEG_END]]`: the header between `[[SEG_START` and `]]` is one JSON object.',
    '- The arguments are JSON: strings in double quotes, with `\\"` for `"`, `\\\\` for `\\` and `\\n` for a line break; arrays as `[…]`; numbers, booleans and null unquoted; nested objects as `{…}`.',
    '- write_file, edit_file and run_bash calls put their content, patch or command between the markers instead: the header line (its type is the tool name, its other fields are the other arguments), the text as is on the lines that follow, and `[[SEG_END]]` on a line of its own.',
  ].join('\n'),
};
