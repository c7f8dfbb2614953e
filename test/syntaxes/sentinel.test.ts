/**
 * The sentinel syntax beyond its fixtures: `format` and what it refuses, the
 * format → parse round trip as a property, streaming (name and id at the
 * header, body as it arrives, markers split across deltas), the header
 * length bound, and linear work on adversarial input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSentinelSyntax, createTranscriptParser, defaultSyntaxes, parseTranscript, sentinelSyntax, type ToolChunk, type ToolSyntax } from '../../src/index.js';
import type { FormatCall } from '../../src/types.js';
import { splitAt, streamPieces } from '../support/splits.js';
import { inputAvailable, inputStart } from '../support/events.js';
import { repeatTo, scannerSteps } from '../support/linear.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { onlyToolOf } from '../support/only-tool.js';
import { expectRoundTrip } from '../support/round-trip.js';

const RUNS = 400;

const onlyTool = (text: string, syntax: ToolSyntax = sentinelSyntax) => onlyToolOf(text, syntax);

describe('sentinel format', () => {
  it('writes a tool header with the id, name and arguments, and an empty body', () => {
    const call: FormatCall = { toolName: 'search', toolCallId: 'c1', input: { q: 'a ]] b }', n: 1 } };
    const text = sentinelSyntax.format(call);
    expect(text).toBe('[[SEG_START {"type":"tool","id":"c1","tool_name":"search","arguments":{"q":"a ]] b }","n":1}}]][[SEG_END]]');
    expect(onlyTool(text)).toMatchObject({ toolCallId: 'c1', toolName: 'search', input: { q: 'a ]] b }', n: 1 }, closed: true });
  });

  it('writes write_file, edit_file and run_bash with their own type and the body on lines of its own', () => {
    const write = sentinelSyntax.format({ toolName: 'write_file', input: { path: 'a.py', content: 'print(1)\n' } });
    expect(write).toBe('[[SEG_START {"type":"write_file","path":"a.py"}]]\nprint(1)\n\n[[SEG_END]]');
    expect(onlyTool(write).input).toEqual({ path: 'a.py', content: 'print(1)\n' });

    const edit = sentinelSyntax.format({ toolName: 'edit_file', toolCallId: 'e1', input: { path: 'b.ts', patch: '-a\n+b' } });
    expect(edit).toBe('[[SEG_START {"type":"edit_file","id":"e1","path":"b.ts"}]]\n-a\n+b\n[[SEG_END]]');
    expect(onlyTool(edit)).toMatchObject({ toolCallId: 'e1', toolName: 'edit_file', input: { path: 'b.ts', patch: '-a\n+b' } });

    const run = sentinelSyntax.format({ toolName: 'run_bash', input: { command: '' } });
    expect(run).toBe('[[SEG_START {"type":"run_bash"}]][[SEG_END]]');
    expect(onlyTool(run).input).toEqual({ command: '' });
  });

  it('falls back to the tool header when the typed form would not read back', () => {
    const cases: FormatCall[] = [
      { toolName: 'write_file', input: { path: 'a', content: 42 } },
      { toolName: 'write_file', input: { path: 'a' } },
      { toolName: 'run_bash', input: { command: 'ls', id: 'mine' } },
      { toolName: 'edit_file', input: { patch: 'x', type: 'diff' } },
      { toolName: 'run_terminal_cmd', input: { command: 'ls' } },
    ];
    for (const call of cases) {
      const text = sentinelSyntax.format(call);
      expect(text).toMatch(/^\[\[SEG_START \{"type":"tool",/);
      expect(onlyTool(text)).toMatchObject({ toolName: call.toolName, input: call.input });
    }
  });

  it('writes no output, error or state', () => {
    const text = sentinelSyntax.format({ toolName: 'ping', output: 'pong', errorText: 'boom', state: 'output-error' });
    expect(text).toBe('[[SEG_START {"type":"tool","tool_name":"ping","arguments":{}}]][[SEG_END]]');
  });

  it('throws a clear error for what it cannot express', () => {
    expect(() => sentinelSyntax.format({ toolName: 'write_file', input: { content: 'a [[SEG_END]] b' } })).toThrow(
      /body cannot contain the end marker \[\[SEG_END\]\]/,
    );
    expect(() => sentinelSyntax.format({ toolName: 'run_bash', input: { command: 'x[[seg_End]]' } })).toThrow(/end marker/);
    expect(() => sentinelSyntax.format({ toolName: 'edit_file', input: { patch: 'line\r' } })).toThrow(/cannot end with a lone "\\r"/);
    expect(() => sentinelSyntax.format({ toolName: '' })).toThrow(/tool name must be a non-empty string/);
    expect(() => sentinelSyntax.format({ toolName: 't', input: [1] })).toThrow(/input must be an object/);
    expect(() => sentinelSyntax.format({ toolName: 't', input: 'x' })).toThrow(/input must be an object/);
  });
});

// ---------------------------------------------------------------------------
// Round trip
// ---------------------------------------------------------------------------

const AWKWARD = [
  '[[SEG_END]]', '[[seg_end]]', '[[SEG_EN', '[[SEG_START {"type":"tool"}]]', ']]', ']', '[', '[[', '{', '}', '"', '\\', '\\"',
  '\n', '\r\n', '\r', ' ', '\t', '</arg>', '`', '```', '^^^', '---', '🛠️[x]', '\u2028', '\0', '\uD800', 'é',
];
const awkwardString = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...AWKWARD) }, { weight: 2, arbitrary: fc.string({ maxLength: 6 }) }), {
    maxLength: 8,
  })
  .map((parts) => parts.join(''));
const anyString = fc.oneof(awkwardString, fc.string({ unit: 'binary', maxLength: 20 }));
const toolName = fc.oneof(
  fc.constantFrom('write_file', 'edit_file', 'run_bash', 'run_terminal_cmd', 'tool', 'search'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }),
  awkwardString.filter((name) => name !== ''),
);
const key = fc.oneof(fc.constantFrom('content', 'patch', 'command', 'path', 'type', 'id', 'tool_call_id', 'arguments', 'tool_name', '__proto__'), anyString);
const value = fc.oneof({ weight: 3, arbitrary: anyString }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
const input = fc.dictionary(key, value, { maxKeys: 4 });

const BODY_FIELDS: Record<string, string> = { write_file: 'content', edit_file: 'patch', run_bash: 'command' };

/** Whether `format` writes this call with a body (a typed header), and that body. */
function typedBody(call: FormatCall): string | undefined {
  const field = BODY_FIELDS[call.toolName];
  const input = call.input as Record<string, unknown>;
  if (field === undefined || typeof input[field] !== 'string') return undefined;
  if (['type', 'id', 'tool_call_id'].some((k) => Object.hasOwn(input, k))) return undefined;
  return input[field];
}

describe('sentinel round trip', () => {
  it('parse(format(call)) gives back the name, id and input, in text and split anywhere', () => {
    fc.assert(
      fc.property(toolName, fc.option(anyString, { nil: undefined }), input, fc.nat(), (toolName, toolCallId, input, cut) => {
        const call: FormatCall = { toolName, input, ...(toolCallId === undefined ? {} : { toolCallId }) };
        const body = typedBody(call);
        if (body !== undefined && (/\[\[seg_end\]\]/i.test(body) || body.endsWith('\r'))) {
          expect(() => sentinelSyntax.format(call)).toThrow(/sentinel syntax: the body cannot/);
          return;
        }
        expectRoundTrip(sentinelSyntax, call, cut);
      }),
      { numRuns: RUNS },
    );
  });

  it('round-trips typed bodies holding markers, brackets and line breaks', () => {
    fc.assert(
      fc.property(fc.constantFrom('write_file', 'edit_file', 'run_bash'), awkwardString, anyString, (toolName, body, path) => {
        const field = BODY_FIELDS[toolName]!;
        const call: FormatCall = { toolName, input: { path, [field]: body } };
        if (/\[\[seg_end\]\]/i.test(body) || body.endsWith('\r')) {
          expect(() => sentinelSyntax.format(call)).toThrow(/sentinel syntax: the body cannot/);
          return;
        }
        expect(onlyTool(sentinelSyntax.format(call)).input).toEqual(call.input);
      }),
      { numRuns: RUNS },
    );
  });
});

// ---------------------------------------------------------------------------
// Streaming
// ---------------------------------------------------------------------------

describe('sentinel streaming', () => {
  it('announces the tool with its header id once the header closes, and streams the body', () => {
    const parser = createTranscriptParser({ syntaxes: ['sentinel'] });
    expect(parser.write('Run [[SEG_START {"type":"run_bash","id":"r1"}]')).toEqual([
      { type: 'text-start', id: 'text-1' },
      { type: 'text-delta', id: 'text-1', delta: 'Run ' },
    ]);
    expect(parser.write(']\nnpm')).toEqual([
      { type: 'text-end', id: 'text-1' },
      inputStart('r1', 'run_bash', 'sentinel'),
      { type: 'tool-input-delta', toolCallId: 'r1', inputTextDelta: '[[SEG_START {"type":"run_bash","id":"r1"}]]\nnpm' },
    ]);
    expect(parser.chunks.at(-1)).toMatchObject({ state: 'input-streaming', input: { command: 'npm' } });
    // A line break and a marker prefix are held until the next units decide.
    parser.write(' test\n[[SEG_');
    expect(parser.chunks.at(-1)).toMatchObject({ input: { command: 'npm test' } });
    parser.write('E');
    expect(parser.chunks.at(-1)).toMatchObject({ input: { command: 'npm test' } });
    parser.write('X');
    expect(parser.chunks.at(-1)).toMatchObject({ input: { command: 'npm test\n[[SEG_EX' } });
    const events = [...parser.write('\n[[seg_end]] ok'), ...parser.end()];
    expect(events).toContainEqual(inputAvailable('r1', 'run_bash', { command: 'npm test\n[[SEG_EX' }, 'sentinel'));
    expect(parser.chunks.at(-1)).toEqual({ type: 'text', value: ' ok' });
  });

  it('gives the same chunks for markers split into three pieces anywhere', () => {
    const text = 'a [[SEG_START {"type":"write_file","path":"]]"}]]\r\nx [[SEG_EN\r\n[[[SEG_END]] b';
    const whole = parseTranscript(text, { syntaxes: ['sentinel'] });
    expect(whole.map((chunk) => chunk.type)).toEqual(['text', 'tool', 'text']);
    expect((whole[1] as ToolChunk).input).toEqual({ path: ']]', content: 'x [[SEG_EN\r\n[' });
    for (let i = 0; i <= text.length; i++) {
      for (let j = i; j <= text.length; j += 3) {
        expect(streamPieces(splitAt(text, [i, j]), { syntaxes: ['sentinel'] }).chunks).toEqual(whole);
      }
    }
  });

  it('leaves a header longer than maxHeaderLength as text', () => {
    const short = createSentinelSyntax({ maxHeaderLength: 40 });
    const fits = '[[SEG_START {"type":"tool","tool_name":"a"}]][[SEG_END]]';
    const tooLong = '[[SEG_START {"type":"tool","tool_name":"a","arguments":{"x":1}}]][[SEG_END]]';
    expect(parseTranscript(fits, { syntaxes: [short] })[0]).toMatchObject({ type: 'tool', toolName: 'a' });
    expect(parseTranscript(tooLong, { syntaxes: [short] })).toEqual([{ type: 'text', value: tooLong }]);
    expect(parseTranscript(tooLong, { syntaxes: [sentinelSyntax] })[0]).toMatchObject({ type: 'tool', input: { x: 1 } });
    const runaway = `[[SEG_START {"type":"tool","x":"${'y'.repeat(70 * 1024)}`;
    expect(parseTranscript(`${runaway}"}]][[SEG_END]]`, { syntaxes: ['sentinel'] })).toEqual([
      { type: 'text', value: `${runaway}"}]][[SEG_END]]` },
    ]);
    expect(() => createSentinelSyntax({ maxHeaderLength: 0 })).toThrow(/maxHeaderLength must be a number of at least 2/);
  });

  it('finds a marker after a rejected one on the same line', () => {
    const text = '[[SEG_START {"type":"tool"} [[SEG_START {"type":"tool","tool_name":"b"}]][[SEG_END]]';
    const chunks = parseTranscript(text, { syntaxes: ['sentinel'] });
    expect(chunks).toEqual([
      { type: 'text', value: '[[SEG_START {"type":"tool"} ' },
      expect.objectContaining({ type: 'tool', toolName: 'b', raw: '[[SEG_START {"type":"tool","tool_name":"b"}]][[SEG_END]]' }),
    ]);
  });

  it('is on by default', () => {
    expect(defaultSyntaxes).toContain(sentinelSyntax);
    expect(parseTranscript('[[SEG_START {"type":"run_bash"}]]ls[[SEG_END]]')[0]).toMatchObject({
      type: 'tool',
      syntax: 'sentinel',
      toolName: 'run_bash',
      input: { command: 'ls' },
    });
  });
});

// ---------------------------------------------------------------------------
// Linear work
// ---------------------------------------------------------------------------

const N = 200_000;

const stepsFor = (text: string) => scannerSteps(text, { syntaxes: ['sentinel'] });
const repeat = (pattern: string, length = N) => repeatTo(pattern, length);

describe('sentinel linear work', () => {
  it.each([
    ['start keywords', '[[SEG_START '],
    ['start keywords with an open brace', '[[SEG_START {'],
    ['unterminated string headers', '[[SEG_START {"type":"tool","x":"'],
    ['escapes in header strings', '[[SEG_START {"a":"\\'],
    ['unknown header types', '[[SEG_START {"type":"nope"}]]'],
    ['headers missing a bracket', '[[SEG_START {"type":"tool"}]'],
    ['bracket runs', '['],
    ['start keyword prefixes', '[[SEG_STAR'],
    ['blocks', '[[SEG_START {"type":"tool"}]]x[[SEG_END]]'],
    ['CRLF', '\r\n'],
  ])('%s', (_, pattern) => expectLinearScan(pattern, { syntaxes: ['sentinel'] }, { perUnit: 4 }));

  it.each([
    ['end marker prefixes', '[[SEG_EN'],
    ['bracket runs', '[[['],
    ['line breaks before almost-markers', '\r\n[[SEG_END]'],
  ])('one open block whose body is %s', (_, pattern) => {
    const text = `[[SEG_START {"type":"write_file","path":"x"}]]${repeat(pattern)}`;
    expect(stepsFor(text)).toBeLessThanOrEqual(text.length + 16);
    expect(parseTranscript(text, { syntaxes: ['sentinel'] })[0]).toMatchObject({ type: 'tool', closed: false });
  });

  it('one runaway header of nested braces', () => {
    const text = `[[SEG_START ${'{'.repeat(N)}`;
    expect(stepsFor(text)).toBeLessThanOrEqual(2 * text.length);
    expect(parseTranscript(text, { syntaxes: ['sentinel'] })).toEqual([{ type: 'text', value: text }]);
  });
});
