import type { ParsedCall } from '../../types.js';
import type { MarkedBlock } from '../kit/define.js';
import { elements, withoutStartOf } from '../kit/elements.js';
import { parseJson } from '../shared/json.js';
import { writtenValues } from '../kit/written.js';

const SEP = '<tool_sep>';

/**
 * With the tool's schema: a parameter that admits strings gets its value as written
 * (untrimmed, never decoded), as vLLM's GLM parser keeps a string parameter; the review then
 * types the others.
 */
export const glmWritten = writtenValues((text, types, value) => (types.has('string') ? text : value));

/**
 * The calls of a GLM block: `<tool_call>` holds one (`NAME`, then `<arg_key>`/`<arg_value>`
 * pairs); Hy3's `<tool_calls>` wrapper holds `<tool_call>` elements.
 */
export function readGlm(block: MarkedBlock): ParsedCall[] {
  if (block.openerIndex === 0) return [readCall(block.body, block.partial, !block.closed, false)];
  const calls: ParsedCall[] = [];
  for (const call of elements(block.body, 'tool_call')) {
    if (!call.opened) break;
    const read = readCall(call.content, block.partial && !call.closed, !call.closed, true);
    if (read.toolName !== '' || !block.partial) calls.push(read);
  }
  return calls;
}

/** Where a name ends: a line break or the first tag. */
function nameEnd(text: string): number {
  for (let i = 0; i < text.length; i++) if (text[i] === '\n' || text[i] === '\r' || text[i] === '<') return i;
  return text.length;
}

/**
 * One call: the name (blanks around it dropped), `<tool_sep>` when Hy3 writes it, then the
 * pairs in one forward pass. A key without its `<arg_value>` is left out, as the servers'
 * patterns leave it (a value cut off by the end of the text is read as far as it goes); a repeated key keeps its last value. GLM values are read by vLLM's rule
 * (JSON when the blank-trimmed value parses as JSON, Python's `True`/`False`/`None` and quoted
 * strings, else the trimmed text); Hy3's and Hy4's (a `<tool_sep>` after the name, or calls in a
 * `<tool_calls>` wrapper) stay text, as vLLM's Hy parsers keep them without a schema.
 */
function readCall(content: string, partial: boolean, cut: boolean, wrapped: boolean): ParsedCall {
  const end = nameEnd(content);
  const toolName = content.slice(0, end).trim();
  const hy = wrapped || content.slice(end).trimStart().startsWith(SEP);
  const entries: Array<[string, unknown]> = [];
  const raw = new Map<string, string>();
  let at = end;
  for (;;) {
    const key = content.indexOf('<arg_key>', at);
    if (key < 0) break;
    const keyEnd = content.indexOf('</arg_key>', key + 9);
    if (keyEnd < 0) break;
    const value = content.indexOf('<arg_value>', keyEnd + 10);
    if (value < 0 || content.slice(keyEnd + 10, value).trim() !== '') break;
    let valueEnd = content.indexOf('</arg_value>', value + 11);
    if (valueEnd < 0 && !cut) break;
    const name = content.slice(key + 9, keyEnd).trim();
    const text = valueEnd < 0 ? withoutStartOf(content.slice(value + 11), '</arg_value>') : content.slice(value + 11, valueEnd);
    raw.set(name, text);
    entries.push([name, hy ? text : glmValue(text)]);
    if (valueEnd < 0) break;
    at = valueEnd + 12;
  }
  const input = Object.fromEntries(entries);
  glmWritten.remember(input, raw);
  if (toolName === '' && !partial) return { input, invalid: true, errorText: 'the GLM <tool_call> names no function (write <tool_call>NAME)' };
  return { toolName, input };
}

/** vLLM's GLM rule for a value without a string schema. */
function glmValue(text: string): unknown {
  const trimmed = text.trim();
  const json = parseJson(trimmed);
  if (json.ok) return json.value;
  {
    if (trimmed === 'True' || trimmed === 'False') return trimmed === 'True';
    if (trimmed === 'None') return null;
    const quote = trimmed[0];
    if (trimmed.length >= 2 && (quote === "'" || quote === '"') && trimmed.endsWith(quote) && !trimmed.slice(1, -1).includes(quote)) return trimmed.slice(1, -1);
    return trimmed;
  }
}
