import type { Root, RootContent } from 'mdast';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { parseTranscript } from '../stream/parser.js';
import { attachHastData } from '../remark/hast.js';
import { callFingerprint, toolCallFromChunk } from '../remark/node.js';
import { remarkToolCalls } from '../remark/plugin.js';
import { rehypeSafeUrls } from '../remark/safe-urls.js';
import type { ToolChunk, ToolSyntax, TranscriptChunk } from '../types.js';
import { documentParts } from './parts.js';

/**
 * The size (UTF-16 code units) a part grows to before `render` cuts the transcript: small enough
 * that one part's syntax trees stay a few megabytes, large enough that an ordinary transcript is
 * one part and renders exactly as the remark plugin renders it whole.
 */
export const PART_SIZE = 64 * 1024;

/** The remark pipeline `render` uses: GFM, the tool-call plugin, safe URLs, HTML. */
function createProcessor(syntaxes: ToolSyntax[]) {
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkToolCalls, { syntaxes })
    .use(remarkRehype)
    .use(rehypeSafeUrls)
    .use(rehypeStringify)
    .freeze();
}

/** The transcript as one HTML fragment (see {@link transcriptHtmlParts}). */
export function renderTranscriptHtml(markdown: string, syntaxes: ToolSyntax[], partSize = PART_SIZE): string {
  return [...transcriptHtmlParts(markdown, syntaxes, partSize)].join('');
}

/**
 * The transcript as HTML, in pieces to write one after another: the document is cut into parts
 * of about `partSize` (see {@link documentParts}) and each part goes through the remark pipeline
 * on its own, so memory follows the part, not the document, and the work is linear.
 *
 * The tool calls are those of one `parseTranscript` pass over the whole document (their ids
 * numbered across it), put in place of the calls each part's own parse found. Where a part's own
 * parse finds its calls elsewhere, the scanner's state at the cut before it differed from a fresh
 * start (a fence it still counts open): that cut is undone and the two parts render as one.
 */
export function* transcriptHtmlParts(markdown: string, syntaxes: ToolSyntax[], partSize = PART_SIZE): Generator<string> {
  const processor = createProcessor(syntaxes);
  const calls = new ToolIndex(parseTranscript(markdown, { syntaxes }));
  /** The part `[start, end)` as HTML, or `undefined` when its own parse found its calls elsewhere. */
  const render = (start: number, end: number, force = false): string | undefined => {
    const tree = processor.parse(markdown.slice(start, end));
    if (!useWholeDocumentCalls(tree, calls.within(start, end), start) && !force) return undefined;
    return processor.stringify(processor.runSync(tree));
  };
  // The last rendered part is held back until the next one shows the cut between them was good.
  let held: { start: number; html: string } | undefined;
  let start = 0;
  let first = true;
  const emit = (html: string): string | undefined => {
    if (html === '') return undefined;
    // remark-rehype puts a line break between the root's children; parts are such children.
    const piece = first ? html : `\n${html}`;
    first = false;
    return piece;
  };
  for (const { end } of documentParts(markdown, calls.chunks, partSize)) {
    let html = render(start, end);
    if (html === undefined && held) {
      // The scanner read the text before the cut at `start` into another state than a fresh
      // start: undo that cut.
      html = render(held.start, end);
      if (html !== undefined) {
        held = { start: held.start, html };
        start = end;
        continue;
      }
    }
    if (html === undefined) {
      // Grow to the next cut; at the end, take the part as its own parse reads it.
      if (end < markdown.length) continue;
      html = render(start, end, true)!;
    }
    const piece = held && emit(held.html);
    if (piece !== undefined) yield piece;
    held = { start, html };
    start = end;
  }
  const piece = held && emit(held.html);
  if (piece !== undefined) yield piece;
}

interface PlacedCall {
  chunk: ToolChunk;
  start: number;
  end: number;
}

/** The tool chunks of the whole document with their offsets, found by range. */
class ToolIndex {
  private readonly calls: PlacedCall[] = [];

  constructor(readonly chunks: readonly TranscriptChunk[]) {
    let offset = 0;
    for (const chunk of chunks) {
      const length = chunk.type === 'text' ? chunk.value.length : chunk.raw.length;
      if (chunk.type === 'tool') this.calls.push({ chunk, start: offset, end: offset + length });
      offset += length;
    }
  }

  /** The calls that start in `[start, end)` (a part's bounds never fall inside a block). */
  within(start: number, end: number): PlacedCall[] {
    const from = this.firstAtOrAfter(start);
    const to = this.firstAtOrAfter(end);
    return this.calls.slice(from, to);
  }

  private firstAtOrAfter(offset: number): number {
    let low = 0;
    let high = this.calls.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.calls[middle]!.start < offset) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/**
 * Puts the whole document's calls in place of the ones the part's parse found, when those stand
 * at the same places; returns false (tree untouched) when they do not.
 */
function useWholeDocumentCalls(tree: Root, calls: readonly PlacedCall[], partStart: number): boolean {
  const found: number[] = [];
  tree.children.forEach((child, index) => {
    if (child.type === 'toolCall') found.push(index);
  });
  if (found.length !== calls.length) return false;
  const same = found.every((index, i) => {
    const position = tree.children[index]!.position;
    return position?.start.offset === calls[i]!.start - partStart && position.end.offset === calls[i]!.end - partStart;
  });
  if (!same) return false;
  found.forEach((index, i) => {
    tree.children[index] = wholeDocumentNode(calls[i]!.chunk, tree.children[index]!);
  });
  return true;
}

/** The node for a call of the whole document, where the part's own node stood. */
function wholeDocumentNode(chunk: ToolChunk, stood: RootContent): RootContent {
  const node = toolCallFromChunk(chunk);
  node.position = stood.position;
  node.data = { toolCallFingerprint: callFingerprint(node) };
  attachHastData(node);
  return node;
}
