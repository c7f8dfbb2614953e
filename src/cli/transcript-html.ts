import type { Root, RootContent } from 'mdast';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { attachHastData } from '../remark/hast.js';
import { callFingerprint, toolCallFromChunk } from '../remark/node.js';
import { remarkToolCalls } from '../remark/plugin.js';
import { rehypeSafeUrls } from '../remark/safe-urls.js';
import type { ToolChunk, ToolSyntax, TranscriptChunk } from '../types.js';
import { joinAllParts, joinParts, PartCutter, type Part, type PlacedCall } from './parts.js';
import { SettledChunks } from './settled-chunks.js';

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

/** The transcript as one HTML fragment (see {@link TranscriptHtml}), read in slices of a part's size. */
export function renderTranscriptHtml(markdown: string, syntaxes: ToolSyntax[], partSize = PART_SIZE): string {
  const transcript = new TranscriptHtml(syntaxes, partSize);
  const slice = Math.max(Math.min(partSize, PART_SIZE), 1024);
  const html: string[] = [];
  for (let from = 0; from < markdown.length; from += slice) html.push(...transcript.write(markdown.slice(from, from + slice)));
  html.push(...transcript.end());
  return html.join('');
}

/**
 * The transcript as HTML, from text that arrives in pieces, in pieces to write one after
 * another. The text is parsed once, as it arrives ({@link SettledChunks}); the document is cut
 * into parts of about `partSize` ({@link PartCutter}) and each part goes through the remark
 * pipeline on its own as soon as it is complete, then is dropped: memory follows the part, not
 * the document, and the work is linear. The HTML does not depend on how the text is split.
 *
 * The tool calls are those of the one parse of the whole document (their ids numbered across
 * it), put in place of the calls each part's own parse found. Where a part's own parse finds its
 * calls elsewhere, the scanner's state at the cut before it differed from a fresh start (a fence
 * it still counts open): that cut is undone and the two parts render as one. For that, the last
 * rendered part is held back until the next one shows the cut between them was good.
 */
export class TranscriptHtml {
  private readonly processor: ReturnType<typeof createProcessor>;
  private readonly chunks: SettledChunks;
  private readonly cutter: PartCutter;
  /** Rendered, not yet handed out. */
  private held: { part: Part; html: string } | undefined;
  /** Parts not renderable on their own (see above), waiting for the next ones. */
  private pending: Part[] = [];
  private pendingLength = 0;
  /** The length the pending parts must reach before the next try. */
  private retryAt = 0;
  private first = true;

  constructor(syntaxes: ToolSyntax[], partSize = PART_SIZE) {
    this.processor = createProcessor(syntaxes);
    this.chunks = new SettledChunks({ syntaxes });
    this.cutter = new PartCutter(partSize);
  }

  /** Reads the next piece of the transcript; returns the HTML of the parts it completed. */
  write(text: string): string[] {
    return this.renderChunks(this.chunks.write(text), false);
  }

  /** The transcript ended: returns the rest of the HTML. */
  end(): string[] {
    return this.renderChunks(this.chunks.end(), true);
  }

  private renderChunks(chunks: TranscriptChunk[], ended: boolean): string[] {
    const out: string[] = [];
    for (const chunk of chunks) for (const part of this.cutter.push(chunk)) this.renderPart(part, out);
    if (!ended) return out;
    for (const part of this.cutter.end()) this.renderPart(part, out);
    if (this.pending.length > 0) {
      // The end: one more try, then the part as its own parse reads it.
      this.retryAt = 0;
      if (!this.renderPart(this.takePending(), out)) {
        const part = this.takePending();
        this.hold(part, this.render(part, true)!, out);
      }
    }
    if (this.held) this.emit(this.held.html, out);
    this.held = undefined;
    return out;
  }

  /** Renders `next` (after the parts still pending); false when it must wait for more. */
  private renderPart(next: Part, out: string[]): boolean {
    this.pending.push(next);
    this.pendingLength += next.text.length;
    // After a failed try, the part waits until it has doubled: however long the scanner and a
    // fresh start disagree, the text is rendered a bounded number of times.
    if (this.pendingLength < this.retryAt) return false;
    const part = this.takePending();
    const html = this.render(part);
    if (html !== undefined) {
      this.retryAt = 0;
      this.hold(part, html, out);
      return true;
    }
    if (this.held) {
      // The scanner read the text before the cut at `part.start` into another state than a fresh
      // start: undo that cut.
      const joined = joinParts(this.held.part, part);
      const joinedHtml = this.render(joined);
      if (joinedHtml !== undefined) {
        this.retryAt = 0;
        this.held = { part: joined, html: joinedHtml };
        return true;
      }
    }
    this.pending = [part];
    this.pendingLength = part.text.length;
    this.retryAt = 2 * part.text.length;
    return false;
  }

  /** The pending parts as one part, and none pending. */
  private takePending(): Part {
    const parts = this.pending;
    this.pending = [];
    this.pendingLength = 0;
    return parts.length === 1 ? parts[0]! : joinAllParts(parts);
  }

  /** Hands out the held part and holds `part` instead. */
  private hold(part: Part, html: string, out: string[]): void {
    if (this.held) this.emit(this.held.html, out);
    this.held = { part, html };
  }

  private emit(html: string, out: string[]): void {
    if (html === '') return;
    // remark-rehype puts a line break between the root's children; parts are such children.
    out.push(this.first ? html : `\n${html}`);
    this.first = false;
  }

  /** The part as HTML, or `undefined` when its own parse found its calls elsewhere (unless `force`). */
  private render(part: Part, force = false): string | undefined {
    const tree = this.processor.parse(part.text);
    if (!useWholeDocumentCalls(tree, part.calls) && !force) return undefined;
    return this.processor.stringify(this.processor.runSync(tree));
  }
}

/**
 * Puts the whole document's calls in place of the ones the part's parse found, when those stand
 * at the same places; returns false (tree untouched) when they do not.
 */
function useWholeDocumentCalls(tree: Root, calls: readonly PlacedCall[]): boolean {
  const found: number[] = [];
  tree.children.forEach((child, index) => {
    if (child.type === 'toolCall') found.push(index);
  });
  if (found.length !== calls.length) return false;
  const same = found.every((index, i) => {
    const position = tree.children[index]!.position;
    return position?.start.offset === calls[i]!.start && position.end.offset === calls[i]!.end;
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
