import type { BlockIdentity, SyntaxDescription, ToolSyntax } from '../../types.js';
import { defineMarkedSyntax, type MarkedOpener } from '../kit/define.js';
import { skipBlanks, startsWithLiteral } from '../kit/elements.js';
import { bareFunctionEnd } from './bare-end.js';
import { formatQwen3Coder } from './format.js';
import { qwenWritten, readQwen3Coder } from './read.js';

const FUNCTION = '<function=';

/**
 * `text` begins with a function name and its `>`: `true` at that `>`. A name holds no line
 * break, `<` or brace (spaces are allowed, as Ollama reads them), so an unrendered template
 * (`<function={{ tc.name }}>`) stays text.
 */
function named(text: string): boolean | undefined {
  for (let i = 0; i < text.length; i++) {
    const unit = text[i]!;
    if (unit === '>') return i > 0;
    if (unit === '<' || unit === '{' || unit === '}' || unit === '\n' || unit === '\r') return false;
  }
  return undefined;
}

/** After `<tool_call>` / `<seed:tool_call>`: blanks, then `<function=NAME>` (a JSON `{` is hermes's, a bare name GLM's). */
function functionFollows(after: string): boolean | undefined {
  const rest = skipBlanks(after);
  const head = startsWithLiteral(rest, FUNCTION);
  return head === true ? named(rest.slice(FUNCTION.length)) : head;
}

/** The first call's name once its `>` is read. */
function identity(body: string, opener: MarkedOpener): BlockIdentity | undefined {
  const rest = opener.marker === FUNCTION ? body : skipBlanks(body).slice(FUNCTION.length);
  const end = rest.indexOf('>');
  const toolName = end < 0 ? '' : rest.slice(0, end).trim();
  return toolName === '' ? undefined : { toolName };
}

const description: SyntaxDescription = {
  rules: [
    'Write each tool call as this template says. If you choose to call a function ONLY reply in the following format with NO suffix:',
    '',
    '```text\n<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n</parameter>\n<parameter=example_parameter_2>\nThis is the value for the second parameter\nthat can span\nmultiple lines\n</parameter>\n</function>\n</tool_call>\n```',
    '',
    '- Function calls MUST follow the specified format: an inner `<function=...></function>` block must be nested within `<tool_call></tool_call>` XML tags',
    '- Required parameters MUST be specified',
    '- Objects and arrays are written as JSON; every other value as plain text',
  ].join('\n'),
};

/**
 * The Qwen3-Coder XML tool-call format (Qwen3-Coder, Qwen3.5 and later, MiMo, Step-3.5,
 * Nemotron 3; Seed-OSS with `<seed:tool_call>`):
 * `<tool_call>\n<function=NAME>\n<parameter=K>\nV\n</parameter>\n…</function>\n</tool_call>`,
 * anywhere outside code. A block may hold several functions; a function may have no
 * parameter. A `<function=NAME>` without its `<tool_call>` is read too, as the servers do, its
 * `</tool_call>` taken into the block when only blanks stand between (see {@link bareFunctionEnd}).
 *
 * `<tool_call>` opens this syntax only when blanks and `<function=NAME>` follow it (a `{` opens
 * hermes, a bare name GLM), decided however the marker is split. Values are text as written,
 * less one line break at each end; `null` is `null`. With the `tools` option a value is typed by
 * its parameter's schema (`"3"` → 3), as vLLM and SGLang do (a plain string parameter keeps the
 * word `null`; `None` is `null` where the schema admits it); without one it stays a string, as
 * theirs do. A function without `</function>` or a parameter without `</parameter>` ends where
 * the next one begins or the block ends, as theirs read it. A closed block with no function, or
 * a `<function>` with no name, is an `output-error`.
 */
export function createQwen3CoderSyntax(): ToolSyntax {
  return defineMarkedSyntax({
    name: 'qwen3coder',
    openers: [
      { marker: '<tool_call>', follows: functionFollows, lookahead: 256, close: '</tool_call>' },
      { marker: '<seed:tool_call>', follows: functionFollows, lookahead: 256, close: '</seed:tool_call>' },
      { marker: FUNCTION, follows: named, lookahead: 256, close: bareFunctionEnd },
    ],
    read: readQwen3Coder,
    identity,
    format: formatQwen3Coder,
    describe: description,
    mapInput: qwenWritten.mapInput,
  });
}

/** The qwen3coder syntax. On by default. */
export const qwen3CoderSyntax: ToolSyntax = /* @__PURE__ */ createQwen3CoderSyntax();
