import type { SyntaxDescription } from '../../types.js';

/** The rules of a fence syntax whose info-string word is `word`. */
export function fenceDescription(word: string): SyntaxDescription {
  return {
    rules: [
      `Write each tool call as a fenced block: a line \`\` \`\`\`${word} \`\` followed by the tool name, the call as YAML, and a closing line \`\` \`\`\` \`\`.`,
      '- The parameters go under `input:`, indented by two spaces, one `key: value` per line.',
      '- Arrays: one `- item` line per item, indented under their key.',
      '- Nested objects: their keys on the following lines, indented two more spaces.',
      '- Multiline text: `key: |`, then the text on the following lines, indented two spaces more than the key.',
      '- Put a string in double quotes when it starts with one of `: # - [ ] { } & * ! | > \' " % @` or a backtick, contains `: ` or ` #`, or would read as a number, `true`, `false` or `null`; inside double quotes write `\\"` for `"` and `\\\\` for `\\`.',
      '- When a value holds a line of three backticks, open and close the block with four.',
    ].join('\n'),
  };
}
