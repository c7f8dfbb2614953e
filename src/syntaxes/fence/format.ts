import { stringify } from 'yaml';
import type { FormatCall } from '../../types.js';
import { formatFenceInfo } from './info.js';

/**
 * Writes a call as a tool fence with a YAML body. The fence is one longer than
 * any run of its character that starts a body line, so the body cannot close it.
 */
export function formatFence(call: FormatCall, word = 'tool'): string {
  const name = call.toolName;
  if (/[\r\n]/.test(name) || (call.toolCallId !== undefined && /[\r\n]/.test(call.toolCallId))) {
    throw new Error('fence syntax: a tool name or id cannot contain a line break');
  }
  const info = formatFenceInfo(name, call.toolCallId);
  const fenceChar = info.includes('`') ? '~' : '`';
  const doc: Record<string, unknown> = {};
  if (call.state !== undefined) doc.state = call.state;
  doc.input = call.input ?? {};
  if (call.output !== undefined) doc.output = call.output;
  if (call.errorText !== undefined) doc.errorText = call.errorText;
  const body = stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false });
  const fence = fenceChar.repeat(Math.max(3, longestLineStartRun(body, fenceChar) + 1));
  return `${fence}${word} ${info}\n${body}${fence}`;
}

/** Longest run of `char` at the start of a line (after up to three spaces). */
function longestLineStartRun(text: string, char: string): number {
  let longest = 0;
  for (const line of text.split(/\r\n|\r|\n/)) {
    const trimmed = line.replace(/^ {0,3}/, '');
    let run = 0;
    while (trimmed[run] === char) run++;
    longest = Math.max(longest, run);
  }
  return longest;
}
