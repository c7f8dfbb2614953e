import { isRecord } from '../../object.js';

/**
 * A plain JSON value written the way chat templates write it with Python's `json.dumps`:
 * `", "` and `": "` separators, non-ASCII kept, and `</` written `<\/` so no string can read
 * as a closing tag. Iterative: any depth. The value must be plain (see {@link plainJson}).
 */
export function pythonJson(value: unknown): string {
  let out = '';
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Literal) {
      out += item.text;
      continue;
    }
    if (Array.isArray(item)) {
      stack.push(new Literal(']'));
      for (let i = item.length - 1; i >= 0; i--) {
        stack.push(item[i]);
        if (i > 0) stack.push(new Literal(', '));
      }
      out += '[';
    } else if (isRecord(item)) {
      const keys = Object.keys(item);
      stack.push(new Literal('}'));
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push(item[keys[i]!]);
        stack.push(new Literal(`${i > 0 ? ', ' : ''}${jsonString(keys[i]!)}: `));
      }
      out += '{';
    } else out += typeof item === 'string' ? jsonString(item) : JSON.stringify(item);
  }
  return out;
}

/** A JSON string with `</` written `<\/`. */
export function jsonString(text: string): string {
  return JSON.stringify(text).replaceAll('</', '<\\/');
}

/**
 * `value` as plain JSON data (what `JSON.stringify` keeps), or a throw naming `syntax` when JSON
 * cannot write it (a BigInt, a cycle).
 */
export function plainJson(value: unknown, syntax: string): unknown {
  try {
    return JSON.parse(JSON.stringify(value) ?? 'null');
  } catch (error) {
    throw new Error(`${syntax} syntax: the input cannot be written as JSON: ${(error as Error).message}`);
  }
}

/** Text written as is by {@link pythonJson}. */
class Literal {
  constructor(readonly text: string) {}
}
