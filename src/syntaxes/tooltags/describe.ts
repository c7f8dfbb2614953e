import type { SyntaxDescription } from '../../types.js';

/** How Cline's system prompt teaches its tool calls ("Tool Use Formatting"), in its words. */
export const toolTagsDescription: SyntaxDescription = {
  rules: [
    'Write each tool call as an XML element named after the tool, with one child element per parameter.',
    '',
    'Tool use is formatted using XML-style tags. The tool name is enclosed in opening and closing tags, and each parameter is similarly enclosed within its own set of tags. Here\'s the structure:',
    '',
    '<tool_name>',
    '<parameter1_name>value1</parameter1_name>',
    '<parameter2_name>value2</parameter2_name>',
    '...',
    '</tool_name>',
    '',
    'Always adhere to this format for the tool use to ensure proper parsing and execution. A value is written as it is, with no escaping; a value of several lines goes on lines of its own between its tags.',
  ].join('\n'),
};
