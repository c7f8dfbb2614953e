import type { FormatCall, SyntaxDescription, ToolSyntax } from '../../types.js';
import { defineMarkedSyntax, type MarkedOpener } from '../kit/define.js';
import { beginsPythonicCall, formatPythonicCall, pythonicCallName, pythonicListEnd, readPythonicBlock } from '../kit/pythonic.js';

/** `<|python_start|>`: Llama 4 wraps its call list in it (and `<|python_end|>`). */
const PYTHON_START = '<|python_start|>';

/** Blanks, then `[` and a call (see {@link beginsPythonicCall}). */
function listFollows(after: string): boolean | undefined {
  const trimmed = after.trimStart();
  if (trimmed === '') return undefined;
  return trimmed[0] === '[' ? beginsPythonicCall(trimmed.slice(1)) : false;
}

const openers: readonly MarkedOpener[] = [
  // The marker `[` is the list's: the body starts inside it, and ends at the `]` balancing it.
  { marker: '[', follows: (after) => beginsPythonicCall(after, false), close: pythonicListEnd(true) },
  { marker: PYTHON_START, follows: listFollows, close: '<|python_end|>' },
];

/** The pythonic syntax's rules, in the words of Llama 3.2's prompt format. */
export const pythonicDescription: SyntaxDescription = {
  rules: [
    'Write each tool call as a Python call in one list on a line of its own: if you decide to invoke any of the function(s), you MUST put it in the format of `[func_name1(params_name1=params_value1, params_name2=params_value2...), func_name2(params)]`.',
    '- Values are Python literals: strings in quotes, numbers, True, False, None, lists and dicts.',
  ].join('\n'),
};

/**
 * A list of Python calls, `[get_weather(city='Paris', days=3), other()]`, anywhere in a line: the
 * tool-call format of Llama 3.2 and Llama 4 (vLLM's `pythonic` and `llama4_pythonic` parsers;
 * Llama 4 may wrap it in `<|python_start|>` … `<|python_end|>`). Keyword arguments only; values
 * are Python literals read as JSON (see {@link readPythonicCalls}). Opt-in: prose can hold such
 * a list, so the block opens only where `[` is followed by a call name, `(` and `)` or a
 * keyword `NAME=` (`[see](x)` and `[note(s)]` stay text), as SGLang finds it after text. The
 * block ends at the `]` that balances the `[`; what follows is text. A broken call is an
 * `output-error` with line and column; the calls beside it are still read.
 */
export function createPythonicSyntax(): ToolSyntax {
  return defineMarkedSyntax({
    name: 'pythonic',
    placement: 'inline',
    openers,
    read: (block) =>
      block.openerIndex === 0
        ? readPythonicBlock(`[${block.body}`, block, { list: 'bracketed' })
        : readPythonicBlock(block.body, block, { list: 'bracketed', column: block.marker.length }),
    identity: (body, opener) => {
      const toolName = pythonicCallName(opener.marker === '[' ? `[${body}` : body);
      return toolName === undefined ? undefined : { toolName };
    },
    format: (call: FormatCall) => `[${formatPythonicCall(call.toolName, call.input, 'pythonic')}]`,
    describe: pythonicDescription,
  });
}

/** The pythonic syntax. Opt-in (not in the defaults). */
export const pythonicSyntax: ToolSyntax = /* @__PURE__ */ createPythonicSyntax();
