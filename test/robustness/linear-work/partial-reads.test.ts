/**
 * Reads of the partial input while a block streams, counted (never timed): a body fed one unit
 * at a time, its input read after every delta — by a `.chunks` read and by the store alike.
 * Below 4 KB a body used to be re-parsed at every line end, so short or blank lines made the
 * YAML work grow with the square of the body (1,000 lines 0.6 s, 4,000 lines over 4.6 s).
 */
import { describe, expect, it } from 'vitest';
import { caretSyntax, createTranscriptParser, defaultSyntaxes, xmlSyntax, type ParsedCall, type ToolSyntax } from '../../../src/index.js';
import type { BlockReader, WorkMeter } from '../../../src/types.js';
import { createTranscriptStore } from '../../../src/store/index.js';

/** An open tool fence whose input is a block scalar of `lines` lines of `line` (blank lines when ''). */
function fence(lines: number, line: string): string {
  return `\`\`\`tool write\ninput:\n  text: |\n${`    ${line}\n`.repeat(lines)}`;
}

/** The parser's YAML work with the snapshot read after every one-unit delta. */
function chunksReadWork(text: string): WorkMeter {
  const parser = createTranscriptParser({ syntaxes: ['fence'] });
  for (let i = 0; i < text.length; i++) {
    parser.write(text[i]!);
    void parser.chunks;
  }
  return parser.work;
}

/** The store's YAML work, fed one unit per delta. */
function storeWork(text: string): WorkMeter {
  const store = createTranscriptStore({ syntaxes: ['fence'] });
  for (let i = 0; i < text.length; i++) store.append(text[i]!);
  return store.work;
}

describe('a fence body streamed one unit at a time, its input read after every delta', { timeout: 60_000 }, () => {
  it.each([
    ['blank lines', ''],
    ['one-unit lines', 'x'],
    ['short lines', 'ab cd'],
  ])('%s: YAML work a bounded multiple of the body, also below 4 KB (%#)', (_, line) => {
    for (const read of [chunksReadWork, storeWork]) {
      const small = fence(400, line);
      const large = fence(4000, line);
      const a = read(small);
      const b = read(large);
      expect(a.yaml, 'YAML units per body unit').toBeLessThanOrEqual(48 * small.length);
      expect(b.yaml, 'YAML units per body unit').toBeLessThanOrEqual(48 * large.length);
      expect(b.yaml, '10× the lines, at most 11× the work').toBeLessThanOrEqual(11 * a.yaml);
    }
  });

  it.each([
    ['a nested code fence', '```python\n', 'print("hello")\n'],
    ['a decorator', '  @app.get("/")\n', 'def index(): ...\n'],
  ])('a body whose first node starts with ` or @ (%s) is not read while it streams: it can never be YAML', (_, first, line) => {
    const body = first + line.repeat(2000);
    for (const read of [chunksReadWork, storeWork]) {
      const work = read(`\`\`\`tool write\n${body}`);
      // What is left is the identity's and the end's reads of the whole body, never one per read point.
      expect(work.yaml).toBeLessThanOrEqual(2 * body.length);
    }
    const parser = createTranscriptParser({ syntaxes: ['fence'] });
    parser.write('```tool write\n');
    for (const unit of body) {
      parser.write(unit);
      expect(parser.chunks.at(-1)).toMatchObject({ type: 'tool', toolName: 'write', state: 'input-streaming' });
    }
    parser.end();
    expect(parser.chunks.at(-1)).toMatchObject({ state: 'output-error', errorText: expect.stringMatching(/^invalid YAML at line 2/) });
  });

  it('the input still shows line by line while the body is small, and ends exact', () => {
    const parser = createTranscriptParser({ syntaxes: ['fence'] });
    const text = fence(3, 'line');
    const seen: unknown[] = [];
    for (const unit of text) {
      parser.write(unit);
      const last = parser.chunks.at(-1);
      if (last?.type === 'tool') seen.push((last.input as { text?: string } | undefined)?.text);
    }
    expect(seen).toContain('line\n');
    expect(seen).toContain('line\nline\n');
    expect(seen.at(-1)).toBe('line\nline\nline\n');
  });
});

/**
 * The caret syntax, counting the size of every new partial input its reader builds (a snapshot
 * costs about that much): the line being written is read too (issue #22), every few units.
 */
function countingCaret(): { syntax: ToolSyntax; built: () => number } {
  let built = 0;
  const syntax: ToolSyntax = {
    ...caretSyntax,
    startOpener(work) {
      const opener = caretSyntax.startOpener(work);
      return {
        push(unit) {
          const verdict = opener.push(unit);
          if (typeof verdict !== 'object') return verdict;
          const block: BlockReader = verdict.block;
          let last: ParsedCall | undefined;
          const partial = (): ParsedCall[] => {
            const read = block.partial();
            if (read[0] !== last) built += JSON.stringify(read[0]!.input ?? null).length;
            last = read[0];
            return read;
          };
          return { ...verdict, block: Object.assign(Object.create(block) as BlockReader, { partial }) };
        },
        end: () => opener.end(),
      };
    },
  };
  return { syntax, built: () => built };
}

describe('a caret block streamed one unit at a time, its input read after every delta', { timeout: 60_000 }, () => {
  it.each([
    ['a multiline value of short lines', (n: number) => `^^^write\npath: a.md\ncontent ---\n${'ab\n'.repeat(n / 3)}`],
    ['one long header value', (n: number) => `^^^write\npath: ${'x'.repeat(n)}`],
    ['a long body line', (n: number) => `^^^write\npath: a.md\n---\n${'word '.repeat(n / 5)}`],
  ])('%s: the snapshots built add up to a bounded multiple of the block', (_, make) => {
    const run = (n: number) => {
      const { syntax, built } = countingCaret();
      const text = make(n);
      const parser = createTranscriptParser({ syntaxes: [syntax] });
      for (let i = 0; i < text.length; i++) {
        parser.write(text[i]!);
        void parser.chunks;
      }
      return { built: built(), length: text.length };
    };
    const small = run(2000);
    const large = run(20000);
    // Plus the small-body region: below 4 KB every line end takes a snapshot (as before #22).
    expect(large.built, 'snapshot units per block unit').toBeLessThanOrEqual(40 * large.length + (4096 * 4096) / 2);
    expect(large.built, '10× the block, at most 11× the work').toBeLessThanOrEqual(11 * small.built);
  });
});

/**
 * The xml syntax, counting the body units each new partial input re-read: the reader reads the
 * body again up to a read point (issue #22: the value being written shows, the same whole or
 * split), so a new snapshot costs at most the body read so far.
 */
function countingXml(): { syntax: ToolSyntax; reread: () => number; snapshots: () => number } {
  let reread = 0;
  let snapshots = 0;
  const syntax: ToolSyntax = {
    ...xmlSyntax,
    startOpener(work) {
      const opener = xmlSyntax.startOpener(work);
      return {
        push(unit) {
          const verdict = opener.push(unit);
          if (typeof verdict !== 'object') return verdict;
          const block: BlockReader = verdict.block;
          let body = 0;
          let last: unknown;
          const read = (text: string, from: number, to: number): number => {
            const end = block.read(text, from, to);
            body += (end < 0 ? to : end) - from;
            return end;
          };
          const partial = (): ParsedCall[] => {
            const calls = block.partial();
            if (calls[0]!.input !== last) {
              reread += body;
              snapshots++;
            }
            last = calls[0]!.input;
            return calls;
          };
          return { ...verdict, block: Object.assign(Object.create(block) as BlockReader, { read, partial }) };
        },
        end: () => opener.end(),
      };
    },
  };
  return { syntax, reread: () => reread, snapshots: () => snapshots };
}

describe('an xml block streamed one unit at a time, its input read after every delta', { timeout: 60_000 }, () => {
  it.each([
    ['one long value', (n: number) => `<tool name="write">\n<arg name="content">${'word '.repeat(n / 5)}`],
    ['many short values', (n: number) => `<tool name="write">\n${'<arg name="k">v</arg>\n'.repeat(n / 22)}`],
    ['a value between content markers', (n: number) => `<tool name="write">\n<arg name="content">\n__START_CONTENT__\n${'ab\n'.repeat(n / 3)}`],
    ['items of an array', (n: number) => `<tool name="write">\n<arg name="list">${'<item>x</item>'.repeat(n / 14)}`],
  ])('%s: the body re-read adds up to a bounded multiple of the block', (_, make) => {
    const run = (n: number) => {
      const { syntax, reread, snapshots } = countingXml();
      const text = make(n);
      const parser = createTranscriptParser({ syntaxes: [syntax] });
      for (let i = 0; i < text.length; i++) {
        parser.write(text[i]!);
        void parser.chunks;
      }
      return { reread: reread(), snapshots: snapshots(), length: text.length };
    };
    const small = run(2000);
    const large = run(20000);
    expect(small.snapshots, 'the input shows as it grows').toBeGreaterThan(10);
    expect(large.reread, 're-read units per block unit').toBeLessThanOrEqual(40 * large.length);
    expect(large.reread, '10× the block, at most 11× the work').toBeLessThanOrEqual(11 * small.reread);
  });
});

/**
 * The store reads the open block's input on every delta (its builder asks the reader each time,
 * so the input after a prefix does not depend on the split, #22): the readers' own read points,
 * fixed by the text and spaced geometrically past their small-body size, keep that work a
 * bounded multiple of the block. Counted by the store's meter (JSON and YAML parsed, units copied).
 */
describe('every default syntax: a long value streamed into the store one unit at a time', { timeout: 120_000 }, () => {
  const content = (n: number) => Array.from({ length: Math.ceil(n / 40) }, (_, i) => `line ${i} of a long file, written out`).join('\n');
  it.each(defaultSyntaxes.map((syntax) => [syntax.name, syntax] as const))('%s: parse and copy work a bounded multiple of the block', (_, syntax) => {
    const run = (n: number) => {
      const input = syntax.name === 'emoji' ? { args: ['a.md'], body: content(n) } : { path: 'a.md', content: content(n) };
      const block = `Hi.\n${syntax.format({ toolName: 'write_file', input })}`;
      // Cut inside the value: the block stays open, its input read all along.
      const text = block.slice(0, block.lastIndexOf('written out'));
      const store = createTranscriptStore({ syntaxes: [syntax] });
      for (let i = 0; i < text.length; i++) store.append(text[i]!);
      expect(store.getItem(store.getState().ids.at(-1)!)).toMatchObject({ type: 'tool', state: 'input-streaming' });
      const { json, yaml, copied } = store.work;
      return { work: json + yaml + copied, length: text.length };
    };
    const small = run(16 * 1024);
    const large = run(128 * 1024);
    // Plus the small-body region: below 4 KB a reader may read its body again on every growth.
    const SMALL_REGION = 4096 * 4096;
    expect(small.work, 'work units per block unit').toBeLessThanOrEqual(48 * small.length + SMALL_REGION);
    expect(large.work, 'work units per block unit').toBeLessThanOrEqual(48 * large.length + SMALL_REGION);
    expect(large.work, '8× the block, at most about 8× the work').toBeLessThanOrEqual(9 * small.work + SMALL_REGION);
  });
});
