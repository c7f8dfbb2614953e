/**
 * hermes: `"arguments"` given as a string (issue #23). vLLM's hermes parser passes the value on
 * as it is (`arguments = json.dumps(call["arguments"])`), so a client reads back the string: a
 * string that is not JSON object text is the input as written; one starting with `{` is JSON
 * arguments (OpenAI's habit), parsed, and an error when broken; a blank one is no arguments.
 * Whole, at every split, one unit at a time, while streaming, through the AI SDK's reader, and
 * format → parse.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStreamChunks, createTranscriptParser, hermesSyntax, parseTranscript, type ToolChunk } from '../../src/index.js';
import { SDKS, messageParts } from '../support/ai-sdk.js';
import { parseAtEverySplit, streamPieces, unitByUnit } from '../support/splits.js';

const only = { syntaxes: [hermesSyntax] };

function everySplit(text: string): ToolChunk {
  const whole = parseAtEverySplit(text, only);
  return whole.find((chunk): chunk is ToolChunk => chunk.type === 'tool')!;
}

const call = (args: string) => `<tool_call>\n{"name": "echo", "arguments": ${args}}\n</tool_call>`;

describe('hermes string arguments', () => {
  it('passes a plain string through as the input, as vLLM does', () => {
    expect(everySplit(call('"hello"'))).toMatchObject({ toolName: 'echo', state: 'input-available', input: 'hello', closed: true });
    // JSON text of something other than an object is a string too: vLLM does not parse it either.
    expect(everySplit(call('"[1, 2]"')).input).toBe('[1, 2]');
    expect(everySplit(call('"  42 "')).input).toBe('  42 ');
    expect(everySplit(call('"a \\"quoted\\" <\\/tool_call> line\\nbreak"')).input).toBe('a "quoted" </tool_call> line\nbreak');
  });

  it('parses a string holding a JSON object, errs on a broken one, and reads a blank one as no arguments', () => {
    expect(everySplit(call('"{\\"a\\": 1}"'))).toMatchObject({ state: 'input-available', input: { a: 1 } });
    expect(everySplit(call('" {\\"a\\": [1]}"')).input).toEqual({ a: [1] });
    expect(everySplit(call('"{oops"'))).toMatchObject({ state: 'output-error', input: {}, errorText: expect.stringMatching(/^the "arguments" string is not valid JSON/) });
    expect(everySplit(call('""')).input).toEqual({});
    expect(everySplit(call('"   "')).input).toEqual({});
  });

  it('"parameters" too, and the id and fields beside it', () => {
    const tool = everySplit('<tool_call>{"id": "c1", "name": "say", "parameters": "hi there", "x": 1}</tool_call>');
    expect(tool).toMatchObject({ toolCallId: 'c1', toolName: 'say', input: 'hi there', fields: { x: 1 } });
  });

  it('shows the string so far while the block streams, and the string when cut off', () => {
    const parser = createTranscriptParser(only);
    parser.write('<tool_call>{"name": "echo", "arguments": "hel');
    expect(parser.chunks[0]).toMatchObject({ state: 'input-streaming', input: 'hel' });
    parser.write('lo w');
    expect(parser.chunks[0]).toMatchObject({ state: 'input-streaming', input: 'hello w' });
    parser.end();
    expect(parser.chunks[0]).toMatchObject({ state: 'input-available', input: 'hello w', closed: false });
  });

  it.each(SDKS)('$name: the UI part holds the string input', async (sdk) => {
    const text = call('"hello"');
    for (const events of [createStreamChunks(parseTranscript(text, only)), streamPieces(unitByUnit(text), only).events]) {
      const parts = await messageParts(events, sdk);
      expect(parts).toContainEqual(expect.objectContaining({ type: 'dynamic-tool', toolName: 'echo', state: 'input-available', input: 'hello' }));
    }
  });

  it('format writes a string input as a JSON string that reads back as itself; refuses one that would read as arguments', () => {
    expect(hermesSyntax.format({ toolName: 'echo', input: 'hello' })).toBe('<tool_call>\n{"name": "echo", "arguments": "hello"}\n</tool_call>');
    expect(() => hermesSyntax.format({ toolName: 'echo', input: '{"a": 1}' })).toThrow(/string input must not be blank or start with "\{"/);
    expect(() => hermesSyntax.format({ toolName: 'echo', input: ' ' })).toThrow(/string input must not be blank/);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1 }).filter((s) => s.trimStart() !== '' && !s.trimStart().startsWith('{')), (input) => {
        const text = hermesSyntax.format({ toolName: 'echo', toolCallId: 'c', input });
        const tool = parseTranscript(text, only)[0] as ToolChunk;
        expect(tool).toMatchObject({ toolCallId: 'c', toolName: 'echo', state: 'input-available', input, raw: text });
      }),
    );
  });
});
