import type { ToolSyntax } from '../../types.js';
import { xmlDescription } from './describe.js';
import { formatXml, type XmlStyle } from './format.js';
import { choiceOption, lengthOption } from '../shared/options.js';
import { DEFAULT_MAX_OPENER_LENGTH, XmlOpener } from './opener.js';

export type { XmlStyle } from './format.js';

/** Options of {@link createXmlSyntax}. */
export interface XmlSyntaxOptions {
  /**
   * The form `format` writes: `tool` (default) for
   * `<tool name="N"><arguments><arg name="k">v</arg></arguments></tool>`,
   * `param` for `<tool:N><param:k>v</param:k></tool:N>`. Reading accepts every form.
   */
  style?: XmlStyle;
  /**
   * Longest opener tag, in UTF-16 code units, read before a `<tool …` that
   * does not reach its `>` is given up as text. Default 4096.
   */
  maxOpenerLength?: number;
}

/**
 * XML tool tags, anywhere in a line (tag names in any case, attribute values
 * quoted with `"` or `'` and kept as written):
 *
 * - `<tool name="N" id="…">` … `</tool>` with `<arguments><arg name="k">v</arg>…</arguments>`,
 *   or legacy `<k>v</k>` children (child elements make an object);
 * - `<tool:N>` … `</tool:N>` with `<param:k>v</param:k>` (a repeated param makes an array);
 * - `<write_file path="…">content</write_file>`: `{path, content}`, the content raw
 *   (only `</write_file>` ends it, so HTML inside stays as written);
 * - `<run_bash …attributes>command</run_bash>`: `{command, …attributes}`.
 *
 * A value is its text as written (`a < b`, `&&`, `&nbsp;` kept: no entity
 * decoding), `<![CDATA[…]]>` unwrapped, one line break trimmed at each edge;
 * `type="json"` on an arg makes its text JSON. A self-closing opener
 * (`<tool name="x"/>`) is a call with no body. The opener is complete at its
 * `>`: a tag that is not one of these (`<toolbox>`, `<b>`), a `<tool>`
 * without a name, a `<write_file>` without a path, or a line break before
 * the `>` leaves the text as it is. An `id` attribute is the call id; other
 * opener attributes of `<tool>` are kept in `fields`. Malformed structure (a
 * stray close tag, an `<arg>` still open at `</tool>`, text outside the
 * elements) makes the block an `output-error` naming what and where.
 */
export function createXmlSyntax(options: XmlSyntaxOptions = {}): ToolSyntax {
  const style = choiceOption('xml', 'style', options.style, ['tool', 'param']);
  const maxOpenerLength = lengthOption('xml', 'maxOpenerLength', options.maxOpenerLength, DEFAULT_MAX_OPENER_LENGTH, 16);
  return {
    name: 'xml',
    triggers: '<',
    placement: 'inline',
    startOpener: (work) => new XmlOpener(maxOpenerLength, work),
    format: (call) => formatXml(call, style, maxOpenerLength),
    describe: xmlDescription(style),
  };
}

/** The XML syntax with default options (formats the `<tool name="N">` form). */
export const xmlSyntax: ToolSyntax = /* @__PURE__ */ createXmlSyntax();
