/**
 * The CommonMark HTML blocks whose content is verbatim up to an end marker
 * (kinds 1–5): `<script>`, `<pre>`, `<style>`, `<textarea>` up to their close
 * tag, comments, processing instructions, declarations and CDATA. Markers in
 * them are not calls (they are code to markdown, shown or hidden as written).
 *
 * Kinds 6 and 7 (`<div>`, `<details>`, any other lone tag, up to a blank
 * line) are not tracked: their content is markup the model wrote around
 * prose, and kind 7 is exactly what an XML tool tag at a line start looks
 * like. Calls in them are found, and code spans in them count as code.
 */

/** Start strings (lower case) with their end markers; `tag`: a space, tab, `>` or the line end must follow. */
const STARTS: ReadonlyArray<{ start: string; end: string; tag: boolean }> = [
  { start: '<script', end: '</script>', tag: true },
  { start: '<pre', end: '</pre>', tag: true },
  { start: '<style', end: '</style>', tag: true },
  { start: '<textarea', end: '</textarea>', tag: true },
  { start: '<!--', end: '-->', tag: false },
  { start: '<?', end: '?>', tag: false },
  { start: '<![cdata[', end: ']]>', tag: false },
];

/** Longest start string. */
const LONGEST = Math.max(...STARTS.map((s) => s.start.length));

/** A start still possible, not yet complete. */
export const HTML_MORE = '';
/** Not an HTML block start. */
export const HTML_NO = null;

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
  if (lower === undefined) return HTML_NO;
  const next = seen + lower;
  // Kind 4: `<!` and an ASCII letter, up to the next `>`.
  if (seen === '<!' && lower >= 'a' && lower <= 'z') return '>';
  let more = false;
  for (const { start, end, tag } of STARTS) {
    if (next === start && !tag) return end;
    if (start.startsWith(next)) more = true;
  }
  return more && next.length <= LONGEST ? HTML_MORE : HTML_NO;
}

/** The window of the last units of a line, lower case, long enough to hold `end`. */
export function slideWindow(window: string, unit: string, end: string): string {
  const next = window + unit.toLowerCase();
  return next.length > end.length ? next.slice(next.length - end.length) : next;
}
