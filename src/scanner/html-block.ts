/**
 * The CommonMark HTML blocks whose content is verbatim up to an end marker
 * (kinds 1–5): `<script>`, `<pre>`, `<style>`, `<textarea>` up to their close
 * tag, comments, processing instructions, declarations and CDATA. Markers in
 * them are not calls (they are code to markdown, shown or hidden as written).
 *
 * Kind 6 (`<div>`, `<details>`, `<table>`… up to a blank line) is raw HTML
 * too, so it holds no fences or code spans; but it is markup the model wrote
 * around its words, not code: calls in it are found ({@link UNTIL_BLANK}).
 * Kind 7 (any other complete tag alone on its line) is not tracked: it is
 * exactly what an XML tool tag at a line start looks like, and it cannot
 * interrupt a paragraph, while our tags are recognised anywhere.
 */

/**
 * The end of kind 1: a line holding any of `</script>`, `</pre>`, `</style>`
 * or `</textarea>` (CommonMark: it need not match the start tag). The longest,
 * so the window holds each of them.
 */
const RAW_TEXT_END = '</textarea>';
const RAW_TEXT_TAGS = ['</script>', '</pre>', '</style>', '</textarea>'];

/** Start strings (lower case) with their end markers; `tag`: a space, tab, `>` or the line end must follow. */
const STARTS: ReadonlyArray<{ start: string; end: string; tag: boolean }> = [
  { start: '<script', end: RAW_TEXT_END, tag: true },
  { start: '<pre', end: RAW_TEXT_END, tag: true },
  { start: '<style', end: RAW_TEXT_END, tag: true },
  { start: '<textarea', end: RAW_TEXT_END, tag: true },
  { start: '<!--', end: '-->', tag: false },
  { start: '<?', end: '?>', tag: false },
  { start: '<![cdata[', end: ']]>', tag: false },
];

/** The end marker of kind 6: the block ends at a blank line, and calls in it are found. */
export const UNTIL_BLANK = '\n';

/** Kind 6 tag names. */
const BLOCK_TAGS = new Set(
  (
    'address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt ' +
    'fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link ' +
    'main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th thead ' +
    'title tr track ul'
  ).split(' '),
);
/** Longest kind 6 tag name. */
const LONGEST_TAG = 10;

/** Start string / longest start string. */
const LONGEST = Math.max(...STARTS.map((s) => s.start.length));

/** A start still possible, not yet complete. */
export const HTML_MORE = '';
/** Not an HTML block start. */
const HTML_NO = null;

/**
 * Reads the start of a line's content, `<` first, one unit at a time:
 * `read` gives the block's end marker once a start is complete (the unit that
 * completes it included), {@link HTML_MORE} while one may still come, and
 * {@link HTML_NO} when none can. `seen` is what was read before `unit`.
 */
export function readHtmlStart(seen: string, unit: string | undefined): string | null {
  const lower = unit === undefined ? undefined : unit.toLowerCase();
  for (const { start, end, tag } of STARTS) {
    if (seen === start && tag) {
      return lower === undefined || lower === ' ' || lower === '\t' || lower === '>' ? end : HTML_NO;
    }
  }
  const block = blockTag(seen, lower);
  if (block !== HTML_MORE) return block;
  if (lower === undefined) return HTML_NO;
  const next = seen + lower;
  // Kind 4: `<!` and an ASCII letter, up to the next `>`.
  if (seen === '<!' && lower >= 'a' && lower <= 'z') return '>';
  let more = false;
  for (const { start, end, tag } of STARTS) {
    if (next === start && !tag) return end;
    if (start.startsWith(next)) more = true;
  }
  if (more && next.length <= LONGEST) return HTML_MORE;
  return (next === '</' || /^<\/?[a-z][a-z0-9]*$/.test(next)) && next.length <= LONGEST_TAG + 2 ? HTML_MORE : HTML_NO;
}

/** Kind 6: `<` or `</`, a block tag name, then a space, tab, `>`, `/>` or the line end. */
function blockTag(seen: string, lower: string | undefined): string | null {
  const name = seen.startsWith('</') ? seen.slice(2) : seen.slice(1);
  if (!BLOCK_TAGS.has(name)) return HTML_MORE;
  if (lower === undefined || lower === ' ' || lower === '\t' || lower === '>' || lower === '/') return UNTIL_BLANK;
  return HTML_MORE;
}

/** Whether the window of the line's last units ends with the block's end marker. */
export function endsHtml(window: string, end: string): boolean {
  if (end === RAW_TEXT_END) return RAW_TEXT_TAGS.some((tag) => window.endsWith(tag));
  return window === end;
}

/** The window of the last units of a line, lower case, long enough to hold `end`. */
export function slideWindow(window: string, unit: string, end: string): string {
  const next = window + unit.toLowerCase();
  return next.length > end.length ? next.slice(next.length - end.length) : next;
}

/**
 * Kind 7: a line holding only a complete open or close tag (spaces around
 * it), at a block start that does not interrupt a paragraph. Its lines hold
 * no code, like kind 6; an XML tool tag there is read by its syntax first.
 * The tag is read by a small state machine, one unit at a time.
 */
export const enum Tag {
  /** Not a lone tag line. */
  No = -1,
  /** Expecting `<`. */
  Open,
  /** After `<`: `/` or a letter. */
  AfterLess,
  /** After `</`: a letter. */
  CloseStart,
  /** In a close tag's name. */
  CloseName,
  /** After a close tag's name: spaces, then `>`. */
  CloseTrail,
  /** In an open tag's name. */
  OpenName,
  /** After whitespace in an open tag: an attribute, `/` or `>`. */
  BeforeAttribute,
  /** In an attribute name. */
  AttributeName,
  /** After an attribute name and whitespace: `=`, another attribute, `/` or `>`. */
  AfterAttributeName,
  /** After `=`: the value. */
  BeforeValue,
  /** In a `"` value. */
  DoubleQuoted,
  /** In a `'` value. */
  SingleQuoted,
  /** In an unquoted value. */
  Unquoted,
  /** After a quoted value: whitespace, `/` or `>`. */
  AfterValue,
  /** After `/`: `>`. */
  SelfClosing,
  /** The tag is complete: only spaces may follow. */
  Done,
}

/** The next state of a lone-tag line after `unit` (`undefined`: the line ended). */
export function readTag(state: Tag, unit: string | undefined): Tag {
  if (unit === undefined) return state === Tag.Done ? Tag.Done : Tag.No;
  const space = unit === ' ' || unit === '\t';
  const letter = /^[A-Za-z]$/.test(unit);
  switch (state) {
    case Tag.Open:
      return unit === '<' ? Tag.AfterLess : Tag.No;
    case Tag.AfterLess:
      return unit === '/' ? Tag.CloseStart : letter ? Tag.OpenName : Tag.No;
    case Tag.CloseStart:
      return letter ? Tag.CloseName : Tag.No;
    case Tag.CloseName:
      if (/^[A-Za-z0-9-]$/.test(unit)) return Tag.CloseName;
      return space ? Tag.CloseTrail : unit === '>' ? Tag.Done : Tag.No;
    case Tag.CloseTrail:
      return space ? Tag.CloseTrail : unit === '>' ? Tag.Done : Tag.No;
    case Tag.OpenName:
      if (/^[A-Za-z0-9-]$/.test(unit)) return Tag.OpenName;
      return space ? Tag.BeforeAttribute : endOfTag(unit);
    case Tag.BeforeAttribute:
      if (space) return Tag.BeforeAttribute;
      return /^[A-Za-z_:]$/.test(unit) ? Tag.AttributeName : endOfTag(unit);
    case Tag.AttributeName:
      if (/^[A-Za-z0-9_.:-]$/.test(unit)) return Tag.AttributeName;
      return space ? Tag.AfterAttributeName : unit === '=' ? Tag.BeforeValue : endOfTag(unit);
    case Tag.AfterAttributeName:
      if (space) return Tag.AfterAttributeName;
      if (unit === '=') return Tag.BeforeValue;
      return /^[A-Za-z_:]$/.test(unit) ? Tag.AttributeName : endOfTag(unit);
    case Tag.BeforeValue:
      if (space) return Tag.BeforeValue;
      if (unit === '"') return Tag.DoubleQuoted;
      if (unit === "'") return Tag.SingleQuoted;
      return /^[^"'=<>`]$/.test(unit) ? Tag.Unquoted : Tag.No;
    case Tag.DoubleQuoted:
      return unit === '"' ? Tag.AfterValue : Tag.DoubleQuoted;
    case Tag.SingleQuoted:
      return unit === "'" ? Tag.AfterValue : Tag.SingleQuoted;
    case Tag.Unquoted:
      if (space) return Tag.BeforeAttribute;
      if (unit === '>') return Tag.Done;
      return /^[^"'=<>`]$/.test(unit) ? Tag.Unquoted : Tag.No;
    case Tag.AfterValue:
      return space ? Tag.BeforeAttribute : endOfTag(unit);
    case Tag.SelfClosing:
      return unit === '>' ? Tag.Done : Tag.No;
    case Tag.Done:
      return space ? Tag.Done : Tag.No;
    default:
      return Tag.No;
  }
}

/** `/` or `>` may end an open tag. */
function endOfTag(unit: string): Tag {
  return unit === '/' ? Tag.SelfClosing : unit === '>' ? Tag.Done : Tag.No;
}

/** What a line that may start an HTML block turned out, so far. */
export const enum HtmlStart {
  /** Still undecided. */
  Undecided,
  /** No HTML block: the line is paragraph text. */
  None,
  /** Kinds 1–6: a block starts (and interrupts a paragraph). */
  Block,
  /** Kind 7: a complete tag alone on its line. */
  LoneTag,
}

/**
 * An HTML block as the markdown tracker reads it unit by unit: the line that
 * may start one (its block began with `<`), then the block's lines up to its
 * end marker or a blank line. Where it stands among the blocks is the tracker's.
 */
export class HtmlBlock {
  /** The line's block began with `<`: it may still turn out an HTML block. */
  reading = false;
  /** What of it was read so far, lower case, while kinds 1–6 are possible; null once they are not. */
  private seen: string | null = '';
  /** Kind 7: the lone-tag reader's state ({@link Tag.No} when it cannot be one). */
  private tag = Tag.No;
  /** End marker of the block being read ({@link UNTIL_BLANK}: kinds 6 and 7). */
  private end = '';
  /** The last units of the line, as long as {@link end}. */
  private window = '';
  /** This line holds the block's end marker. */
  ended = false;

  /** The line's block begins with `<` (`loneTag`: it may be kind 7, which cannot interrupt a paragraph). */
  beginLine(loneTag: boolean): void {
    this.tag = loneTag ? Tag.Open : Tag.No;
    this.reading = true;
    this.seen = '';
  }

  /** Another unit of the line that may start a block (`undefined`: the line ended). */
  read(unit: string | undefined): HtmlStart {
    const seen = this.seen;
    if (seen !== null) {
      const found = readHtmlStart(seen, unit);
      if (found === HTML_MORE) this.seen = seen + unit!.toLowerCase();
      else if (found === null) this.seen = null;
      else {
        this.open(found);
        return HtmlStart.Block;
      }
    }
    if (this.tag !== Tag.No) {
      this.tag = readTag(this.tag, unit);
      if (unit === undefined && this.tag === Tag.Done) {
        this.open(UNTIL_BLANK);
        return HtmlStart.LoneTag;
      }
    }
    if (this.seen !== null || this.tag !== Tag.No) return HtmlStart.Undecided;
    this.reading = false;
    return HtmlStart.None;
  }

  /** The line can start no block any more. */
  cannotStart(): boolean {
    return this.seen === null && this.tag === Tag.No;
  }

  /** Whether `unit` next would leave the line no block start. */
  cannotStartWith(unit: string): boolean {
    return readTag(this.tag, unit) === Tag.No && (this.seen === null || readHtmlStart(this.seen, unit) === null);
  }

  /** The block ends at a blank line and holds calls (kinds 6 and 7), rather than code up to an end marker. */
  holdsCalls(): boolean {
    return this.end === UNTIL_BLANK;
  }

  /** A unit of a line inside a block of kinds 1–5: it may complete the end marker. */
  codeUnit(unit: string): void {
    this.window = slideWindow(this.window, unit, this.end);
    if (endsHtml(this.window, this.end)) this.ended = true;
  }

  /** A new line: nothing of the previous line's start or end marker carries over. */
  newLine(): void {
    this.reading = false;
    this.window = '';
    this.ended = false;
  }

  /** A copy that goes on on its own (for a tracker's fork). */
  copy(): HtmlBlock {
    return Object.assign(new HtmlBlock(), this);
  }

  private open(end: string): void {
    this.reading = false;
    this.end = end;
    // `<!-->` and `<!--->` are whole comments: the start's dashes count towards the end.
    this.window = end === '-->' ? '--' : '';
    this.ended = false;
  }
}
