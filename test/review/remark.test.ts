import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { parseTranscript, type ToolChunk, type TranscriptOptions } from '../../src/index.js';
import { remarkToolCalls, type ToolCallNode } from '../../src/remark/index.js';

const doc = 'Look.\n\n^^^read_files\npath: a.ts\nlimit: 5\n^^^\n\n^^^ghost\n^^^\n\n^^^read_files\npath: b.ts\n^^^\n';
const options: TranscriptOptions = {
  policy: 'single',
  strictTools: true,
  tools: [
    {
      name: 'read_files',
      inputSchema: { type: 'object', properties: { paths: { type: 'array', items: { type: 'string' } }, limit: { type: 'integer' } } },
    },
  ],
};

describe('the remark plugin applies tools, strictTools and policy as parseTranscript does', () => {
  it('gives toolCall nodes that match the chunks', () => {
    const processor = unified().use(remarkParse).use(remarkToolCalls, options);
    const tree = processor.runSync(processor.parse(doc)) as Root;
    const nodes = tree.children.filter((node): node is ToolCallNode => node.type === 'toolCall');
    const chunks = parseTranscript(doc, options).filter((c): c is ToolChunk => c.type === 'tool');
    const pick = ({ toolCallId, toolName, state, input, errorText }: ToolCallNode | ToolChunk) => ({ toolCallId, toolName, state, input, errorText });
    expect(nodes.map(pick)).toEqual(chunks.map(pick));
    expect(chunks.map((c) => c.state)).toEqual(['input-available', 'output-error', 'output-error']);
    expect(chunks[0]!.input).toEqual({ paths: ['a.ts'], limit: 5 });
  });

  it('writes the unchanged document back byte for byte', () => {
    const processor = unified().use(remarkParse).use(remarkToolCalls, options).use(remarkStringify);
    const out = String(processor.processSync(doc));
    expect(parseTranscript(out, options)).toEqual(parseTranscript(doc, options));
  });
});
