import type { Paragraph, Root, Text } from 'mdast';
import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import Markdown from 'react-markdown';
import rehypeStringify from 'rehype-stringify';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { parseTranscript, type ToolChunk } from '../../src/index.js';
import remarkToolCalls, { toolCallHandler, type ToolCallNode } from '../../src/remark/index.js';
import { allNodes, pairSyntax, pointAt, startTags, toHtml, toolCalls, toTree } from './support.js';

const FENCE = '```tool search call_a\ninput:\n  query: coffee\noutput:\n  hits: 3\n```';
const EMOJI = '🛠️[ls -la]🛠️[/end]';

describe('parsing', () => {
  it('puts a toolCall node where each block stood, with the fields of parseTranscript', () => {
    const doc = `Looking it up.\n\n${FENCE}\n\nThen ${EMOJI} and more.\n`;
    const tree = toTree(doc);
    expect(tree.children.map((node) => node.type)).toEqual(['paragraph', 'toolCall', 'paragraph', 'toolCall', 'paragraph']);
    const chunks = parseTranscript(doc).filter((chunk): chunk is ToolChunk => chunk.type === 'tool');
    expect(toolCalls(tree).map(({ type, position, data, ...rest }) => ({ type: 'tool', ...rest }))).toEqual(chunks);
    const [search] = toolCalls(tree);
    expect(search).toMatchObject({ toolCallId: 'call_a', toolName: 'search', state: 'output-available', input: { query: 'coffee' }, output: { hits: 3 } });
  });

  it('keeps the processor’s extensions: GFM tables and strikethrough parse in the text runs', () => {
    const tree = toTree(`| a | b |\n| - | - |\n| 1 | 2 |\n\n${EMOJI}\n\n~~gone~~ www.example.com\n`);
    expect(tree.children.map((node) => node.type)).toEqual(['table', 'toolCall', 'paragraph']);
    const paragraph = tree.children[2] as Paragraph;
    expect(paragraph.children.map((node) => node.type)).toEqual(['delete', 'text', 'link']);
  });

  it('splits a paragraph around an inline block; the rest of the line stays paragraph text', () => {
    const tree = toTree(`Running ${EMOJI} - done, # not a heading\n`);
    expect(tree.children.map((node) => node.type)).toEqual(['paragraph', 'toolCall', 'paragraph']);
    const after = tree.children[2] as Paragraph;
    expect(after.children).toHaveLength(1);
    expect((after.children[0] as Text).value).toBe('- done, # not a heading');
  });

  it('reads emphasis right after a block and indented text as paragraph text', () => {
    const tree = toTree(`x ${EMOJI}_em_ y\n\na ${EMOJI}      four spaces\n`, undefined, false);
    expect(tree.children.map((node) => node.type)).toEqual(['paragraph', 'toolCall', 'paragraph', 'paragraph', 'toolCall', 'paragraph']);
    expect((tree.children[2] as Paragraph).children.map((node) => node.type)).toEqual(['emphasis', 'text']);
    expect(((tree.children[5] as Paragraph).children[0] as Text).value).toBe('four spaces');
  });

  it('splits a list around a block inside an item (the documented limit)', () => {
    const tree = toTree(`- one\n- two ${EMOJI}\n- three\n`);
    expect(tree.children.map((node) => node.type)).toEqual(['list', 'toolCall', 'list']);
  });

  it('leaves markers in code as code', () => {
    const doc = '````md\n```tool x\ninput: {}\n```\n````\n\nInline `🛠️[ls]🛠️[/end]` code.\n';
    const tree = toTree(doc);
    expect(toolCalls(tree)).toEqual([]);
    expect(tree.children.map((node) => node.type)).toEqual(['code', 'paragraph']);
  });

  it('turns a document without blocks into the tree remark-parse gives', () => {
    const doc = '# Title\n\nSome *text*\r\nwith\ttabs and a [link](http://x).\n\n> quote\n';
    expect(toTree(doc, undefined, false)).toEqual(unified().use(remarkParse).parse(doc));
    expect(toTree('', undefined, false)).toEqual({ type: 'root', children: [], position: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } } });
  });

  it('uses the same options as parseTranscript: syntaxes and idPrefix', () => {
    const doc = `${EMOJI}\n\n${FENCE}\n`;
    expect(toolCalls(toTree(doc, { syntaxes: ['fence'] })).map((node) => node.syntax)).toEqual(['fence']);
    expect(toolCalls(toTree(doc, { idPrefix: 'c' })).map((node) => node.toolCallId)).toEqual(['c1', 'call_a']);
    expect(toolCalls(toTree('a %%x%% b', { syntaxes: [pairSyntax] })).map((node) => [node.toolCallId, node.raw])).toEqual([
      ['tool-call-1', '%%x%%'],
      ['tool-call-2', ''],
    ]);
  });

  it('takes null options as the defaults', () => {
    expect(toolCalls(unified().use(remarkParse).use(remarkToolCalls, null).parse(EMOJI))).toHaveLength(1);
  });

  it('rejects an unknown syntax name when the processor is frozen', () => {
    expect(() => unified().use(remarkParse).use(remarkToolCalls, { syntaxes: ['nope' as 'fence'] }).freeze()).toThrow(/unknown syntax "nope"/);
  });

  it('installs remark-parse’s parser itself when the processor has none', () => {
    const processor = unified().use(remarkToolCalls).use(remarkGfm);
    const tree = processor.parse(`~~x~~ ${EMOJI}`) as Root;
    expect(tree.children.map((node) => node.type)).toEqual(['paragraph', 'toolCall']);
    expect((tree.children[0] as Paragraph).children[0]!.type).toBe('delete');
  });

  it('gives the same tree whichever of remark-parse and the plugin is used first', () => {
    const doc = `| a |\n| - |\n| 1 |\n\n${FENCE}\n\n~~x~~ ${EMOJI}\n`;
    const usual = unified().use(remarkParse).use(remarkGfm).use(remarkToolCalls).parse(doc);
    const orders = [
      unified().use(remarkToolCalls).use(remarkParse).use(remarkGfm),
      unified().use(remarkGfm).use(remarkToolCalls).use(remarkParse),
      unified().use(remarkToolCalls, { syntaxes: ['fence', 'emoji'] }).use(remarkGfm).use(remarkParse),
    ];
    expect(toolCalls(usual as Root)).toHaveLength(2);
    for (const processor of orders) expect(processor.parse(doc)).toEqual(usual);
  });

  it('keeps working in a copy of the processor and in remark()', () => {
    const processor = unified().use(remarkToolCalls).use(remarkParse);
    expect(toolCalls(processor().parse(EMOJI) as Root)).toHaveLength(1);
    expect(toolCalls(remark().use(remarkToolCalls).parse(EMOJI) as Root)).toHaveLength(1);
  });
});

describe('positions', () => {
  it('slices the original document to each block’s raw', () => {
    const doc = `Intro\r\n\r\n${FENCE.replace(/\n/g, '\r\n')}\r\nThen ${EMOJI} and %%ab%% x\n`;
    const tree = toTree(doc, { syntaxes: ['fence', 'emoji', pairSyntax] });
    const calls = toolCalls(tree);
    expect(calls).toHaveLength(4);
    for (const node of calls) {
      expect(doc.slice(node.position!.start.offset, node.position!.end.offset)).toBe(node.raw);
      expect(node.position!.start).toEqual(pointAt(doc, node.position!.start.offset!));
      expect(node.position!.end).toEqual(pointAt(doc, node.position!.end.offset!));
    }
  });

  it('gives text after a block its line numbers in the whole document', () => {
    const doc = `First line\n\n${FENCE}\n\nAfter the fence\nsecond line with *em*\n\ntail ${EMOJI} more *here*\n`;
    const tree = toTree(doc);
    const texts = allNodes(tree).filter((node): node is Text => node.type === 'text');
    const after = texts.find((node) => node.value.startsWith('After the fence'))!;
    expect(after.position!.start).toEqual({ line: 10, column: 1, offset: doc.indexOf('After the fence') });
    const em = allNodes(tree).filter((node) => node.type === 'emphasis');
    expect(em.map((node) => node.position!.start.line)).toEqual([11, 13]);
    const here = em[1]!;
    expect(here.position!.start).toEqual(pointAt(doc, doc.indexOf('*here*')));
    const more = texts.find((node) => node.value === 'more ')!;
    expect(more.position!.start).toEqual(pointAt(doc, doc.indexOf('more *here*')));
    for (const node of allNodes(tree)) {
      expect(node.position!.start).toEqual(pointAt(doc, node.position!.start.offset!));
      expect(node.position!.end).toEqual(pointAt(doc, node.position!.end.offset!));
    }
  });
});

describe('HTML', () => {
  const doc = `Intro\n\n${FENCE}\n\n\`\`\`tool broken\ninput: [\n\`\`\`\n\n🛠️[write notes.md]\n# hi\n`;

  it('renders each call as the card model’s HTML: a section with data attributes, a <details> whose summary is the header', () => {
    const html = toHtml(doc);
    expect(html).toContain(
      '<section class="tt-tool" data-tool-call-id="call_a" data-tool-name="search" data-status="output-available" data-syntax="fence"><details class="tt-tool-disclosure" data-slot="tool-call-disclosure"><summary class="tt-tool-header tt-tool-trigger" data-slot="tool-call-header">',
    );
    expect(html).toContain('<span class="tt-tool-name" data-slot="tool-call-name">search</span><span class="tt-tool-input-summary" data-slot="tool-call-summary">query: coffee</span>');
    expect(html).toMatch(/<span class="tt-tool-status" data-slot="tool-call-status" data-status="output-available"><svg [^>]*class="tt-tool-icon">.*?<\/svg>Completed<\/span>/);
    expect(html).toContain(
      '<div class="tt-tool-section tt-tool-input" data-slot="tool-call-input"><div class="tt-tool-section-header"><span class="tt-tool-section-label">Input</span></div><pre class="tt-tool-code" tabindex="0" role="group" aria-label="Input of search" data-kind="json" data-language="json"><code class="language-json">{\n  "query": "coffee"\n}</code></pre></div>',
    );
    // An error opens its card; a finished call without one starts collapsed.
    expect(html).toMatch(/data-tool-name="broken" data-status="output-error" data-syntax="fence"><details class="tt-tool-disclosure" data-slot="tool-call-disclosure" open>.*?<pre class="tt-tool-error"[^>]*><code>[^<]+<\/code>/s);
    expect(html).toMatch(/data-tool-name="search" [^>]*><details class="tt-tool-disclosure" data-slot="tool-call-disclosure"><summary/);
    expect(html).toContain('data-tool-name="write" data-status="input-available" data-syntax="emoji" data-closed="false"');
    // Static HTML is a finished transcript: a call with no result was "Called", never "Running".
    expect(html).toMatch(/data-tool-name="write"[^]*?<\/svg>Called<\/span>/);
    expect(html).not.toContain('Running');
    // The emoji body is multi-line text: a text block with its real line breaks, not JSON.
    expect(html).toContain('<div class="tt-tool-field-header"><span class="tt-tool-field-label">body</span></div><pre class="tt-tool-code" tabindex="0" role="group" aria-label="Input: body of write" data-kind="text" data-language="text"><code class="language-text"># hi\n</code></pre>');
  });

  it('labels: any string of the card, as the plugin option', () => {
    const labels = { states: { 'output-available': 'Fertig', 'output-error': 'Fehler' }, called: 'Aufgerufen', input: 'Eingabe', error: 'Fehlermeldung', valueLabel: '{part} von {tool}' };
    const html = String(unified().use(remarkParse).use(remarkToolCalls, { labels }).use(remarkRehype).use(rehypeStringify).processSync(doc));
    expect(html).toContain('</svg>Fertig</span>');
    expect(html).toContain('</svg>Fehler</span>');
    expect(html).toContain('</svg>Aufgerufen</span>');
    expect(html).toContain('<span class="tt-tool-section-label">Eingabe</span>');
    expect(html).toContain('<span class="tt-tool-section-label">Fehlermeldung</span>');
    expect(html).toContain('aria-label="Eingabe von search"');
    expect(html).not.toMatch(/>(Completed|Called|Input|Error)</);
    // The same options still parse the same calls.
    expect(html.match(/<section class="tt-tool"/g)).toHaveLength(3);
  });

  it('gives the same HTML with remark() plus remark-rehype', () => {
    const viaRemark = String(remark().use(remarkGfm).use(remarkToolCalls).use(remarkRehype).use(rehypeStringify).processSync(doc));
    expect(viaRemark).toBe(toHtml(doc));
  });

  it('works as a react-markdown remark plugin, with remark-gfm', () => {
    const html = renderToString(createElement(Markdown, { remarkPlugins: [remarkGfm, remarkToolCalls] }, `~~old~~\n\n${doc}`));
    expect(html).toContain('<del>old</del>');
    expect(html).toContain('<section class="tt-tool" data-tool-call-id="call_a" data-tool-name="search" data-status="output-available" data-syntax="fence">');
    // The error's card starts open, as in static HTML.
    expect(html).toContain('<details class="tt-tool-disclosure" data-slot="tool-call-disclosure" open="">');
  });

  it('renders changed nodes from their fields with toolCallHandler', () => {
    const processor = unified()
      .use(remarkParse)
      .use(remarkToolCalls)
      .use(() => (tree: Root) => {
        for (const node of toolCalls(tree)) node.output = 'changed';
      })
      .use(remarkRehype, { handlers: { toolCall: toolCallHandler } })
      .use(rehypeStringify);
    const html = String(processor.processSync(EMOJI));
    expect(html).toContain('<span class="tt-tool-section-label">Output</span></div><pre class="tt-tool-code" tabindex="0" role="group" aria-label="Output of ls" data-kind="text" data-language="text"><code class="language-text">changed</code>');
  });

  describe('escapes hostile payloads', () => {
    const payloads = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '" onerror="alert(1)', 'javascript:alert(1)'];
    /** Payloads in inputs, outputs and errors of a fence and an emoji block. */
    const inPayloads = [
      '```tool search',
      'input:',
      ...payloads.map((payload, i) => `  k${i}: ${JSON.stringify(payload)}`),
      'output:',
      '  link: "[click](javascript:alert(1))"',
      '  html: "<img src=x onerror=alert(1)>"',
      `errorText: ${JSON.stringify(payloads.join(' '))}`,
      '```',
      '',
      '🛠️[write onerror=alert(1)]<img src=x onerror=alert(1)> [x](javascript:alert(1)) <script>alert(1)</script>🛠️[/end]',
      '',
    ].join('\n');
    /** Payloads in names and ids, which also become attribute values. */
    const inNames = '```tool <script>alert(1)</script> "x\\"onerror=alert(1)"\ninput: {}\n```\n\n🛠️[<img/src=x/onerror=alert(1)>]🛠️[/end]\n';

    function checkText(html: string): void {
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<img/i);
      expect(html).not.toMatch(/<[^>]*\sonerror=/i);
      expect(html).not.toMatch(/href="javascript:/i);
    }

    function checkTags(html: string): void {
      const allowed = new Set(['section', 'header', 'span', 'div', 'details', 'summary', 'pre', 'code', 'p', 'a', 'svg', 'path', 'circle']);
      for (const tag of startTags(html)) {
        expect(allowed, tag.name).toContain(tag.name);
        for (const [name, value] of tag.attributes) {
          // The card's own attributes: classes, data-*, a11y, and the icons' SVG presentation.
          expect(name).toMatch(/^(class|data-[a-z-]+|open|href|tabindex|role|aria-[a-z]+|title|width|height|viewbox|fill|stroke(-[a-z]+)?|focusable|cx|cy|r|d)$/i);
          if (name === 'href') expect(value).not.toMatch(/^\s*javascript:/i);
        }
      }
    }

    it('in static HTML: inputs, outputs and errors are escaped text', () => {
      const html = toHtml(inPayloads);
      expect(toolCalls(toTree(inPayloads)).map((node) => node.state)).toEqual(['output-error', 'input-available']);
      expect(html).toContain('&#x3C;script>alert(1)&#x3C;/script>');
      checkText(html);
      checkTags(html);
    });

    it('in static HTML: names and ids stay inside quoted attribute values', () => {
      const html = toHtml(inNames);
      expect(toolCalls(toTree(inNames)).map((node) => [node.toolName, node.toolCallId])).toEqual([
        ['<script>alert(1)</script>', 'x"onerror=alert(1)'],
        ['<img/src=x/onerror=alert(1)>', 'tool-call-2'],
      ]);
      checkTags(html);
      const sections = startTags(html).filter((tag) => tag.name === 'section');
      expect(sections.map((tag) => Object.fromEntries(tag.attributes)['data-tool-call-id'])).toEqual(['x&#x22;onerror=alert(1)', 'tool-call-2']);
    });

    it('in react-markdown', () => {
      for (const doc of [inPayloads, inNames]) {
        const html = renderToString(createElement(Markdown, { remarkPlugins: [remarkGfm, remarkToolCalls] }, doc));
        checkText(html);
        checkTags(html);
      }
    });
  });
});

describe('markdown', () => {
  const stringify = (doc: string, options?: Parameters<typeof remarkToolCalls>[0], change?: (node: ToolCallNode) => void) =>
    String(
      remark()
        .use(remarkToolCalls, options)
        .use(() => (tree: Root) => {
          if (change) for (const node of toolCalls(tree)) change(node);
        })
        .processSync(doc),
    );

  it('writes unchanged blocks back byte for byte, wherever they stood', () => {
    const doc = `Intro *x*\n\n${FENCE}\nText ${EMOJI} after\n\n~~~tool odd   spacing\ninput: {a: 1}\n~~~\n\n🛠️[unclosed x]\nbody`;
    const out = stringify(doc);
    const raws = toolCalls(toTree(doc)).map((node) => node.raw!);
    expect(raws).toHaveLength(4);
    let from = 0;
    for (const raw of raws) {
      const at = out.indexOf(raw, from);
      expect(at, raw).toBeGreaterThanOrEqual(from);
      from = at + raw.length;
    }
  });

  it('writes a changed call with its syntax’s format', () => {
    const out = stringify(`${FENCE}\n\nand ${EMOJI}\n`, undefined, (node) => {
      if (node.syntax === 'fence') node.output = { hits: 4 };
      else node.input = { args: ['-l'], body: 'x' };
    });
    expect(out).toContain('```tool search call_a\ninput:\n  query: coffee\noutput:\n  hits: 4\n```');
    expect(out).toContain('🛠️[ls -l]\nx🛠️[/end]');
    expect(toolCalls(toTree(out)).map((node) => [node.toolName, node.input, node.output])).toEqual([
      ['search', { query: 'coffee' }, { hits: 4 }],
      ['ls', { args: ['-l'], body: 'x' }, undefined],
    ]);
  });

  it('falls back to a tool fence when the syntax cannot express the call', () => {
    const out = stringify(`${EMOJI}\n`, undefined, (node) => {
      node.input = { path: 'a.txt' };
      node.state = 'input-streaming';
    });
    // A written block is complete: `state: input-streaming` would read back as an error.
    expect(out).toBe('```tool ls tool-call-1\ninput:\n  path: a.txt\n```\n');
  });

  it('writes nodes built by hand with format, or their raw when they carry one', () => {
    const tree: Root = {
      type: 'root',
      children: [
        { type: 'toolCall', toolCallId: 'c1', toolName: 'read', state: 'output-error', input: {}, errorText: 'nope', syntax: 'fence', closed: true },
        { type: 'toolCall', toolCallId: 'c2', toolName: 'x', state: 'input-available', input: {}, syntax: 'mystery', closed: true, raw: '%%x%%' },
      ],
    };
    const out = remark().use(remarkToolCalls).stringify(tree);
    expect(out).toBe('```tool read c1\ninput: {}\nerrorText: nope\n```\n\n%%x%%\n');
  });

  it('writes a block of several calls once while all are unchanged, else each call', () => {
    const options = { syntaxes: ['emoji' as const, pairSyntax] };
    expect(stringify('a %%ab%% b\n', options)).toBe('a\n\n%%ab%%\n\n\n\nb\n');
    const changed = stringify('a %%ab%% b\n', options, (node) => {
      if (node.raw === '') node.toolName = 'cd';
    });
    expect(changed).toBe('a\n\n%%ab%%\n\n%%cd%%\n\nb\n');
  });
});

describe('approvals', () => {
  const REQUESTED = '```tool deploy d1\nstate: approval-requested\napproval: {id: ap-1}\ninput: {env: prod}\n```';
  const DENIED = '```tool deploy d2\nstate: output-denied\napproval: {id: ap-2, approved: false, reason: not on a Friday}\ninput: {env: prod}\n```';

  it('carries the approval onto the node, as parseTranscript gives it', () => {
    const [requested, denied] = toolCalls(toTree(`${REQUESTED}\n\n${DENIED}\n`));
    expect(requested).toMatchObject({ state: 'approval-requested', approval: { id: 'ap-1' } });
    expect(denied).toMatchObject({ state: 'output-denied', approval: { id: 'ap-2', approved: false, reason: 'not on a Friday' } });
  });

  it('renders the state label, data-status, data-approval-id and the answer with its reason in HTML', async () => {
    const html = await toHtml(`${REQUESTED}\n\n${DENIED}\n`);
    expect(html).toContain('data-status="approval-requested"');
    expect(html).toContain('data-approval-id="ap-1"');
    expect(html).toContain('Awaiting approval');
    expect(html).toContain('data-status="output-denied"');
    expect(html).toContain('Denied: not on a Friday');
  });
});
