import { stringify } from 'yaml';
import type { FormatCall } from '../../types.js';
import { formatFenceInfo } from './info.js';

/**
 * Writes a call as a tool fence with a YAML body. The fence is one longer than
 * any run of its character that starts a body line, so the body cannot close it.
 * Every state is written but two that would read back as errors: `input-streaming` (the
 * block written is complete) and `approval-responded` (its answer is not part of the call
 * given); without them the block reads by the state rules.
 */
export function formatFence(call: FormatCall, word = 'tool'): string {
  if (/[\r\n]/.test(call.toolName + (call.toolCallId ?? ''))) throw new Error('fence syntax: a tool name or id cannot contain a line break');
  const info = formatFenceInfo(call.toolName, call.toolCallId);
  const fenceChar = info.includes('`') ? '~' : '`';
  const doc: Record<string, unknown> = {};
  if (call.state !== undefined && call.state !== 'input-streaming' && call.state !== 'approval-responded') doc.state = call.state;
  doc.input = call.input ?? {};
  if (call.output !== undefined) doc.output = call.output;
  if (call.errorText !== undefined) doc.errorText = call.errorText;
  const body = stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false });
  const fence = fenceChar.repeat(Math.max(3, longestLineStartRun(body, fenceChar) + 1));
  return `${fence}${word} ${info}\n${body}${fence}`;
}

/** Longest run of `char` at the start of a line (after up to three spaces): the runs that could close a fence. */
function longestLineStartRun(text: string, char: string): number {
  let longest = 0;
  // A line starts at the text's start or after `\n`, `\r` (`\r\n`: the run is found after its `\n`).
  for (const [, run] of text.matchAll(new RegExp(`(?:^|[\\r\\n]) {0,3}(${char}+)`, 'g'))) longest = Math.max(longest, run!.length);
  return longest;
}
