/**
 * Fidelity with the seed system's content markers (issue #23): autobyteus's write-file and
 * patch-file parser tests, ported. Inside `__START_CONTENT__` … `__END_CONTENT__` (and
 * `__START_PATCH__` … `__END_PATCH__`) an end marker is the end only when the value's close tag
 * follows it (blanks between allowed) — one mentioned in the content is content; one line break
 * right after the start marker is dropped, the content's own trailing line break is kept.
 *
 * Origin: AutoByteus/autobyteus, tests/unit_tests/agent/streaming/parser/states/
 * test_xml_write_file_tool_parsing_state.py and test_xml_patch_file_tool_parsing_state.py (each
 * case names its test). Their streams are fed as the tests chunk them, and besides whole, at
 * every split in two and one unit at a time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTranscript, type ToolChunk } from '../../src/index.js';
import { parseAtEverySplit, streamPieces, unitByUnit } from '../support/splits.js';
import { messageParts, SDKS } from '../support/ai-sdk.js';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import remarkToolCalls from '../../src/remark/index.js';
import { toolCalls } from '../remark/support.js';

const only = { syntaxes: ['xml' as const] };

/** The one tool chunk of `text`, the same whole, at every split, unit by unit and in `chunks`. */
function everySplit(text: string, chunks?: readonly string[]): ToolChunk {
  const whole = parseAtEverySplit(text, only);
  if (chunks) {
    expect(chunks.join('')).toBe(text);
    expect(streamPieces(chunks, only).chunks).toEqual(whole);
  }
  const tools = whole.filter((chunk): chunk is ToolChunk => chunk.type === 'tool');
  expect(tools).toHaveLength(1);
  return tools[0]!;
}

const WRITE = '<tool name="write_file">';
const PATCH = '<tool name="patch_file">';
const fileCall = (head: string, path: string, arg: string, value: string) =>
  `${head}<arguments><arg name='path'>${path}</arg><arg name='${arg}'>${value}</arg></arguments></tool>`;

describe('autobyteus test_xml_write_file_tool_parsing_state.py, ported', () => {
  it('test_parses_write_file_tool and test_incremental_streaming_fragmented: plain values', () => {
    expect(everySplit(fileCall(WRITE, '/tmp/test.py', 'content', "print('hello')")).input).toEqual({ path: '/tmp/test.py', content: "print('hello')" });
    const chunks = [WRITE, '<argu', "ments><arg name", "='path'>/tmp/frag.py</arg>", "<arg name='con", "tent'>", "print('frag", "mented')</arg", '></arguments></tool>'];
    expect(everySplit(chunks.join(''), chunks).input).toEqual({ path: '/tmp/frag.py', content: "print('fragmented')" });
  });

  it('test_content_markers_stream_raw: only the text between the markers, tags and all', () => {
    const text = fileCall(WRITE, '/tmp/marker.py', 'content', "__START_CONTENT__\nprint('<div>')\n<arg name=\"x\">y</arg>\n__END_CONTENT__");
    expect(everySplit(text).input).toEqual({ path: '/tmp/marker.py', content: "print('<div>')\n<arg name=\"x\">y</arg>\n" });
  });

  it('test_content_markers_split_across_chunks: markers split across chunks', () => {
    const chunks = [
      WRITE,
      "<arguments><arg name='path'>/tmp/chunk.py</arg><arg name='content'>__STAR",
      "T_CONTENT__print('hi')\n<arg>ok</arg>\n__END",
      '_CONTENT__</arg></arguments></tool>',
    ];
    expect(everySplit(chunks.join(''), chunks).input).toEqual({ path: '/tmp/chunk.py', content: "print('hi')\n<arg>ok</arg>\n" });
  });

  it('test_nested_end_content_marker_not_followed_by_arg_close: a mentioned end marker is content', () => {
    const content = "# This file documents __END_CONTENT__ usage\n# The marker __END_CONTENT__ appears in comments\nprint('hello')\n";
    const tool = everySplit(fileCall(WRITE, '/tmp/nested.py', 'content', `__START_CONTENT__\n${content}__END_CONTENT__`));
    expect(tool).toMatchObject({ state: 'input-available', closed: true, input: { path: '/tmp/nested.py', content } });
  });

  it('test_nested_end_content_with_whitespace_before_arg_close: blanks between the end marker and </arg>', () => {
    const text = `${WRITE}<arguments><arg name='path'>/tmp/ws.py</arg><arg name='content'>__START_CONTENT__\n# Contains __END_CONTENT__ in text\ncode = 'done'\n__END_CONTENT__\n  </arg></arguments></tool>`;
    expect(everySplit(text).input).toEqual({ path: '/tmp/ws.py', content: "# Contains __END_CONTENT__ in text\ncode = 'done'\n" });
  });

  it('test_nested_end_content_streaming_fragmented: a mentioned marker and the real one, both split', () => {
    const chunks = [
      WRITE,
      "<arguments><arg name='path'>/tmp/frag.py</arg><arg name='content'>",
      '__START_CONTENT__\n',
      '# Docs: __END_CONT',
      'ENT__ is the sentinel\n',
      'x = 1\n',
      '__END_CONT',
      'ENT__',
      '\n</arg>',
      '</arguments></tool>',
    ];
    expect(everySplit(chunks.join(''), chunks).input).toEqual({ path: '/tmp/frag.py', content: '# Docs: __END_CONTENT__ is the sentinel\nx = 1\n' });
  });

  it('test_multiple_false_end_content_before_real_one: three mentions, then the end right before </arg>', () => {
    const content = '__END_CONTENT__ is not the end\nMore text with __END_CONTENT__ in middle\n__END_CONTENT__x = 1\nfinal line\n';
    const tool = everySplit(fileCall(WRITE, '/tmp/multi.py', 'content', `__START_CONTENT__\n${content}__END_CONTENT__`));
    expect(tool.input).toEqual({ path: '/tmp/multi.py', content });
    expect((tool.input as { content: string }).content.split('__END_CONTENT__')).toHaveLength(4);
  });
});

describe('autobyteus test_xml_patch_file_tool_parsing_state.py, ported', () => {
  it('test_parses_patch_file_tool and test_incremental_streaming_fragmented: plain values', () => {
    expect(everySplit(fileCall(PATCH, '/tmp/test.py', 'patch', '@@ -1,3 +1,4 @@\n+new line')).input).toEqual({ path: '/tmp/test.py', patch: '@@ -1,3 +1,4 @@\n+new line' });
    const chunks = [PATCH, '<argu', 'ments><arg name', "='path'>/tmp/frag.py</arg>", "<arg name='pat", "ch'>", '@@ -1 +1 @@\n-old', '\n+new</arg', '></arguments></tool>'];
    expect(everySplit(chunks.join(''), chunks).input).toEqual({ path: '/tmp/frag.py', patch: '@@ -1 +1 @@\n-old\n+new' });
  });

  it('test_patch_markers_stream_raw: the diff between the markers, its last line break kept', () => {
    const patch = '--- a/file.py\n+++ b/file.py\n@@ -1,2 +1,3 @@\n existing\n+new line\n';
    expect(everySplit(fileCall(PATCH, '/tmp/marker.py', 'patch', `__START_PATCH__\n${patch}__END_PATCH__`)).input).toEqual({ path: '/tmp/marker.py', patch });
  });

  it('test_patch_markers_split_across_chunks', () => {
    const chunks = [PATCH, "<arguments><arg name='path'>/tmp/chunk.py</arg><arg name='patch'>__STAR", 'T_PATCH__--- file.py\n+new\n__END', '_PATCH__</arg></arguments></tool>'];
    expect(everySplit(chunks.join(''), chunks).input).toEqual({ path: '/tmp/chunk.py', patch: '--- file.py\n+new\n' });
  });

  it('test_unified_diff_with_special_characters: < and > kept', () => {
    const patch = '--- a/code.py\n+++ b/code.py\n@@ -1,2 +1,2 @@\n-if x < 10 and y > 5:\n+if x <= 10 and y >= 5:\n';
    expect(everySplit(fileCall(PATCH, '/tmp/special.py', 'patch', `__START_PATCH__\n${patch}__END_PATCH__`)).input).toEqual({ path: '/tmp/special.py', patch });
  });
});

describe('the same rule in every XML form', () => {
  const content = 'docs: __END_CONTENT__ ends a value\n__END_CONTENT__</ar\n__END_CONTENT__ </arg x>\nlast\n';

  it('<tool:NAME><param:KEY>, and a close tag in another case with blanks before its >', () => {
    expect(everySplit(`<tool:write><param:content>__START_CONTENT__\n${content}__END_CONTENT__</param:content></tool:write>`).input).toEqual({ content });
    expect(everySplit(`<tool name="w"><arguments><arg name="c">__START_CONTENT__\n${content}__END_CONTENT__ \r\n </ARG  ></arguments></tool>`).input).toEqual({ c: content });
  });

  it('the <write_file> shorthand: a mention is content, the line break before the end marker kept', () => {
    expect(everySplit(`<write_file path="a.md">\n__START_CONTENT__\n${content}__END_CONTENT__\n</write_file>`).input).toEqual({ path: 'a.md', content });
  });

  it('cut off right after an end marker (and blanks, or part of the close tag): the marker ended the value', () => {
    for (const rest of ['', '\n ', '\n</ar']) {
      const tool = everySplit(`<tool name="w"><arguments><arg name="c">__START_CONTENT__\nabc\n__END_CONTENT__${rest}`);
      expect(tool, JSON.stringify(rest)).toMatchObject({ closed: false, input: { c: 'abc\n' } });
    }
  });

  it.each(SDKS)('$name and remark: the part and the node hold the content with its mentions', async (sdk) => {
    const text = `Writing:\n<tool name="write_file"><arguments><arg name="path">a.md</arg><arg name="content">__START_CONTENT__\n${content}__END_CONTENT__\n</arg></arguments></tool>\nDone.`;
    const input = { path: 'a.md', content };
    for (const pieces of [[text], unitByUnit(text)]) {
      const parts = await messageParts(streamPieces(pieces, only).events, sdk);
      expect(parts).toContainEqual(expect.objectContaining({ type: 'dynamic-tool', toolName: 'write_file', state: 'input-available', input }));
    }
    expect(toolCalls(unified().use(remarkParse).use(remarkToolCalls, only).parse(text))[0]).toMatchObject({ toolName: 'write_file', input });
  });

  it('a mention before the end never ends the block early: any content without marker-then-close-tag reads back exactly', () => {
    const piece = fc.constantFrom('__END_CONTENT__', '__END_CONTENT_', '__END_', '_', '</arg', '</arg>', '</ar', '<arg>', ' ', '\n', '\r\n', 'x', '</arguments></tool>', '__START_CONTENT__');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.nat(), (pieces, cut) => {
        const value = pieces.join('');
        fc.pre(!/__END_CONTENT__[ \t\r\n]*<\/arg[ \t\r\n]*>/i.test(value));
        const text = `<tool name="w"><arguments><arg name="c">__START_CONTENT__\n${value}__END_CONTENT__</arg></arguments></tool>`;
        const whole = parseTranscript(text, only);
        expect(whole).toHaveLength(1);
        expect((whole[0] as ToolChunk).input).toEqual({ c: value });
        const at = cut % (text.length + 1);
        expect(streamPieces([text.slice(0, at), text.slice(at)], only).chunks).toEqual(whole);
      }),
    );
  });
});
