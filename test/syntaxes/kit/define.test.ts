/**
 * The kit's marked block ({@link defineMarkedSyntax}): a small format described over it is
 * read the same whole and at every split, its closer found across deltas, its opener decided by
 * what follows, its identity announced while streaming, a throwing `read` kept as an error.
 */
import { describe, expect, it } from 'vitest';
import { parseTranscript, createTranscriptParser, type ToolChunk } from '../../../src/index.js';
import { attribute, defineMarkedSyntax, elements, jsonValueEnd, skipBlanks, startsWithLiteral, trimLineBreaks } from '../../../src/syntaxes/kit/index.js';
import { parseAtEverySplit, splitsInTwo, streamPieces, unitByUnit } from '../../support/splits.js';

/** `<call=NAME>` `<p=K>V</p>`… `</call>`, the opener only when `<call=` follows `<do>`. */
const toy = defineMarkedSyntax({
  name: 'toy',
  openers: [
    { marker: '<do>', follows: (after) => startsWithLiteral(skipBlanks(after), '<call='), close: '</do>' },
    { marker: '[CALL]', close: jsonValueEnd((unit) => /[\w]/.test(unit)) },
  ],
  read({ body, openerIndex, partial }) {
    if (openerIndex === 1) {
      const name = /^\w*/.exec(body)![0];
      const json = body.slice(name.length);
      try {
        return [{ toolName: name, input: JSON.parse(json) }];
      } catch (error) {
        return partial ? [{ toolName: name }] : [{ toolName: name, invalid: true, errorText: `bad JSON: ${(error as Error).message}` }];
      }
    }
    return elements(body, 'call').map((call) => {
      const input: Record<string, string> = {};
      for (const p of elements(call.content, 'p')) input[p.attributes.slice(1)] = trimLineBreaks(p.content);
      if (call.content.includes('BOOM')) throw new Error('boom');
      return { toolName: call.attributes.slice(1), input };
    });
  },
  identity(body, opener) {
    if (opener.marker !== '<do>') return undefined;
    const match = /<call=(\w+)>/.exec(body);
    return match ? { toolName: match[1]! } : undefined;
  },
  format: (call) => `<do><call=${call.toolName}></call></do>`,
});
const only = { syntaxes: [toy] };

function everySplit(text: string) {
  return parseAtEverySplit(text, only);
}

describe('defineMarkedSyntax', () => {
  it('reads a block, its calls and the text around it, whole and at every split', () => {
    const chunks = everySplit('Hi <do>\n<call=a><p=x>\n1\n</p></call><call=b></call>\n</do> bye');
    expect(chunks).toMatchObject([
      { type: 'text', value: 'Hi ' },
      { type: 'tool', syntax: 'toy', toolName: 'a', input: { x: '1' }, closed: true, toolCallId: 'tool-call-1' },
      { type: 'tool', toolName: 'b', input: {}, raw: '', toolCallId: 'tool-call-2' },
      { type: 'text', value: ' bye' },
    ]);
  });

  it('leaves the marker as text when what follows refuses it, and rescans it linearly', () => {
    expect(everySplit('<do> nothing <do><do><call=z></call></do>')).toMatchObject([
      { type: 'text', value: '<do> nothing <do>' },
      { type: 'tool', toolName: 'z' },
    ]);
  });

  it('ends a body at a JSON value', () => {
    expect(everySplit('[CALL]get{"a": [1, "]"]} after[CALL]x{')).toMatchObject([
      { type: 'tool', toolName: 'get', input: { a: [1, ']'] }, closed: true },
      { type: 'text', value: ' after' },
      { type: 'tool', toolName: 'x', closed: false },
    ]);
  });

  it('keeps a block cut off by the end of input, and a throwing read as an error with its raw', () => {
    expect(everySplit('<do><call=c><p=k>v')).toMatchObject([{ type: 'tool', toolName: 'c', input: { k: 'v' }, closed: false }]);
    const [tool] = everySplit('<do><call=c>BOOM</call></do>') as ToolChunk[];
    expect(tool).toMatchObject({ state: 'output-error', errorText: 'the toy block could not be read: boom', raw: '<do><call=c>BOOM</call></do>' });
  });

  it('announces the name once the body settles it, and sends the body without its closer as input deltas', () => {
    const parser = createTranscriptParser(only);
    const chunks = [...'<do><call=w><p=k>v</p>', '</c', 'all></d', 'o>'].flatMap((piece) => parser.write(piece));
    chunks.push(...parser.end());
    expect(chunks[0]).toMatchObject({ type: 'tool-input-start', toolName: 'w' });
    const deltas = chunks.flatMap((chunk) => (chunk.type === 'tool-input-delta' ? [chunk.inputTextDelta] : []));
    expect(deltas.join('')).toBe('<do><call=w><p=k>v</p></call>');
    expect(chunks.at(-1)).toMatchObject({ type: 'tool-input-available', toolName: 'w', input: { k: 'v' } });
  });

  it('reads attributes quoted or bare', () => {
    expect(attribute(' name="a b" x=1', 'name')).toBe('a b');
    expect(attribute(" x='q' name=bare y", 'name')).toBe('bare');
    expect(attribute(' rename="no"', 'name')).toBeUndefined();
  });
});

describe('defineMarkedSyntax with many openers', () => {
  it('reads any number of openers side by side (a tool-name syntax for 100 tools), whole and at every split', () => {
    const many = defineMarkedSyntax({
      name: 'many',
      openers: Array.from({ length: 100 }, (_, i) => ({ marker: `<t${i}>`, close: `</t${i}>` })),
      read: ({ body, marker }) => [{ toolName: marker.slice(1, -1), input: { body } }],
      format: () => '',
    });
    const text = 'a <t7>x</t7> b <t99>y</t99> <t1000> c';
    const whole = parseTranscript(text, { syntaxes: [many] });
    expect(whole).toMatchObject([
      { type: 'text', value: 'a ' },
      { type: 'tool', toolName: 't7', input: { body: 'x' } },
      { type: 'text', value: ' b ' },
      { type: 'tool', toolName: 't99', input: { body: 'y' } },
      { type: 'text', value: ' <t1000> c' },
    ]);
    for (const pieces of splitsInTwo(text)) expect(streamPieces(pieces, { syntaxes: [many] }).chunks).toEqual(whole);
    expect(streamPieces(unitByUnit(text), { syntaxes: [many] }).chunks).toEqual(whole);
  });
});
