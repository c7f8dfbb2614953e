import type { Nodes, Root } from 'mdast';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import type { ParsedCall, ToolSyntax, TranscriptOptions } from '../../src/index.js';
import type { OpenerReader, OpenerVerdict } from '../../src/types.js';
import { remarkToolCalls, type ToolCallNode } from '../../src/remark/index.js';

/** The pipeline the fixtures and the CLI use: markdown → HTML with GFM and tool calls. */
export function toHtml(doc: string, options?: TranscriptOptions): string {
  return String(
    unified().use(remarkParse).use(remarkGfm).use(remarkToolCalls, options).use(remarkRehype).use(rehypeStringify).processSync(doc),
  );
}

/** The mdast tree the plugin parses `doc` into. */
export function toTree(doc: string, options?: TranscriptOptions, gfm = true): Root {
  const processor = gfm
    ? unified().use(remarkParse).use(remarkGfm).use(remarkToolCalls, options)
    : unified().use(remarkParse).use(remarkToolCalls, options);
  return processor.parse(doc);
}

/** Every node of a tree, in document order (iterative: generated trees can be deep). */
export function allNodes(tree: Nodes): Nodes[] {
  const out: Nodes[] = [];
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node);
    if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}

/** The `toolCall` nodes of a tree, in document order. */
export function toolCalls(tree: Nodes): ToolCallNode[] {
  return allNodes(tree).filter((node): node is ToolCallNode => node.type === 'toolCall');
}

/** The point micromark gives `offset` in `doc` (`\r\n`, `\r`, `\n` end lines; a column is a code unit). */
export function pointAt(doc: string, offset: number): { line: number; column: number; offset: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    const unit = doc[i];
    if (unit === '\r' || (unit === '\n' && doc[i - 1] !== '\r')) line++;
    if (unit === '\r' || unit === '\n') lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1, offset };
}

/**
 * A custom syntax for tests: `%%name%%` anywhere in a line, a complete block that holds TWO calls
 * (like a JSON `tool_calls` array), so the multi-call paths are exercised with any set of
 * built-in syntaxes.
 */
export const pairSyntax: ToolSyntax = {
  name: 'pair',
  triggers: '%',
  placement: 'inline',
  startOpener: () => new PairOpener(),
  format(call) {
    if (!/^[a-z]+$/.test(call.toolName)) throw new Error('pair syntax: the name must be lowercase letters');
    return `%%${call.toolName}%%`;
  },
};

class PairOpener implements OpenerReader {
  private units = '';

  push(unit: string): OpenerVerdict {
    const index = this.units.length;
    this.units += unit;
    if (index < 2) return unit === '%' ? undefined : 1;
    const name = /^%%([a-z]*)/.exec(this.units)![1]!;
    const closing = this.units.slice(2 + name.length);
    if (closing === '') return undefined;
    if (name === '') return 1;
    if (closing === '%') return undefined;
    if (closing === '%%') return { block: pairBlock(name), complete: true };
    return index;
  }

  end(): OpenerVerdict {
    return 1;
  }
}

function pairBlock(name: string) {
  const calls = (): ParsedCall[] => [
    { toolName: name, input: { n: 1 } },
    { toolName: name, input: { n: 2 }, output: 'second' },
  ];
  return {
    read: (_text: string, from: number) => from,
    endOfInput: () => true,
    identity: () => ({ toolName: name }),
    takeInputDelta: () => '',
    partial: calls,
    finish: calls,
  };
}

/** A start tag as a browser would read it: its name and attributes (values decoded only of quotes). */
export interface StartTag {
  name: string;
  attributes: Array<[name: string, value: string]>;
}

/**
 * The start tags of an HTML string, read the way the HTML tokenizer reads them (text, comments,
 * end tags, quoted and unquoted attribute values), so a test can check which elements and
 * attributes a browser would really create, not which characters appear inside values.
 */
export function startTags(html: string): StartTag[] {
  const tags: StartTag[] = [];
  let i = 0;
  const skipSpace = () => {
    while (i < html.length && /\s/.test(html[i]!)) i++;
  };
  while (i < html.length) {
    const open = html.indexOf('<', i);
    if (open < 0) break;
    i = open + 1;
    if (html.startsWith('!--', i)) {
      const close = html.indexOf('-->', i + 3);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    if (html[i] === '/' || html[i] === '!') {
      const close = html.indexOf('>', i);
      i = close < 0 ? html.length : close + 1;
      continue;
    }
    if (!/[a-zA-Z]/.test(html[i] ?? '')) continue;
    let name = '';
    while (i < html.length && !/[\s/>]/.test(html[i]!)) name += html[i++];
    const tag: StartTag = { name: name.toLowerCase(), attributes: [] };
    for (;;) {
      skipSpace();
      if (i >= html.length) break;
      if (html[i] === '>') {
        i++;
        break;
      }
      if (html[i] === '/') {
        i++;
        continue;
      }
      let attribute = html[i++]!;
      while (i < html.length && !/[\s/>=]/.test(html[i]!)) attribute += html[i++];
      skipSpace();
      let value = '';
      if (html[i] === '=') {
        i++;
        skipSpace();
        const quote = html[i];
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, i + 1);
          value = html.slice(i + 1, close < 0 ? html.length : close);
          i = close < 0 ? html.length : close + 1;
        } else {
          while (i < html.length && !/[\s>]/.test(html[i]!)) value += html[i++];
        }
      }
      tag.attributes.push([attribute.toLowerCase(), value]);
    }
    tags.push(tag);
  }
  return tags;
}
