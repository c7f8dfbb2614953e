/**
 * YAML bodies (tool fences, caret blocks) within limits: alias bombs, cyclic
 * aliases, nesting, size, alias count and complex keys each give an
 * `output-error` tool chunk whose errorText says what and where — never a
 * hang, a crash, a process warning or a value JSON cannot hold.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseTranscript } from '../../../src/index.js';
import { MAX_YAML_ALIASES, MAX_YAML_DEPTH, MAX_YAML_LENGTH, parseYaml } from '../../../src/syntaxes/shared/yaml.js';
import { expectOnlyError, onlyTool } from '../../support/only-tool.js';

function fence(body: string): string {
  return `\`\`\`tool x\n${body}\n\`\`\``;
}

const expectError = (text: string, errorText: RegExp) => expectOnlyError(text, errorText);

const BILLION_LAUGHS = `input:
  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
  b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
  c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
  d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
  e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
  f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
  g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
  h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
  i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('YAML limits', () => {
  it('a billion-laughs alias bomb fails fast with a clear errorText', () => {
    expectError(fence(BILLION_LAUGHS), /^invalid YAML: the aliases expand too far \(an alias bomb\)/);
  });

  it('an alias inside the node it refers to (a circular value) is an error, not a cycle', () => {
    for (const body of ['input: &x\n  self: *x', 'input: &x [1, *x]', 'input:\n  - &a [*a]', 'input: &x {a: {b: [*x]}}']) {
      const tool = expectError(fence(body), /^invalid YAML at line \d+, column \d+: the alias \*\w+ is inside the node it refers to/);
      expect(() => JSON.stringify(tool)).not.toThrow();
    }
  });

  it('aliases to earlier nodes are fine', () => {
    const tool = onlyTool(fence('input:\n  a: &a {k: v}\n  b: *a\n  c: [*a, *a]'));
    expect(tool.input).toEqual({ a: { k: 'v' }, b: { k: 'v' }, c: [{ k: 'v' }, { k: 'v' }] });
  });

  it(`more than ${MAX_YAML_ALIASES} aliases is an error`, () => {
    const many = Array.from({ length: MAX_YAML_ALIASES + 1 }, () => '  - *a').join('\n');
    expectError(fence(`input:\n  - &a x\n${many}`), new RegExp(`^invalid YAML at line \\d+, column \\d+: more than ${MAX_YAML_ALIASES} aliases$`));
    const enough = Array.from({ length: MAX_YAML_ALIASES / 2 }, () => '  - *a').join('\n');
    expect(onlyTool(fence(`input:\n  - &a x\n${enough}`)).state).toBe('input-available');
  });

  it(`flow collections nested ${MAX_YAML_DEPTH} deep are fine, deeper is an error naming the place`, () => {
    // The document's own mapping is one level: `input: [[…]]` holds depth - 1 sequences.
    const ok = `input: ${'['.repeat(MAX_YAML_DEPTH - 1)}${']'.repeat(MAX_YAML_DEPTH - 1)}`;
    expect(onlyTool(fence(ok)).state).toBe('input-available');
    const deep = `input: ${'['.repeat(MAX_YAML_DEPTH)}${']'.repeat(MAX_YAML_DEPTH)}`;
    expectError(fence(deep), /^invalid YAML at line 2, column \d+: collections nested deeper than 100 levels$/);
  });

  it('a million open brackets is rejected before the parser builds it', () => {
    const tool = expectError(fence(`input: ${'['.repeat(1000 * 1000)}`), /^invalid YAML at line 2, column 108: collections nested deeper than 100 levels$/);
    expect(tool.input).toEqual({});
  });

  it('brackets inside quoted scalars, block scalars and comments do not count as nesting', () => {
    const brackets = '['.repeat(300);
    const body = `input:\n  quoted: "${brackets}"\n  single: '${brackets}'\n  block: |\n    ${brackets}\n  # ${brackets}\n  plain: a${brackets}`;
    expect(onlyTool(fence(body)).input).toEqual({ quoted: brackets, single: brackets, block: `${brackets}\n`, plain: `a${brackets}` });
  });

  it('deep block nesting (indentation, compact sequences, explicit keys) is an error', () => {
    let indented = 'input:\n';
    for (let i = 1; i <= 150; i++) indented += `${' '.repeat(i)}k:\n`;
    expectError(fence(`${indented}${' '.repeat(151)}v`), /collections nested deeper than 100 levels/);
    expectError(fence(`input:\n  ${'- '.repeat(5000)}x`), /collections nested deeper than 100 levels/);
    expectError(fence(`input:\n  ${'? '.repeat(5000)}x`), /collections nested deeper than 100 levels/);
  });

  it('a mapping key that is a collection or an alias is an error (they took seconds to stringify)', () => {
    expectError(fence('input:\n  ? [a, b]\n  : c'), /^invalid YAML at line 3, column 5: a mapping key must be a plain value, not a collection$/);
    expectError(fence('input: {[a]: b}'), /a mapping key must be a plain value, not a collection/);
    expectError(fence('input:\n  - &k a\n  - {*k : b}'), /a mapping key must be a plain value, not an alias/);
    // Nested explicit keys, the worst case for the library's key stringification, within the depth limit.
    expectError(fence(`input:\n  ${'? '.repeat(99)}x`), /a mapping key must be a plain value, not a collection/);
  });

  it(`a body over ${MAX_YAML_LENGTH} characters is an error that says so, and is not parsed`, () => {
    const big = `input:\n  text: ${'x'.repeat(MAX_YAML_LENGTH)}`;
    expectError(fence(big), new RegExp(`^invalid YAML: the body is ${big.length + 1} characters long, over the limit of ${MAX_YAML_LENGTH}$`));
  });

  it('keeps the position of ordinary YAML errors, and of an error in a second document', () => {
    expectError(fence('input: [a'), /^invalid YAML at line 3, column 1: /);
    expectError(fence('input: {}\n---\ninput: {}'), /^invalid YAML at line 3, column 1: Source contains multiple documents/);
  });

  it('broken YAML of many lines is read in one pass (the library made a stack trace per problem)', () => {
    const body = `input: x\n${'- v\n'.repeat(20_000)}`;
    const result = parseYaml(body, 2);
    expect(result).toEqual({ ok: false, message: 'invalid YAML at line 3, column 1: Implicit keys need to be on a single line' });
    expect(Error.stackTraceLimit).toBeGreaterThan(0);
  });

  it('prints no process warning for what a block says', () => {
    const warn = vi.spyOn(process, 'emitWarning');
    parseTranscript(fence('input:\n  ? [a]\n  : b\n  ? {c: d}\n  : e'));
    parseTranscript(fence('input: !unknown-tag x'));
    expect(warn).not.toHaveBeenCalled();
  });

  it('caret blocks: a deep YAML body is content, a deep block scalar an error', () => {
    const body = `^^^x\n---\nk: ${'['.repeat(200)}\n^^^`;
    expect(onlyTool(body).input).toEqual({ content: `k: ${'['.repeat(200)}` });
    const scalar = onlyTool(`^^^x\nk: |\n  ${'['.repeat(200)}\n^^^`);
    expect(scalar.input).toEqual({ k: `${'['.repeat(200)}\n` });
  });
});
