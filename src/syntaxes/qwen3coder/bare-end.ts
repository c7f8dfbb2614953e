import { closeAt, type EndReader } from '../kit/ends.js';

/** What may follow a bare call's `</function>` (after blanks) and still belong to its block. */
const AFTER = ['</tool_call>', '<function=', '<tool_call>'];
const bodyEnd = closeAt(['</function>', '</tool_call>']);

/**
 * Where a bare `<function=NAME>…` block ends (a call whose `<tool_call>` opener the model left
 * out). At `</function>` the block cannot end yet: a `</tool_call>` written after it (blanks
 * between) is the missing opener's closer and ends the block with it; a `<function=` or
 * `<tool_call>` goes on as the block's next call; anything else ends the block before it. The
 * blanks read meanwhile stay in the block's `raw`, and so do the first units of a tag that turns
 * out to be none of those (`</function>\n<p>` keeps `<` in the block): an end reader cannot end a
 * block before units it has taken (see the report on the kit). The body then holds every call's
 * text; {@link readQwen3Coder} finds the calls in it.
 */
export function bareFunctionEnd(): EndReader {
  let body = bodyEnd();
  /** The units after `</function>` while deciding; `undefined` inside a call. */
  let tail: string | undefined;
  let tag = '';
  return {
    held: 0,
    read(text, from, to) {
      let i = from;
      while (i < to) {
        if (tail === undefined) {
          const end = body.read(text, i, to);
          if (end < 0) return -1;
          if (body.held === '</tool_call>'.length) return end;
          tail = '';
          tag = '';
          i = end;
          continue;
        }
        const unit = text[i]!;
        if (tag === '' && (unit === ' ' || unit === '\t' || unit === '\n' || unit === '\r')) {
          tail += unit;
          i++;
          continue;
        }
        const candidate = tag + unit;
        if (!AFTER.some((marker) => marker.startsWith(candidate))) return i;
        i++;
        if (candidate === AFTER[0]) return i;
        if (candidate === AFTER[1] || candidate === AFTER[2]) {
          tail = undefined;
          body = bodyEnd();
        } else tag = candidate;
      }
      return -1;
    },
    endOfInput: () => tail !== undefined,
  };
}
