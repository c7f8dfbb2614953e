/**
 * The hermes syntax beyond its fixtures: `format` and what it refuses, the
 * format → parse round trip as a property, cases whole and split at every
 * position, streaming (when the identity settles, partial arguments repaired
 * as they arrive), being on by default, and linear work on adversarial input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, defaultSyntaxes, hermesSyntax, parseTranscript, type ToolChunk, type UIMessageChunk } from '../../src/index.js';
import type { FormatCall } from '../../src/types.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { streamShowingContent } from '../support/linear.js';
import { inputAvailable, inputStart, inputStarts } from '../support/events.js';
import { onlyToolOf } from '../support/only-tool.js';
import { expectRoundTrip } from '../support/round-trip.js';
import { parseAtEverySplit } from '../support/splits.js';

const RUNS = 400;
const only = { syntaxes: [hermesSyntax] };
const onlyTool = (text: string) => onlyToolOf(text, hermesSyntax);

/** Parses `text` whole, then checks every split in two and one unit at a time give the same chunks. */
function everySplit(text: string) {
  return parseAtEverySplit(text, only);
}

describe('hermes format', () => {
  it('writes the chat-template form, the id between name and arguments', () => {
    expect(hermesSyntax.format({ toolName: 'get_weather', input: { city: 'Paris', days: [1, 2], deep: { a: null } } })).toBe(
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": [1, 2], "deep": {"a": null}}}\n</tool_call>',
    );
    const text = hermesSyntax.format({ toolName: 's', toolCallId: 'c1', input: {} });
    expect(text).toBe('<tool_call>\n{"name": "s", "id": "c1", "arguments": {}}\n</tool_call>');
    expect(onlyTool(text)).toMatchObject({ toolCallId: 'c1', toolName: 's', input: {}, closed: true });
  });

  it('writes "</" as "<\\/", so no string reads as the closer, and writes no output, error or state', () => {
    const text = hermesSyntax.format({ toolName: 'w', input: { html: '</tool_call></div>' }, output: 'o', errorText: 'e', state: 'output-error' });
    expect(text).toBe('<tool_call>\n{"name": "w", "arguments": {"html": "<\\/tool_call><\\/div>"}}\n</tool_call>');
    expect(onlyTool(text).input).toEqual({ html: '</tool_call></div>' });
  });

  it('throws a clear error for what it cannot express', () => {
    expect(() => hermesSyntax.format({ toolName: '' })).toThrow(/tool name must be a non-empty string/);
    expect(() => hermesSyntax.format({ toolName: 't', input: [1] })).toThrow(/input must be an object/);
    expect(() => hermesSyntax.format({ toolName: 't', input: { n: 1n } })).toThrow(/input cannot be written as JSON/);
    expect(() => hermesSyntax.format({ toolName: 't', toolCallId: 5 as unknown as string })).toThrow(/tool call id must be a string/);
  });

  it('is on by default, inline, triggered by "<"', () => {
    expect(hermesSyntax).toMatchObject({ name: 'hermes', triggers: '<', placement: 'inline' });
    expect(defaultSyntaxes).toContain(hermesSyntax);
    const [text, tool] = parseTranscript('Sure: <tool_call>{"name": "x", "arguments": {"a": 1}}</tool_call>');
    expect(text).toEqual({ type: 'text', value: 'Sure: ' });
    expect(tool).toMatchObject({ type: 'tool', syntax: 'hermes', toolName: 'x', input: { a: 1 } });
  });
});

describe('hermes reading, whole and at every split', () => {
  it('reads name, arguments (or parameters, or a JSON string of them), id before the arguments and other keys as fields', () => {
    const [tool] = everySplit('<tool_call>\n{"id": 7, "name": "w", "parameters": "{\\"a\\": [1]}", "x": true}\n</tool_call>') as ToolChunk[];
    expect(tool).toMatchObject({ toolCallId: '7', toolName: 'w', input: { a: [1] }, fields: { x: true }, closed: true });
  });

  it('takes an id written after the arguments as a field: the call was announced before it', () => {
    const [tool] = everySplit('<tool_call>{"name": "w", "arguments": {}, "id": "late"}</tool_call>') as ToolChunk[];
    expect(tool).toMatchObject({ toolCallId: 'tool-call-1', fields: { id: 'late' } });
  });

  it('keeps "</tool_call>" inside a JSON string as content, and ends a broken block at its closer', () => {
    const [tool] = everySplit('<tool_call>{"name": "w", "arguments": {"a": "</tool_call>"}}</tool_call>') as ToolChunk[];
    expect(tool!.input).toEqual({ a: '</tool_call>' });
    const chunks = everySplit('<tool_call>{"name": "w", "arguments": {"a": 1,}}</tool_call> after');
    expect(chunks[0]).toMatchObject({ state: 'output-error', errorText: 'invalid JSON at line 1, column 47: unexpected "}", expected a key in double quotes' });
    expect(chunks[1]).toEqual({ type: 'text', value: ' after' });
  });

  it('counts lines and columns from the opener, across CRLF', () => {
    const [tool] = everySplit('<tool_call>\r\n{"name": "w",\r\n "arguments": {}} !\r\n</tool_call>') as ToolChunk[];
    expect(tool!.errorText).toBe('unexpected "!" after the JSON object at line 3, column 19: a tool call holds one JSON object');
  });

  it('finishes a block cut off by the end best-effort: closed false, the input so far', () => {
    const [tool] = everySplit('<tool_call>{"name": "w", "arguments": {"path": "a.md", "content": "# Ti') as ToolChunk[];
    expect(tool).toMatchObject({ toolName: 'w', state: 'input-available', closed: false, input: { path: 'a.md', content: '# Ti' } });
  });

  it('leaves a <tool_call> not followed by a JSON object as text', () => {
    for (const text of ['the <tool_call> tag', '<tool_call>\n\n[1]</tool_call>', '<tool_call', '<tool_call >', '<tool_call>  ', '<tool_callx>{}', '<tool_call\n>{}']) {
      expect(everySplit(text)).toEqual([{ type: 'text', value: text }]);
    }
  });
});

// ---------------------------------------------------------------------------
// Round trip
// ---------------------------------------------------------------------------

const AWKWARD = ['"', '\\', '{', '}', '[', ']', '</tool_call>', '<tool_call>', '</', '\n', '\r\n', '\r', '\t', '`', '\u2028', '\0', '\uD800', 'é'];
const awkwardString = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...AWKWARD) }, { weight: 2, arbitrary: fc.string({ maxLength: 6 }) }), { maxLength: 8 })
  .map((parts) => parts.join(''));
const anyString = fc.oneof(awkwardString, fc.string({ unit: 'binary', maxLength: 20 }));
const value: fc.Arbitrary<unknown> = fc.oneof({ weight: 2, arbitrary: anyString }, { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) });
const input = fc.dictionary(fc.oneof(fc.constantFrom('name', 'arguments', 'id', '__proto__'), anyString), value, { maxKeys: 4 });

describe('hermes round trip', () => {
  it('parse(format(call)) gives back name, id and input, whole and split anywhere', () => {
    fc.assert(
      fc.property(anyString.filter((name) => name !== ''), fc.option(anyString, { nil: undefined }), input, fc.nat(), (toolName, toolCallId, input, cut) => {
        const call: FormatCall = { toolName, input, ...(toolCallId === undefined ? {} : { toolCallId }) };
        expectRoundTrip(hermesSyntax, call, cut);
      }),
      { numRuns: RUNS },
    );
  });
});

// ---------------------------------------------------------------------------
// Streaming
// ---------------------------------------------------------------------------

describe('hermes streaming', () => {
  it('shows the card at the "{", announces the call when its arguments begin, and repairs them as they grow', () => {
    const parser = createTranscriptParser(only);
    const events: UIMessageChunk[] = [...parser.write('<tool_call>\n')];
    expect(parser.chunks).toEqual([]);
    events.push(...parser.write('{"name": "write_file"'));
    expect(parser.chunks.at(-1)).toMatchObject({ type: 'tool', state: 'input-streaming', toolName: 'write_file', input: {} });
    expect(inputStarts(events)).toEqual([]);
    events.push(...parser.write(', "arguments": {"path": "a.md", "content": "# Ti'));
    expect(inputStarts(events)).toEqual([inputStart('tool-call-1', 'write_file', 'hermes')]);
    expect(parser.chunks.at(-1)).toMatchObject({ input: { path: 'a.md', content: '# Ti' } });
    events.push(...parser.write('tle"}}\n</tool'));
    expect(parser.chunks.at(-1)).toMatchObject({ state: 'input-streaming', input: { path: 'a.md', content: '# Title' } });
    events.push(...parser.write('_call> ok'), ...parser.end());
    expect(events).toContainEqual(inputAvailable('tool-call-1', 'write_file', { path: 'a.md', content: '# Title' }, 'hermes'));
    const deltas = events.flatMap((event) => (event.type === 'tool-input-delta' ? [event.inputTextDelta] : []));
    // The block's source: the opener (`<tool_call>`, the break, the `{`) once, then the body.
    expect(deltas.join('')).toBe('<tool_call>\n{"name": "write_file", "arguments": {"path": "a.md", "content": "# Title"}}\n');
    expect(parser.chunks.at(-1)).toEqual({ type: 'text', value: ' ok' });
  });

  it('announces an id written before the arguments', () => {
    const parser = createTranscriptParser(only);
    expect(inputStarts(parser.write('<tool_call>{"name": "w", "id": "c9"'))).toEqual([inputStart('c9', 'w', 'hermes')]);
  });
});

// ---------------------------------------------------------------------------
// Linear work
// ---------------------------------------------------------------------------

const N = 200_000;

describe('hermes linear work', () => {
  it.each([
    ['openers', '<tool_call>'],
    ['openers and blanks', '<tool_call>\n \n'],
    ['signature prefixes', '<tool_cal'],
    ['unclosed blocks', '<tool_call>{"name": "x", "arguments": {"a": "<'],
    ['closer prefixes', '<tool_call>{"name":"x"}</tool_cal'],
    ['broken blocks', '<tool_call>{,</tool_call'],
    ['nested arrays', '<tool_call>{"a":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['],
  ])('%s', (_, pattern) => expectLinearScan(pattern, only));

  it('streams a 200 KB call read after every delta without re-parsing per delta', () => {
    const text = hermesSyntax.format({ toolName: 'w', input: { content: 'x'.repeat(N), list: Array.from({ length: 2000 }, (_, i) => i) } });
    const { shown, parser } = streamShowingContent(text, only);
    expect(shown).toBeGreaterThan(N / 2);
    expect((parser.chunks[0] as ToolChunk).input).toMatchObject({ content: 'x'.repeat(N) });
    expect(parser.work.scanned).toBeLessThanOrEqual(text.length + 16);
  }, 20_000);
});
