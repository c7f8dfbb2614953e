import type { BlockIdentity, BlockReader, ParsedCall, WorkMeter } from '../../types.js';
import { identityOf } from '../shared/identity.js';
import { ArgumentTree } from './argument-tree.js';
import { xmlCall } from './call.js';
import { SourcePieces } from './source-pieces.js';
import { XmlTokenizer } from './tokenizer.js';

export { MAX_XML_DEPTH } from './argument-tree.js';

/** What the opener settled for a `<tool name="N">` or `<tool:N>` block. */
export interface XmlToolHeader {
  toolName: string;
  toolCallId: string | undefined;
  /** Lower-case name of the closing tag: `tool` or `tool:n`. */
  closer: string;
  /** Other opener attributes, kept as `fields`. */
  fields: ReadonlyArray<readonly [string, string]>;
  /** Units of the opener, for positions in error messages. */
  openerLength: number;
}

/**
 * The body of a `<tool name="N">` or `<tool:N>` block, up to `</tool>` /
 * `</tool:N>` (any case; `</tool>` closes even inside an open value, so an
 * unclosed `<arg>` is reported there). Inside, at the top or in `<arguments>`:
 *
 * - `<arg name="k">v</arg>`, `<param name="k">v</param>`, `<param:k>v</param:k>`:
 *   the value is the text as written up to its close tag (markup inside
 *   kept), CDATA unwrapped, one line break trimmed at each edge; with
 *   `type="json"` the text is parsed as JSON;
 * - a value wrapped in `__START_CONTENT__` … `__END_CONTENT__` (or
 *   `__START_PATCH__` … `__END_PATCH__`) is the text between the markers,
 *   verbatim (tags, `</arg>` and CDATA included), minus one line break after
 *   the start marker and one before the end marker;
 * - an `<arg>` whose first child is `<arg name="…">` is an object of those
 *   args, one whose first child is `<item>` an array of the items (each a
 *   value again, so they nest to {@link MAX_XML_DEPTH});
 * - in `<tool name="N">`, any other `<k>…</k>`: text, or an object of its
 *   child elements; `<tool:N>` takes only `<param:k>` (and `<param name>`);
 * - a name given again makes an array.
 *
 * A body of text only that starts with `{` is read as JSON arguments. Other
 * text outside an element, a stray or mismatched close tag, an `<arg>`
 * without a name or an element still open at the closer make the block an
 * `output-error` naming what and where (line and column counted from the
 * opener's `<`). The partial input shows the values read so far and the one being written, read
 * at points fixed by the body's text (`shared/read-points.ts`; the tree marks each close): a
 * message caught mid-stream shows what the same text streamed in any pieces shows.
 */
export class XmlToolBlock implements BlockReader {
  private readonly tokenizer: XmlTokenizer;
  /** The body as read (slices of it are kept for mixed content, and are the input deltas). */
  private readonly source: SourcePieces;
  private readonly tree: ArgumentTree;
  /** Body units taken as input deltas so far. */
  private taken = 0;
  /** The input ended: the units still held are body too. */
  private ended = false;
  /** The body length the partial input was last read at, and what it showed. */
  private readAt = 0;
  private snapshot: Record<string, unknown> = {};

  constructor(
    private readonly header: XmlToolHeader,
    private readonly work?: WorkMeter,
  ) {
    this.source = new SourcePieces(work);
    this.tree = new ArgumentTree(header.closer, header.toolName, this.source, work, (closeName) => this.tokenizer.expectContentMarker(closeName));
    this.tokenizer = new XmlTokenizer(this.tree, header.openerLength);
  }

  read(text: string, from: number, to: number): number {
    // The source first: a close tag in this piece slices content that may start in it.
    this.source.append(text.slice(from, to));
    return this.tokenizer.read(text, from, to);
  }

  endOfInput(): boolean {
    this.ended = true;
    return false;
  }

  identity(): BlockIdentity {
    return identityOf(this.header.toolName, this.header.toolCallId);
  }

  /** Body units read: not those still held (a tag being read, a possible end marker). */
  private readLength(): number {
    return this.source.length - this.tokenizer.pending().length;
  }

  takeInputDelta(): string {
    // Held units are body once the input ends; the closer never is.
    const closerAt = this.tree.closerAt;
    const from = this.taken;
    this.taken = closerAt >= 0 ? closerAt : this.ended ? this.source.length : this.readLength();
    return this.source.slice(from, this.taken, false);
  }

  partial(): ParsedCall[] {
    // Read again at the latest read point (a function of the text read, never of how it arrived),
    // if that is past the last read: a reader of the deltas asks for the partial input when they grow.
    const at = this.tree.points.latest(this.readLength());
    if (at > this.readAt) {
      this.readAt = at;
      this.snapshot = this.inputUpTo(at);
    }
    return [this.call(this.snapshot)];
  }

  /**
   * The input the body's first `length` units show, a function of that text alone (never of how
   * it arrived): read again by a block of its own, with what is still open as if it closed there.
   * A value being written shows its text so far; a tag, a CDATA section or an end marker's start
   * not complete yet is left out (it is not text), and so is a value with nothing written yet or a
   * JSON value that does not parse yet. Costs about `length`; the read points keep the reads of a
   * block amortised linear.
   */
  private inputUpTo(length: number): Record<string, unknown> {
    const prefix = new XmlToolBlock(this.header, this.work);
    // In the pieces it arrived in: a slice across them would copy the body at every read.
    this.source.eachPiece(length, (piece, from, to) => prefix.read(piece, from, to));
    const tree = prefix.tree;
    if (tree.error === undefined) tree.closeAll(true);
    return tree.input.object;
  }

  finish(closed: boolean): ParsedCall[] {
    const tree = this.tree;
    if (!closed && tree.error === undefined) {
      // The input ended inside the block: what is open is finished as if closed (best effort).
      this.tokenizer.end();
      tree.closeAll(false);
    }
    const call = this.call(tree.finishedInput());
    const errorText = tree.error;
    return [errorText === undefined ? call : { ...call, invalid: true, errorText }];
  }

  private call(input: Record<string, unknown>): ParsedCall {
    const { toolName, toolCallId, fields } = this.header;
    return xmlCall(toolName, toolCallId, input, fields);
  }
}
