import type { WorkMeter } from '../../types.js';
import { readSimpleYaml } from './simple-yaml.js';
import { setOwn } from '../../object.js';
import { Composer, isAlias, isMap, isScalar, Lexer, LineCounter, Parser, visit, YAMLParseError, type CST, type Document, type Node } from 'yaml';

/**
 * The library's own `uniqueKeys` check compares every key with every other
 * (3.4 s for a 20,000-key mapping here): it is off, and {@link checkDocument}
 * does the same check in one pass. `logLevel: 'error'` keeps the library from
 * printing process warnings about what a block says.
 */
const YAML_OPTIONS = { uniqueKeys: false, strict: true, logLevel: 'error' } as const;

/**
 * Longest YAML text parsed, in UTF-16 code units (1 MiB). The yaml library reads
 * roughly 0.2–2 MB a second, depending on the text: a longer tool block body
 * would stall the page for seconds, so it is an error
 * (`invalid YAML: the body is N characters long, over the limit of 1048576`).
 */
export const MAX_YAML_LENGTH = 1024 * 1024;

/**
 * Deepest nesting of YAML collections (mappings and sequences, block or flow).
 * The yaml library composes documents recursively, and values nested this deep
 * would also break `JSON.stringify` and the renderers downstream; tool arguments
 * are never nested nearly this deep. Deeper text is an error naming the line
 * and column where the limit is crossed. Checked on the library's CST, which is
 * built without recursion, before anything recursive runs.
 */
export const MAX_YAML_DEPTH = 100;

/**
 * Most alias nodes (`*name`) in one YAML text. The library resolves each alias
 * by walking the anchors before it, so their cost grows with their square; tool
 * arguments written by a model have none or a few.
 */
export const MAX_YAML_ALIASES = 100;

/**
 * Bounds alias expansion (the library's `maxAliasCount`), so an alias bomb
 * ("billion laughs") fails fast with a clear error.
 */
const MAX_ALIAS_COUNT = 100;

export type YamlResult = { ok: true; value: unknown } | { ok: false; message: string };

interface Position {
  line: number;
  col: number;
}

/**
 * Parses one YAML document without throwing. `firstLine` is the line number of
 * the text's first line in the block, so errors point at the block as written.
 * `schema: 'failsafe'` reads every scalar as a string (caret blocks).
 *
 * Besides YAML errors, these are errors too (each with its line and column):
 * a text longer than {@link MAX_YAML_LENGTH}, collections nested deeper than
 * {@link MAX_YAML_DEPTH}, more than {@link MAX_YAML_ALIASES} aliases, aliases
 * that expand too far (an alias bomb), an alias inside the node it refers to
 * (its value would be circular, which JSON cannot hold), a mapping key that is
 * a collection or an alias (JavaScript keys are strings), and a repeated key.
 *
 * The value is plain JSON data (see {@link jsonSafe}): YAML 1.1 tags give
 * arrays, objects and strings, not `Set`, `Map`, bytes or `Date`.
 *
 * The text's length is added to `work.yaml` when it is handed to the library.
 */
export function parseYamlWithLibrary(text: string, firstLine = 1, schema: 'core' | 'failsafe' = 'core', work?: WorkMeter): YamlResult {
  if (text.length > MAX_YAML_LENGTH) {
    return { ok: false, message: `invalid YAML: the body is ${text.length} characters long, over the limit of ${MAX_YAML_LENGTH}` };
  }
  if (work) work.yaml += text.length;
  // The library makes an Error (with a stack trace) for every problem, and broken text can have one
  // per line: capturing those stacks was most of the time spent on such text. None is ever shown.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const lineCounter = new LineCounter();
    const fail = (offset: number, message: string): YamlResult => ({
      ok: false,
      message: `invalid YAML${where(lineCounter.linePos(offset), firstLine)}: ${message}`,
    });
    const deep = deepFlowOffset(text);
    if (deep >= 0) {
      // The line starts before it, as the parser would have recorded them.
      lineCounter.addNewLine(0);
      for (let i = text.indexOf('\n'); i >= 0 && i < deep; i = text.indexOf('\n', i + 1)) lineCounter.addNewLine(i + 1);
      return fail(deep, `collections nested deeper than ${MAX_YAML_DEPTH} levels`);
    }
    const tokens = Array.from(new Parser(lineCounter.addNewLine).parse(text));
    const limit = checkTokens(tokens);
    if (limit) return fail(limit.offset, limit.message);
    const doc = composeOne(tokens, text.length, schema);
    const error = doc.errors[0];
    if (error) {
      const position = error.pos[0] >= 0 ? lineCounter.linePos(error.pos[0]) : undefined;
      return { ok: false, message: `invalid YAML${where(position, firstLine)}: ${firstSentence(error.message)}` };
    }
    const problem = checkDocument(doc);
    if (problem) return fail(problem.offset, problem.message);
    return { ok: true, value: jsonSafe(doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT })) };
  } catch (error) {
    const message = String((error as Error)?.message ?? error);
    if (/excessive alias count/i.test(message)) {
      return { ok: false, message: `invalid YAML: the aliases expand too far (an alias bomb): they would copy their anchors more than ${MAX_ALIAS_COUNT} times` };
    }
    return { ok: false, message: `invalid YAML: ${firstSentence(message)}` };
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/**
 * {@link parseYamlWithLibrary}, with text in the subset {@link readSimpleYaml} knows (nested
 * mappings and sequences of plain and simple quoted scalars, literal blocks and mappings: most fence bodies) read without
 * the library, to the same value or the same repeated-key error, at a fraction of the time and
 * garbage. The subset reader is its own module so that a syntax whose YAML is small text (caret)
 * need not carry it. `work.yaml` counts the text read by either.
 */
export function parseYaml(text: string, firstLine = 1, schema: 'core' | 'failsafe' = 'core', work?: WorkMeter): YamlResult {
  const simple = text.length <= MAX_YAML_LENGTH ? readSimpleYaml(text, schema) : undefined;
  if (!simple) return parseYamlWithLibrary(text, firstLine, schema, work);
  if (work) work.yaml += text.length;
  if ('value' in simple) return { ok: true, value: jsonSafe(simple.value) };
  const { line, column, key } = simple.duplicate;
  return { ok: false, message: `invalid YAML${where({ line, col: column }, firstLine)}: ${duplicateKey(key)}` };
}

/** What `parseDocument` does, from tokens already read: the first document, an error if more follow. */
function composeOne(tokens: CST.Token[], length: number, schema: 'core' | 'failsafe'): Document.Parsed {
  const composer = new Composer({ ...YAML_OPTIONS, schema });
  let doc: Document.Parsed | undefined;
  for (const next of composer.compose(tokens, true, length)) {
    if (!doc) doc = next;
    else {
      const message = 'Source contains multiple documents; please use YAML.parseAllDocuments()';
      doc.errors.push(new YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', message));
      break;
    }
  }
  return doc!;
}

/**
 * Where flow collections (`[`, `{`) first nest deeper than {@link MAX_YAML_DEPTH},
 * or -1. Read with the library's lexer (quoted scalars, comments and block
 * scalars respected), and only when a plain count of brackets says they might:
 * the parser builds a deep CST slowly, and this rejects such text before.
 * (Block nesting is checked on the CST, in {@link checkTokens}.)
 */
function deepFlowOffset(text: string): number {
  let depth = 0;
  let deep = false;
  for (let i = 0; i < text.length && !deep; i++) {
    const code = text.charCodeAt(i);
    if (code === 91 || code === 123) deep = ++depth > MAX_YAML_DEPTH;
    else if ((code === 93 || code === 125) && depth > 0) depth--;
  }
  if (!deep) return -1;
  depth = 0;
  let offset = 0;
  let scalar = false;
  for (const token of new Lexer().lex(text)) {
    // Markers the lexer adds (document start, scalar next, flow end) are not source text.
    if (token === '\u0002' || token === '\u0018') continue;
    if (token === '\u001f') {
      scalar = true;
      continue;
    }
    if (!scalar) {
      if (token === '[' || token === '{') {
        if (++depth > MAX_YAML_DEPTH) return offset;
      } else if ((token === ']' || token === '}') && depth > 0) depth--;
    }
    scalar = false;
    offset += token.length;
  }
  return -1;
}

/**
 * The first limit the CST crosses: nesting deeper than {@link MAX_YAML_DEPTH},
 * or more than {@link MAX_YAML_ALIASES} aliases. Iterative, so any depth is safe.
 */
function checkTokens(tokens: readonly CST.Token[]): { offset: number; message: string } | undefined {
  const stack: Array<[CST.Token | null | undefined, number]> = tokens.map((token) => [token, 0]);
  let aliases = 0;
  while (stack.length > 0) {
    const [token, depth] = stack.pop()!;
    if (!token) continue;
    switch (token.type) {
      case 'document':
        stack.push([token.value, depth]);
        break;
      case 'alias':
        if (++aliases > MAX_YAML_ALIASES) return { offset: token.offset, message: `more than ${MAX_YAML_ALIASES} aliases` };
        break;
      case 'block-map':
      case 'block-seq':
      case 'flow-collection': {
        if (depth + 1 > MAX_YAML_DEPTH) {
          return { offset: token.offset, message: `collections nested deeper than ${MAX_YAML_DEPTH} levels` };
        }
        for (const item of token.items as CST.CollectionItem[]) {
          stack.push([item.value, depth + 1], [item.key, depth + 1]);
        }
        break;
      }
      case 'block-scalar':
        for (const prop of token.props) stack.push([prop, depth]);
        break;
    }
  }
  return undefined;
}

/**
 * What the composed document may not hold, in one pass: a repeated key (the
 * first, with its source offset), a key that is a collection or an alias, and
 * an alias inside the node it refers to.
 */
function checkDocument(doc: Document): { offset: number; message: string } | undefined {
  let found: { offset: number; message: string } | undefined;
  const anchors = new Map<string, Node>();
  visit(doc, {
    Node(_, node, path) {
      if (isAlias(node)) {
        const target = anchors.get(node.source);
        if (target !== undefined && path.includes(target as never)) {
          found = { offset: node.range?.[0] ?? 0, message: `the alias *${node.source} is inside the node it refers to (a circular value)` };
          return visit.BREAK;
        }
        return undefined;
      }
      if (node.anchor) anchors.set(node.anchor, node);
      if (!isMap(node)) return undefined;
      const seen = new Set<string>();
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        if (key === null) continue;
        if (!isScalar(key)) {
          found = { offset: key.range?.[0] ?? 0, message: `a mapping key must be a plain value, not ${isAlias(key) ? 'an alias' : 'a collection'}` };
          return visit.BREAK;
        }
        const name = String(key.value);
        if (seen.has(name)) {
          found = { offset: key.range?.[0] ?? 0, message: duplicateKey(name) };
          return visit.BREAK;
        }
        seen.add(name);
      }
      return undefined;
    },
  });
  return found;
}

const duplicateKey = (key: string): string => `duplicate key ${JSON.stringify(key)}`;

function where(position: Position | undefined, firstLine: number): string {
  return position ? ` at line ${position.line + firstLine - 1}, column ${position.col}` : '';
}

/** The first line of a library error message, without its position suffix. */
function firstSentence(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '').trim();
}

/**
 * Turns what the yaml library builds for YAML 1.1 tags into plain JSON data,
 * which tool inputs must be (they travel as JSON to the AI SDK, the store
 * and the renderers, where a `Set` or `Map` shows as `{}`):
 *
 * - `!!set` (a `Set`) → an array of its members;
 * - `!!omap` (a `Map`) → an object, keys as strings, in order;
 * - `!!binary` (bytes) → the base64 text;
 * - `!!timestamp` (a `Date`) → its ISO 8601 string (UTC);
 * - `.inf`, `-.inf`, `.nan` (numbers JSON has no text for) → `"Infinity"`, `"-Infinity"`, `"NaN"`.
 *
 * In place where the containers are plain (the library's value is fresh);
 * iterative, so any depth is safe.
 */
function jsonSafe(value: unknown): unknown {
  const root: Record<string, unknown> = { value };
  const stack: Array<Record<string, unknown> | unknown[]> = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const keys: Array<string | number> = Array.isArray(node) ? [...node.keys()] : Object.keys(node);
    for (const key of keys) {
      const child = (node as Record<string | number, unknown>)[key];
      const plain = plainValue(child);
      if (plain !== child) {
        if (Array.isArray(node)) node[key as number] = plain;
        else setOwn(node, key as string, plain);
      }
      if (typeof plain === 'object' && plain !== null) stack.push(plain as Record<string, unknown> | unknown[]);
    }
  }
  return root.value;
}

function plainValue(value: unknown): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  if (value instanceof Set) return [...value];
  if (value instanceof Map) {
    const object: Record<string, unknown> = {};
    for (const [key, item] of value) setOwn(object, String(key), item);
    return object;
  }
  if (value instanceof Uint8Array) return base64(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  return value;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 with padding (no `Buffer`: the core runs in browsers too). */
function base64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += BASE64[a >> 2]! + BASE64[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? '=' : BASE64[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    out += c === undefined ? '=' : BASE64[c & 63]!;
  }
  return out;
}
