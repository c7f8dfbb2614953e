import type { SyntaxDescription } from '../../types.js';
import type { XmlStyle } from './format.js';

const FRAME: Readonly<Record<XmlStyle, string>> = {
  tool: 'Write each tool call as `<tool name="NAME"><arguments>…</arguments></tool>`, with one `<arg name="KEY">value</arg>` per parameter.',
  param:
    'Write each tool call as `<tool:NAME>…</tool:NAME>`, with one `<param:KEY>value</param:KEY>` per parameter (`<param name="KEY">value</param>` for a key that is not letters, digits, `_`, `.` and `-`).',
};

/** The rules of the XML style `format` writes. */
export function xmlDescription(style: XmlStyle): SyntaxDescription {
  const element = style === 'tool' ? '<arg>' : '<param:KEY>';
  const json = style === 'tool' ? '<arg name="limit" type="json">10</arg>' : '<param:limit type="json">10</param:limit>';
  return {
    rules: [
      FRAME[style],
      '- A value is written as is, with no escaping: `<`, `>`, `&` and quotes stay as they are, and it may span lines. A value that holds `</` goes inside `<![CDATA[` and `]]>`.',
      `- Arrays: repeat the \`${element}\` with the same name once per item.`,
      `- Numbers, booleans, null and nested objects: JSON inside an ${style === 'tool' ? 'arg' : 'element'} marked \`type="json"\`, as in \`${json}\`.`,
    ].join('\n'),
  };
}
