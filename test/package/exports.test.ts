/**
 * The public names of each entry point, pinned: a name added or dropped is a decision, made here
 * and in the CHANGELOG, not a side effect (the remark and React entries pin theirs in their own
 * folders). Nothing that only tests use belongs in these lists.
 */
import { describe, expect, it } from 'vitest';
import * as ai from '../../src/ai/index.js';
import * as core from '../../src/index.js';
import * as lite from '../../src/lite/index.js';
import * as react from '../../src/react/index.js';
import * as reactLite from '../../src/react/lite.js';
import * as store from '../../src/store/index.js';
import * as storeLite from '../../src/store/lite.js';

const SYNTAX_OBJECTS = [
  'caretSyntax',
  'createCaretSyntax',
  'createEmojiSyntax',
  'createFenceSyntax',
  'createGemmaSyntax',
  'createGraniteSyntax',
  'createHermesSyntax',
  'createJsonSyntax',
  'createMistralSyntax',
  'createPhi4Syntax',
  'createSentinelSyntax',
  'createToolcallsSyntax',
  'createXmlSyntax',
  'emojiSyntax',
  'fenceSyntax',
  'gemmaSyntax',
  'graniteSyntax',
  'hermesSyntax',
  'jsonSyntax',
  'mistralSyntax',
  'phi4Syntax',
  'sentinelSyntax',
  'toolcallsSyntax',
  'xmlSyntax',
  'createQwen3CoderSyntax',
  'qwen3CoderSyntax',
  'createGlmSyntax',
  'glmSyntax',
  'createDeepSeekSyntax',
  'deepSeekSyntax',
  'createKimiSyntax',
  'kimiSyntax',
  'createHarmonySyntax',
  'harmonySyntax',
  'createMiniMaxSyntax',
  'miniMaxSyntax',
  'createDsmlSyntax',
  'dsmlSyntax',
  'createInvokeSyntax',
  'invokeSyntax',
  'createTooltagsSyntax',
  'tooltagsSyntax',
  'createPythonicSyntax',
  'pythonicSyntax',
  'createLfm2Syntax',
  'lfm2Syntax',
  'createOlmo3Syntax',
  'olmo3Syntax',
  'createInternlmSyntax',
  'internlmSyntax',
];

/** The syntax kit: what a format described over it is written with (README "Write your own syntax"). */
const KIT = ['attribute', 'closeAt', 'defineMarkedSyntax', 'elements', 'jsonValueEnd', 'startsWithLiteral', 'trimLineBreaks'];

const PARSER = ['createChunkEncoder', 'createStreamChunks', 'createTranscriptEventParser', 'createTranscriptParser', 'parseTranscript', 'transcriptTransform'];

const REACT = [
  'CopyButton',
  'DEFAULT_TOOL_CARD_LABELS',
  'INTERRUPTED_TEXT',
  'MarkdownBlock',
  'MarkdownText',
  'REASONING_STATUS_LABELS',
  'Reasoning',
  'ToolActionsContext',
  'ToolCall',
  'ToolCallApproval',
  'ToolCallContent',
  'ToolCallError',
  'ToolCallHeader',
  'ToolCallInput',
  'ToolCallOutput',
  'ToolCallSettingsContext',
  'ToolItem',
  'ToolRenderBoundary',
  'ToolTranscript',
  'TranscriptConfigContext',
  'TranscriptItemView',
  'TranscriptItems',
  'closeMarkdown',
  'interruptedView',
  'reasoningStatus',
  'resolveToolCardLabels',
  'splitBlocks',
  'useReducedMotion',
  'useToolActions',
  'useToolCall',
  'useToolCallCard',
  'useToolCallLabels',
  'useToolCallSettings',
  'useToolTranscript',
  'useTranscriptConfig',
  'useTranscriptIds',
  'useTranscriptItem',
  'useTranscriptStatus',
  'useTranscriptStore',
];

describe('entry points', () => {
  it('tool-transcript', () => {
    expect(Object.keys(core).sort()).toEqual(
      [
        ...SYNTAX_OBJECTS,
        ...KIT,
        ...PARSER,
        'GENERIC_RULES',
        'NO_OUTPUT',
        'SYNTAX_RULES',
        'TOOL_STATES',
        'builtinSyntaxes',
        'coerceInput',
        'createMarkdownSections',
        'createXmlSections',
        'defaultSyntaxes',
        'describeTools',
        'formatToolResults',
        'markdownSections',
        'presets',
        'resolveSyntaxes',
        'restoreTranscriptText',
        'toolExample',
        'xmlSections',
      ].sort(),
    );
  });

  it('tool-transcript/lite: the parser over syntax objects, and no names or defaults', () => {
    expect(Object.keys(lite).sort()).toEqual([...SYNTAX_OBJECTS, ...KIT, ...PARSER, 'TOOL_STATES'].sort());
  });

  it('tool-transcript/store', () => {
    expect(Object.keys(store).sort()).toEqual(['ABORTED_TEXT', 'INTERRUPTED_TEXT', 'NATIVE_SYNTAX', 'createTranscriptStore', 'parsePartialJson']);
  });

  it('tool-transcript/store/lite: the same names; only createTranscriptStore is its own, the rest the same objects', () => {
    expect(Object.keys(storeLite).sort()).toEqual(Object.keys(store).sort());
    for (const name of Object.keys(store)) {
      if (name !== 'createTranscriptStore') expect(storeLite[name as keyof typeof store], name).toBe(store[name as keyof typeof store]);
    }
    expect(storeLite.createTranscriptStore).not.toBe(store.createTranscriptStore);
  });

  it('tool-transcript/react', () => {
    expect(Object.keys(react).sort()).toEqual(REACT);
  });

  it('tool-transcript/react/lite: the same names; only ToolTranscript and useToolTranscript are its own, the rest the same objects', () => {
    expect(Object.keys(reactLite).sort()).toEqual(REACT);
    const own = ['ToolTranscript', 'useToolTranscript'];
    for (const name of REACT) {
      const [a, b] = [reactLite[name as keyof typeof react], react[name as keyof typeof react]];
      if (own.includes(name)) expect(a, name).not.toBe(b);
      else expect(a, name).toBe(b);
    }
  });

  it('tool-transcript/ai', () => {
    expect(Object.keys(ai).sort()).toEqual(['CUT_OFF_ERROR_TEXT', 'DEFAULT_ERROR_TEXT', 'DENIED', 'METADATA_KEY', 'REFUSALS', 'toTranscriptUIMessageStream', 'toolTranscriptMiddleware']);
  });
});
