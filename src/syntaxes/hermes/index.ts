import type { ToolSyntax } from '../../types.js';
import { hermesDescription } from './describe.js';
import { formatHermes } from './format.js';
import { HermesOpener } from './reader.js';

/**
 * `<tool_call>{"name": …, "arguments": {…}}</tool_call>`: the tool-call
 * format of the Hermes and Qwen chat templates and of most open models
 * fine-tuned on them, anywhere in a line (outside code), tags in any case.
 *
 * The body is one JSON object, usually on its own line between the tags (a
 * `<tool_call>` not followed by `{`, as prose mentions it, stays text):
 * `name` is the tool name, `arguments` (or `parameters`) the input — a JSON
 * string of arguments is parsed — and `id`, when written before the
 * arguments, the call id; other keys go to `fields`. Invalid JSON, text
 * after the object or a block that ends before its object does make the block an `output-error` with
 * line and column (counted from the opener's `<`); a block cut off by the
 * end of input is read as far as it goes (`closed: false`). `</tool_call>`
 * inside a JSON string is content. While streaming, the partial JSON is
 * repaired as it arrives, and the call is announced once its name is read
 * and its arguments begin.
 */
export function createHermesSyntax(): ToolSyntax {
  return {
    name: 'hermes',
    triggers: '<',
    placement: 'inline',
    startOpener: (work) => new HermesOpener(work),
    format: formatHermes,
    describe: hermesDescription,
  };
}

/** The hermes syntax. On by default. */
export const hermesSyntax: ToolSyntax = /* @__PURE__ */ createHermesSyntax();
