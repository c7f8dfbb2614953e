/**
 * The public names of each entry point, pinned: a name added or dropped is a decision, made here
 * and in the CHANGELOG, not a side effect. Names are read three ways: the runtime module (values),
 * the TypeScript checker over the source entry (values and types, what the `.d.ts` is emitted
 * from) and the checker over the built `dist/*.d.ts` (what users' editors see; built first when
 * missing). All entries together stay at 100 distinct names or fewer (issue #24). What only
 * tests, stories or the library itself use is imported from its module. (`foldEvent`, the fold
 * of the parser's events into chunks, stays internal: a consumer of the events reads the same
 * fold as the event parser's `chunks`.)
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as ai from '../../src/ai/index.js';
import * as core from '../../src/index.js';
import * as lite from '../../src/lite/index.js';
import * as react from '../../src/react/index.js';
import * as reactLite from '../../src/react/lite.js';
import * as remark from '../../src/remark/index.js';
import * as store from '../../src/store/index.js';
import * as storeLite from '../../src/store/lite.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

vi.setConfig({ testTimeout: 60_000, hookTimeout: 300_000 });

/** A pinned list: runtime values and type-only names. */
interface Names {
  values: readonly string[];
  types: readonly string[];
}

const join2 = (...lists: Names[]): Names => ({ values: lists.flatMap((list) => list.values), types: lists.flatMap((list) => list.types) });

/** The syntax objects, and the factories of the syntaxes that take options (an option-less syntax is its object). */
const SYNTAXES: Names = {
  values: [
    'caretSyntax',
    'deepSeekSyntax',
    'dsmlSyntax',
    'emojiSyntax',
    'fenceSyntax',
    'gemmaSyntax',
    'glmSyntax',
    'graniteSyntax',
    'harmonySyntax',
    'hermesSyntax',
    'internlmSyntax',
    'invokeSyntax',
    'jsonSyntax',
    'kimiSyntax',
    'lfm2Syntax',
    'miniMaxSyntax',
    'mistralSyntax',
    'olmo3Syntax',
    'phi4Syntax',
    'pythonicSyntax',
    'qwen3CoderSyntax',
    'sentinelSyntax',
    'toolcallsSyntax',
    'tooltagsSyntax',
    'xmlSyntax',
    'createCaretSyntax',
    'createDeepSeekSyntax',
    'createDsmlSyntax',
    'createFenceSyntax',
    'createGlmSyntax',
    'createJsonSyntax',
    'createSentinelSyntax',
    'createTooltagsSyntax',
    'createXmlSyntax',
  ],
  types: [],
};

/** The parser, whole and streamed, the chunk types, and a syntax of your own (README "Write your own syntax"). */
const PARSER: Names = {
  values: ['TOOL_STATES', 'createStreamChunks', 'createTranscriptEventParser', 'createTranscriptParser', 'defineMarkedSyntax', 'parseTranscript', 'transcriptTransform'],
  types: [
    'ParsedCall',
    'ReasoningChunk',
    'TextChunk',
    'ToolApproval',
    'ToolChunk',
    'ToolDefinition',
    'ToolState',
    'ToolSyntax',
    'TranscriptChunk',
    'TranscriptEvent',
    'TranscriptOptions',
    'TranscriptParser',
    'UIMessageChunk',
  ],
};

/** What the main entry adds to the lite one: the registry of names and the prompt side (which takes syntax names). */
const NAMES_AND_PROMPTS: Names = {
  values: ['createMarkdownSections', 'createXmlSections', 'defaultSyntaxes', 'describeTools', 'formatToolResults', 'markdownSections', 'restoreTranscriptText', 'xmlSections'],
  types: ['SyntaxName', 'ToolResult'],
};

/** `<ToolTranscript>`, the default card's parts for a card of your own, and the hooks over a store. */
const REACT: Names = {
  values: [
    'DEFAULT_TOOL_CARD_LABELS',
    'ToolCall',
    'ToolCallApproval',
    'ToolCallContent',
    'ToolCallError',
    'ToolCallHeader',
    'ToolCallInput',
    'ToolCallOutput',
    'ToolTranscript',
    'useToolTranscript',
    'useTranscriptIds',
    'useTranscriptItem',
    'useTranscriptStatus',
  ],
  types: ['FallbackToolComponentProps', 'ProseProps', 'ToolCallProps', 'ToolCardLabelOverrides', 'ToolComponentProps', 'ToolComponents', 'ToolTranscriptProps'],
};

const STORE: Names = { values: ['createTranscriptStore'], types: ['TranscriptItem', 'TranscriptMessage', 'TranscriptStore'] };

const AI: Names = {
  values: ['toTranscriptUIMessageStream', 'toolTranscriptMiddleware'],
  types: ['ToolTranscriptMiddlewareOptions', 'TranscriptUIMessageStreamOptions'],
};

const REMARK: Names = { values: ['DEFAULT_TOOL_CARD_LABELS', 'default', 'rehypeSafeUrls', 'remarkToolCalls', 'toolCallHandler'], types: ['RemarkToolCallsOptions', 'ToolCallNode'] };

/** Each entry: its source module, its runtime module, its built declarations, and its pinned names. */
const ENTRIES = {
  'tool-transcript': { source: 'src/index.ts', module: core, dts: 'dist/index.d.ts', names: join2(PARSER, SYNTAXES, NAMES_AND_PROMPTS) },
  'tool-transcript/lite': { source: 'src/lite/index.ts', module: lite, dts: 'dist/lite/index.d.ts', names: join2(PARSER, SYNTAXES) },
  'tool-transcript/react': { source: 'src/react/index.ts', module: react, dts: 'dist/react/index.d.ts', names: REACT },
  'tool-transcript/react/lite': { source: 'src/react/lite.ts', module: reactLite, dts: 'dist/react/lite.d.ts', names: REACT },
  'tool-transcript/store': { source: 'src/store/index.ts', module: store, dts: 'dist/store/index.d.ts', names: STORE },
  'tool-transcript/store/lite': { source: 'src/store/lite.ts', module: storeLite, dts: 'dist/store/lite.d.ts', names: STORE },
  'tool-transcript/ai': { source: 'src/ai/index.ts', module: ai, dts: 'dist/ai/index.d.ts', names: AI },
  'tool-transcript/remark': { source: 'src/remark/index.ts', module: remark, dts: 'dist/remark/index.d.ts', names: REMARK },
} as const;

type Entry = keyof typeof ENTRIES;
const entries = Object.keys(ENTRIES) as Entry[];

const MAX_NAMES = 100;

const sorted = (names: Iterable<string>) => [...names].sort();
const pinned = (entry: Entry) => sorted([...ENTRIES[entry].names.values, ...ENTRIES[entry].names.types]);

/** Every exported name (values and types) of each file, as the TypeScript checker sees its module. */
function checkerExports(files: readonly string[]): string[][] {
  const program = ts.createProgram(
    files.map((file) => join(root, file)),
    { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, jsx: ts.JsxEmit.ReactJSX, skipLibCheck: true, noEmit: true },
  );
  const checker = program.getTypeChecker();
  return files.map((file) => {
    const source = program.getSourceFile(join(root, file));
    if (!source) throw new Error(`${file} is not in the program`);
    const symbol = checker.getSymbolAtLocation(source);
    if (!symbol) throw new Error(`${file} is not a module`);
    return sorted(checker.getExportsOfModule(symbol).map((exported) => exported.name));
  });
}

/** The source entries' names as the checker sees them, read once (a program over the sources takes seconds). */
let fromSource: string[][] | undefined;
const sourceNames = () => (fromSource ??= checkerExports(entries.map((entry) => ENTRIES[entry].source)));

beforeAll(() => {
  if (!entries.every((entry) => existsSync(join(root, ENTRIES[entry].dts)))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
});

describe('entry points', () => {
  it.each(entries)('%s: the runtime module exports exactly its pinned values', (entry) => {
    expect(sorted(Object.keys(ENTRIES[entry].module))).toEqual(sorted(ENTRIES[entry].names.values));
  });

  it('each source entry exports exactly its pinned names, types included', () => {
    const found = sourceNames();
    expect(Object.fromEntries(entries.map((entry, index) => [entry, found[index]]))).toEqual(Object.fromEntries(entries.map((entry) => [entry, pinned(entry)])));
  });

  it('each built .d.ts exports exactly its pinned names (run `npm run build` after changing an entry)', () => {
    const found = checkerExports(entries.map((entry) => ENTRIES[entry].dts));
    expect(Object.fromEntries(entries.map((entry, index) => [entry, found[index]]))).toEqual(Object.fromEntries(entries.map((entry) => [entry, pinned(entry)])));
  });

  it(`all entries together: at most ${MAX_NAMES} distinct names`, () => {
    const distinct = new Set(sourceNames().flat());
    expect(distinct.size).toBeLessThanOrEqual(MAX_NAMES);
  });

  it('a name is a value in one entry and a type in another never', () => {
    const values = new Set(entries.flatMap((entry) => ENTRIES[entry].names.values));
    expect(entries.flatMap((entry) => ENTRIES[entry].names.types).filter((name) => values.has(name))).toEqual([]);
  });
});

describe('the lite twins: the main entry\'s names minus the registry of names, never extra ones', () => {
  it('tool-transcript/lite: the main entry without syntax names, the default set and the prompt side', () => {
    const main = new Set(pinned('tool-transcript'));
    expect(pinned('tool-transcript/lite').filter((name) => !main.has(name))).toEqual([]);
    const liteNames = new Set(pinned('tool-transcript/lite'));
    expect(pinned('tool-transcript').filter((name) => !liteNames.has(name))).toEqual(sorted([...NAMES_AND_PROMPTS.values, ...NAMES_AND_PROMPTS.types]));
  });

  it('the syntax objects and the other values are the same objects in both', () => {
    const own = new Set(['createTranscriptEventParser', 'createTranscriptParser', 'parseTranscript', 'transcriptTransform']);
    for (const name of Object.keys(lite) as Array<keyof typeof lite>) {
      if (own.has(name)) expect(lite[name], name).not.toBe(core[name]);
      else expect(lite[name], name).toBe(core[name]);
    }
  });

  it('tool-transcript/store/lite: only createTranscriptStore is its own', () => {
    expect(storeLite.createTranscriptStore).not.toBe(store.createTranscriptStore);
  });

  it('tool-transcript/react/lite: only ToolTranscript and useToolTranscript are its own, the rest the same objects', () => {
    const own = ['ToolTranscript', 'useToolTranscript'];
    for (const name of REACT.values as Array<keyof typeof react>) {
      const [a, b] = [reactLite[name], react[name]];
      if (own.includes(name)) expect(a, name).not.toBe(b);
      else expect(a, name).toBe(b);
    }
  });

  it('the card body takes a <div>\'s props only: the default card\'s internal `registered` flag is not public', () => {
    // Checked by the type-check (`npm run typecheck`): an unused @ts-expect-error fails it.
    // @ts-expect-error `registered` is not a prop of the public ToolCallContent
    const internal = () => react.ToolCallContent({ registered: true });
    expect(typeof internal).toBe('function');
  });

  it('the remark plugin is the default export too', () => {
    expect(remark.default).toBe(remark.remarkToolCalls);
  });
});
