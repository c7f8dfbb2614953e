/**
 * The middleware's work is linear in the reply, counted and never timed: per reply of n units
 * streamed in small deltas, the units its parser visits and hands to `JSON.parse` / YAML
 * (`work.scanned`, `json`, `yaml`, `copied`) and the units the calls' JSON input writers look at
 * (`inputUnits`) are a few per unit, and doubling the reply about doubles each. And it never reads
 * the parser's chunk snapshot — a copy of the whole transcript so far, which the extractor once
 * took at every refused call (quadratic in a reply of many refused calls): it folds the events.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ToolDefinition, ToolSyntax } from '../../src/index.js';
import { builtinSyntaxes } from '../../src/syntaxes/index.js';
import { CallExtractor, type ExtractorWork } from '../../src/ai/calls.js';
import { repeatTo } from '../support/linear.js';

/** Units of every chunk snapshot read from a parser made in this file. */
const snapshots = vi.hoisted(() => ({ units: 0 }));

vi.mock('../../src/stream/parser.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/stream/parser.js')>();
  const counted = <Parser extends object>(parser: Parser): Parser =>
    new Proxy(parser, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (key === 'chunks') snapshots.units += (value as unknown[]).length;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return {
    ...original,
    createTranscriptParser: ((options) => counted(original.createTranscriptParser(options))) as typeof original.createTranscriptParser,
    createTranscriptEventParser: ((options) => counted(original.createTranscriptEventParser(options))) as typeof original.createTranscriptEventParser,
  };
});

const KB = 1024;
const syntax = (name: keyof typeof builtinSyntaxes) => builtinSyntaxes[name] as ToolSyntax;
const TOOLS: ToolDefinition[] = [
  { name: 'write_file', inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } } },
  { name: 'x', inputSchema: { type: 'object' } },
];

interface Pattern {
  name: string;
  syntax: ToolSyntax;
  /** A reply of about `n` units. */
  make: (n: number) => string;
  n: number;
  /** Delta size in units. */
  delta: number;
}

const PATTERNS: Pattern[] = [
  {
    name: 'many calls between prose, one unit at a time',
    syntax: syntax('hermes'),
    make: (n) => repeatTo('Writing it.\n<tool_call>{"name": "write_file", "arguments": {"path": "a.txt", "content": "one\\ntwo"}}</tool_call>\n', n),
    n: 16 * KB,
    delta: 1,
  },
  {
    name: 'many refused calls (malformed), one unit at a time',
    syntax: syntax('hermes'),
    make: (n) => repeatTo('<tool_call>{"name": "x", "arguments": {"a": 1 "b": 2}}</tool_call>\n', n),
    n: 16 * KB,
    delta: 1,
  },
  {
    name: 'one call with a long string value',
    syntax: syntax('hermes'),
    make: (n) => `<tool_call>{"name": "write_file", "arguments": {"path": "a.txt", "content": "${repeatTo('a line\\n', n)}"}}</tool_call>`,
    n: 128 * KB,
    delta: 16,
  },
  {
    name: 'one call with many parameters',
    syntax: syntax('xml'),
    make: (n) => {
      let args = '';
      for (let i = 0; args.length < n; i++) args += `<arg name="k${i}">value ${i}</arg>\n`;
      return `<tool name="x">\n${args}</tool>`;
    },
    n: 64 * KB,
    delta: 16,
  },
  {
    name: 'one fence call whose YAML input grows',
    syntax: syntax('fence'),
    make: (n) => `\`\`\`tool write_file\ninput:\n  path: a.txt\n  content: |\n${repeatTo('    a line of the file\n', n)}\`\`\`\n`,
    n: 16 * KB,
    delta: 16,
  },
];

/** Streams the reply through an extractor in `delta`-unit writes; its work and the calls it made. */
function measure(pattern: Pattern, text: string): ExtractorWork & { calls: number } {
  const extractor = new CallExtractor({ syntaxes: [pattern.syntax], tools: TOOLS, generateId: () => 'c' });
  for (let at = 0; at < text.length; at += pattern.delta) extractor.write(text.slice(at, at + pattern.delta));
  extractor.end();
  return { ...extractor.work, calls: extractor.calls };
}

/**
 * Fixed costs: a held marker, and the partial readers' small-body region — the parser reads an
 * open block's input at points fixed by its text, often while the body is under 4 KB (each read
 * re-reads it), then each time it grew by a quarter (syntaxes/shared/read-points.ts).
 */
const SLACK = 1024 * KB;

/** Most work per unit: the scanner's visits; the partial reads (a bounded multiple of each block, more for small ones); the JSON writers. */
const PER_UNIT = { scanned: 4, json: 32, yaml: 32, copied: 32, inputUnits: 8 } as const;

describe('the middleware does linear work', () => {
  it.each(PATTERNS.map((pattern) => [pattern.name, pattern] as const))('%s', (_, pattern) => {
    snapshots.units = 0;
    const small = pattern.make(pattern.n);
    const large = pattern.make(2 * pattern.n);
    const a = measure(pattern, small);
    const b = measure(pattern, large);
    expect(a.calls, 'the premise: the reply holds calls').toBeGreaterThan(0);
    expect(snapshots.units, 'chunk snapshot units read').toBe(0);
    const ratio = large.length / small.length;
    for (const key of ['scanned', 'json', 'yaml', 'copied', 'inputUnits'] as const) {
      expect(a[key], `${key} per unit`).toBeLessThanOrEqual(PER_UNIT[key] * small.length + SLACK);
      expect(b[key], `${key} per unit`).toBeLessThanOrEqual(PER_UNIT[key] * large.length + SLACK);
      expect(b[key], `${key} grows linearly`).toBeLessThanOrEqual(1.3 * ratio * a[key] + SLACK);
    }
  });

  it("a call's input so far is looked at only when the parser read a new one: doubling a long call adds a few looks", () => {
    const pattern = PATTERNS[2]!;
    const a = measure(pattern, pattern.make(pattern.n));
    const b = measure(pattern, pattern.make(2 * pattern.n));
    // The parser reads an open block's input at points spaced geometrically past 4 KB.
    expect(a.inputLooks).toBeGreaterThan(10);
    expect(b.inputLooks - a.inputLooks).toBeLessThanOrEqual(4);
  });
});
