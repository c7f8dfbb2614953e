import { TextBuffer } from '../../scanner/text-buffer.js';

/** `text` without one line break (`\r\n`, `\n` or `\r`) at each edge. */
export function trimOneLineBreak(text: string): string {
  const holder = new ValueText();
  holder.add(text, false);
  return holder.finish();
}

/**
 * Text between content markers as the value: one line break right after the start marker is
 * dropped (the marker sits on its own line); the rest is kept verbatim, the line break before the
 * end marker included — a file's last line ends with one, as in autobyteus's write-file parser.
 */
export function betweenMarkers(verbatim: string): string {
  if (verbatim.startsWith('\r\n')) return verbatim.slice(2);
  return verbatim[0] === '\n' || verbatim[0] === '\r' ? verbatim.slice(1) : verbatim;
}

/** Pieces a value is joined from with `+=` before they go to a {@link TextBuffer}. */
const FEW_PIECES = 16;

/**
 * Text that arrives in pieces (a value's text comes between every `<` the tokenizer looks at).
 * A few are joined with `+=`, the common short value; past {@link FEW_PIECES} they go to a
 * {@link TextBuffer}: `+=` alone kept a rope node per piece alive until the value closed, and
 * the collector's copying of them made one 2 MB argument 1.3× slower per unit than a 200 KB
 * one, while a buffer for every short value cost the many-small-args case about a tenth.
 */
export class PiecedText {
  private few = '';
  private pieces = 0;
  private many: TextBuffer | undefined;

  get length(): number {
    return this.many === undefined ? this.few.length : this.many.length;
  }

  append(piece: string): void {
    if (this.many !== undefined) this.many.append(piece);
    else if (++this.pieces <= FEW_PIECES) this.few += piece;
    else {
      this.many = new TextBuffer(this.few);
      this.many.append(piece);
    }
  }

  toString(): string {
    return this.many === undefined ? this.few : this.many.toString();
  }
}

/**
 * The text of one value as it is read: text as written plus unwrapped CDATA
 * sections. One line break at each edge is not part of the value (so
 * `<arg name="k">\nv\n</arg>` is `v`), but only where the edge is written
 * text: a line break inside CDATA is kept.
 */
export class ValueText extends PiecedText {
  /** Length of the value before the first CDATA section, or -1 while there is none. */
  private textPrefixEnd = -1;
  /** Length of the value after the last CDATA section. */
  private textSuffixStart = 0;

  /** Text as written, or the content of a CDATA section (`cdata`). */
  add(text: string, cdata: boolean): void {
    if (cdata && this.textPrefixEnd < 0) this.textPrefixEnd = this.length;
    this.append(text);
    if (cdata) this.textSuffixStart = this.length;
  }

  /** The value without one line break at each written edge. */
  finish(): string {
    const value = this.toString();
    const prefixEnd = this.textPrefixEnd < 0 ? value.length : this.textPrefixEnd;
    let start = 0;
    if (value[0] === '\r') start = value[1] === '\n' && prefixEnd >= 2 ? 2 : 1;
    else if (value[0] === '\n') start = 1;
    if (start > prefixEnd) start = 0;
    let end = value.length;
    const floor = Math.max(start, this.textSuffixStart);
    const last = value[end - 1];
    let trail = 0;
    if (last === '\n') trail = value[end - 2] === '\r' && end - 2 >= floor ? 2 : 1;
    else if (last === '\r') trail = 1;
    if (trail > 0 && end - trail >= floor) end -= trail;
    return value.slice(start, end);
  }
}
