import { describe, expect, it } from 'vitest';
import { createXmlSections, formatToolResults, markdownSections, parseTranscript, xmlSections, type ToolChunk } from '../../src/index.js';
import { presets } from '../../src/format/describe/presets.js';

describe('formatToolResults', () => {
  it('gives empty text (not an empty wrapper) and no media for no results', () => {
    expect(formatToolResults([], markdownSections)).toEqual({ text: '', media: [] });
    expect(formatToolResults([], xmlSections)).toEqual({ text: '', media: [] });
  });

  it('writes one markdown section per result: strings as is, other outputs as JSON', () => {
    const { text } = formatToolResults(
      [
        { toolName: 'get_customer_info', output: { id: 'C001', name: 'John' } },
        { toolName: 'read_file', output: 'line 1\nline 2' },
        { toolName: 'count', output: 3 },
        { toolName: 'noop' },
      ],
      markdownSections,
    );
    expect(text).toBe(
      '# get_customer_info\n{"id":"C001","name":"John"}\n\n# read_file\nline 1\nline 2\n\n# count\n3\n\n# noop\n(no output)',
    );
  });

  it('wraps XML sections in <observation>', () => {
    const { text } = formatToolResults([{ toolName: 'a', output: 'x' }, { toolName: 'b', output: [1] }], xmlSections);
    expect(text).toBe('<observation>\n<a>\nx\n</a>\n<b>\n[1]\n</b>\n</observation>');
    expect(xmlSections.parseSections(text)).toEqual({ observation: ['<a>\nx\n</a>\n<b>\n[1]\n</b>'] });
    expect(createXmlSections(['a', 'b']).parseSections(text)).toEqual({ a: ['x'], b: ['[1]'] });
  });

  it('writes an error as `Error: …` in its section (thrown errors, strings, errorText), not doubled', () => {
    const { text } = formatToolResults(
      [
        { toolName: 'a', error: new Error('file not found'), output: 'ignored' },
        { toolName: 'b', error: 'timed out' },
        { toolName: 'c', errorText: 'Error: already said' },
        { toolName: 'd', error: { code: 42 } },
      ],
      markdownSections,
    );
    expect(text).toBe('# a\nError: file not found\n\n# b\nError: timed out\n\n# c\nError: already said\n\n# d\nError: {"code":42}');
  });

  it('passes media through separately, in order', () => {
    const png = { type: 'image', mediaType: 'image/png', data: 'AAA' };
    const jpg = { type: 'image', mediaType: 'image/jpeg', data: 'BBB' };
    const result = formatToolResults(
      [
        { toolName: 'screenshot', output: { width: 1920, height: 1080 }, media: [png] },
        { toolName: 'ls', output: 'a b' },
        { toolName: 'photo', output: 'ok', media: [jpg] },
      ],
      markdownSections,
    );
    expect(result.media).toEqual([png, jpg]);
    expect(result.text).toBe('# screenshot\n{"width":1920,"height":1080}\n\n# ls\na b\n\n# photo\nok');
  });

  it('takes finished tool chunks as they are, and a stringify option', () => {
    const chunks = parseTranscript('```tool search\ninput: {q: x}\noutput: {hits: 2}\n```\n```tool fail\nerrorText: boom\n```');
    const results = chunks.filter((c): c is ToolChunk => c.type === 'tool');
    expect(formatToolResults(results, presets.anthropic.sections, { stringify: (o) => JSON.stringify(o, null, 1) }).text).toBe(
      '<observation>\n<search>\n{\n "hits": 2\n}\n</search>\n<fail>\nError: boom\n</fail>\n</observation>',
    );
  });

  it('survives outputs JSON cannot write', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(formatToolResults([{ toolName: 'a', output: cyclic }, { toolName: 'b', output: 10n }], markdownSections).text).toBe(
      '# a\n[object Object]\n\n# b\n10',
    );
  });

  it('throws a clear error for a tool name XML cannot use as a tag', () => {
    expect(() => formatToolResults([{ toolName: 'mcp/search', output: 1 }], xmlSections)).toThrow(/tag name/);
  });
});
