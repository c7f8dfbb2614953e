import type { FormatCall } from '../../types.js';
import { isRecord } from '../../object.js';

const START = '🛠️[';
const END = '🛠️[/end]';

/**
 * Writes `🛠️[NAME ARGS]`, a line break, the body and `🛠️[/end]`. The input
 * must be `{ args?: string[], body?: string }`; what the syntax cannot carry
 * (an end marker in the body, spaces or `]` in an argument) is an error.
 */
export function formatEmoji(call: FormatCall): string {
  const name = call.toolName;
  if (!/^[^\s\]/][^\s\]]*$/.test(name)) {
    throw new Error(`emoji syntax: tool name ${JSON.stringify(name)} must be one word without "]" and not start with "/"`);
  }
  const input = call.input ?? {};
  if (!isRecord(input)) throw new Error('emoji syntax: input must be an object { args?, body? }');
  const { args = [], body = '', ...rest } = input as { args?: unknown; body?: unknown };
  const extra = Object.keys(rest);
  if (extra.length > 0) {
    throw new Error(`emoji syntax: input can only hold "args" and "body", not ${extra.map((k) => JSON.stringify(k)).join(', ')}`);
  }
  if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string' && /^[^\s\]]+$/.test(arg))) {
    throw new Error('emoji syntax: args must be words without whitespace or "]"');
  }
  if (args.length > 0 && args[args.length - 1] === '/') {
    throw new Error('emoji syntax: a last argument "/" would read as a self-closing block');
  }
  if (typeof body !== 'string') throw new Error('emoji syntax: body must be a string');
  if (/\uD83D\uDEE0\uFE0F?\[\/end\]/.test(body)) {
    throw new Error('emoji syntax: the body cannot contain the end marker 🛠️[/end]');
  }
  const header = [name, ...args].join(' ');
  // One line break after `]` is dropped by the parser; an empty body needs none.
  return body === '' ? `${START}${header}]${END}` : `${START}${header}]\n${body}${END}`;
}
