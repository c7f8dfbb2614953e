import type { BlockIdentity, ParsedCall } from '../../types.js';
import { parsePartialJson } from '../json/calls.js';
import { parseJson } from '../shared/json.js';
import { isBlank } from '../shared/units.js';
import { attribute, elements, skipBlanks, withoutStartOf } from './elements.js';

/**
 * The invoke body shared by MiniMax-M2 (`<invoke name="N"><parameter name="K">V</parameter></invoke>`),
 * DeepSeek's DSML (the same tags prefixed `｜DSML｜`, with a `string` attribute) and the invoke
 * XML models write when tools are described in the prompt: calls are `<INVOKE name="N">`
 * elements, their parameters `<PARAMETER name="K">` elements whose text is the value.
 */
export interface InvokeTags {
  /** The call's tag name as written after `<`: `invoke`, `｜DSML｜invoke`. */
  readonly invoke: string;
  /** The parameter's tag name: `parameter`, `｜DSML｜parameter`. */
  readonly parameter: string;
  /**
   * A parameter's value from its text as written and its tag's attributes (`string="false"`).
   * `partial`: the value is still streaming (read it as far as it goes, never fail).
   */
  value(text: string, attributes: string, partial: boolean): unknown;
  /**
   * An invoke holding no parameter but a JSON object (`<invoke name="N">{"k": 1}</invoke>`) takes
   * it as its arguments, as SGLang's DSML reader does. Repaired while it streams.
   */
  readonly jsonBody?: boolean;
}

/**
 * The calls of an invoke body, in order; a parameter written twice keeps its last value (the
 * servers build a dict). While `partial`, unfinished calls and values are read as far as they
 * go; once finished, an invoke without a name, or an invoke or parameter left open before the
 * block's closer, makes that call invalid with where it starts (`offset` = the units before the
 * body on its first line, the marker's length). Text between invokes is ignored, as the servers do.
 */
export function readInvokes(body: string, tags: InvokeTags, partial: boolean, closed: boolean, offset = 0): ParsedCall[] {
  return elements(body, tags.invoke).map((invoke) => {
    const name = invoke.opened ? attribute(invoke.attributes, 'name') : undefined;
    const input: Record<string, unknown> = {};
    const call: ParsedCall = { input };
    if (name) call.toolName = name;
    const found = parameters(invoke.content, tags.parameter);
    const json = tags.jsonBody && found.length === 0 ? invoke.content.trim() : '';
    if (json.startsWith('{')) {
      if (partial || !invoke.closed) call.input = parsePartialJson(json);
      else {
        const parsed = parseJson(json);
        if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value))
          return problem(call, `the JSON arguments of <${tags.invoke} name="${name ?? ''}"> are not a JSON object${parsed.ok ? '' : `: ${parsed.message}`}`, body, invoke.start, offset);
        call.input = parsed.value;
      }
    }
    for (const parameter of found) {
      const key = parameter.opened ? attribute(parameter.attributes, 'name') : undefined;
      if (key === undefined) {
        if (partial || !parameter.opened) continue;
        return problem(call, `a <${tags.parameter}> has no name attribute`, body, invoke.start, offset);
      }
      if (!parameter.closed && closed && !partial)
        return problem(call, `<${tags.parameter} name="${key}"> is not closed before </${tags.invoke}>`, body, invoke.start, offset);
      // Defined, not assigned: a `__proto__` parameter stays a key and never sets the prototype.
      Object.defineProperty(input, key, { value: tags.value(parameter.content, parameter.attributes, partial), enumerable: true, writable: true, configurable: true });
    }
    if (partial) return call;
    if (!name) return problem(call, `<${tags.invoke}> has no name attribute`, body, invoke.start, offset);
    if (!invoke.closed && closed) return problem(call, `<${tags.invoke} name="${name}"> is not closed before the block ends`, body, invoke.start, offset);
    return call;
  });
}

/** A parameter found by {@link parameters}. */
interface Parameter {
  readonly attributes: string;
  readonly content: string;
  readonly opened: boolean;
  readonly closed: boolean;
}

/**
 * The `<TAG …>V</TAG>` parameters of an invoke's content. A value runs to the LAST `</TAG>`
 * before the next `<TAG` opening (or the invoke's end), so a value may hold its own closing tag
 * (`This text contains </parameter> in it`, as SGLang's MiniMax test asks). Linear: each
 * opening is found once, each segment searched once from its end.
 */
function parameters(text: string, tag: string): Parameter[] {
  const open = `<${tag}`;
  const close = `</${tag}>`;
  const starts: number[] = [];
  for (let at = text.indexOf(open); at >= 0; at = text.indexOf(open, at + open.length)) {
    const next = text[at + open.length];
    if (next === undefined || next === '>' || next === '/' || isBlank(next)) starts.push(at);
  }
  return starts.map((start, i) => {
    const end = starts[i + 1] ?? text.length;
    const tagEnd = text.indexOf('>', start + open.length);
    if (tagEnd < 0 || tagEnd >= end) return { attributes: text.slice(start + open.length, end), content: '', opened: false, closed: false };
    const selfClosing = text[tagEnd - 1] === '/';
    const attributes = text.slice(start + open.length, selfClosing ? tagEnd - 1 : tagEnd);
    if (selfClosing) return { attributes, content: '', opened: true, closed: true };
    // Searched within the segment only: a search from `end` back to the text's start would be quadratic.
    const segment = text.slice(tagEnd + 1, end);
    const last = segment.lastIndexOf(close);
    if (last >= 0) return { attributes, content: segment.slice(0, last), opened: true, closed: true };
    return { attributes, content: withoutStartOf(segment, close), opened: true, closed: false };
  });
}

/** `call` invalid with `message` and the line and column (from the opener's `<`) of the invoke at `at`. */
function problem(call: ParsedCall, message: string, body: string, at: number, offset: number): ParsedCall {
  let line = 1;
  let lineStart = -offset;
  for (let i = body.indexOf('\n'); i >= 0 && i < at; i = body.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { ...call, invalid: true, errorText: `${message} (the invoke at line ${line}, column ${at - lineStart + 1})` };
}

/** The first call's name once its opening tag's `>` is read (it can no longer change then). */
export function invokeIdentity(body: string, invokeTag: string): BlockIdentity | undefined {
  const first = elements(body, invokeTag)[0];
  if (first === undefined || !first.opened) return undefined;
  const toolName = attribute(first.attributes, 'name');
  return toolName ? { toolName } : undefined;
}

/**
 * A `follows` for an opener whose body must begin (after blanks) with `<INVOKE` and a blank:
 * `<function_calls>` followed by pythonic text, or prose naming the tag, stays text.
 */
export function invokeFollows(invokeTag: string): (after: string) => boolean | undefined {
  const open = `<${invokeTag}`;
  return (after) => {
    const rest = skipBlanks(after);
    if (rest.length <= open.length) return open.startsWith(rest) ? undefined : false;
    const next = rest[open.length]!;
    return rest.startsWith(open) && isBlank(next);
  };
}

/**
 * One call written as invoke XML, as the templates lay it out: `<INVOKE name="N">`, a line per
 * parameter, `</INVOKE>` (no line break after it); `empty` stands where no parameter is (DSML's
 * encoder leaves an empty line). `parameter` gives each value's text and extra attributes.
 */
export function writeInvoke(
  syntax: string,
  tags: Pick<InvokeTags, 'invoke' | 'parameter'>,
  toolName: string,
  input: unknown,
  parameter: (key: string, value: unknown) => { attributes?: string; text: string },
  empty = '',
): string {
  if (toolName === '' || /["<>\n]/.test(toolName)) throw new Error(`${syntax} syntax: cannot write the tool name ${JSON.stringify(toolName)} in a name="…" attribute`);
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input)))
    throw new Error(`${syntax} syntax: the input must be an object of named parameters`);
  const lines: string[] = [];
  for (const [key, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (key === '' || /["<>\n]/.test(key)) throw new Error(`${syntax} syntax: cannot write the parameter name ${JSON.stringify(key)} in a name="…" attribute`);
    const { attributes = '', text } = parameter(key, value);
    for (const closer of [`</${tags.parameter}>`, `</${tags.invoke}>`])
      if (text.includes(closer)) throw new Error(`${syntax} syntax: the value of ${key} contains ${closer}, which would end it early`);
    lines.push(`<${tags.parameter} name="${key}"${attributes}>${text}</${tags.parameter}>`);
  }
  return `<${tags.invoke} name="${toolName}">\n${lines.map((line) => `${line}\n`).join('') || empty}</${tags.invoke}>`;
}

/**
 * A string value's text for a format whose reader drops one line break at each end of a value
 * ({@link trimLineBreaks}): one that begins or ends with a line break gets one more on each side,
 * so it reads back as it was. Throws (naming `syntax` and `key`) for one ending in a carriage
 * return, which the added break would join.
 */
export function keepLineBreaks(syntax: string, key: string, value: string): string {
  if (!/^\r?\n|\n$|\r$/.test(value)) return value;
  if (value.endsWith('\r')) throw new Error(`${syntax} syntax: the value of ${key} ends with a carriage return, which cannot be read back`);
  return `\n${value}\n`;
}
