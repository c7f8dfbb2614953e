/**
 * Clear errors for bad options (issue #23): every public function that takes options checks them
 * the same way (src/options.ts) and throws a `TypeError` naming the function, the option, what it
 * expects and what it got. One rule for absent values everywhere: `null` is `undefined` (null
 * options are no options; an option set to `null` takes its default).
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import * as lite from '../../src/lite/index.js';
import { createStreamChunks, createTranscriptEventParser, createTranscriptParser, describeTools, formatToolResults, markdownSections, parseTranscript, restoreTranscriptText, transcriptTransform, xmlSyntax, type TranscriptChunk } from '../../src/index.js';
import { createChunkEncoder } from '../../src/stream/encode.js';
import { toolTranscriptMiddleware, toTranscriptUIMessageStream } from '../../src/ai/index.js';
import { ToolTranscript } from '../../src/react/index.js';
import { remarkToolCalls } from '../../src/remark/index.js';
import { createTranscriptStore } from '../../src/store/index.js';
import { createTranscriptStore as createLiteStore } from '../../src/store/lite.js';

const TEXT = 'Listing.\n<run_bash>ls</run_bash>\n🛠️[ls -la]🛠️[/end]\n';

/** Runs an entry with `options` (as plain JavaScript may pass them) to the end: what it read. */
type Entry = [name: string, run: (options: any) => unknown];

/** The entries of the full build, taking `TranscriptOptions`: each reads {@link TEXT}. */
const TRANSCRIPT_ENTRIES: Entry[] = [
  ['parseTranscript', (options) => parseTranscript(TEXT, options)],
  [
    'createTranscriptParser',
    (options) => {
      const parser = createTranscriptParser(options);
      parser.write(TEXT);
      parser.end();
      return parser.chunks;
    },
  ],
  [
    'createTranscriptEventParser',
    (options) => {
      const parser = createTranscriptEventParser(options);
      parser.write(TEXT);
      parser.end();
      return parser.chunks;
    },
  ],
  ['transcriptTransform', (options) => (transcriptTransform(options), 'made')],
  [
    'createTranscriptStore',
    (options) => {
      const store = createTranscriptStore(options);
      store.append(TEXT);
      store.end();
      return store.getState().ids.map((id) => store.getItem(id));
    },
  ],
  ['createStreamChunks', (options) => createStreamChunks(parseTranscript(TEXT), options)],
  ['createChunkEncoder', (options) => createChunkEncoder(options)(createTranscriptEventParser().write(TEXT))],
  ['remarkToolCalls', (options) => unified().use(remarkParse).use(remarkToolCalls, options).parse(TEXT).children.map((node) => node.type)],
  // The route checks where the host calls it, not in an `error` chunk of the stream it returns.
  ['toTranscriptUIMessageStream', (options) => (toTranscriptUIMessageStream({ fullStream: emptyStream() }, options), 'made')],
];

async function* emptyStream(): AsyncGenerator<{ type: string }> {}

/** The React components take the same options as props (no options object of their own). */
const PROPS_ENTRY: Entry = ['<ToolTranscript> (useToolTranscript)', (props) => renderToString(createElement(ToolTranscript, { text: TEXT, ...props }))];

/** Bad options: the options given, the option the message names (`''`: the options themselves) and what it says was got. */
const BAD_TRANSCRIPT_OPTIONS = labelled([
  ['fence', '', '"fence"'],
  [42, '', '42'],
  [[], '', '[]'],
  [{ syntaxes: 'fence' }, 'syntaxes', '"fence"'],
  [{ syntaxes: xmlSyntax }, 'syntaxes', 'the syntax object "xml"'],
  [{ syntaxes: [{}] }, 'syntaxes[0]', '{}'],
  [{ syntaxes: [xmlSyntax, 42] }, 'syntaxes[1]', '42'],
  [{ syntaxes: [{ name: 'mine' }] }, 'syntaxes[0]', '{"name":"mine"}'],
  [{ idPrefix: {} }, 'idPrefix', '{}'],
  [{ idPrefix: 7 }, 'idPrefix', '7'],
  [{ tools: 'read_file' }, 'tools', '"read_file"'],
  [{ tools: [{ description: 'no name' }] }, 'tools[0]', '{"description":"no name"}'],
  [{ strictTools: 'yes' }, 'strictTools', '"yes"'],
  [{ policy: 'once' }, 'policy', '"once"'],
  [{ policy: { readOnly: 'read_file' } }, 'policy', '{"readOnly":"read_file"}'],
  [{ reasoning: 'false' }, 'reasoning', '"false"'],
  [{ approvalResponses: 1 }, 'approvalResponses', '1'],
  [{ reasoningStartsOpen: [] }, 'reasoningStartsOpen', '[]'],
]);

/** Cases as `[option, got, options]`, so a test's name says which option and what it got (a syntax object printed whole is unreadable). */
function labelled(cases: Array<[options: unknown, option: string, got: string]>): Array<[option: string, got: string, options: unknown]> {
  return cases.map(([options, option, got]) => [option || '(the options)', got, options]);
}

/** The message of a bad option: `tool-transcript: ENTRY options[.OPTION] must be …, got GOT`. */
function message(entry: string, option: string, got: string): RegExp {
  if (option === '(the options)') option = '';
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\<>]/g, '\\$&');
  return new RegExp(`^tool-transcript: ${escape(entry)} options${option ? escape(`.${option}`) : ''} must be .+, got ${escape(got)}$`);
}

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('no error was thrown');
}

describe.each(TRANSCRIPT_ENTRIES)('%s', (entry, run) => {
  it.each(BAD_TRANSCRIPT_OPTIONS)('refuses options whose %s is %s with a TypeError saying what it expected', (option, got, options) => {
    const error = thrown(() => run(options));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(message(entry, option, got));
  });

  it('takes null options as no options, and a null option as its default', () => {
    const expected = run(undefined);
    expect(run(null)).toEqual(expected);
    expect(run({})).toEqual(expected);
    expect(run({ syntaxes: null, idPrefix: null, tools: null, policy: null, reasoning: null })).toEqual(expected);
  });
});

describe('<ToolTranscript> props', () => {
  const [entry, run] = PROPS_ENTRY;
  it.each(BAD_TRANSCRIPT_OPTIONS.filter(([option]) => ['syntaxes', 'idPrefix', 'tools', 'strictTools', 'policy'].includes(option.replace(/\[\d+\]$/, ''))))(
    'refuses a %s prop of %s with a TypeError saying what it expected',
    (option, got, options) => {
      const error = thrown(() => run(options));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toMatch(message(entry, option, got));
    },
  );

  it('takes a null prop as its default', () => {
    expect(run({ syntaxes: null, idPrefix: null })).toEqual(run({}));
  });
});

describe('the lite entries (syntax objects only)', () => {
  const LITE_ENTRIES: Entry[] = [
    ['parseTranscript', (options) => lite.parseTranscript(TEXT, options)],
    ['createTranscriptParser', (options) => lite.createTranscriptParser(options).write(TEXT)],
    ['createTranscriptEventParser', (options) => lite.createTranscriptEventParser(options).write(TEXT)],
    ['transcriptTransform', (options) => (lite.transcriptTransform(options), 'made')],
    ['createTranscriptStore', (options) => createLiteStore(options).append(TEXT)],
  ];
  const BAD = labelled([
    ['fence', '', '"fence"'],
    [{ syntaxes: 'fence' }, 'syntaxes', '"fence"'],
    [{ syntaxes: [{}] }, 'syntaxes[0]', '{}'],
    [{ syntaxes: [null] }, 'syntaxes[0]', 'null'],
    [{ syntaxes: [xmlSyntax], idPrefix: {} }, 'idPrefix', '{}'],
  ]);
  describe.each(LITE_ENTRIES)('%s', (entry, run) => {
    it.each(BAD)('refuses options whose %s is %s with a TypeError saying what it expected', (option, got, options) => {
      const error = thrown(() => run(options));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toMatch(message(entry, option, got));
    });

    it('null options are no options: the lite entries then ask for their syntax list', () => {
      expect(() => run(null)).toThrow(/`syntaxes` must be an array of syntax objects/);
    });
  });
});

describe('toTranscriptUIMessageStream', () => {
  const entry = 'toTranscriptUIMessageStream';
  it.each([
    [{ needsApproval: 'yes' }, 'needsApproval', '"yes"'],
    [{ onError: 'An error.' }, 'onError', '"An error."'],
    [{ generateId: 42 }, 'generateId', '42'],
  ])('refuses %j with a TypeError saying what it expected', (options, option, got) => {
    const error = thrown(() => toTranscriptUIMessageStream({ fullStream: emptyStream() }, options as never));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(message(entry, option, got));
  });
});

describe('restoreTranscriptText', () => {
  it.each([[null, 'null'], [{ messages: [] }, '{"messages":[]}'], ['[]', '"[]"']])('refuses %j for the messages with a TypeError saying what it expected', (messages, got) => {
    const error = thrown(() => restoreTranscriptText(messages as never));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe(`tool-transcript: restoreTranscriptText messages must be an array of UI messages, got ${got}`);
  });
});

describe('toolTranscriptMiddleware', () => {
  const entry = 'toolTranscriptMiddleware';
  it.each([
    [{ syntax: 'hermes', accept: 'hermes' }, 'accept', '"hermes"'],
    [{ syntax: 'hermes', accept: [{}] }, 'accept[0]', '{}'],
    [{ syntax: 42 }, 'syntax', '42'],
    [{ syntax: {} }, 'syntax', '{}'],
    [{ syntax: 'hermes', policy: 'one' }, 'policy', '"one"'],
    [{ syntax: 'hermes', generateId: 'call' }, 'generateId', '"call"'],
    [{ syntax: 'hermes', reasoning: 'no' }, 'reasoning', '"no"'],
    [{ syntax: 'hermes', describe: 'Tools' }, 'describe', '"Tools"'],
    ['hermes', '', '"hermes"'],
  ])('refuses %j with a TypeError saying what it expected', (options, option, got) => {
    const error = thrown(() => toolTranscriptMiddleware(options as never));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(message(entry, option, got));
  });

  it.each([undefined, null, {}, { accept: ['xml'] }])('asks for the syntax it must teach when given %j', (options) => {
    expect(() => toolTranscriptMiddleware(options as never)).toThrow(new TypeError(`tool-transcript: ${entry} needs options.syntax, a syntax name (such as "xml") or a syntax object (such as xmlSyntax), got ${options === undefined ? 'undefined' : JSON.stringify(options)}`));
  });

  it('a null option takes its default', () => {
    expect(() => toolTranscriptMiddleware({ syntax: 'hermes', accept: null, policy: null, generateId: null } as never)).not.toThrow();
  });
});

describe('the formatters', () => {
  const TOOLS = [{ name: 'read_file', description: 'Reads a file.', inputSchema: { type: 'object' as const, properties: { path: { type: 'string' as const } } } }];

  it.each([
    ['xml', '', '"xml"'],
    [{ headingLevel: 9 }, 'headingLevel', '9'],
    [{ heading: 1 }, 'heading', '1'],
    [{ rules: ['a'] }, 'rules', 'an array of 1'],
    [{ syntax: {} }, 'syntax', '{}'],
    [{ policy: 'once' }, 'policy', '"once"'],
  ])('describeTools refuses %j', (options, option, got) => {
    const error = thrown(() => describeTools(TOOLS, 'xml', options as never));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(message('describeTools', option, got));
  });

  it('describeTools: null options are no options', () => {
    expect(describeTools(TOOLS, 'xml', null)).toBe(describeTools(TOOLS, 'xml'));
    expect(describeTools(TOOLS, 'xml', { heading: null } as never)).toBe(describeTools(TOOLS, 'xml'));
  });

  it.each([
    ['json', '', '"json"'],
    [{ stringify: 'json' }, 'stringify', '"json"'],
  ])('formatToolResults refuses %j', (options, option, got) => {
    const error = thrown(() => formatToolResults([], markdownSections, options as never));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(message('formatToolResults', option, got));
  });

  it('formatToolResults: null options are no options', () => {
    const results = [{ toolCallId: 'a', toolName: 'read_file', output: { ok: true } }];
    expect(formatToolResults(results, markdownSections, null)).toEqual(formatToolResults(results, markdownSections));
  });
});

// The chunks type is used so a change of the parser's output shape shows here too.
export type { TranscriptChunk };
