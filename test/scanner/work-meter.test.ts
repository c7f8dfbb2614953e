/**
 * Each parser owns its work meter (`parser.work`): the scanner counts into it and hands it to
 * every opener it starts, so what one parser does never shows in another's counts, a custom
 * syntax can count its own work there, and one that ignores the meter still works. The store's
 * `work` counts the parsers it runs the same way.
 */
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, fenceSyntax, jsonSyntax, xmlSyntax, type ToolSyntax } from '../../src/index.js';
import type { WorkMeter } from '../../src/types.js';
import { createTranscriptStore } from '../../src/store/index.js';
import { splitsInTwo } from '../support/splits.js';

const FENCE = 'Reading.\n```tool read\ninput:\n  path: a.md\n```\nDone.\n';
const JSON_CALL = '{"name": "read", "args": {"path": "a.md"}}\n';
/** An element with text and child elements: its value is its content as written, sliced from the body. */
const XML_MIXED = '<tool name="w"><c>a <b>bold</b> c</c></tool>';

/** The work of parsing `pieces`, reading `chunks` after each unless `readChunks` is false (an open fence's input is read when asked for). */
function workOf(text: string, syntaxes: ToolSyntax[], pieces: readonly string[] = [text], readChunks = true): Readonly<WorkMeter> {
  const parser = createTranscriptParser({ syntaxes });
  for (const piece of pieces) {
    parser.write(piece);
    if (readChunks) void parser.chunks;
  }
  parser.end();
  return parser.work;
}

describe('the parser’s work meter', () => {
  it('counts what each parser does, in that parser only', () => {
    const yaml = createTranscriptParser({ syntaxes: [fenceSyntax] });
    const text = createTranscriptParser({ syntaxes: [fenceSyntax] });
    // Interleaved: a shared counter would mix them.
    for (let i = 0; i < FENCE.length; i += 8) {
      yaml.write(FENCE.slice(i, i + 8));
      text.write('plain prose');
    }
    yaml.end();
    text.end();
    expect(yaml.work).toEqual(workOf(FENCE, [fenceSyntax], FENCE.match(/[^]{1,8}/g)!, false));
    expect(yaml.work.yaml).toBeGreaterThan(0);
    expect(text.work).toEqual({ scanned: text.chunks[0]!.type === 'text' ? text.chunks[0].value.length : -1, yaml: 0, json: 0, copied: 0 });
  });

  it('counts the characters each reader hands to a parser library, and the units it copies again', () => {
    const fence = workOf(FENCE, [fenceSyntax]);
    expect(fence.yaml).toBeGreaterThanOrEqual('input:\n  path: a.md\n'.length);
    expect(fence.json).toBe(0);
    const json = workOf(JSON_CALL, [jsonSyntax]);
    expect(json.json).toBeGreaterThanOrEqual(JSON_CALL.trim().length);
    expect(json.yaml).toBe(0);
    // Mixed content split across deltas is sliced from the pieces it arrived in: copied again.
    const whole = workOf(XML_MIXED, [xmlSyntax]);
    expect(whole.copied).toBe(0);
    const pieces = XML_MIXED.match(/[^]{1,4}/g)!;
    expect(workOf(XML_MIXED, [xmlSyntax], pieces, false).copied).toBe('a <b>bold</b> c'.length);
    // Read while it streams, the partial input shows the open element's content so far (#22):
    // sliced again at each read point past its first child, each slice at most the content.
    const read = workOf(XML_MIXED, [xmlSyntax], pieces);
    expect(read.copied).toBeGreaterThan('a <b>bold</b> c'.length);
    expect(read.copied).toBeLessThanOrEqual(4 * 'a <b>bold</b> c'.length);
  });

  it('is a snapshot: reading it twice gives two objects, and changing one changes nothing', () => {
    const parser = createTranscriptParser({ syntaxes: [fenceSyntax] });
    parser.write(FENCE);
    const before = parser.work as WorkMeter;
    before.scanned = -1;
    expect(parser.work.scanned).toBe(FENCE.length);
    parser.write('more');
    expect(parser.work.scanned).toBe(FENCE.length + 4);
  });

  it('is handed to a custom syntax’s opener, which may add to it; a syntax that takes no meter still works', () => {
    let seen: WorkMeter | undefined;
    const counting: ToolSyntax = {
      ...fenceSyntax,
      startOpener(work) {
        seen = work;
        if (work) work.copied += 1;
        return fenceSyntax.startOpener(work);
      },
    };
    const parser = createTranscriptParser({ syntaxes: [counting] });
    parser.write(FENCE);
    parser.end();
    expect(seen).toBeDefined();
    // One opener started (the fence's backtick run), and the fence reader counted its YAML there.
    expect(parser.work.copied).toBe(1);
    expect(parser.work.yaml).toBe(workOf(FENCE, [fenceSyntax]).yaml);

    const unmetered: ToolSyntax = { ...fenceSyntax, startOpener: () => fenceSyntax.startOpener() };
    const plain = createTranscriptParser({ syntaxes: [unmetered] });
    plain.write(FENCE);
    plain.end();
    expect(plain.chunks).toEqual(parser.chunks);
    expect(plain.work).toEqual({ ...parser.work, yaml: 0, copied: 0 });
  });

  it('scans every unit once for text with no trigger, whatever the split', () => {
    const prose = 'Some text, *emphasis*, [a link](x) and a list:\n- one\n';
    for (const pieces of splitsInTwo(prose)) expect(workOf(prose, [fenceSyntax, xmlSyntax], pieces).scanned).toBe(prose.length);
  });
});

describe('the store’s work', () => {
  it('counts its parsers as a bare parser counts itself, and its own work in `items`', () => {
    const store = createTranscriptStore({ syntaxes: ['fence'] });
    const parser = createTranscriptParser({ syntaxes: ['fence'] });
    for (let i = 0; i < FENCE.length; i += 8) {
      store.append(FENCE.slice(i, i + 8));
      parser.write(FENCE.slice(i, i + 8));
      void parser.chunks;
    }
    store.end();
    parser.end();
    const { items, ...parsers } = store.work;
    expect(parsers).toEqual(parser.work);
    expect(items).toBeGreaterThan(0);
  });

  it('counts the parser of a tool call streamed as source text of its syntax', () => {
    const store = createTranscriptStore();
    const source = '```tool read\ninput:\n  path: a.md\n';
    store.applyChunk({ type: 'tool-input-start', toolCallId: 'c1', toolName: 'read', dynamic: true, inputEncoding: 'text', toolMetadata: { syntax: 'fence' } });
    store.applyChunk({ type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: source });
    expect(store.getItem(store.getState().ids[0]!)).toMatchObject({ input: { path: 'a.md' } });
    expect(store.work).toMatchObject({ scanned: source.length, yaml: 'input:\n  path: a.md\n'.length, json: 0 });
  });

  it('counts the JSON input of a native tool call', () => {
    const store = createTranscriptStore();
    store.applyChunk({ type: 'tool-input-start', toolCallId: 'c1', toolName: 'read', dynamic: true });
    store.applyChunk({ type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"path": "a' });
    expect(store.work.json).toBeGreaterThan(0);
    expect(store.work.scanned).toBe(0);
  });
});
