import type { ToolChunk, TranscriptChunk } from '../types.js';
import { closesFenceRun, openingFenceRun, type FenceRun } from '../markdown/index.js';

/** A tool call of a part: its chunk and where its source stands, `[start, end)` in the part. */
export interface PlacedCall {
  chunk: ToolChunk;
  start: number;
  end: number;
}

/** A part of the document: its text, where it starts in the document, and its tool calls. */
export interface Part {
  /** Offset of the part in the document (UTF-16 code units). */
  start: number;
  text: string;
  calls: PlacedCall[];
}

/** Two consecutive parts as one. */
export function joinParts(first: Part, second: Part): Part {
  return joinAllParts([first, second]);
}

/** Consecutive parts as one. */
export function joinAllParts(parts: readonly Part[]): Part {
  const calls: PlacedCall[] = [];
  let shift = 0;
  for (const part of parts) {
    for (const call of part.calls) calls.push({ chunk: call.chunk, start: call.start + shift, end: call.end + shift });
    shift += part.text.length;
  }
  return { start: parts[0]!.start, text: parts.map((part) => part.text).join(''), calls };
}

/**
 * Cuts a document that arrives as settled chunks (`parseTranscript`'s chunks, a text chunk
 * possibly in several pieces: see `SettledChunks`) into parts that `render` renders one after
 * another, so that a big transcript is never held whole nor becomes one giant syntax tree.
 * A cut is a line start that:
 *
 * - lies in a text chunk (never inside a tool block), or starts a tool block;
 * - follows a blank line, outside fenced code (```` ``` ````, `~~~`) and outside the raw HTML
 *   blocks a blank line does not end (`<!-- -->`, `<script>`, `<pre>`, `<style>`, `<textarea>`,
 *   `<? ?>`, `<!X >`, `<![CDATA[ ]]>`);
 * - starts with a character at column 1 that is neither blank nor a list marker (or a block).
 *
 * CommonMark ends every open construct (paragraph, list, block quote, indented code, table) at
 * such a line, so the markdown on either side parses as it does in one piece. What still spans
 * the whole text, link reference definitions and footnotes, then resolves within one part;
 * `render` documents that, and parts are large enough that ordinary transcripts are one part.
 *
 * A part ends at the first cut point at least `target` code units after its start. The cutter
 * holds the current part's text and the line being read, nothing before.
 */
export class PartCutter {
  /** The readings of the lines so far (two while a line may or may not have opened an HTML block). */
  private readings = new Readings();
  /** The text since the start of the current part, in pieces. */
  private pieces: string[] = [];
  /** The tool calls since the start of the current part, placed in the document. */
  private calls: PlacedCall[] = [];
  /** Where the current part starts, and where the text read so far ends, in the document. */
  private partStart = 0;
  private offset = 0;
  /** The line being read: where it starts, and its text so far (a long line comes in pieces). */
  private lineStart = 0;
  private line: string[] = [];
  /** The rest of the line a block ended in is not read (the run after a block starts there). */
  private skipping = false;
  /** The text so far ends in `\r`: a `\n` that comes next belongs to that line break. */
  private afterCarriageReturn = false;
  private partsMade = 0;

  constructor(private readonly target: number) {}

  /** Reads the next settled chunk; returns the parts it completed. */
  push(chunk: TranscriptChunk): Part[] {
    const done: Part[] = [];
    if (chunk.type === 'text') this.readText(chunk.value, done);
    else this.readBlock(chunk, done);
    return done;
  }

  /** The input ended: returns the parts left (an empty document is one empty part). */
  end(): Part[] {
    const done: Part[] = [];
    this.endRun(done);
    if (this.offset > this.partStart || this.partsMade === 0) done.push(this.takePart(this.offset));
    return done;
  }

  private readText(value: string, done: Part[]): void {
    if (value === '') return;
    const base = this.offset;
    this.pieces.push(value);
    this.offset += value.length;
    let from = 0;
    if (this.afterCarriageReturn) {
      this.afterCarriageReturn = false;
      if (value.charCodeAt(0) === 10) from = 1;
      this.lineStart = base + from;
    }
    const lineEnd = /\r\n|\r|\n/g;
    lineEnd.lastIndex = from;
    for (let match = lineEnd.exec(value); match; match = lineEnd.exec(value)) {
      const next = match.index + match[0].length;
      // A `\r` at the end of the text may be the first half of a `\r\n`: the next text says.
      if (match[0] === '\r' && next === value.length) this.afterCarriageReturn = true;
      if (!this.skipping) this.line.push(value.slice(from, match.index));
      this.readLine(true, done);
      this.lineStart = base + next;
      from = next;
    }
    if (from < value.length && !this.skipping) this.line.push(value.slice(from));
  }

  private readBlock(chunk: ToolChunk, done: Part[]): void {
    // A block at the start of a line after a blank line may start a part: the text before it is
    // parsed on its own anyway, and transcripts of blocks with only blank lines between them
    // have no other cut.
    const atLineStart = this.line.length === 0 && !this.skipping && chunk.raw !== '';
    if (atLineStart && this.readings.cutBeforeBlock() && this.offset > this.partStart && this.offset - this.partStart >= this.target) done.push(this.takePart(this.offset));
    this.endRun(done);
    // Each text run between blocks is parsed on its own: nothing open carries past a block.
    this.readings.afterBlock();
    const start = this.offset;
    this.pieces.push(chunk.raw);
    this.offset += chunk.raw.length;
    this.calls.push({ chunk, start, end: this.offset });
    // The run after a block starts in the middle of the block's last line, unless the block ends
    // with a line break (when that is a `\r`, a `\n` after it still belongs to it).
    const last = this.lastUnit();
    this.skipping = this.offset > 0 && last !== 10 && last !== 13;
    this.afterCarriageReturn = last === 13;
    this.lineStart = this.offset;
  }

  /** A text run ends (at a block or the end of input): the line it was reading is cut short. */
  private endRun(done: Part[]): void {
    this.afterCarriageReturn = false;
    if (this.line.length > 0) this.readLine(false, done);
    this.skipping = false;
  }

  /** Reads the line gathered in `this.line`; `whole` when its line ending is in the same text run. */
  private readLine(whole: boolean, done: Part[]): void {
    if (this.skipping) {
      this.skipping = false;
      return;
    }
    const line = this.line.length === 1 ? this.line[0]! : this.line.join('');
    this.line = [];
    if (this.readings.cutBefore(line) && this.lineStart - this.partStart >= this.target) done.push(this.takePart(this.lineStart));
    this.readings.take(line, whole);
  }

  /** The current part up to `end`; the text after it starts the next part. */
  private takePart(end: number): Part {
    const start = this.partStart;
    const text = this.pieces.length === 1 ? this.pieces[0]! : this.pieces.join('');
    const length = end - start;
    const calls: PlacedCall[] = [];
    const rest: PlacedCall[] = [];
    for (const call of this.calls) {
      if (call.start < end) calls.push({ chunk: call.chunk, start: call.start - start, end: call.end - start });
      else rest.push(call);
    }
    this.calls = rest;
    this.pieces = length < text.length ? [text.slice(length)] : [];
    this.partStart = end;
    this.partsMade++;
    return { start, text: length < text.length ? text.slice(0, length) : text, calls };
  }

  /** The last code unit of the text read so far (`NaN` when there is none in this part). */
  private lastUnit(): number {
    for (let i = this.pieces.length - 1; i >= 0; i--) {
      const piece = this.pieces[i]!;
      if (piece.length > 0) return piece.charCodeAt(piece.length - 1);
    }
    return NaN;
  }
}

/**
 * The parts of a whole document (see {@link PartCutter}), as `[start, end)` ranges.
 *
 * @param chunks `parseTranscript(doc)`'s chunks (they add up to `doc`).
 */
export function* documentParts(chunks: Iterable<TranscriptChunk>, target: number): Generator<{ start: number; end: number }> {
  const cutter = new PartCutter(target);
  const range = (part: Part) => ({ start: part.start, end: part.start + part.text.length });
  for (const chunk of chunks) for (const part of cutter.push(chunk)) yield range(part);
  for (const part of cutter.end()) yield range(part);
}

/** Every cut point of the document, in order (see {@link PartCutter}). */
export function* cutPoints(chunks: Iterable<TranscriptChunk>): Generator<number> {
  for (const part of documentParts(chunks, 0)) if (part.start > 0) yield part.start;
}

/** An open fenced code block, as the scanner's markdown tracker sees it. */
interface Fence extends FenceRun {
  /** Columns of block-quote and list-item prefix before the opening run. */
  base: number;
}

/**
 * What a cut must know about the lines before it. Fenced code is followed twice: as CommonMark
 * reads it (top-level fences; one inside a container ends with the container), and as the
 * scanner's own tracker does (which also opens fences inside block quotes and list items and keeps
 * them open until a closing run). A cut needs both closed, so that the markdown parser and the
 * scanner are both where a fresh start puts them.
 */
/**
 * The ways the lines so far may read ({@link LineState}s): one, except after a line that opens an
 * HTML block only when it does not continue a paragraph (kind 7), which the states do not follow;
 * both readings then go on until they agree again. A cut needs every reading to allow it.
 */
class Readings {
  private states = [new LineState()];

  afterBlock(): void {
    this.states = [new LineState()];
  }

  cutBeforeBlock(): boolean {
    return this.states.every((state) => state.cutBeforeBlock());
  }

  cutBefore(line: string): boolean {
    return this.states.every((state) => state.cutBefore(line));
  }

  take(line: string, whole: boolean): void {
    const next: LineState[] = [];
    for (const state of this.states) {
      const other = state.take(line, whole);
      next.push(state);
      if (other) next.push(other);
    }
    // Readings that have come to the same state are one.
    this.states = next.filter((state, i) => next.findIndex((other) => other.sameAs(state)) === i);
  }
}

class LineState {
  private previousBlank = false;
  /** The open top-level fenced code block, for the markdown parser. */
  private fence: Fence | undefined;
  /** The open fenced code block, for the scanner. */
  private scannerFence: Fence | undefined;
  /** The text that ends the open raw HTML block (lower case), or {@link BLANK_LINE}. */
  private htmlEnd: string | undefined;

  afterBlock(): void {
    this.previousBlank = false;
    this.fence = undefined;
    this.scannerFence = undefined;
    this.htmlEnd = undefined;
  }

  /** Whether a tool block that starts a line may start a new part. */
  cutBeforeBlock(): boolean {
    return this.previousBlank && !this.fence && !this.scannerFence && this.htmlEnd === undefined;
  }

  /** Whether `line` (without its line ending) may start a new part. */
  cutBefore(line: string): boolean {
    if (!this.previousBlank || this.fence || this.scannerFence || this.htmlEnd !== undefined || line === '') return false;
    const first = line[0]!;
    return first !== ' ' && first !== '\t' && !startsListItem(line, 0, line.length);
  }

  sameAs(other: LineState): boolean {
    return (
      this.previousBlank === other.previousBlank &&
      sameFence(this.fence, other.fence) &&
      sameFence(this.scannerFence, other.scannerFence) &&
      this.htmlEnd === other.htmlEnd
    );
  }

  /**
   * Reads one line (without its line ending); `whole` when the line ending is in the same text
   * run. A line that opens an HTML block of kind 7 only outside a paragraph (which this state
   * does not follow) leaves this state reading it as text and returns the other reading.
   */
  take(line: string, whole: boolean): LineState | undefined {
    this.previousBlank = whole && line.trim() === '';
    if (this.scannerFence) {
      if (closesFence(line, this.scannerFence)) this.scannerFence = undefined;
    } else {
      this.scannerFence = opensFence(line, true);
    }
    if (this.fence) {
      if (closesFence(line, this.fence)) this.fence = undefined;
      return;
    }
    if (this.htmlEnd !== undefined) {
      const ends = this.htmlEnd === BLANK_LINE ? line.trim() === '' : line.toLowerCase().includes(this.htmlEnd);
      if (ends) this.htmlEnd = undefined;
      return;
    }
    this.fence = opensFence(line, false);
    if (this.fence) return;
    this.htmlEnd = opensHtmlBlock(line);
    if (this.htmlEnd !== undefined || !COMPLETE_TAG_LINE.test(line)) return;
    const other = new LineState();
    other.previousBlank = this.previousBlank;
    other.scannerFence = this.scannerFence;
    other.htmlEnd = BLANK_LINE;
    return other;
  }
}

function sameFence(a: Fence | undefined, b: Fence | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.char === b.char && a.length === b.length && a.base === b.base);
}

/** The end of HTML blocks of kinds 6 and 7: a blank line. */
const BLANK_LINE = '\n';

/** CommonMark's HTML block kind 7: a whole open or closing tag alone on its line (it cannot interrupt a paragraph). */
const COMPLETE_TAG_LINE = (() => {
  const name = '[A-Za-z][A-Za-z0-9-]*';
  const attribute = `[ \\t]+[A-Za-z_:][A-Za-z0-9_.:-]*(?:[ \\t]*=[ \\t]*(?:[^"'=<>\`\\x00-\\x20]+|'[^']*'|"[^"]*"))?`;
  return new RegExp(`^ {0,3}(?:<(?!(?:pre|script|style|textarea)[\\s/>])${name}(?:${attribute})*[ \\t]*/?>|</${name}[ \\t]*>)[ \\t]*$`, 'i');
})();

/** CommonMark's HTML block kind 6: one of these tags opens or closes, and a blank line ends it. */
const BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';

/** `-`, `+`, `*` or up to nine digits and `.` or `)`, then a blank or the line end. */
function startsListItem(doc: string, from: number, to: number): boolean {
  const width = listMarkerWidth(doc, from, to);
  return width > 0 && (from + width >= to || doc[from + width] === ' ' || doc[from + width] === '\t');
}

/** The length of a list marker at `from` (`-`, `+`, `*`, or up to nine digits and `.`/`)`), or 0. */
function listMarkerWidth(text: string, from: number, to: number): number {
  const first = text[from];
  if (first === '-' || first === '+' || first === '*') return 1;
  let i = from;
  while (i < to && i - from < 9 && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
  return i > from && (text[i] === '.' || text[i] === ')') ? i - from + 1 : 0;
}

/**
 * A fence opener: up to three spaces, then three or more backticks (none in the rest of the line)
 * or tildes. With `inContainers`, as the scanner reads one: block-quote `>` and list markers (each
 * followed by a blank) may come first, up to three spaces before each.
 */
function opensFence(line: string, inContainers: boolean): Fence | undefined {
  let i = 0;
  let base = 0;
  for (;;) {
    const indentStart = i;
    while (line[i] === ' ') i++;
    if (i - indentStart > 3) return undefined;
    if (!inContainers) break;
    if (line[i] === '>') {
      i++;
      base = i;
      continue;
    }
    const marker = listMarkerWidth(line, i, line.length);
    if (marker > 0 && (line[i + marker] === ' ' || line[i + marker] === '\t')) {
      i += marker + 1;
      base = i;
      continue;
    }
    break;
  }
  const run = openingFenceRun(line, i);
  return run && { ...run, base };
}

/** A closing line as the scanner reads one: spaces (and `>` inside a container), the run, blanks. */
function closesFence(line: string, fence: Fence): boolean {
  let i = 0;
  let spaces = 0;
  for (;;) {
    if (line[i] === ' ' && spaces < fence.base + 3) spaces++;
    else if (line[i] !== '>' || fence.base === 0) break;
    i++;
  }
  return closesFenceRun(line, i, fence);
}

/** CommonMark's HTML blocks 1–5, which run past blank lines to their end text. */
const HTML_BLOCKS: ReadonlyArray<{ start: RegExp; end: string }> = [
  ...['script', 'pre', 'style', 'textarea'].map((tag) => ({ start: new RegExp(`^<${tag}(?:[\\s>]|$)`, 'i'), end: `</${tag}>` })),
  { start: /^<!--/, end: '-->' },
  { start: /^<\?/, end: '?>' },
  { start: /^<![A-Za-z]/, end: '>' },
  { start: /^<!\[CDATA\[/, end: ']]>' },
  { start: new RegExp(`^</?(?:${BLOCK_TAGS})(?:[ \\t>]|/>|$)`, 'i'), end: BLANK_LINE },
];

/** The end text of the HTML block `line` opens and does not close, or `undefined`. */
function opensHtmlBlock(line: string): string | undefined {
  const indent = /^ {0,3}/.exec(line)![0].length;
  const rest = line.slice(indent);
  if (rest[0] !== '<') return undefined;
  for (const { start, end } of HTML_BLOCKS) {
    const opened = start.exec(rest);
    if (opened) return rest.toLowerCase().includes(end, opened[0].length) ? undefined : end;
  }
  return undefined;
}
