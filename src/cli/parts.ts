import type { TranscriptChunk } from '../types.js';

/** A part of the document, `[start, end)` in UTF-16 code units. */
export interface Part {
  start: number;
  end: number;
}

/**
 * Where `render` may cut a document into parts that are rendered one after another, so that a
 * big transcript never becomes one giant syntax tree. A cut is a line start that:
 *
 * - lies in a text chunk (never inside a tool block);
 * - follows a blank line, outside fenced code (```` ``` ````, `~~~`) and outside the raw HTML
 *   blocks a blank line does not end (`<!-- -->`, `<script>`, `<pre>`, `<style>`, `<textarea>`,
 *   `<? ?>`, `<!X >`, `<![CDATA[ ]]>`);
 * - starts with a character at column 1 that is neither blank nor a list marker.
 *
 * CommonMark ends every open construct (paragraph, list, block quote, indented code, table) at
 * such a line, so the markdown on either side parses as it does in one piece. What still spans
 * the whole text, link reference definitions and footnotes, then resolves within one part;
 * `render` documents that, and parts are large enough that ordinary transcripts are one part.
 *
 * @param chunks `parseTranscript(doc)`'s chunks (they add up to `doc`).
 * @param target The size a part grows to before the next cut is taken.
 */
export function* documentParts(doc: string, chunks: readonly TranscriptChunk[], target: number): Generator<Part> {
  let start = 0;
  for (const cut of cutPoints(doc, chunks)) {
    if (cut - start < target) continue;
    yield { start, end: cut };
    start = cut;
  }
  if (start < doc.length || doc.length === 0) yield { start, end: doc.length };
}

/** Every cut point of the document, in order (see {@link documentParts}). */
export function* cutPoints(doc: string, chunks: readonly TranscriptChunk[]): Generator<number> {
  const lines = new LineState();
  let offset = 0;
  for (const chunk of chunks) {
    if (chunk.type === 'tool') {
      offset += chunk.raw.length;
      // Each text run between blocks is parsed on its own: nothing open carries past a block.
      lines.afterBlock();
      continue;
    }
    const end = offset + chunk.value.length;
    let lineStart = offset;
    // A run that starts after a block starts in the middle of that block's last line (or in its
    // `\r\n`, when the block ends in `\r`).
    if (offset > 0 && !startsLine(doc, offset)) lineStart = nextLine(doc, offset, end).next;
    while (lineStart < end) {
      const { lineEnd, next } = nextLine(doc, lineStart, end);
      if (lines.cutBefore(doc, lineStart, lineEnd)) yield lineStart;
      // A line cut short by the next block is not a whole line: it is not blank.
      lines.take(doc.slice(lineStart, lineEnd), next <= end && lineEnd < end);
      lineStart = next;
    }
    offset = end;
  }
}

/** Whether `offset` starts a line (CommonMark line endings: `\n`, `\r\n`, `\r`). */
function startsLine(doc: string, offset: number): boolean {
  const before = doc.charCodeAt(offset - 1);
  return before === 10 || (before === 13 && doc.charCodeAt(offset) !== 10);
}

/** The line at `from`: where it ends, and where the next one starts (past `end` when none does). */
function nextLine(doc: string, from: number, end: number): { lineEnd: number; next: number } {
  for (let i = from; i < end; i++) {
    const unit = doc.charCodeAt(i);
    if (unit === 10) return { lineEnd: i, next: i + 1 };
    if (unit === 13) return { lineEnd: i, next: doc.charCodeAt(i + 1) === 10 ? i + 2 : i + 1 };
  }
  return { lineEnd: end, next: end + 1 };
}

/** An open fenced code block, as the scanner's markdown tracker sees it. */
interface Fence {
  char: string;
  length: number;
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
class LineState {
  private previousBlank = false;
  /** The open top-level fenced code block, for the markdown parser. */
  private fence: Fence | undefined;
  /** The open fenced code block, for the scanner. */
  private scannerFence: Fence | undefined;
  /** The text that ends the open raw HTML block (lower case). */
  private htmlEnd: string | undefined;

  afterBlock(): void {
    this.previousBlank = false;
    this.fence = undefined;
    this.scannerFence = undefined;
    this.htmlEnd = undefined;
  }

  /** Whether the line `doc[from..to)` may start a new part. */
  cutBefore(doc: string, from: number, to: number): boolean {
    if (!this.previousBlank || this.fence || this.scannerFence || this.htmlEnd !== undefined || from >= to) return false;
    const first = doc[from]!;
    return first !== ' ' && first !== '\t' && !startsListItem(doc, from, to);
  }

  /** Reads one line (without its line ending); `whole` when the line ending is in the same text run. */
  take(line: string, whole: boolean): void {
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
      if (line.toLowerCase().includes(this.htmlEnd)) this.htmlEnd = undefined;
      return;
    }
    this.fence = opensFence(line, false);
    if (!this.fence) this.htmlEnd = opensHtmlBlock(line);
  }
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
  const char = line[i];
  if (char !== '`' && char !== '~') return undefined;
  let end = i;
  while (line[end] === char) end++;
  if (end - i < 3) return undefined;
  if (char === '`' && line.includes('`', end)) return undefined;
  return { char, length: end - i, base };
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
  let end = i;
  while (line[end] === fence.char) end++;
  return end - i >= fence.length && line.slice(end).trim() === '';
}

/** CommonMark's HTML blocks 1–5, which run past blank lines to their end text. */
const HTML_BLOCKS: ReadonlyArray<{ start: RegExp; end: string }> = [
  ...['script', 'pre', 'style', 'textarea'].map((tag) => ({ start: new RegExp(`^<${tag}(?:[\\s>]|$)`, 'i'), end: `</${tag}>` })),
  { start: /^<!--/, end: '-->' },
  { start: /^<\?/, end: '?>' },
  { start: /^<![A-Za-z]/, end: '>' },
  { start: /^<!\[CDATA\[/, end: ']]>' },
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
