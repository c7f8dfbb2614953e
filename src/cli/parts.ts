import { isBlankLine, lineEndAt, lineStartAt } from '../markdown/index.js';
import { CodeSpans } from '../scanner/code-spans.js';
import { MarkdownTracker } from '../scanner/markdown.js';
import type { ReasoningChunk, ToolChunk, TranscriptChunk } from '../types.js';

/** A block of a part (a tool call or a reasoning block): its chunk and where its source stands, `[start, end)` in the part. */
export interface PlacedCall {
  chunk: ToolChunk | ReasoningChunk;
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
 * - follows a blank line, outside fenced code (```` ``` ````, `~~~`, also one in a list item,
 *   whose blank lines are its content only at the document's end) and outside the raw HTML
 *   blocks a blank line does not end (`<!-- -->`, `<script>`, `<pre>`, `<style>`, `<textarea>`,
 *   `<? ?>`, `<!X >`, `<![CDATA[ ]]>`), both as the scanner reads the whole text and as the
 *   markdown parser reads each text run between blocks (see {@link Readings});
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
  /** The readings of the text so far, as the scanner and as the markdown parser read it. */
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
  /** The line being read starts where a block ended mid-line: no part starts there. */
  private midLine = false;
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
    for (let end = lineEndAt(value, from); end < value.length; end = lineEndAt(value, from)) {
      const next = lineStartAt(value, end + 1);
      // A `\r` at the end of the text may be the first half of a `\r\n`: the next text says.
      if (end + 1 === value.length && value.charCodeAt(end) === 13) this.afterCarriageReturn = true;
      this.line.push(value.slice(from, end));
      this.readLine(true, done);
      this.lineStart = base + next;
      from = next;
    }
    if (from < value.length) this.line.push(value.slice(from));
  }

  private readBlock(chunk: ToolChunk | ReasoningChunk, done: Part[]): void {
    // A block at the start of a line after a blank line may start a part: the text before it is
    // parsed on its own anyway, and transcripts of blocks with only blank lines between them
    // have no other cut.
    const atLineStart = this.line.length === 0 && !this.midLine;
    this.endRun(done);
    if (this.readings.block(chunk.raw, atLineStart) && this.offset > this.partStart && this.offset - this.partStart >= this.target) done.push(this.takePart(this.offset));
    const start = this.offset;
    this.pieces.push(chunk.raw);
    this.offset += chunk.raw.length;
    this.calls.push({ chunk, start, end: this.offset });
    // The run after a block starts in the middle of the block's last line, unless the block ends
    // with a line break (when that is a `\r`, a `\n` after it still belongs to it).
    const last = this.lastUnit();
    if (chunk.raw !== '') this.midLine = last !== 10 && last !== 13;
    this.afterCarriageReturn = last === 13;
    this.lineStart = this.offset;
  }

  /** A text run ends (at a block or the end of input): the line it was reading is cut short. */
  private endRun(done: Part[]): void {
    this.afterCarriageReturn = false;
    if (this.line.length > 0) this.readLine(false, done);
  }

  /** Reads the line gathered in `this.line`; `whole` when its line ending is in the same text run. */
  private readLine(whole: boolean, done: Part[]): void {
    const line = this.line.length === 1 ? this.line[0]! : this.line.join('');
    this.line = [];
    const atLineStart = !this.midLine;
    this.midLine = false;
    if (this.readings.read(line, whole, atLineStart) && this.lineStart - this.partStart >= this.target) done.push(this.takePart(this.lineStart));
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

/**
 * What a cut must know about the lines before it, read by the scanner's own markdown model
 * ({@link MarkdownTracker}), so that the cutter and the parser cannot disagree:
 *
 * - as the scanner reads the document: one tracker over all the text, told of each tool block
 *   as the scanner tells it (an HTML block of kind 6 or 7 and the containers go on past a block);
 * - as the markdown parser reads it: each text run between blocks on its own, a fresh tracker
 *   after each block (the run after a block that ends mid-line starts at a line start to it).
 *   The tracker does not follow headings, thematic breaks and tables, so it may take a line for
 *   a paragraph's that is not; after such a line a lone tag (`<t>`) opens an HTML block to
 *   CommonMark and not to the tracker, and so does a list item that cannot interrupt a
 *   paragraph (`2. x`). At a line that may be either, a second reading starts as if a blank line
 *   came first; readings go on until a cut, where every one of them stands where a fresh start does.
 *
 * A line may start a part when it follows a blank line, starts at column 1 with neither a blank
 * nor a list marker (that closes every container and paragraph), and no reading is inside fenced
 * code or an HTML block a blank line does not end: then all read on from it as a fresh start does.
 */
class Readings {
  /** The scanner's reading: the whole text, blocks reported as the scanner reports them. */
  private scanner = new MarkdownTracker();
  /** The markdown parser's readings of the current text run (see above). */
  private markdown = [new MarkdownTracker()];
  /** More readings were due than {@link MAX_READINGS}: no cut until the next text run. */
  private unsure = false;
  private previousBlank = false;

  /**
   * A tool block whose source is `raw` was read in place of text; tells whether it may start a
   * new part (`atLineStart`: it starts a line).
   */
  block(raw: string, atLineStart: boolean): boolean {
    const first = raw[0];
    if (first === undefined) return false;
    // The scanner classified the block's first unit, then read the block in place of text. To the
    // markdown parser the text run ends here anyway: a cut here changes nothing of its reading.
    const scannerAllows = this.scanner.classify(first) !== 0;
    const cut = atLineStart && this.previousBlank && first !== ' ' && first !== '\t' && scannerAllows;
    const last = raw.charCodeAt(raw.length - 1);
    // As the scanner reports it: a tool fence is a block of its own, any other block stands in a paragraph.
    this.scanner.afterBlock(last === 10 || last === 13, raw.length, first !== '`' && first !== '~');
    // Each text run between blocks is parsed on its own.
    this.markdown = [new MarkdownTracker()];
    this.unsure = false;
    this.previousBlank = false;
    return cut;
  }

  /**
   * Reads one line (without its line ending; `whole` when the ending is in the same text run)
   * and tells whether it may start a new part. Not `atLineStart`: the line starts where a block
   * ended mid-line (to the markdown parser it starts the text run, so it is read all the same).
   */
  read(line: string, whole: boolean, atLineStart: boolean): boolean {
    if (!this.previousBlank && (MAY_BE_LONE_TAG.test(line) || MAY_BE_LIST_ITEM.test(line))) this.branch();
    const first = line[0];
    const candidate = atLineStart && this.previousBlank && !this.unsure && first !== undefined && first !== ' ' && first !== '\t' && !startsListItem(line, 0, line.length);
    const cut = candidate && this.nothingOpen(first!);
    // Every reading stands where a fresh start does: one is enough.
    if (cut) this.markdown.length = 1;
    const asItems = EMPTY_ITEM.test(line) ? this.readAsItems(line, whole) : [];
    // A candidate's first unit was classified by the probe: each unit is classified once, then fed.
    feedLine(this.scanner, line, whole, candidate);
    for (const reading of this.markdown) feedLine(reading, line, whole, candidate);
    this.markdown.push(...asItems);
    this.previousBlank = atLineStart && whole && isBlankLine(line);
    return cut;
  }

  /** Each markdown reading goes on, and also as if a blank line ended the paragraph before this line. */
  private branch(): void {
    if (this.unsure) return;
    if (this.markdown.length * 2 > MAX_READINGS) {
      this.unsure = true;
      return;
    }
    for (const reading of this.markdown.slice()) {
      const other = reading.fork(new CodeSpans());
      other.feed('\n');
      this.markdown.push(other);
    }
  }

  /**
   * The tracker opens an empty list item only for a marker alone on its line that is the first
   * container opened there; after a `>` or another marker on the same line (`> -`, `- -`) it
   * reads the marker as text. To CommonMark such a marker may open an item whose content starts
   * on the next line, and a fence there ends with the item. Readings of the line as an item with
   * content, to go on beside the others.
   */
  private readAsItems(line: string, whole: boolean): MarkdownTracker[] {
    if (this.unsure) return [];
    if (this.markdown.length * 2 > MAX_READINGS) {
      this.unsure = true;
      return [];
    }
    return this.markdown.map((reading) => {
      const other = reading.fork(new CodeSpans());
      feedLine(other, `${line.trimEnd()} x`, whole, false);
      return other;
    });
  }

  /**
   * No reading is inside fenced code or an HTML block of kinds 1–5 at a line starting with
   * `first`. Classifies that unit in every reading (as {@link feedLine} then expects).
   */
  private nothingOpen(first: string): boolean {
    const readings = [this.scanner, ...this.markdown];
    // A fence in a list item goes on over blank lines and ends with the item at this line, but
    // the blank lines before are its content only when the document ends there: no cut.
    let open = readings.some((reading) => reading.fenceOpen());
    // At a column-1 line the containers end, and a tracker classifies its first unit as 0 only
    // inside fenced code or an HTML block of kinds 1–5 (`classify` settles the line start).
    for (const reading of readings) if (reading.classify(first) === 0) open = true;
    return !open;
  }
}

/** How many markdown readings a text run may need before cuts wait for the next run. */
const MAX_READINGS = 8;

/** A line that may be a lone tag (an HTML block of kind 7), container prefixes before it. */
const MAY_BE_LONE_TAG = /<[A-Za-z/][^]*>[ \t]*$/;
/** A line that may open a list item that cannot interrupt a paragraph (empty, or ordered from other than 1). */
const MAY_BE_LIST_ITEM = /^[ \t>]*(?:[-+*]|[0-9]{1,9}[.)])(?:[ \t]|$)/;

/** A list marker alone on its line, container prefixes before it. */
const EMPTY_ITEM = /^[ \t>]*(?:[-+*]|[0-9]{1,9}[.)])[ \t]*$/;

/** Feeds `line` (and its line break when `whole`) to `tracker`, classifying each unit first unless `classified` (the first was). */
function feedLine(tracker: MarkdownTracker, line: string, whole: boolean, classified: boolean): void {
  for (let i = 0; i < line.length; i++) {
    const unit = line[i]!;
    if (i > 0 || !classified) tracker.classify(unit);
    tracker.feed(unit);
  }
  if (whole) tracker.feed('\n');
}

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
