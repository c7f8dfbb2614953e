/**
 * Best-effort parse of JSON that may be cut off anywhere (a native tool call's
 * input while it streams): a string being written is closed, an incomplete
 * key, literal or number is dropped, and open objects and arrays are closed.
 * Returns `undefined` when nothing usable is there yet. One linear pass.
 */
export function parsePartialJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Incomplete (or invalid): fall through to the repair.
  }
  const repaired = repairJson(text);
  if (repaired === undefined) return undefined;
  try {
    return JSON.parse(repaired) as unknown;
  } catch {
    return undefined;
  }
}

/** What an open container waits for next. */
type Expect = 'key' | 'colon' | 'value' | 'comma';

interface Container {
  closer: '}' | ']';
  expect: Expect;
}

const LITERAL_OR_NUMBER = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)$/;

/**
 * The longest complete prefix of `text` plus the closers it needs, or
 * `undefined`. A "safe point" is a position where the prefix plus the closers
 * of the containers open there is valid JSON.
 */
function repairJson(text: string): string | undefined {
  const stack: Container[] = [];
  // The prefix length and closers of the last safe point (sliced once, at the end).
  let safeEnd = -1;
  let safeClosers = '';
  const markSafe = (end: number) => {
    safeEnd = end;
    safeClosers = closers(stack);
  };
  const safe = () => (safeEnd < 0 ? undefined : text.slice(0, safeEnd) + safeClosers);
  const valueDone = (end: number): boolean => {
    const top = stack[stack.length - 1];
    if (top) top.expect = 'comma';
    markSafe(end);
    return top === undefined;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const top = stack[stack.length - 1];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (c === '{' || c === '[') {
      if (top && top.expect !== 'value') return safe();
      stack.push({ closer: c === '{' ? '}' : ']', expect: c === '{' ? 'key' : 'value' });
      markSafe(++i);
    } else if (c === '}' || c === ']') {
      if (!top || top.closer !== c) return safe();
      stack.pop();
      if (valueDone(++i)) return safe();
    } else if (c === ':') {
      if (!top || top.expect !== 'colon') return safe();
      top.expect = 'value';
      i++;
    } else if (c === ',') {
      if (!top || top.expect !== 'comma') return safe();
      top.expect = top.closer === '}' ? 'key' : 'value';
      i++;
    } else if (c === '"') {
      const isKey = top?.expect === 'key';
      if (top && !isKey && top.expect !== 'value') return safe();
      const end = stringEnd(text, i + 1);
      if (end.closed === false) {
        // A value being written is shown as far as it goes; a key is not yet usable.
        return isKey ? safe() : text.slice(0, end.cut) + '"' + closers(stack);
      }
      i = end.index;
      if (isKey) top!.expect = 'colon';
      else if (valueDone(i)) return safe();
    } else {
      if (top && top.expect !== 'value') return safe();
      let j = i;
      while (j < text.length && /[\w.+-]/.test(text[j]!)) j++;
      if (j === i || !LITERAL_OR_NUMBER.test(text.slice(i, j))) return safe();
      i = j;
      if (valueDone(i)) return safe();
    }
  }
  return safe();
}

/** Where the string whose content starts at `from` ends, or where to cut it when it does not. */
function stringEnd(text: string, from: number): { closed: true; index: number } | { closed: false; cut: number } {
  let i = from;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') return { closed: true, index: i + 1 };
    if (c !== '\\') {
      i++;
      continue;
    }
    // An escape cut off by the end is dropped whole (`\`, `\u00`).
    const length = text[i + 1] === 'u' ? 6 : 2;
    if (i + length > text.length) return { closed: false, cut: i };
    i += length;
  }
  return { closed: false, cut: text.length };
}

function closers(stack: readonly Container[]): string {
  let out = '';
  for (let k = stack.length - 1; k >= 0; k--) out += stack[k]!.closer;
  return out;
}
