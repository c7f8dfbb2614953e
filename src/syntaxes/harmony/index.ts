import type { BlockIdentity, FormatCall, ParsedCall, ToolSyntax, WorkMeter } from '../../types.js';
import { isRecord } from '../../object.js';
import { defineMarkedSyntax } from '../kit/define.js';
import { withJsonArguments } from '../kit/json-arguments.js';
import { plainJson } from '../kit/python-json.js';

const MESSAGE = '<|message|>';
const RECIPIENT = 'to=functions.';

/** Tokens that end a header (or a message) without a recipient. */
const NOT_A_CALL = ['<|message|>', '<|end|>', '<|call|>', '<|start|>', '<|return|>'];
const endsWithAny = (text: string, tokens: readonly string[]) => tokens.some((token) => text.endsWith(token));

/**
 * Whether a harmony message header (the units after `<|start|>assistant` or `<|channel|>`, one
 * more per call) is a function call: `true` once ` to=functions.` is read, `false` at the end of
 * the header (or of the message) without it — the analysis and final channels, a preamble, a
 * built-in tool's call.
 */
function isCall(after: string): boolean | undefined {
  if (after.endsWith(RECIPIENT)) return true;
  return endsWithAny(after, NOT_A_CALL) ? false : undefined;
}

/** The recipient's tool name in a header, once a blank, `<` or the end of the header ends it. */
function recipient(header: string, complete: boolean): string | undefined {
  const at = header.indexOf(RECIPIENT);
  if (at < 0) return undefined;
  const from = at + RECIPIENT.length;
  let end = from;
  while (end < header.length && !/[\s<]/.test(header[end]!)) end++;
  if (end === header.length && !complete) return undefined;
  const name = header.slice(from, end);
  return name === '' ? undefined : name;
}

/** The call of one harmony message: the recipient's name, the message's JSON as the arguments. */
function readHarmony(body: string, partial: boolean, closed: boolean, work: WorkMeter | undefined): ParsedCall[] {
  const at = body.indexOf(MESSAGE);
  const header = at < 0 ? body : body.slice(0, at);
  const name = recipient(header, at >= 0 || !partial);
  const call: ParsedCall = name === undefined ? { input: {} } : { toolName: name, input: {} };
  const lenient = partial || !closed;
  if (at < 0) return [lenient ? call : { ...call, invalid: true, errorText: 'the tool call message has no <|message|> before its end' }];
  if (name === undefined && !lenient) return [{ ...call, invalid: true, errorText: 'no tool name after to=functions.' }];
  return [withJsonArguments(call, body.slice(at + MESSAGE.length), lenient, work)];
}

function harmonyIdentity(body: string): BlockIdentity | undefined {
  const at = body.indexOf(MESSAGE);
  const toolName = recipient(at < 0 ? body : body.slice(0, at), at >= 0);
  return toolName === undefined ? undefined : { toolName };
}

/** Writes a call as gpt-oss writes one: a commentary message to `functions.NAME`, JSON constrained, ended by `<|call|>`. */
function formatHarmony(call: FormatCall): string {
  const name = call.toolName;
  if (typeof name !== 'string' || name === '') throw new Error('harmony syntax: the tool name must be a non-empty string');
  if (/[\s<]/.test(name)) throw new Error('harmony syntax: the tool name cannot hold blanks or `<` (it is written in the recipient to=functions.NAME)');
  const input = call.input ?? {};
  if (!isRecord(input)) throw new Error('harmony syntax: input must be an object (it is written as the message)');
  // `<|` only occurs inside strings: escaped, no string can read as a special token (`<|call|>`).
  const json = JSON.stringify(plainJson(input, 'harmony')).replaceAll('<|', '<\\u007c');
  return `<|start|>assistant<|channel|>commentary to=functions.${name} <|constrain|>json<|message|>${json}<|call|>`;
}

const RULES = [
  'Write each tool call as its own message: `<|start|>assistant<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>` followed by the arguments as one JSON object and `<|call|>`.',
  "- Calls to these tools must go to the commentary channel: 'functions'.",
  '- The arguments are valid JSON following the tool\'s parameters; strings are JSON strings, with `\\n` for a line break.',
].join('\n');

/**
 * gpt-oss's tool calls in the harmony format, written with its special tokens (they reach the
 * text when the server does not strip them): a message
 * `<|start|>assistant<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{json}<|call|>`,
 * the recipient also before the channel (`<|start|>assistant to=functions.NAME<|channel|>commentary json<|message|>…`),
 * `<|start|>assistant` also left out (the completion prompt ends with it: the message then starts
 * at `<|channel|>`), `<|constrain|>`
 * optional, ended by `<|call|>`, `<|end|>` or `<|return|>`. One message is one block and one call,
 * named as soon as its recipient is complete. Messages to no function (the `analysis` and
 * `final` channels, preambles, built-in tools) are text, their tokens included: nothing is dropped.
 * The message is JSON: invalid JSON makes the call an `output-error` with line and column.
 * Not read: a completion that starts with the recipient itself (` to=functions.NAME<|channel|>…`,
 * the prompt ending with `<|start|>assistant`): an opener at `to=` would hold back every `t` at
 * the end of a delta.
 */
export function createHarmonySyntax(): ToolSyntax {
  const close = ['<|call|>', '<|end|>', '<|return|>'];
  return defineMarkedSyntax({
    name: 'harmony',
    openers: [
      { marker: '<|start|>assistant', follows: isCall, lookahead: 256, close },
      { marker: '<|channel|>', follows: isCall, lookahead: 256, close },
    ],
    read: (block) => readHarmony(block.body, block.partial, block.closed, block.work),
    identity: harmonyIdentity,
    format: formatHarmony,
    describe: { rules: RULES },
  });
}

/** The harmony syntax. On by default. */
export const harmonySyntax: ToolSyntax = /* @__PURE__ */ createHarmonySyntax();
