/**
 * The public names of each entry point, pinned: a name added or dropped is a decision, made here
 * and in the CHANGELOG, not a side effect (the remark and React entries pin theirs in their own
 * folders). Nothing that only tests use belongs in these lists.
 */
import { describe, expect, it } from 'vitest';
import * as ai from '../../src/ai/index.js';
import * as core from '../../src/index.js';
import * as lite from '../../src/lite/index.js';
import * as store from '../../src/store/index.js';

const SYNTAX_OBJECTS = [
  'caretSyntax',
  'createCaretSyntax',
  'createEmojiSyntax',
  'createFenceSyntax',
  'createHermesSyntax',
  'createJsonSyntax',
  'createSentinelSyntax',
  'createXmlSyntax',
  'emojiSyntax',
  'fenceSyntax',
  'hermesSyntax',
  'jsonSyntax',
  'sentinelSyntax',
  'xmlSyntax',
];

const PARSER = ['createChunkEncoder', 'createStreamChunks', 'createTranscriptEventParser', 'createTranscriptParser', 'parseTranscript', 'transcriptTransform'];

describe('entry points', () => {
  it('tool-transcript', () => {
    expect(Object.keys(core).sort()).toEqual(
      [
        ...SYNTAX_OBJECTS,
        ...PARSER,
        'GENERIC_RULES',
        'NO_OUTPUT',
        'SYNTAX_RULES',
        'TOOL_STATES',
        'TOOL_STATE_LABELS',
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
        'toolExample',
        'xmlSections',
      ].sort(),
    );
  });

  it('tool-transcript/lite: the parser over syntax objects, and no names or defaults', () => {
    expect(Object.keys(lite).sort()).toEqual([...SYNTAX_OBJECTS, ...PARSER, 'TOOL_STATES', 'TOOL_STATE_LABELS'].sort());
  });

  it('tool-transcript/store', () => {
    expect(Object.keys(store).sort()).toEqual(['ABORTED_TEXT', 'INTERRUPTED_TEXT', 'NATIVE_SYNTAX', 'createTranscriptStore', 'parsePartialJson']);
  });

  it('tool-transcript/ai', () => {
    expect(Object.keys(ai).sort()).toEqual(['DENIED', 'METADATA_KEY', 'REFUSALS', 'toolTranscriptMiddleware']);
  });
});
