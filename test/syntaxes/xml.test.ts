/**
 * The XML syntax beyond its fixtures: `format` in both styles and what it
 * refuses, the format → parse round trip as a property, streaming (identity
 * at the opener, values as each close tag arrives), options, and linear work
 * on adversarial input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, createXmlSyntax, defaultSyntaxes, parseTranscript, xmlSyntax, type ToolChunk, type ToolSyntax } from '../../src/index.js';
import type { FormatCall } from '../../src/types.js';
import { parseAtEverySplit, streamPieces } from '../support/splits.js';
import { inputAvailable, inputStart } from '../support/events.js';
import { scannerSteps } from '../support/linear.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { onlyToolOf } from '../support/only-tool.js';
import { expectRoundTrip } from '../support/round-trip.js';

const RUNS = 400;
const paramSyntax = createXmlSyntax({ style: 'param' });

const onlyTool = (text: string, syntax: ToolSyntax = xmlSyntax) => onlyToolOf(text, syntax);

describe('xml format', () => {
  it('writes <tool name><arguments><arg name>…</arguments></tool> with the id as an attribute', () => {
    const text = xmlSyntax.format({ toolName: 'search', toolCallId: 'c1', input: { q: 'a < b && c', n: 5 } });
    expect(text).toBe('<tool name="search" id="c1"><arguments><arg name="q">a < b && c</arg><arg name="n" type="json">5</arg></arguments></tool>');
    expect(onlyTool(text)).toMatchObject({ toolCallId: 'c1', toolName: 'search', input: { q: 'a < b && c', n: 5 }, closed: true });
  });

  it('writes <tool:N><param:k>…</tool:N> in the param style, with <param name> for keys that are not tag names', () => {
    const text = paramSyntax.format({ toolName: 'read_files', input: { path: ['a.rs', 'b.rs'], 'my key': 'v' } });
    expect(text).toBe('<tool:read_files><param:path>a.rs</param:path><param:path>b.rs</param:path><param name="my key">v</param></tool:read_files>');
    expect(onlyTool(text).input).toEqual({ path: ['a.rs', 'b.rs'], 'my key': 'v' });
  });

  it('uses CDATA for close tags, "<!", "]]>" and edge line breaks, splitting "]]>" across two sections', () => {
    expect(xmlSyntax.format({ toolName: 't', input: { a: 'x </arg> y' } })).toBe(
      '<tool name="t"><arguments><arg name="a"><![CDATA[x </arg> y]]></arg></arguments></tool>',
    );
    expect(xmlSyntax.format({ toolName: 't', input: { a: 'p]]>q' } })).toBe(
      '<tool name="t"><arguments><arg name="a"><![CDATA[p]]]]><![CDATA[>q]]></arg></arguments></tool>',
    );
    expect(xmlSyntax.format({ toolName: 't', input: { a: '\nline\n' } })).toContain('<![CDATA[\nline\n]]>');
    expect(xmlSyntax.format({ toolName: 't', input: { a: '<![CDATA[' } })).toContain('<![CDATA[<![CDATA[]]>');
    for (const value of ['x </arg> y', 'p]]>q', '\nline\n', '\r', '<![CDATA[', ']]>]]>', 'a]]']) {
      expect(onlyTool(xmlSyntax.format({ toolName: 't', input: { a: value } })).input).toEqual({ a: value });
    }
  });

  it('writes arrays of two or more as repeated args, shorter arrays and other values as JSON', () => {
    const input = { many: ['a', 1, ['b']], one: ['a'], none: [], obj: { k: '</x>' }, no: null, yes: true };
    const text = xmlSyntax.format({ toolName: 't', input });
    expect(text).toBe(
      '<tool name="t"><arguments><arg name="many">a</arg><arg name="many" type="json">1</arg><arg name="many" type="json">["b"]</arg>' +
        '<arg name="one" type="json">["a"]</arg><arg name="none" type="json">[]</arg>' +
        '<arg name="obj" type="json"><![CDATA[{"k":"</x>"}]]></arg><arg name="no" type="json">null</arg><arg name="yes" type="json">true</arg></arguments></tool>',
    );
    expect(onlyTool(text).input).toEqual(input);
  });

  it("quotes attributes with ' when they hold a \", and leaves out undefined values, output, error and state", () => {
    const text = xmlSyntax.format({
      toolName: 'say "hi"',
      input: { 'k"': 'v', gone: undefined },
      output: 'o',
      errorText: 'e',
      state: 'output-error',
    });
    expect(text).toBe(`<tool name='say "hi"'><arguments><arg name='k"'>v</arg></arguments></tool>`);
    expect(onlyTool(text)).toMatchObject({ toolName: 'say "hi"', input: { 'k"': 'v' }, state: 'input-available' });
  });

  it('throws a clear error for what it cannot express', () => {
    expect(() => xmlSyntax.format({ toolName: '' })).toThrow(/tool name must be a non-empty string/);
    expect(() => xmlSyntax.format({ toolName: 't', input: [1] })).toThrow(/input must be an object/);
    expect(() => xmlSyntax.format({ toolName: 't', input: 'x' })).toThrow(/input must be an object/);
    expect(() => xmlSyntax.format({ toolName: `a"b'c` })).toThrow(/tool name .* cannot hold both quote characters/);
    expect(() => xmlSyntax.format({ toolName: 'a\nb' })).toThrow(/cannot hold a line break or "<"/);
    expect(() => xmlSyntax.format({ toolName: 'a<b' })).toThrow(/cannot hold a line break or "<"/);
    expect(() => xmlSyntax.format({ toolName: 't', toolCallId: 'x\ry' })).toThrow(/tool call id .* cannot hold a line break/);
    expect(() => xmlSyntax.format({ toolName: 't', input: { 'a\nb': 1 } })).toThrow(/input key .* cannot hold a line break/);
    expect(() => xmlSyntax.format({ toolName: 't', input: { f: () => 1 } })).toThrow(/value of "f" \(function\) cannot be written as JSON/);
    expect(() => xmlSyntax.format({ toolName: 't', input: { b: 1n } })).toThrow(/value of "b" cannot be written as JSON/);
    expect(() => xmlSyntax.format({ toolName: 't', input: { s: ['a', Symbol('x')] } })).toThrow(/an item of "s" \(symbol\)/);
    expect(() => paramSyntax.format({ toolName: 'two words' })).toThrow(/cannot be written as <tool:NAME>.*use style "tool"/);
    expect(() => xmlSyntax.format({ toolName: 'n'.repeat(5000) })).toThrow(/longer than maxOpenerLength \(4096\)/);
  });

  it('checks its options', () => {
    expect(() => createXmlSyntax({ style: 'nope' as 'tool' })).toThrow(/unknown style "nope"/);
    expect(() => createXmlSyntax({ maxOpenerLength: 3 })).toThrow(/maxOpenerLength must be a number of at least 16/);
    expect(xmlSyntax).toMatchObject({ name: 'xml', triggers: '<', placement: 'inline' });
  });
});

describe('xml fidelity with the seed systems', () => {
  const one = (text: string) => {
    const whole = parseTranscript(text, { syntaxes: ['xml'] });
    for (let i = 0; i <= text.length; i++) expect(streamPieces([text.slice(0, i), text.slice(i)], { syntaxes: ['xml'] }).chunks).toEqual(whole);
    return whole[0] as ToolChunk;
  };

  it('takes a value between content markers verbatim, tags and all, whole and split anywhere', () => {
    const tool = one('<tool name="w"><arguments><arg name="c">\n__START_CONTENT__\n<p></arg></tool>]]>\n__END_CONTENT__\n</arg></arguments></tool>');
    expect(tool).toMatchObject({ state: 'input-available', input: { c: '<p></arg></tool>]]>\n' } });
  });

  it('reads <arg> children as an object and <item> children as an array, to the depth limit', () => {
    expect(one('<tool name="t"><arg name="a"><arg name="b"><item>1</item><item><arg name="c">2</arg></item></arg></arg></tool>').input).toEqual({
      a: { b: ['1', { c: '2' }] },
    });
    const deep = (levels: number) => `<tool name="t">${'<arg name="a">'.repeat(levels)}x${'</arg>'.repeat(levels)}</tool>`;
    let value: unknown = onlyTool(deep(100)).input;
    for (let i = 0; i < 100; i++) value = (value as { a: unknown }).a;
    expect(value).toBe('x');
    expect(onlyTool(deep(101))).toMatchObject({ state: 'output-error', errorText: expect.stringMatching(/nested deeper than 100 elements/) });
  });

  it('makes another tag inside <tool:NAME> an error the user sees, not an argument', () => {
    expect(onlyTool('<tool:render><div>x</div></tool:render>')).toMatchObject({
      state: 'output-error',
      errorText: '<div> at line 1, column 14 inside <tool:render>: expected <param:KEY> elements',
    });
  });

  it('writes values that would read as structure in CDATA, so they read back as text', () => {
    for (const value of ['<arg name="x">y</arg>', '  <item>', '__START_CONTENT__x__END_CONTENT__', '\t__START_PATCH__']) {
      const text = xmlSyntax.format({ toolName: 't', input: { v: value } });
      expect(text).toContain('<![CDATA[');
      expect(onlyTool(text).input).toEqual({ v: value });
    }
  });
});

// ---------------------------------------------------------------------------
// Round trip
// ---------------------------------------------------------------------------

const AWKWARD = [
  '</arg>', '</tool>', '</tool:x>', '</param:k>', '<arg name="x">', '<![CDATA[', ']]>', ']]', ']', '<', '>', '<b>', '&amp;', '&nbsp;',
  '__START_CONTENT__', '__END_CONTENT__', '__START_PATCH__', '_', '<item>', '</item>', ' <arg name="y">',
  '"', "'", '\\', '\n', '\r\n', '\r', ' ', '\t', '`', '```', '^^^', '{', '}', '[[SEG_END]]', '🛠️[x]', '\u2028', '\0', '\uD800', 'é',
];
const awkwardString = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...AWKWARD) }, { weight: 2, arbitrary: fc.string({ maxLength: 6 }) }), {
    maxLength: 8,
  })
  .map((parts) => parts.join(''));
const anyString = fc.oneof(awkwardString, fc.string({ unit: 'binary', maxLength: 20 }));
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: anyString },
  { weight: 1, arbitrary: fc.array(anyString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);
const key = fc.oneof(fc.constantFrom('name', 'type', 'id', 'arguments', '__proto__', 'a.b-c', 'x'), anyString);
const input = fc.dictionary(key, value, { maxKeys: 4 });
const tagName = fc.stringMatching(/^[A-Za-z0-9_.-]{1,12}$/);

/** What an attribute can hold: no line break, no `<`, not both quote characters. */
function attributeSafe(text: string): boolean {
  return !/[\r\n<]/.test(text) && !(text.includes('"') && text.includes("'"));
}

const roundTrip = expectRoundTrip;

describe('xml round trip', () => {
  it('tool style: parse(format(call)) gives back name, id and input, whole and split anywhere', () => {
    const toolName = fc.oneof(tagName, anyString.filter((name) => name !== ''));
    fc.assert(
      fc.property(toolName, fc.option(anyString, { nil: undefined }), input, fc.nat(), (toolName, toolCallId, input, cut) => {
        const call: FormatCall = { toolName, input, ...(toolCallId === undefined ? {} : { toolCallId }) };
        const attributes = [toolName, ...(toolCallId === undefined ? [] : [toolCallId]), ...Object.keys(input)];
        if (!attributes.every(attributeSafe)) {
          expect(() => xmlSyntax.format(call)).toThrow(/xml syntax: .* cannot hold/s);
          return;
        }
        // An empty id attribute is no id: the call gets a generated one.
        if (toolCallId === '') delete call.toolCallId;
        roundTrip(xmlSyntax, call, cut);
      }),
      { numRuns: RUNS },
    );
  });

  it('param style: parse(format(call)) gives back name, id and input, whole and split anywhere', () => {
    const toolName = fc.oneof(tagName, anyString.filter((name) => name !== ''));
    const id = fc.option(fc.stringMatching(/^[A-Za-z0-9_-]{1,10}$/), { nil: undefined });
    fc.assert(
      fc.property(toolName, id, input, fc.nat(), (toolName, toolCallId, input, cut) => {
        const call: FormatCall = { toolName, input, ...(toolCallId === undefined ? {} : { toolCallId }) };
        if (!/^[A-Za-z0-9_.-]+$/.test(toolName)) {
          expect(() => paramSyntax.format(call)).toThrow(/cannot be written as <tool:NAME>/);
          return;
        }
        if (!Object.keys(input).every((k) => /^[A-Za-z0-9_.-]+$/.test(k) || attributeSafe(k))) {
          expect(() => paramSyntax.format(call)).toThrow(/input key .* cannot hold/s);
          return;
        }
        roundTrip(paramSyntax, call, cut);
      }),
      { numRuns: RUNS },
    );
  });
});

// ---------------------------------------------------------------------------
// Streaming
// ---------------------------------------------------------------------------

describe('xml streaming', () => {
  it('announces name and id at the opener and updates the input as each value closes', () => {
    const parser = createTranscriptParser({ syntaxes: ['xml'] });
    expect(parser.write('Go <tool name="write" id="w1"')).toEqual([
      { type: 'text-start', id: 'text-1' },
      { type: 'text-delta', id: 'text-1', delta: 'Go ' },
    ]);
    expect(parser.write('><arguments><arg name="path">a.txt')).toEqual([
      { type: 'text-end', id: 'text-1' },
      inputStart('w1', 'write', 'xml'),
      { type: 'tool-input-delta', toolCallId: 'w1', inputTextDelta: '<tool name="write" id="w1"><arguments><arg name="path">a.txt' },
    ]);
    expect(parser.chunks.at(-1)).toMatchObject({ state: 'input-streaming', input: {} });
    parser.write('</arg><arg name="content">hello');
    expect(parser.chunks.at(-1)).toMatchObject({ state: 'input-streaming', input: { path: 'a.txt' } });
    // A close tag split across deltas is held, not sent as input text.
    expect(parser.write(' world</ar')).toEqual([{ type: 'tool-input-delta', toolCallId: 'w1', inputTextDelta: ' world' }]);
    expect(parser.write('g>')).toEqual([{ type: 'tool-input-delta', toolCallId: 'w1', inputTextDelta: '</arg>' }]);
    expect(parser.chunks.at(-1)).toMatchObject({ input: { path: 'a.txt', content: 'hello world' } });
    const events = [...parser.write('</arguments></to'), ...parser.write('ol> ok'), ...parser.end()];
    expect(events).toContainEqual(inputAvailable('w1', 'write', { path: 'a.txt', content: 'hello world' }, 'xml'));
    expect(events.filter((e) => e.type === 'tool-input-delta').map((e) => (e as { inputTextDelta: string }).inputTextDelta).join('')).toBe(
      '</arguments>',
    );
    expect(parser.chunks.at(-1)).toEqual({ type: 'text', value: ' ok' });
  });

  it('streams write_file content as it arrives', () => {
    const parser = createTranscriptParser({ syntaxes: ['xml'] });
    parser.write('<write_file path="a.html">\n<p>');
    expect(parser.chunks.at(-1)).toMatchObject({ state: 'input-streaming', input: { path: 'a.html', content: '<p>' } });
    parser.write('hi</p></write_');
    expect(parser.chunks.at(-1)).toMatchObject({ input: { path: 'a.html', content: '<p>hi</p>' } });
    parser.write('fil');
    parser.write('X>');
    expect(parser.chunks.at(-1)).toMatchObject({ input: { content: '<p>hi</p></write_filX>' } });
    parser.write('\n</write_file>');
    parser.end();
    expect(parser.chunks).toEqual(parseTranscript('<write_file path="a.html">\n<p>hi</p></write_filX>\n</write_file>', { syntaxes: ['xml'] }));
    expect((parser.chunks[0] as ToolChunk).input).toEqual({ path: 'a.html', content: '<p>hi</p></write_filX>' });
  });

  it('reports an unclosed arg at the closer as an input error with the raw kept', () => {
    const text = '<tool name="a"><arguments><arg name="x">oops</tool>';
    const { chunks, events } = streamPieces(text.split(''), { syntaxes: ['xml'] });
    expect(chunks).toEqual([
      {
        type: 'tool',
        toolCallId: 'tool-call-1',
        toolName: 'a',
        state: 'output-error',
        input: {},
        errorText: '<arg name="x"> opened at line 1, column 27 is not closed before </tool> at line 1, column 45',
        syntax: 'xml',
        raw: text,
        closed: true,
      },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'tool-input-error', toolCallId: 'tool-call-1' });
  });

  it('rejects an opener longer than maxOpenerLength, and accepts it with a larger bound', () => {
    const text = `<tool name="${'n'.repeat(100)}"/>`;
    expect(parseTranscript(text, { syntaxes: [createXmlSyntax({ maxOpenerLength: 64 })] })).toEqual([{ type: 'text', value: text }]);
    expect(onlyTool(text, createXmlSyntax({ maxOpenerLength: 128 })).toolName).toBe('n'.repeat(100));
  });

  it('is on by default', () => {
    expect(defaultSyntaxes).toContain(xmlSyntax);
    expect(parseTranscript('<tool name="ping"/>')[0]).toMatchObject({ type: 'tool', syntax: 'xml', toolName: 'ping' });
  });
});

// ---------------------------------------------------------------------------
// Linear work
// ---------------------------------------------------------------------------

const N = 200_000;

const stepsFor = (text: string) => scannerSteps(text, { syntaxes: ['xml'] });

describe('xml linear work', () => {
  it.each([
    ['unclosed tool openers', '<tool name="x">'],
    ['less-than signs', '<'],
    ['tool prefixes', '<too'],
    ['param-style prefixes', '<tool:'],
    ['openers cut by a line break', '<tool name="x\n'],
    ['prose tags', '<toolbox><b>'],
    ['bare tool tags', '<tool>'],
    ['nested children', '<tool name="x"><a>'],
    ['open args', '<arg name="'],
    ['CDATA starts', '<![CDATA['],
    ['write_file close prefixes', '<write_file path="a"></write_fil'],
    ['content markers', '<tool name="x"><arg name="a">__START_CONTENT__'],
    ['end marker prefixes', '<tool name="x"><arg name="a">__START_CONTENT__' + '___END_CONTENT_'.repeat(1000)],
    ['nested items', '<tool name="x"><arg name="a"><item>'],
    ['nested args', '<arg name="a">'],
  ])('%s', (_, pattern) => expectLinearScan(pattern, { syntaxes: ['xml'] }));

  it('an opener that never reaches its ">" is given up at the bound, then scanned on linearly', () => {
    const text = `<tool name="a" ${'k="v" '.repeat(N / 6)}`;
    expect(stepsFor(text)).toBeLessThanOrEqual(3 * text.length);
    const long = `<tool:${'n'.repeat(N)}`;
    expect(stepsFor(long)).toBeLessThanOrEqual(3 * long.length);
  });
});

describe('xml: where text left unfinished at the end is reported', () => {
  // A tag or CDATA section the input stops inside is text, reported where it begins, as the same
  // text is when the block goes on (it used to name where the input stopped: column 30 for `<ar`).
  it.each([
    ['a tag cut off', '<tool name="t"><arguments><ar', 'line 1, column 27'],
    ['a tag cut off on its own line', '<tool name="t"><arguments>\n  <ar', 'line 2, column 3'],
    ['a CDATA section cut off', '<tool name="t"><arguments><arg name="a">x</arg><![CDATA[ab', 'line 1, column 48'],
    ['the same text in a block that goes on', '<tool name="t"><arguments>\n  <ar</arguments></tool>', 'line 2, column 3'],
  ])('%s: at %s', (_, text, where) => {
    const [call] = parseAtEverySplit(text, { syntaxes: ['xml'] }) as ToolChunk[];
    expect(call!.errorText).toBe(`text inside <arguments> at ${where}: expected <arg name="…"> elements`);
  });
});

describe('xml: a tag reader reused after its tag failed, closed or began CDATA', () => {
  // The body's tokenizer hands the next `<` the reader of a tag nobody keeps; nothing of the old
  // tag may show in the new one, whole or at any split.
  it.each([
    ['attributes of a tag that failed', '<tool name="t"><arguments><arg name="a">1 <i type="json" </arg><arg name="b">[</arg></arguments></tool>', { a: '1 <i type="json" ', b: '[' }],
    ['a self-closing tag after a failed one', '<tool name="t"><arguments><arg name="a">x <y z="1" =</arg><arg name="b"/></arguments></tool>', { a: 'x <y z="1" =', b: '' }],
    ['the reader of a close tag', '<tool name="t"><arguments><arg name="a" type="json">1</arg><arg name="b">[</arg></arguments></tool>', { a: 1, b: '[' }],
    ['the reader of a CDATA start', '<tool name="t"><arguments><arg name="a"><![CDATA[<x>]]></arg><arg name="b">y</arg></arguments></tool>', { a: '<x>', b: 'y' }],
  ])('%s', (_, text, input) => {
    const [call] = parseAtEverySplit(text, { syntaxes: ['xml'] }) as ToolChunk[];
    expect(call).toMatchObject({ state: 'input-available', input });
  });

  it('places a tag read by a reused reader where it is written', () => {
    const text = '<tool name="t"><arguments>\n<arg name="a">1 <i q="2" </arg>\n  </argh></arguments></tool>';
    const [call] = parseAtEverySplit(text, { syntaxes: ['xml'] }) as ToolChunk[];
    expect(call!.errorText).toBe('close tag </argh> at line 3, column 3 does not match <arguments> opened at line 1, column 16');
  });
});
