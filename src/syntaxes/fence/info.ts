import { isSpaceOrTab } from '../../markdown/lines.js';
import { setOwn } from '../../object.js';

/**
 * The info string of a tool fence after its `tool` word:
 * positional `NAME ID`, assignments `name=… id=…` (quoted values unquoted),
 * or a mix. Unknown assignments are kept as extra fields. An empty name or
 * id is not given (the call gets `tool` and a generated id).
 */
export interface FenceInfo {
  toolName?: string;
  toolCallId?: string;
  fields?: Record<string, string>;
}

/** Info-string assignments that name the call, by the field they give. */
const INFO_KEY = new Map<string, 'toolName' | 'toolCallId'>([
  ['name', 'toolName'],
  ['toolName', 'toolName'],
  ['tool', 'toolName'],
  ['id', 'toolCallId'],
  ['toolCallId', 'toolCallId'],
  ['callId', 'toolCallId'],
]);

/** A name an assignment may give (`name=…`): a value starting otherwise is a positional word holding `=`. */
const ASSIGNABLE = /^[A-Za-z_][\w-]*$/;

/**
 * Reads the info string after the word: tokens split on spaces and tabs, honouring `"…"` /
 * `'…'` quotes (with `\` escapes; an unclosed quote runs to the end) and `key=value`.
 */
export function parseFenceInfo(rest: string): FenceInfo {
  const info: FenceInfo = {};
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    if (isSpaceOrTab(rest[i])) continue;
    let key: string | undefined;
    let value = '';
    let quoted = false;
    for (; i < rest.length && !isSpaceOrTab(rest[i]); i++) {
      const c = rest[i]!;
      if (c === '"' || c === "'") {
        quoted = true;
        for (i++; i < rest.length && rest[i] !== c; i++) value += rest[i] === '\\' && i + 1 < rest.length ? rest[++i] : rest[i];
      } else if (c === '=' && key === undefined && !quoted && ASSIGNABLE.test(value)) {
        key = value;
        value = '';
      } else value += c;
    }
    // An empty name or id (`name=`, `id=""`) names nothing: the defaults apply, as in every syntax.
    const field = key === undefined ? undefined : INFO_KEY.get(key);
    if (key === undefined) {
      if (value !== '') positional.push(value);
    } else if (field === undefined) setOwn((info.fields ??= {}), key, value);
    else if (value !== '') info[field] ??= value;
  }
  info.toolName ??= positional[0];
  info.toolCallId ??= positional[1];
  return info;
}

/** Writes name and id back: positional when plain, quoted assignments otherwise. */
export function formatFenceInfo(toolName: string, toolCallId?: string): string {
  const words = toolCallId === undefined ? [toolName] : [toolName, toolCallId];
  if (words.every((word) => /^[^\s"'=\\`]+$/.test(word))) return words.join(' ');
  return words.map((word, i) => `${i === 0 ? 'name' : 'id'}="${word.replace(/[\\"]/g, '\\$&')}"`).join(' ');
}
