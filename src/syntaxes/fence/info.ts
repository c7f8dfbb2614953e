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

const NAME_KEYS = new Set(['name', 'toolName', 'tool']);
const ID_KEYS = new Set(['id', 'toolCallId', 'callId']);

export function parseFenceInfo(rest: string): FenceInfo {
  const info: FenceInfo = {};
  const positional: string[] = [];
  for (const token of tokenize(rest)) {
    // An empty name or id (`name=`, `id=""`) names nothing: the defaults apply, as in every syntax.
    if (token.key === undefined) {
      if (token.value !== '') positional.push(token.value);
    } else if (NAME_KEYS.has(token.key)) {
      if (token.value !== '') info.toolName ??= token.value;
    } else if (ID_KEYS.has(token.key)) {
      if (token.value !== '') info.toolCallId ??= token.value;
    } else {
      setOwn((info.fields ??= {}), token.key, token.value);
    }
  }
  if (positional[0] !== undefined) info.toolName ??= positional[0];
  if (positional[1] !== undefined) info.toolCallId ??= positional[1];
  return info;
}

interface Token {
  key?: string;
  value: string;
}

/** Splits on whitespace, honouring `"…"` / `'…'` quotes (with `\` escapes) and `key=value`. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && isSpace(text[i]!)) i++;
    if (i >= text.length) break;
    let key: string | undefined;
    let value = '';
    let quoted = false;
    while (i < text.length && !isSpace(text[i]!)) {
      const c = text[i]!;
      if (c === '"' || c === "'") {
        const [unquoted, next] = readQuoted(text, i);
        value += unquoted;
        quoted = true;
        i = next;
      } else if (c === '=' && key === undefined && !quoted && /^[A-Za-z_][\w-]*$/.test(value)) {
        key = value;
        value = '';
        i++;
      } else {
        value += c;
        i++;
      }
    }
    tokens.push(key === undefined ? { value } : { key, value });
  }
  return tokens;
}

function readQuoted(text: string, start: number): [string, number] {
  const quote = text[start];
  let value = '';
  let i = start + 1;
  while (i < text.length && text[i] !== quote) {
    if (text[i] === '\\' && i + 1 < text.length) i++;
    value += text[i];
    i++;
  }
  return [value, i + 1];
}

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t';
}

/** Writes name and id back: positional when plain, quoted assignments otherwise. */
export function formatFenceInfo(toolName: string, toolCallId?: string): string {
  const plain = (s: string) => /^[^\s"'=\\`]+$/.test(s);
  if (plain(toolName) && (toolCallId === undefined || plain(toolCallId))) {
    return toolCallId === undefined ? toolName : `${toolName} ${toolCallId}`;
  }
  const quote = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return toolCallId === undefined ? `name=${quote(toolName)}` : `name=${quote(toolName)} id=${quote(toolCallId)}`;
}
