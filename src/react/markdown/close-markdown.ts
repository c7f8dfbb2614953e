import { closesFence, endsWithLineEnd, isBlankLine, forEachLine, lastLineStart, readFenceOpening, type FenceRun } from '../../markdown/index.js';

/**
 * Closes the constructs a streaming markdown block leaves open, so it renders
 * the way it will once finished: an unclosed code fence becomes a closed one
 * (code at once), and in the last paragraph `**bold`, `*em`, `_em`, `~~del`,
 * `` `code `` and `[link](url` get their closers; an image whose URL is still
 * being written is left out, and a trailing delimiter run with nothing after
 * it yet (`hello **`) is hidden, as is a heading marker with no text yet (`## `).
 * One pass, linear in the block. Lines and fences are read by the markdown
 * model (src/markdown/), as the scanner reads them.
 *
 * Approximate on purpose: CommonMark's delimiter rules are reduced to
 * "can open: not followed by whitespace; can close: not preceded by it"
 * (plus no intraword `_`), which is what half-written model output needs.
 */
export function closeMarkdown(block: string): string {
  const lines = scanLines(block);
  if (lines.fence) return block + (endsWithLineEnd(block) ? '' : '\n') + lines.fence;
  // A heading marker whose text has not arrived (`## `) would render as an empty heading for a
  // moment: leave that line out until its first character comes.
  const lastLine = lastLineStart(block);
  if (EMPTY_HEADING.test(block.slice(lastLine))) return closeInline(block.slice(0, lastLine), Math.min(lines.inlineStart, lastLine));
  return closeInline(block, lines.inlineStart);
}

/** An ATX heading opener with no text yet. */
const EMPTY_HEADING = /^ {0,3}#{1,6}[ \t]*$/;

/** Where the last inline container starts, or the closer of a fence left open. */
function scanLines(block: string): { fence?: string; inlineStart: number } {
  let fence: FenceRun | undefined;
  let inlineStart = 0;
  let afterSingleLine = false;
  forEachLine(block, (line, pos, next, ended) => {
    if (fence) {
      if (ended && closesFence(line, fence)) {
        fence = undefined;
        inlineStart = next;
      }
      return;
    }
    fence = readFenceOpening(line);
    if (!fence && (afterSingleLine || isBlankLine(line) || startsContainer(line))) {
      // A blank line ends a paragraph; a heading, list item or quote line starts a new container.
      inlineStart = isBlankLine(line) ? next : pos;
    }
    afterSingleLine = /^ {0,3}(#{1,6}([ \t]|$)|([-*_])([ \t]*\3){2,}[ \t]*$)/.test(line);
  });
  return { fence: fence ? fence.char.repeat(fence.length) : undefined, inlineStart: Math.min(inlineStart, block.length) };
}

function startsContainer(line: string): boolean {
  return /^[ \t]*([-+*][ \t]|\d{1,9}[.)][ \t]|>|#{1,6}([ \t]|$)|\|)/.test(line);
}

interface Delimiter {
  char: string;
  length: number;
  /** Index of the run in the block. */
  at: number;
}

/** Closes what the text from `start` leaves open. */
function closeInline(block: string, start: number): string {
  const open: Delimiter[] = [];
  const brackets: number[] = [];
  let code: { length: number; at: number } | undefined;
  /** Inside `(…)` after `]`: the link's start and paren depth. */
  let destination: { at: number; image: boolean; depth: number } | undefined;
  /** A run at the very end that neither opened nor closed anything. */
  let danglingAt = -1;
  let i = start;
  while (i < block.length) {
    const c = block[i]!;
    if (code) {
      if (c === '`') {
        const run = runLength(block, i);
        if (run === code.length) code = undefined;
        i += run;
      } else i++;
      continue;
    }
    if (destination) {
      if (c === '\\') i += 2;
      else {
        if (c === '(') destination.depth++;
        else if (c === ')' && destination.depth-- === 0) destination = undefined;
        i++;
      }
      continue;
    }
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '`') {
      const run = runLength(block, i);
      if (i + run >= block.length) danglingAt = i;
      else code = { length: run, at: i };
      i += run;
      continue;
    }
    if (c === '[') {
      brackets.push(i);
      i++;
      continue;
    }
    if (c === ']') {
      const opener = brackets.pop();
      if (opener !== undefined && block[i + 1] === '(') {
        destination = { at: opener > 0 && block[opener - 1] === '!' ? opener - 1 : opener, image: block[opener - 1] === '!', depth: 0 };
        i += 2;
        continue;
      }
      i++;
      continue;
    }
    if (c === '*' || c === '_' || c === '~') {
      const run = runLength(block, i);
      const before = i > 0 ? block[i - 1]! : ' ';
      const after = i + run < block.length ? block[i + run]! : '';
      const canClose = !/\s/.test(before) && (c !== '_' || !/[\p{L}\p{N}]/u.test(after));
      const canOpen = after !== '' && !/\s/.test(after) && (c !== '_' || !/[\p{L}\p{N}]/u.test(before));
      const match = canClose ? findLast(open, c) : -1;
      if (match !== -1) open.length = match;
      else if (canOpen && (c !== '~' || run <= 2)) open.push({ char: c, length: Math.min(run, 3), at: i });
      else if (after === '') danglingAt = i;
      i += run;
      continue;
    }
    i++;
  }
  let text = block;
  let keep = open;
  if (destination?.image) {
    // A half-written image URL would be fetched on every delta: leave the image out until it is complete.
    text = block.slice(0, destination.at);
    keep = open.filter((d) => d.at < destination!.at);
    destination = undefined;
  } else if (danglingAt !== -1 && !code && !destination) {
    text = block.slice(0, danglingAt);
  }
  let closers = '';
  if (code) closers += '`'.repeat(code.length);
  if (destination) closers += ')'.repeat(destination.depth + 1);
  for (let k = keep.length - 1; k >= 0; k--) closers += keep[k]!.char.repeat(keep[k]!.length);
  if (closers === '') return text;
  // Closers go right after the last visible character: `**bold **` would not be bold.
  const trimmed = code || destination ? text : text.trimEnd();
  return trimmed + closers;
}

function runLength(text: string, at: number): number {
  let end = at + 1;
  while (end < text.length && text[end] === text[at]) end++;
  return end - at;
}

function findLast(open: readonly Delimiter[], char: string): number {
  for (let k = open.length - 1; k >= 0; k--) if (open[k]!.char === char) return k;
  return -1;
}
