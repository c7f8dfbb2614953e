import type { Root } from 'mdast';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { treeOfChunks } from '../remark/parse.js';
import { rehypeSafeUrls } from '../remark/safe-urls.js';
import { parseTranscript } from '../stream/parser.js';
import type { ToolSyntax, TranscriptChunk } from '../types.js';
import { joinAllParts, joinParts, PartCutter, type Part, type PlacedCall } from './parts.js';
import { SettledChunks } from './settled-chunks.js';

/**
 * The size (UTF-16 code units) a part grows to before `render` cuts the transcript: small enough
 * that one part's syntax trees stay a few megabytes, large enough that an ordinary transcript is
 * one part and renders exactly as the remark plugin renders it whole.
 */
const PART_SIZE = 64 * 1024;

/**
 * The remark pipeline `render` uses, in its two halves: the markdown between tool blocks
 * (remark-parse with GFM), and the tree to HTML (safe URLs). In between, the tree is built from
 * the chunks as the `remarkToolCalls` plugin builds it (`treeOfChunks`), so a document in one
 * part renders exactly as that plugin renders it (`unified().use(remarkParse).use(remarkGfm)
 * .use(remarkToolCalls, { syntaxes }).use(remarkRehype).use(rehypeSafeUrls).use(rehypeStringify)`),
 * without the plugin scanning the text again for calls the CLI already has.
 */
const markdownProcessor = unified().use(remarkParse).use(remarkGfm).freeze();
const htmlProcessor = unified().use(remarkRehype).use(rehypeSafeUrls).use(rehypeStringify).freeze();

function parseMarkdown(text: string): Root {
  return markdownProcessor.parse(text);
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
 * A part's tree is built from the chunks of the one parse of the whole document (tool ids
 * numbered across it), not scanned again. The part is still parsed on its own, as the check of
 * the cut before it: where its own parse finds its calls elsewhere, the scanner's state at that
 * cut differed from a fresh start (a fence it still counts open), so the cut is undone and the
 * two parts render as one. For that, the last rendered part is held back until the next one
 * shows the cut between them was good.
 */
export class TranscriptHtml {
  private readonly syntaxes: ToolSyntax[];
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
    this.syntaxes = syntaxes;
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

  /**
   * The part as HTML, with the whole document's calls; `undefined` when the part's own parse
   * finds its calls elsewhere, unless `force`: then the part as its own parse reads it.
   */
  private render(part: Part, force = false): string | undefined {
    // The part's own parse is the check of the cut before it (see the class comment); where it
    // agrees, the text between the calls is the same either way.
    const own = parseTranscript(part.text, { syntaxes: this.syntaxes });
    const chunks = callsStandAlike(own, part.calls) ? wholeDocumentChunks(part) : force ? own : undefined;
    if (chunks === undefined) return undefined;
    const tree = treeOfChunks(part.text, chunks, parseMarkdown);
    return htmlProcessor.stringify(htmlProcessor.runSync(tree));
  }
}

/** Whether the tool chunks of `own` (the part's own parse) stand where `calls` stand, one for one. */
function callsStandAlike(own: readonly TranscriptChunk[], calls: readonly PlacedCall[]): boolean {
  let offset = 0;
  let index = 0;
  for (const chunk of own) {
    if (chunk.type === 'text') {
      offset += chunk.value.length;
      continue;
    }
    const call = calls[index++];
    if (call?.start !== offset || call.end !== offset + chunk.raw.length) return false;
    offset += chunk.raw.length;
  }
  return index === calls.length;
}

/** The part's chunks as the whole document reads them: its calls, and the text between as one chunk each. */
function wholeDocumentChunks(part: Part): TranscriptChunk[] {
  const chunks: TranscriptChunk[] = [];
  let offset = 0;
  for (const call of part.calls) {
    if (call.start > offset) chunks.push({ type: 'text', value: part.text.slice(offset, call.start) });
    chunks.push(call.chunk);
    offset = call.end;
  }
  if (offset < part.text.length) chunks.push({ type: 'text', value: part.text.slice(offset) });
  return chunks;
}
