/**
 * The line-level grammar of caret blocks, shared by the reader and the
 * formatter so that what one writes the other reads back. Every check here
 * walks its line once (no backtracking regexes on unbounded input).
 */

/** A tool name: `[A-Za-z0-9_]+`. */
export function isToolName(text: string): boolean {
  if (text === '') return false;
  for (let i = 0; i < text.length; i++) {
    if (!isNameUnit(text.charCodeAt(i))) return false;
  }
  return true;
}

/** A unit of a tool name or parameter key. */
export function isNameUnit(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || // 0-9
    (code >= 65 && code <= 90) || // A-Z
    (code >= 97 && code <= 122) || // a-z
    code === 95 // _
  );
}

/**
 * A parameter key as the reader accepts it: `[A-Za-z0-9_][A-Za-z0-9_-]*`
 * (models write `file-path` too). The formatter only writes {@link isToolName} keys.
 */
function isParamKey(text: string): boolean {
  if (text === '' || !isNameUnit(text.charCodeAt(0))) return false;
  for (let i = 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isNameUnit(code) && code !== 45) return false;
  }
  return true;
}

/** A space or a tab. */
export function isBlank(unit: string | undefined): boolean {
  return unit === ' ' || unit === '\t';
}

/** `text` without leading and trailing spaces and tabs (and nothing else: other whitespace is content). */
export function trimBlanks(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isBlank(text[start])) start++;
  while (end > start && isBlank(text[end - 1])) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** `text` without trailing spaces and tabs. */
function trimBlanksEnd(text: string): string {
  let end = text.length;
  while (end > 0 && isBlank(text[end - 1])) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** Only spaces and tabs (or nothing). */
export function isBlankLine(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    if (!isBlank(line[i])) return false;
  }
  return true;
}

/** The closing line of a block: `^^^` at column 0, then only spaces or tabs. */
export function isCloserLine(line: string): boolean {
  return line.startsWith('^^^') && isBlankLine(line.slice(3));
}

/** The line that starts the body: `---`, then only spaces or tabs. */
export function isBodySeparator(line: string): boolean {
  return line.startsWith('---') && isBlankLine(line.slice(3));
}

/** `key ---` (shipped multiline form): the key, or `undefined` when the line is something else. */
export function multilineStart(line: string): string | undefined {
  const trimmed = trimBlanksEnd(line);
  if (!trimmed.endsWith('---')) return undefined;
  const head = trimmed.slice(0, -3);
  const key = trimBlanksEnd(head);
  if (key === head || !isParamKey(key)) return undefined;
  return key;
}

/** Whether `line` closes the multiline value of `key`: `--- key` at column 0, trailing spaces or tabs allowed. */
export function isMultilineEnd(line: string, key: string): boolean {
  if (!line.startsWith('---')) return false;
  const rest = line.slice(3);
  const name = trimBlanks(rest);
  return name === key && rest !== name && isBlank(rest[0]);
}

/** A YAML block scalar indicator as a header value: `|`, `>`, with optional chomping and indentation indicators. */
export function isBlockScalarIndicator(value: string): boolean {
  if (value[0] !== '|' && value[0] !== '>') return false;
  const rest = value.slice(1);
  return rest.length <= 2 && /^(?:[-+]?[1-9]?|[1-9][-+])$/.test(rest);
}

/** `key: value` split at the first colon, both sides trimmed; `undefined` when the key is not a parameter key. */
export function splitParam(line: string): { key: string; value: string } | undefined {
  const colon = line.indexOf(':');
  if (colon < 0) return undefined;
  const key = trimBlanks(line.slice(0, colon));
  if (!isParamKey(key)) return undefined;
  return { key, value: trimBlanks(line.slice(colon + 1)) };
}

/** A YAML list item line `- item` (any indentation): the trimmed item, or `undefined`. */
export function listItem(line: string): string | undefined {
  const trimmed = trimBlanks(line);
  if (trimmed === '-') return '';
  if (trimmed[0] !== '-' || !isBlank(trimmed[1])) return undefined;
  return trimBlanks(trimmed.slice(2));
}

/** A line starting the body that reads as YAML parameters: `key:` at column 0 followed by a blank or the line end. */
export function looksLikeYamlParam(line: string): boolean {
  const colon = line.indexOf(':');
  if (colon <= 0) return false;
  const key = trimBlanksEnd(line.slice(0, colon));
  if (key !== line.slice(0, colon) || !isParamKey(key)) return false;
  const next = line[colon + 1];
  return next === undefined || isBlank(next);
}
