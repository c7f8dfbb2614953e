import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TOOL_CARD_LABELS,
  displayValue,
  displayValuePreview,
  fillLabel,
  formatValue,
  guessLanguage,
  isPinnedOpen,
  opensByDefault,
  resolveToolCardLabels,
  splitLabel,
  summarizeInput,
  SUMMARY_CHARS,
  toolCardModel,
} from '../../src/card/index.js';
import { TOOL_STATES } from '../../src/index.js';
import { INTERRUPTED_TEXT } from '../../src/store/create-store.js';
import { toolInState } from '../support/tool-in-state.js';

describe('labels', () => {
  it('the default interrupted text is the store’s', () => {
    expect(DEFAULT_TOOL_CARD_LABELS.interrupted).toBe(INTERRUPTED_TEXT);
  });

  it('merge an override over the defaults, state by state; undefined keeps the default', () => {
    const labels = resolveToolCardLabels({ states: { 'output-error': 'Fehler' }, copy: 'Kopieren', deny: undefined });
    expect(labels.states['output-error']).toBe('Fehler');
    expect(labels.states['output-available']).toBe('Completed');
    expect(labels.copy).toBe('Kopieren');
    expect(labels.deny).toBe('Deny');
  });

  it('resolve the same overrides object to the same labels object (cards can memoize)', () => {
    const overrides = { copy: 'x' };
    expect(resolveToolCardLabels(overrides)).toBe(resolveToolCardLabels(overrides));
    expect(resolveToolCardLabels()).toBe(DEFAULT_TOOL_CARD_LABELS);
  });

  it('fill and split templates', () => {
    expect(fillLabel('Copy {field} of {tool} {unknown}', { field: 'a', tool: 'b' })).toBe('Copy a of b {unknown}');
    expect(splitLabel('Darf {tool} laufen?', 'tool')).toEqual(['Darf ', ' laufen?']);
    expect(splitLabel('Erlauben?', 'tool')).toEqual(['Erlauben?', undefined]);
  });
});

describe.each(TOOL_STATES)('model in state %s', (state) => {
  it('opens by the rule: pinned while streaming or asking, open on error, else collapsed', () => {
    const model = toolCardModel(toolInState(state));
    expect(model.pinnedOpen).toBe(state === 'input-streaming' || state === 'approval-requested');
    expect(model.defaultOpen).toBe(model.pinnedOpen || state === 'output-error');
    expect(isPinnedOpen(state)).toBe(model.pinnedOpen);
    expect(opensByDefault(state)).toBe(model.defaultOpen);
  });

  it('carries the contract’s data attributes', () => {
    const model = toolCardModel(toolInState(state));
    expect(model.attributes).toMatchObject({ 'data-tool-call-id': `call-${state}`, 'data-tool-name': 'delete_files', 'data-status': state });
  });

  it('says Called for a past input-available, Running only while live', () => {
    expect(toolCardModel(toolInState(state)).stateLabel).toBe(state === 'input-available' ? 'Called' : DEFAULT_TOOL_CARD_LABELS.states[state]);
    expect(toolCardModel(toolInState(state), { live: true }).stateLabel).toBe(DEFAULT_TOOL_CARD_LABELS.states[state]);
  });

  it('sections: an answered approval first (a record of the decision), the input, then a request / output / error as the state has them', () => {
    const kinds = toolCardModel(toolInState(state)).sections.map((section) => section.kind);
    const expected: Record<string, string[]> = {
      'input-streaming': ['input'],
      'input-available': ['input'],
      'approval-requested': ['input', 'approval'],
      'approval-responded': ['approval', 'input'],
      'output-available': ['input', 'output'],
      'output-error': ['input', 'error'],
      'output-denied': ['approval', 'input'],
    };
    expect(kinds).toEqual(expected[state]);
  });
});

describe('interrupted calls', () => {
  it('say so in the labels’ words, and are not also “not closed”', () => {
    const model = toolCardModel(toolInState('output-error', { errorText: INTERRUPTED_TEXT, closed: false }), { labels: { interrupted: 'Abgebrochen.' } });
    expect(model.interrupted).toBe(true);
    expect(model.unclosed).toBe(false);
    expect(model.sections.at(-1)).toEqual({ kind: 'error', label: 'Error', text: 'Abgebrochen.' });
  });
});

describe('displayValue', () => {
  it('a string is one text block, as written', () => {
    expect(displayValue('a\nb')).toEqual([{ kind: 'text', language: 'text', text: 'a\nb', complete: true, source: 'a\nb' }]);
  });

  it('an object without multi-line strings is one JSON block', () => {
    expect(displayValue({ a: 'x', b: [1] })).toEqual([{ kind: 'json', language: 'json', text: formatValue({ a: 'x', b: [1] }), complete: true, source: { a: 'x', b: [1] } }]);
  });

  it('multi-line fields become named text blocks after a JSON block of the rest', () => {
    const value = { path: 'a.diff', patch: 'diff --git a/x b/x\n+1\n', note: 'one line' };
    const blocks = displayValue(value);
    expect(blocks.map(({ kind, field, text }) => ({ kind, field, text }))).toEqual([
      { kind: 'json', field: undefined, text: '{\n  "path": "a.diff",\n  "note": "one line"\n}' },
      { kind: 'text', field: 'patch', text: 'diff --git a/x b/x\n+1\n' },
    ]);
    expect(blocks[1]!.language).toBe('diff');
  });

  it('an object of only multi-line fields has no JSON block; arrays and class instances stay JSON', () => {
    expect(displayValue({ content: 'a\nb' }).map((block) => block.kind)).toEqual(['text']);
    expect(displayValue(['a\nb']).map((block) => block.kind)).toEqual(['json']);
    expect(displayValue(new Map()).map((block) => block.kind)).toEqual(['json']);
    expect(displayValue(undefined)).toEqual([]);
  });

  it('bounds every block by the limit and says so, never splitting a surrogate pair', () => {
    const [block] = displayValuePreview('ab😀cd', 3);
    expect(block).toMatchObject({ text: 'ab', complete: false });
    const [json, text] = displayValuePreview({ n: 1, body: `x\n${'y'.repeat(100)}` }, 20);
    expect(json).toMatchObject({ text: '{\n  "n": 1\n}', complete: true });
    expect(text).toMatchObject({ text: `x\n${'y'.repeat(18)}`, complete: false });
  });

  it('the preview is the start of the whole display, block by block', () => {
    fc.assert(
      // Strings shorter than the limit: a line break past the limit is (by design) not looked for.
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.integer({ min: 20, max: 200 }), (value, limit) => {
        const whole = displayValue(value);
        const preview = displayValuePreview(value, limit);
        expect(preview.map((block) => [block.kind, block.field])).toEqual(whole.map((block) => [block.kind, block.field]));
        for (const [index, block] of preview.entries()) {
          expect(whole[index]!.text.startsWith(block.text)).toBe(true);
          expect(block.complete).toBe(block.text === whole[index]!.text);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('shows everything a value holds: text blocks and JSON together give back every field', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.constant(null))), (value) => {
        const blocks = displayValue(value);
        const shown: [string, unknown][] = [];
        for (const block of blocks) {
          if (block.field !== undefined) shown.push([block.field, block.text]);
          else shown.push(...Object.entries(JSON.parse(block.text) as object));
        }
        const sort = (entries: [string, unknown][]) => entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        expect(sort(shown)).toEqual(sort(Object.entries(JSON.parse(JSON.stringify(value)) as object)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('guessLanguage', () => {
  it.each([
    ['#!/usr/bin/env python3\nprint(1)', undefined, undefined, 'python'],
    ['#!/bin/bash\nls', undefined, undefined, 'bash'],
    ['#!/usr/bin/env -S node --x\n', undefined, undefined, 'javascript'],
    ['diff --git a/x b/x\n', undefined, undefined, 'diff'],
    ['--- a/x\n+++ b/x\n', undefined, undefined, 'diff'],
    ['const a = 1;\n', 'content', 'src/a.ts', 'typescript'],
    ['x\ny', 'command', undefined, 'bash'],
    ['x\ny', 'content', 'README', 'text'],
    ['plain\ntext', undefined, undefined, 'text'],
    // Every listed extension and interpreter, and names the tables only inherit.
    ...['ts mts cts', 'js mjs cjs', 'py', 'rb', 'rs', 'kt', 'c h', 'cpp cc hpp', 'cs', 'md', 'yaml yml', 'sh bash zsh', 'diff patch', 'tsx jsx go java swift php css scss html vue svelte json mdx toml sql xml']
      .flatMap((names, group) => names.split(' ').map((name, index): [string, string | undefined, string, string] => [
        'a\nb', 'content', `src/file.${name.toUpperCase()}`,
        ['typescript', 'javascript', 'python', 'ruby', 'rust', 'kotlin', 'c', 'cpp', 'csharp', 'markdown', 'yaml', 'bash', 'diff'][group] ?? names.split(' ')[index]!,
      ])),
    ['#!/usr/bin/ruby\n', undefined, undefined, 'ruby'],
    ['#!/usr/bin/env deno\n', undefined, undefined, 'typescript'],
    ['#!/usr/bin/env bun\n', undefined, undefined, 'typescript'],
    ['#!/bin/zsh\n', undefined, undefined, 'bash'],
    ['#!/usr/bin/python3.12\n', undefined, undefined, 'python'],
    ['x\ny', 'content', 'a.constructor', 'text'],
    ['x\ny', 'content', 'a.__proto__', 'text'],
    ['#!/usr/bin/constructor\n', undefined, undefined, 'text'],
    ['#!/usr/bin/toString\n', undefined, undefined, 'text'],
  ])('%j (field %s, path %s) → %s', (text, field, path, language) => {
    expect(guessLanguage(text, field, path)).toBe(language);
  });
});

describe('summarizeInput', () => {
  it.each([
    [{ query: 'tides', limit: 3 }, 'query: tides, limit: 3'],
    [{ path: 'a.py', content: 'line 1\nline 2' }, 'path: a.py, content: line 1…'],
    [{ args: ['-la', '/tmp'], nested: { a: 1 }, list: [{}, {}] }, 'args: -la /tmp, nested: {…}, list: {…} {…}'],
    ['just a string\nsecond line', 'just a string…'],
    [{}, ''],
    [undefined, ''],
    [42, '42'],
  ])('%j → %j', (input, summary) => {
    expect(summarizeInput(input)).toBe(summary);
  });

  it('is one line of at most SUMMARY_CHARS characters, whatever the input', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const summary = summarizeInput(input);
        expect(summary.length).toBeLessThanOrEqual(SUMMARY_CHARS);
        expect(summary).not.toMatch(/[\r\n]/);
      }),
      { numRuns: 300 },
    );
  });

  it('does work bounded by its length, not by the input’s size', () => {
    const huge: Record<string, string> = {};
    for (let i = 0; i < 100_000; i++) huge[`k${i}`] = 'v';
    let reads = 0;
    const counted = new Proxy(huge, {
      get(target, key) {
        reads++;
        return Reflect.get(target, key);
      },
    });
    summarizeInput(counted);
    expect(reads).toBeLessThan(100);
  });
});
