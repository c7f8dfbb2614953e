import type { BlockIdentity, FormatCall, ParsedCall, SyntaxDescription, ToolSyntax } from '../../types.js';
import { isRecord } from '../../object.js';
import { readBareObject } from '../kit/bare-object.js';
import { defineMarkedSyntax, type MarkedBlock, type MarkedOpener } from '../kit/define.js';
import { plainJson } from '../kit/python-json.js';
import { gemmaEnd } from './end.js';

/** Gemma 4's string delimiter token, and FunctionGemma's. */
const QUOTE = '<|"|>';
const ESCAPE = '<escape>';
const HEAD = /^:?call:([\w.-]+)\{/;
/** What may still grow into {@link HEAD}: `call:` unit by unit, then the name. */
const HEAD_START = /^:?(?:c(?:a(?:l(?:l(?::[\w.-]*)?)?)?)?)?$/;

/**
 * Decides on the units after the opener: `call:NAME{` (a stray `:` before `call` allowed, as
 * Gemma 4 sometimes writes it). Anything else is text.
 */
function followsCall(after: string): boolean | undefined {
  return HEAD.test(after) || (HEAD_START.test(after) ? undefined : false);
}

/** The call of one block: `call:NAME{args}` read with the opener's quote token. */
function readGemma(block: MarkedBlock): ParsedCall[] {
  const { body, partial } = block;
  const head = HEAD.exec(body);
  if (head === null) return [{ input: {}, invalid: true, errorText: 'expected call:NAME{…} after the opener' }];
  const toolName = head[1]!;
  const quote = block.openerIndex === 0 ? QUOTE : ESCAPE;
  const start = head[0].length - 1;
  const read = readBareObject(body, start, quote, partial || !block.closed, block.openerIndex === 1);
  const call: ParsedCall = { toolName, input: read.value };
  if (partial || !block.closed) return [call];
  const { problem } = read;
  const trailing = body.slice(read.end).trim();
  const errorText = problem
    ? `invalid arguments of ${toolName} at column ${problem.at + 1}: ${problem.message}`
    : read.cut
      ? `the arguments of ${toolName} are not complete before ${block.closer || 'the end of the call'}`
      : trailing
        ? `unexpected ${JSON.stringify(trailing.slice(0, 20))} after the arguments of ${toolName}`
        : undefined;
  return [errorText === undefined ? call : { ...call, invalid: true, errorText }];
}

function gemmaIdentity(body: string): BlockIdentity | undefined {
  const head = HEAD.exec(body);
  return head === null ? undefined : { toolName: head[1]! };
}

/** The gemma syntax's rules, in the words of Gemma 4's chat template. */
export const gemmaDescription: SyntaxDescription = {
  rules: [
    'Write each tool call as `<|tool_call>call:NAME{…}<tool_call|>`, the arguments as `key:value` pairs separated by `,`: `<|tool_call>call:get_weather{city:<|"|>Paris<|"|>,days:3}<tool_call|>`.',
    '- Keys are written bare; strings are wrapped in `<|"|>` on both sides; numbers, `true`, `false` and `null` are written bare; objects `{…}` and lists `[…]` nest.',
  ].join('\n'),
};

/**
 * Writes a call as Gemma 4's chat template does: `<|tool_call>call:NAME{k:v,…}<tool_call|>`,
 * keys sorted (case ignored, as Jinja's `dictsort`) and bare (a key that cannot stand bare is
 * wrapped in `<|"|>`), strings in `<|"|>`. Throws for an empty or unwritable name, an input that
 * is not an object, and a string holding `<|"|>` or a closer.
 */
export function formatGemma(call: FormatCall): string {
  const name = call.toolName;
  if (typeof name !== 'string' || !/^[\w.-]+$/.test(name)) {
    throw new Error('gemma syntax: the tool name must be non-empty letters, digits, "_", "-" or "."');
  }
  const input = call.input ?? {};
  if (!isRecord(input)) throw new Error('gemma syntax: input must be an object (it is written as the arguments)');
  return `<|tool_call>call:${name}${gemmaValue(plainJson(input, 'gemma'))}<tool_call|>`;
}

/** A value as the template writes it; `null`, numbers and booleans as `String` writes them. */
function gemmaValue(value: unknown): string {
  if (typeof value === 'string') return gemmaString(value);
  if (Array.isArray(value)) return `[${value.map(gemmaValue).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0));
    return `{${keys.map((key) => `${/^[^:,{}[\]<\s]+$/.test(key) && key.trim() === key ? key : gemmaString(key)}:${gemmaValue(value[key])}`).join(',')}}`;
  }
  return String(value);
}

function gemmaString(text: string): string {
  for (const token of [QUOTE, '<tool_call|>', '<turn|>']) {
    if (text.includes(token)) throw new Error(`gemma syntax: a string cannot hold ${token}`);
  }
  return `${QUOTE}${text}${QUOTE}`;
}

const openers: MarkedOpener[] = [
  { marker: '<|tool_call>', follows: followsCall, lookahead: 160, close: gemmaEnd(QUOTE, ['<tool_call|>', '<turn|>']) },
  { marker: '<start_function_call>', follows: followsCall, lookahead: 160, close: gemmaEnd(ESCAPE, ['<end_function_call>']) },
];

/**
 * Gemma's tool calls, anywhere outside code: Gemma 4's
 * `<|tool_call>call:NAME{key:<|"|>text<|"|>,n:1,ok:true,o:{…},l:[…]}<tool_call|>` (closed by
 * `<turn|>` too), and FunctionGemma's `<start_function_call>call:NAME{key:<escape>text<escape>}<end_function_call>`.
 * Values are read as Gemma's reference parser reads them: bare keys (or quoted), strings between
 * the quote tokens, bare `true`/`false`/`null`, numbers, nested objects and lists; any other bare
 * value is a string. A block whose arguments close without a closer after them ends at the `}`.
 */
export function createGemmaSyntax(): ToolSyntax {
  return defineMarkedSyntax({ name: 'gemma', openers, read: readGemma, identity: gemmaIdentity, format: formatGemma, describe: gemmaDescription });
}

/** The gemma syntax. On by default. */
export const gemmaSyntax: ToolSyntax = /* @__PURE__ */ createGemmaSyntax();
