import type { ToolDefinition, ToolSyntax } from '../../types.js';
import { defineMarkedSyntax } from '../kit/define.js';
import { closeAt, type EndReader, type EndReaderFactory } from '../kit/ends.js';
import { toolTagsDescription } from './describe.js';
import { formatToolTags } from './format.js';
import { readToolTags } from './read.js';

/** Options of {@link createTooltagsSyntax}. */
export interface TooltagsSyntaxOptions {
  /**
   * The tools whose names open a call (definitions or bare names). Given here, they are fixed;
   * left out, the parser's own `tools` option supplies them (see {@link ToolSyntax.withTools}),
   * and without either the syntax reads nothing.
   */
  tools?: ReadonlyArray<ToolDefinition | string>;
}

/** What a tool name must look like to be an element name. */
const TAG_NAME = /^[A-Za-z_][\w.-]*$/;

/**
 * Agent tool-name XML, as Cline- and Roo-style coding agents prompt models to write it: an
 * element named after a given tool is a call, its child elements are the parameters.
 *
 * ```xml
 * <read_file>
 * <path>src/a.md</path>
 * </read_file>
 * ```
 *
 * gives `{ toolName: 'read_file', input: { path: 'src/a.md' } }`. Only `<NAME>` exactly (no
 * attributes) opens, for the names of the tools given; the call ends at the first `</NAME>`.
 * `<NAME/>` is a call without parameters.
 * A value is its text as written, code and tags inside kept verbatim, without one line break
 * after its opening and one before its closing tag; a repeated parameter gives an array; values
 * are strings, typed by the tool's `inputSchema` when the parser has `tools` (the review
 * coerces them). Anywhere outside code. A call's body cannot hold its own `</NAME>`.
 *
 * With the default syntaxes and a `tools` option, this syntax is added in front of the others,
 * so for a tool named `run_bash` the tool-name reading wins over the `xml` syntax's
 * `<run_bash>` shorthand (both open at the same `>`; the first listed wins). `<write_file path="…">`
 * stays `xml`'s: a tag with attributes never opens a tool-name call.
 */
export function createTooltagsSyntax(options: TooltagsSyntaxOptions = {}): ToolSyntax {
  const names = options.tools?.map((tool) => (typeof tool === 'string' ? tool : tool?.name)) ?? [];
  const syntax = namesSyntax([...new Set(names)].filter((name): name is string => typeof name === 'string' && TAG_NAME.test(name)));
  if (options.tools === undefined) syntax.withTools = (tools) => createTooltagsSyntax({ tools });
  return syntax;
}

/** The syntax reading the elements named `names` (none: it never opens). */
function namesSyntax(names: readonly string[]): ToolSyntax {
  const spec = { format: formatToolTags, describe: toolTagsDescription };
  if (names.length === 0) {
    return { name: 'tooltags', triggers: '', placement: 'inline', startOpener: () => ({ push: () => 1, end: () => 1 }), ...spec };
  }
  return defineMarkedSyntax({
    name: 'tooltags',
    openers: names.map((name) => ({ marker: `<${name}`, follows: afterName, close: toolEnd(name) })),
    read: readToolTags,
    identity: (_body, opener) => ({ toolName: opener.marker.slice(1) }),
    ...spec,
  });
}

/**
 * The tool-name XML syntax, bound to no tools: each parser binds it to its own `tools` option.
 * Opt-in by name (`syntaxes: ['tooltags', …]`), and added to the defaults when `tools` are given.
 */
export const tooltagsSyntax: ToolSyntax = /* @__PURE__ */ createTooltagsSyntax();

/** After `<NAME`: `>` opens a call, `/>` is a whole call, anything else (`<NAME x="…">`, `<NAMEs>`) is not one. */
function afterName(after: string): boolean | undefined {
  if (after === '>' || after === '/>') return true;
  return after === '/' ? undefined : false;
}

/**
 * The end of a call opened by `<NAME`: its body starts with the opener's `>` or `/>` (what
 * {@link afterName} read); `/>` ends the call there (the closer), `>` is followed by the
 * parameters up to `</NAME>`.
 */
function toolEnd(name: string): EndReaderFactory {
  const close = closeAt(`</${name}>`);
  return () => {
    let inner: EndReader | undefined;
    let slash = false;
    const end: EndReader & { held: number } = {
      held: 0,
      read(text, from, to) {
        let at = from;
        while (inner === undefined && at < to) {
          const unit = text[at++];
          if (slash) {
            end.held = 2;
            return at;
          }
          if (unit === '/') slash = true;
          else inner = close();
        }
        if (inner === undefined) return -1;
        const found = inner.read(text, at, to);
        end.held = inner.held;
        return found;
      },
      endOfInput: () => inner?.endOfInput?.() === true,
    };
    return end;
  };
}
