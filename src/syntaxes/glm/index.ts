import type { BlockIdentity, SyntaxDescription, ToolSyntax } from '../../types.js';
import { defineMarkedSyntax, type MarkedOpener } from '../kit/define.js';
import { skipBlanks, startsWithLiteral } from '../kit/elements.js';
import { formatGlm, type GlmTemplate } from './format.js';
import { glmWritten, readGlm } from './read.js';

/** What may follow a GLM call's name (blanks between): its first argument, Hy3's separator, or its end. */
const AFTER_NAME = ['<arg_key>', '<tool_sep>', '</tool_call>'];

/**
 * After `<tool_call>`: a name (no blank, `<`, `>`, `{` or quote: a JSON `{` is hermes's, `<function=`
 * Qwen3-Coder's), blanks, then `<arg_key>`, `<tool_sep>` or `</tool_call>`: `true` at that tag's
 * last unit. Prose (`the <tool_call> tag`) fails at its first word's end.
 */
function callFollows(after: string): boolean | undefined {
  const rest = skipBlanks(after);
  let i = 0;
  while (i < rest.length && !/[\s<>{}"']/.test(rest[i]!)) i++;
  if (i === rest.length) return undefined;
  if (i === 0) return false;
  const tail = skipBlanks(rest.slice(i));
  if (tail === '') return undefined;
  let verdict: boolean | undefined = false;
  for (const tag of AFTER_NAME) {
    const found = startsWithLiteral(tail, tag);
    if (found === true) return true;
    if (found === undefined) verdict = undefined;
  }
  return verdict;
}

/** After Hy3's `<tool_calls>`: blanks, then a `<tool_call>` GLM-shaped as above. */
function listFollows(after: string): boolean | undefined {
  const rest = skipBlanks(after);
  const head = startsWithLiteral(rest, '<tool_call>');
  return head === true ? callFollows(rest.slice('<tool_call>'.length)) : head;
}

/** The first call's name once a line break or a tag ends it. */
function identity(body: string, opener: MarkedOpener): BlockIdentity | undefined {
  const rest = skipBlanks(opener.marker === '<tool_calls>' ? skipBlanks(body).slice('<tool_call>'.length) : body);
  const end = rest.search(/[\r\n<]/);
  const toolName = end < 0 ? '' : rest.slice(0, end).trim();
  return toolName === '' ? undefined : { toolName };
}

/** The GLM template's own instructions, laid out as `template` writes calls. */
function description(template: GlmTemplate): SyntaxDescription {
  const line = template === '4.5' ? '\n' : '';
  return {
    rules: [
      'Write each tool call as this template says. For each function call, output the function name and arguments within the following XML format:',
      `\`\`\`text\n<tool_call>{function-name}${line}<arg_key>{arg-key-1}</arg_key>${line}<arg_value>{arg-value-1}</arg_value>${line}<arg_key>{arg-key-2}</arg_key>${line}<arg_value>{arg-value-2}</arg_value>${line}...${line}</tool_call>\n\`\`\``,
      '- String values are written as they are; other values as JSON.',
    ].join('\n'),
  };
}

/** Options of {@link createGlmSyntax}. */
export interface GlmSyntaxOptions {
  /** The chat template whose layout `format` writes: `'4.5'` (GLM-4.5/4.6, a line break after the name and each tag; the default, read by every GLM parser) or `'4.7'` (GLM-4.7 and later, one line). */
  template?: GlmTemplate;
}

/**
 * The GLM tool-call format (GLM-4.5 and later; Hy3): `<tool_call>NAME`, then
 * `<arg_key>K</arg_key><arg_value>V</arg_value>` pairs, then `</tool_call>`, with line breaks
 * after the name and each tag (GLM-4.5/4.6) or none (GLM-4.7+), anywhere outside code. A call may
 * have no argument (`<tool_call>NAME</tool_call>`). Hy3 writes `<tool_sep>` after the name and
 * wraps its calls in `<tool_calls>`…`</tool_calls>`, one block holding them all.
 *
 * `<tool_call>` opens this syntax only when a bare name and one of `<arg_key>`, `<tool_sep>` or
 * `</tool_call>` follow (a `{` opens hermes, `<function=` Qwen3-Coder), however it is split.
 * Values follow vLLM's GLM parser: JSON when the trimmed value parses as JSON (`5`, `true`,
 * `[1]`), else the trimmed text; with the `tools` option a parameter whose schema admits strings keeps
 * its value exactly as written, and the others are typed by their schema. Hy3 values stay text
 * without a schema, as vLLM's Hy3 parser keeps them. A call with no name is an `output-error`.
 */
export function createGlmSyntax(options: GlmSyntaxOptions = {}): ToolSyntax {
  const template = options.template ?? '4.5';
  return defineMarkedSyntax({
    name: 'glm',
    openers: [
      { marker: '<tool_call>', follows: callFollows, lookahead: 160, close: '</tool_call>' },
      { marker: '<tool_calls>', follows: listFollows, lookahead: 192, close: '</tool_calls>' },
    ],
    read: readGlm,
    identity,
    format: (call) => formatGlm(call, template),
    describe: description(template),
    mapInput: glmWritten.mapInput,
  });
}

/** The glm syntax. On by default. */
export const glmSyntax: ToolSyntax = /* @__PURE__ */ createGlmSyntax();
