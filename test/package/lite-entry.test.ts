/**
 * `tool-transcript/lite`: the main entry's parser functions over the syntax objects given, with
 * no default set and no names. On every fixture of one syntax it gives what the main entry gives
 * (whole, split in two at every position, as a transform stream), and it refuses names or a
 * missing list with an error that says what to pass instead. `tool-transcript/store/lite` is the
 * store over the same syntax objects.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as main from '../../src/index.js';
import * as lite from '../../src/lite/index.js';
import type { SyntaxName, ToolSyntax } from '../../src/index.js';
import { builtinSyntaxes } from '../../src/syntaxes/index.js';
import * as fullStore from '../../src/store/index.js';
import * as liteStore from '../../src/store/lite.js';

const root = join(import.meta.dirname, '..', 'fixtures', 'parse');
const { xmlSyntax } = lite;
const SYNTAXES: Record<SyntaxName, ToolSyntax> = {
  fence: lite.fenceSyntax,
  caret: lite.caretSyntax,
  emoji: lite.emojiSyntax,
  xml: lite.xmlSyntax,
  json: lite.jsonSyntax,
  sentinel: lite.sentinelSyntax,
  hermes: lite.hermesSyntax,
  qwen3coder: lite.qwen3CoderSyntax,
  glm: lite.glmSyntax,
  deepseek: lite.deepSeekSyntax,
  kimi: lite.kimiSyntax,
  harmony: lite.harmonySyntax,
  minimax: lite.miniMaxSyntax,
  dsml: lite.dsmlSyntax,
  invoke: lite.invokeSyntax,
  mistral: lite.mistralSyntax,
  phi4: lite.phi4Syntax,
  toolcalls: lite.toolcallsSyntax,
  granite: lite.graniteSyntax,
  gemma: lite.gemmaSyntax,
  tooltags: lite.tooltagsSyntax,
  pythonic: lite.pythonicSyntax,
  lfm2: lite.lfm2Syntax,
  olmo3: lite.olmo3Syntax,
  internlm: lite.internlmSyntax,
};

/** Every fixture input of `folder`. */
function fixtures(folder: string): Array<[string, string]> {
  return readdirSync(join(root, folder))
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => [file, readFileSync(join(root, folder, file), 'utf8')]);
}

/** The stream parser's chunks and UI-message chunks for `pieces`. */
function streamed(create: typeof lite.createTranscriptParser, pieces: readonly string[], syntax: ToolSyntax) {
  const parser = create({ syntaxes: [syntax] });
  const events = pieces.flatMap((piece) => parser.write(piece));
  events.push(...parser.end());
  return { chunks: parser.chunks, events };
}

describe('tool-transcript/lite parses as the main entry does', () => {
  it('exports the built-in syntax objects themselves', () => {
    for (const [name, syntax] of Object.entries(SYNTAXES)) expect(syntax).toBe(builtinSyntaxes[name as SyntaxName]);
  });

  for (const [name, syntax] of Object.entries(SYNTAXES)) {
    for (const [file, input] of fixtures(name)) {
      it(`${name}/${file}: whole, and streamed split in two at every position`, () => {
        const expected = main.parseTranscript(input, { syntaxes: [name as SyntaxName] });
        expect(lite.parseTranscript(input, { syntaxes: [syntax] })).toEqual(expected);
        expect(streamed(lite.createTranscriptParser, [input], syntax)).toEqual(streamed(main.createTranscriptParser, [input], syntax));
        const json = JSON.stringify(expected);
        for (let at = 0; at <= input.length; at++) {
          const { chunks } = streamed(lite.createTranscriptParser, [input.slice(0, at), input.slice(at)], syntax);
          if (JSON.stringify(chunks) !== json) expect.fail(`split at ${at}: the streamed chunks differ from the whole parse`);
        }
      });
    }
  }

  it('the event parser and the transform stream give the same as the main entry', async () => {
    const input = 'Look:\n<tool name="read"><arguments><arg name="path">a.md</arg></arguments></tool>\nDone.';
    const options = { syntaxes: [lite.xmlSyntax], partialInput: true };
    const events = (create: typeof lite.createTranscriptEventParser) => {
      const parser = create(options);
      return [...parser.write(input.slice(0, 20)), ...parser.write(input.slice(20)), ...parser.end()];
    };
    expect(events(lite.createTranscriptEventParser)).toEqual(events(main.createTranscriptEventParser));

    const collect = async (stream: TransformStream<string, unknown>) => {
      const out: unknown[] = [];
      const writer = stream.writable.getWriter();
      const reading = (async () => {
        for await (const chunk of stream.readable as ReadableStream<unknown> & AsyncIterable<unknown>) out.push(chunk);
      })();
      for (const piece of [input.slice(0, 7), input.slice(7, 40), input.slice(40)]) await writer.write(piece);
      await writer.close();
      await reading;
      return out;
    };
    expect(await collect(lite.transcriptTransform({ syntaxes: [lite.xmlSyntax] }))).toEqual(
      await collect(main.transcriptTransform({ syntaxes: [lite.xmlSyntax] })),
    );
  });
});

describe('tool-transcript/lite takes syntax objects only', () => {
  it('refuses a missing list, a name, or something else, saying what to pass', () => {
    const call = (options: unknown) => () => lite.parseTranscript('text', options as lite.TranscriptOptions);
    const noList = new TypeError('tool-transcript: `syntaxes` must be an array of syntax objects (for example [xmlSyntax]): the lite entries (tool-transcript/lite, /react/lite, /store/lite) have no default set');
    expect(call({})).toThrow(noList);
    expect(() => lite.createTranscriptParser({} as lite.TranscriptOptions)).toThrow(noList);
    expect(call({ syntaxes: ['xml'] })).toThrow(
      new TypeError('tool-transcript: the syntax name "xml" needs a full entry (tool-transcript, tool-transcript/react, tool-transcript/store); the lite entries take syntax objects (for example xmlSyntax)'),
    );
    expect(call({ syntaxes: [null] })).toThrow(
      new TypeError('tool-transcript: parseTranscript options.syntaxes[0] must be a syntax object (such as xmlSyntax: with name, triggers and startOpener), got null'),
    );
  });

  it('the main entry gives the same error for a list holding something other than a syntax', () => {
    expect(() => main.parseTranscript('text', { syntaxes: [null as unknown as ToolSyntax] })).toThrow(
      new TypeError(
        'tool-transcript: parseTranscript options.syntaxes[0] must be a syntax name (such as "xml") or a syntax object (such as xmlSyntax: with name, triggers and startOpener), got null',
      ),
    );
  });

  it('an empty list is no syntax at all: everything is text', () => {
    expect(lite.parseTranscript('^^^ls\n^^^\n', { syntaxes: [] })).toEqual([{ type: 'text', value: '^^^ls\n^^^\n' }]);
  });
});

describe('tool-transcript/store/lite: the store of tool-transcript/store over the syntax objects given', () => {
  const itemsOf = (store: fullStore.TranscriptStore) => store.getState().ids.map((id) => store.getItem(id));
  const fed = (create: () => fullStore.TranscriptStore, pieces: readonly string[]) => {
    const store = create();
    for (const piece of pieces) store.append(piece);
    store.end();
    return itemsOf(store);
  };

  for (const [file, input] of fixtures('xml')) {
    it(`xml/${file}: the same items as the full store, whole and appended in two at every position`, () => {
      const expected = JSON.stringify(fed(() => fullStore.createTranscriptStore({ syntaxes: ['xml'] }), [input]));
      const lite = () => liteStore.createTranscriptStore({ syntaxes: [xmlSyntax] });
      expect(JSON.stringify(fed(lite, [input]))).toBe(expected);
      for (let at = 0; at <= input.length; at++) {
        if (JSON.stringify(fed(lite, [input.slice(0, at), input.slice(at)])) !== expected) expect.fail(`split at ${at}: the items differ`);
      }
    });
  }

  it("reads a native call's source text in a syntax it was given as it streams; another syntax's shows as text", () => {
    const text = 'A <tool name="grep"><arg name="pattern">TODO</arg><arg name="path">src</arg></tool>\n^^^write_file\npath: a.md\n---\nhi\n^^^\n';
    const open = text.indexOf('src</arg>') + 2;
    const parser = main.createTranscriptParser({ syntaxes: ['xml', 'caret'] });
    const chunks = parser.write(text.slice(0, open));
    const lite = liteStore.createTranscriptStore({ syntaxes: [xmlSyntax] });
    const full = fullStore.createTranscriptStore();
    for (const chunk of chunks) [lite, full].forEach((store) => store.applyChunk(chunk));
    // The open XML call: its input so far, read by the XML syntax in both stores.
    expect(itemsOf(lite)).toEqual(itemsOf(full));
    expect(itemsOf(lite).at(-1)).toMatchObject({ type: 'tool', state: 'input-streaming', input: { pattern: 'TODO' } });
    for (const chunk of parser.write(text.slice(open, text.indexOf('hi\n')))) [lite, full].forEach((store) => store.applyChunk(chunk));
    expect(itemsOf(lite).find((item) => item?.type === 'tool' && item.toolName === 'grep')).toMatchObject({ state: 'input-available', input: { pattern: 'TODO', path: 'src' } });
    // The open caret call: the full store reads it; the lite store has no caret syntax and shows the source so far.
    const caret = (store: fullStore.TranscriptStore) => itemsOf(store).find((item) => item?.type === 'tool' && item.toolName === 'write_file');
    expect(caret(full)).toMatchObject({ state: 'input-streaming', input: { path: 'a.md' } });
    expect(caret(lite)).toMatchObject({ state: 'input-streaming', input: expect.stringContaining('path: a.md') });
  });

  it('refuses a missing list or a name when the store is made', () => {
    expect(() => liteStore.createTranscriptStore({} as lite.TranscriptOptions)).toThrow(
      new TypeError('tool-transcript: `syntaxes` must be an array of syntax objects (for example [xmlSyntax]): the lite entries (tool-transcript/lite, /react/lite, /store/lite) have no default set'),
    );
    expect(() => liteStore.createTranscriptStore({ syntaxes: ['xml'] } as unknown as lite.TranscriptOptions)).toThrow(/syntax name "xml"/);
  });
});
