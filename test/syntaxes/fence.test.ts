/**
 * The fence syntax beyond its fixtures (test/fixtures/parse/fence/, whole and split at every
 * position): `format` and what it refuses, the format → parse round trip as a property, and
 * while it streams, what a reader of the snapshot sees of a block that is still open and when the
 * call is announced. Its linear work is in test/robustness/linear-work/ (the YAML re-reads).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFenceSyntax, createTranscriptParser, fenceSyntax, parseTranscript, type ToolChunk, type UIMessageChunk } from '../../src/index.js';
import { parseYamlWithLibrary } from '../../src/syntaxes/shared/yaml.js';
import type { FormatCall } from '../../src/types.js';
import '../support/fast-check-seed.js';
import { onlyToolOf } from '../support/only-tool.js';
import { expectRoundTrip } from '../support/round-trip.js';
import { streamCountingYaml } from '../support/linear.js';
import { splitAnywhere, splitsInTwo } from '../support/splits.js';

const RUNS = 300;

const onlyTool = (text: string) => onlyToolOf(text, fenceSyntax);

describe('fence format', () => {
  it('writes the name and id in the info string and the input as YAML', () => {
    const block = fenceSyntax.format({ toolName: 'search', toolCallId: 'c1', input: { q: 'cats' } });
    expect(block).toBe('```tool search c1\ninput:\n  q: cats\n```');
    expect(onlyTool(block)).toMatchObject({ toolCallId: 'c1', toolName: 'search', input: { q: 'cats' }, closed: true });
  });

  it('writes state, output and errorText, and they read back', () => {
    const done = fenceSyntax.format({ toolName: 'a b', toolCallId: 'id "1"', input: {}, output: { ok: true }, state: 'output-available' });
    expect(done).toBe('```tool name="a b" id="id \\"1\\""\nstate: output-available\ninput: {}\noutput:\n  ok: true\n```');
    expect(onlyTool(done)).toMatchObject({ toolName: 'a b', toolCallId: 'id "1"', state: 'output-available', output: { ok: true } });
    const failed = fenceSyntax.format({ toolName: 'x', errorText: 'boom', state: 'output-error' });
    expect(onlyTool(failed)).toMatchObject({ toolName: 'x', state: 'output-error', errorText: 'boom', input: {} });
  });

  it('uses tildes when the info string holds a backtick, and the word it was made with', () => {
    expect(fenceSyntax.format({ toolName: 'x`y' })).toBe('~~~tool name="x`y"\ninput: {}\n~~~');
    expect(onlyTool(fenceSyntax.format({ toolName: 'x`y' })).toolName).toBe('x`y');
    expect(createFenceSyntax({ word: 'call' }).format({ toolName: 's' })).toBe('```call s\ninput: {}\n```');
  });

  it('makes the fence longer than any run of its character at a body line start', () => {
    const block = fenceSyntax.format({ toolName: 'note', output: '````\nx', state: 'output-available' });
    expect(block).toBe('`````tool note\nstate: output-available\ninput: {}\noutput: |-\n  ````\n  x\n`````');
    expect(onlyTool(block).output).toBe('````\nx');
  });

  it.each<[string, FormatCall]>([
    ['a line break in the name', { toolName: 'a\nb' }],
    ['a carriage return in the id', { toolName: 'a', toolCallId: 'x\ry' }],
  ])('throws a clear error for %s', (_, call) => {
    expect(() => fenceSyntax.format(call)).toThrow(/fence syntax: a tool name or id cannot contain a line break/);
  });
});

const AWKWARD = ['```', '~~~', '````tool x', '\n```\n', '\n', '\r\n', '\r', ' ', '\t', ':', '- ', '#', '"', "'", '\\', '|', '>', '&a', '*a', '!!str', '{', '}', '[', ']', '---', '...', '\0', '\u2028', 'é', '🛠️[x]', '^^^'];
const awkwardString = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...AWKWARD) }, { weight: 2, arbitrary: fc.string({ maxLength: 6 }) }), { maxLength: 8 })
  .map((parts) => parts.join(''));
const oneLine = awkwardString.map((s) => s.replace(/[\r\n]/g, '')).filter((s) => s.trim() !== '');
const value = fc.oneof({ weight: 3, arbitrary: awkwardString }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
const input = fc.dictionary(fc.oneof(awkwardString, fc.constantFrom('id', 'name', 'input', 'output', 'state', '__proto__')), value, { maxKeys: 4 });

describe('fence round trip', () => {
  it('parse(format(call)) gives back the name, id and input, in text and split anywhere', () => {
    fc.assert(
      fc.property(oneLine, fc.option(oneLine, { nil: undefined }), input, fc.nat(), (toolName, toolCallId, input, cut) => {
        expectRoundTrip(fenceSyntax, { toolName, input, ...(toolCallId === undefined ? {} : { toolCallId }) }, cut);
      }),
      { numRuns: RUNS },
    );
  });
});

const OPEN = '```tool write_file w1\ninput:\n  path: notes.md\n  content: ';

/** The open block's input after each delta of `deltas`. */
function inputsWhileStreaming(deltas: readonly string[]): unknown[] {
  const parser = createTranscriptParser({ syntaxes: ['fence'] });
  return deltas.map((delta) => {
    parser.write(delta);
    return (parser.chunks.at(-1) as ToolChunk).input;
  });
}

describe('fence: input while the block streams', () => {
  it('shows a long single-line value as it grows, not only at its newline', () => {
    const value = 'x'.repeat(2000);
    const deltas = [OPEN, ...value.match(/.{1,50}/g)!];
    const lengths = inputsWhileStreaming(deltas).map((input) => ((input as { content?: string }).content ?? '').length);
    const shown = lengths.filter((n) => n > 0 && n < 2000);
    expect(new Set(shown).size).toBeGreaterThanOrEqual(5);
    // Only ever growing: an earlier, longer value is never replaced by a shorter one.
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    // Read at points fixed by the text (the same whatever the split): at most a sixteenth behind.
    const last = (inputsWhileStreaming([OPEN, value, '\n']).at(-1) as { content: string }).content;
    expect(value.startsWith(last) && last.length >= (value.length * 15) / 16).toBe(true);
  });

  it('keeps the complete lines while the line being written is not YAML yet', () => {
    const inputs = inputsWhileStreaming([OPEN, 'done\n  mo', 'de: "appe', 'nd"\n']);
    expect(inputs[1]).toEqual({ path: 'notes.md', content: 'done' });
    expect(inputs[2]).toEqual({ path: 'notes.md', content: 'done' });
    expect(inputs[3]).toEqual({ path: 'notes.md', content: 'done', mode: 'append' });
  });

  it('re-reads a growing line amortised: YAML work stays a bounded multiple of the body', () => {
    const body = (n: number) => `${OPEN}${'word '.repeat(n / 5)}\n\`\`\`\n`;
    const small = streamCountingYaml(body(100_000));
    const large = streamCountingYaml(body(200_000));
    expect(small.yamlCharacters).toBeLessThan(20 * 100_000);
    expect(large.yamlCharacters / small.yamlCharacters).toBeLessThan(2.5);
  });

  it('does not re-read the lines above for a name written below its key when the info string names the call', () => {
    const body = 'name: |\n  other\nid: c1\ninput:\n  q: cats\n';
    const parser = createTranscriptParser({ syntaxes: ['fence'] });
    parser.write(`\`\`\`tool search\n${body}\`\`\`\n`);
    parser.end();
    expect(parser.chunks[0]).toMatchObject({ toolName: 'search', toolCallId: 'c1', input: { q: 'cats' } });
    // The id's line (`v: c1`) and the body at the closer: the info string's name wins, so the body's is never resolved.
    expect(parser.work.yaml).toBe('v: c1'.length + body.length);
  });
});

/** The chunks, and what the stream announced: the first tool's `tool-input-start` and the source sent before it. */
function announce(pieces: readonly string[]) {
  const parser = createTranscriptParser({ syntaxes: ['fence'] });
  let fed = '';
  let start: { toolCallId: string; toolName: string; at: string } | undefined;
  const look = (events: readonly UIMessageChunk[]) => {
    for (const event of events) {
      if (event.type === 'tool-input-start' && start === undefined) start = { toolCallId: event.toolCallId, toolName: event.toolName, at: fed };
    }
  };
  for (const piece of pieces) {
    fed += piece;
    look(parser.write(piece));
  }
  look(parser.end());
  return { chunks: parser.chunks, start };
}

const IDENTITY_CASES: Array<{ name: string; text: string; call: Partial<ToolChunk>; announcedAfter: string }> = [
  { name: 'an id line first, the name in the info string: announced at the id', text: '```tool search\nid: abc\ninput:\n  q: 1\n```', call: { toolCallId: 'abc', toolName: 'search' }, announcedAfter: 'id: abc\n' },
  { name: 'id then name: announced when both are known', text: '```tool\nid: abc\nname: search\ninput: {}\n```', call: { toolCallId: 'abc', toolName: 'search' }, announcedAfter: 'name: search\n' },
  { name: 'no id: announced at the first other key, with a generated id; a later id is a field', text: '```tool search\ninput:\n  q: 1\nid: abc\n```', call: { toolCallId: 'tool-call-1', toolName: 'search', input: { q: 1 }, fields: { id: 'abc' } }, announcedAfter: 'input:\n' },
  { name: 'a name after the first other key is a field', text: '```tool\nid: abc\ninput: {}\nname: late\n```', call: { toolCallId: 'abc', toolName: 'tool', fields: { name: 'late' } }, announcedAfter: 'input: {}\n' },
  { name: 'comments, blank lines and a quoted key before the id', text: '```tool search\n# the call\n\n"toolCallId": "x y"\ninput: {}\n```', call: { toolCallId: 'x y' }, announcedAfter: '"toolCallId": "x y"\n' },
  { name: 'an id written below its key (a block scalar) is read when the identity settles', text: '```tool search\nid: |-\n  abc\ninput: {}\n```', call: { toolCallId: 'abc', fields: undefined }, announcedAfter: 'input: {}\n' },
  { name: 'a second id key is a field', text: '```tool\nid: a\ntoolCallId: b\ninput: {}\n```', call: { toolCallId: 'a', toolName: 'tool', fields: { toolCallId: 'b' } }, announcedAfter: 'toolCallId: b\n' },
  { name: 'an indented fence: the top-level keys are at the first line’s indentation', text: '  ~~~tool\n  name: lookup\n  id: 42\n  output: done\n  ~~~', call: { toolCallId: '42', toolName: 'lookup', output: 'done' }, announcedAfter: '  id: 42\n' },
  { name: 'the info string’s id wins over a first YAML id (dropped, as before)', text: '```tool search s1\nid: x\ninput: {}\n```', call: { toolCallId: 's1', fields: undefined }, announcedAfter: '```tool search s1\n' },
  { name: 'the info string’s id, and a YAML id after another key: a field', text: '```tool search s1\ninput: {}\nid: x\n```', call: { toolCallId: 's1', fields: { id: 'x' } }, announcedAfter: '```tool search s1\n' },
  { name: 'a flow mapping body: its key order decides, at the closer', text: '```tool search\n{id: abc, input: {q: 1}}\n```', call: { toolCallId: 'abc', input: { q: 1 } }, announcedAfter: '```tool search\n{id: abc, input: {q: 1}}\n```' },
  { name: 'an id line alone, no name: at the closer', text: '```tool\nid: abc\n```', call: { toolCallId: 'abc', toolName: 'tool' }, announcedAfter: '```tool\nid: abc\n```' },
  { name: 'broken YAML after a settled id: the error keeps the announced id', text: '```tool search\nid: abc\ninput: [\n```', call: { toolCallId: 'abc', state: 'output-error' }, announcedAfter: 'id: abc\n' },
];

describe('fence: the identity in the YAML body (id/name count only before the first other top-level key)', () => {
  for (const { name, text, call, announcedAfter } of IDENTITY_CASES) {
    it(name, () => {
      const whole = parseTranscript(text, { syntaxes: ['fence'] });
      const tool = whole.find((chunk): chunk is ToolChunk => chunk.type === 'tool')!;
      const { fields, ...rest } = call;
      expect(tool).toMatchObject(rest);
      if ('fields' in call) expect(tool.fields).toEqual(fields);
      // Fed one unit at a time: announced right after the expected line, with the final id.
      const units = announce(text.split(''));
      expect(units.chunks).toEqual(whole);
      expect(units.start).toMatchObject({ toolCallId: tool.toolCallId, toolName: tool.toolName });
      expect(units.start!.at.endsWith(announcedAfter), `announced after ${JSON.stringify(units.start!.at)}`).toBe(true);
      // Split in two anywhere: the same chunks, and the announced id is the final one.
      for (const pieces of splitsInTwo(text)) {
        const split = announce(pieces);
        expect(split.chunks, `split at ${pieces[0]!.length}`).toEqual(whole);
        expect(split.start?.toolCallId, `split at ${pieces[0]!.length}`).toBe(tool.toolCallId);
      }
    });
  }

  it('never depends on where the text splits, and announces the final id (random bodies)', () => {
    const line = fc.constantFrom(
      'id: a\n', 'id: 7\n', 'toolCallId: b\n', 'name: n\n', 'toolName: m\n', 'id:\n', 'id: |\n', '  text\n', 'input:\n', '  q: 1\n',
      'input: {q: 2}\n', 'output: done\n', 'state: input-available\n', 'extra: x\n', '# note\n', '\n', 'id: "open\n', '  quote"\n', '- item\n', '{id: f}\n',
    );
    const info = fc.constantFrom('tool', 'tool search', 'tool search s1', 'tool id=s2');
    fc.assert(
      fc.property(info, fc.array(line, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 4 }), fc.boolean(), (infoString, lines, cuts, closed) => {
        const text = `\`\`\`${infoString}\n${lines.join('')}${closed ? '```' : ''}`;
        const whole = parseTranscript(text, { syntaxes: ['fence'] });
        const tool = whole.find((chunk): chunk is ToolChunk => chunk.type === 'tool')!;
        const split = announce(splitAnywhere(text, cuts));
        expect(split.chunks).toEqual(whole);
        expect(split.start?.toolCallId).toBe(tool.toolCallId);
        expect(announce(text.split('')).chunks).toEqual(whole);
      }),
    );
  });
});

describe('fence: an id or name that is not a string', () => {
  it('is an error that names what it is, whole and split at every position', () => {
    const doc = '```tool\nid: {a: 1}\nname: [x]\n```\n';
    const whole = parseTranscript(doc);
    expect(whole[0]).toMatchObject({ type: 'tool', state: 'output-error', errorText: 'the tool call id must be a string, not an object' });
    for (const pieces of splitsInTwo(doc)) {
      const parser = createTranscriptParser();
      for (const piece of pieces) parser.write(piece);
      parser.end();
      expect(parser.chunks).toEqual(whole);
    }
  });
});

describe('fence: a body whose first node starts with ` or @', () => {
  // The partial input is not read for such a body (src/syntaxes/fence/partial.ts): this holds that
  // no text after it makes YAML of it, so the stream shows what a read would have shown.
  it('is never YAML, whatever follows (the yaml library as the oracle)', () => {
    const before = fc.array(fc.constantFrom('\n', '  \n', '# note\n', '\t# c\r\n'), { maxLength: 3 });
    const indent = fc.constantFrom('', ' ', '  ', '\t');
    const unit = fc.constantFrom('a', ':', ' ', '\n', '`', '@', '-', '#', '"', "'", '|', '>', '[', ']', '{', '}', ',', '?', '\t', '---', '...', 'k: v', '  x: 1');
    fc.assert(
      fc.property(before, indent, fc.constantFrom('`', '@'), fc.array(unit, { maxLength: 24 }), (lines, space, indicator, tail) => {
        const text = `${lines.join('')}${space}${indicator}${tail.join('')}`;
        for (let end = text.length - tail.join('').length; end <= text.length; end++) {
          expect(parseYamlWithLibrary(text.slice(0, end)).ok, JSON.stringify(text.slice(0, end))).toBe(false);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
