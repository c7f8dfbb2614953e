import { extendsText } from '../../store/extends-text.js';

/**
 * Splits markdown into top-level blocks — at blank lines outside code fences —
 * incrementally: when the text grew, only what was added is scanned, and the
 * finished blocks stay the same strings (and the same array when none was
 * added), so their renderers can be memoized.
 *
 * A blank line followed by an indented line does not split: that is the
 * continuation of a list item or an indented code block.
 */
export interface BlockSplit {
  /** The text the split is for. */
  readonly text: string;
  /** Blocks that can no longer change while the text only grows. */
  readonly done: readonly string[];
  /** Where the last block (the one still growing) starts. */
  readonly tailStart: number;
  /** Scanner state at the start of the first line not yet complete. */
  readonly resume: ScanState;
}

interface Fence {
  char: string;
  length: number;
}

interface ScanState {
  /** Start of the first line not yet complete. */
  readonly pos: number;
  readonly fence: Fence | undefined;
  /** A blank line was seen since the last content line. */
  readonly sawBlank: boolean;
  /** The current block has a non-blank line. */
  readonly hasContent: boolean;
}

const START: ScanState = { pos: 0, fence: undefined, sawBlank: false, hasContent: false };

/** Splits `text`, reusing `previous` when `text` extends the text it was made for. */
export function splitBlocks(text: string, previous?: BlockSplit): BlockSplit {
  const resumable = previous !== undefined && extendsText(text, previous.text);
  let done = resumable ? previous.done : [];
  let tailStart = resumable ? previous.tailStart : 0;
  let { pos, fence, sawBlank, hasContent } = resumable ? previous.resume : START;
  let copied = false;
  for (;;) {
    const newline = text.indexOf('\n', pos);
    const complete = newline !== -1;
    const end = complete ? newline : text.length;
    if (end === pos && !complete) break;
    // Without the `\r` of a CRLF: `.` in the patterns below does not match it.
    const line = text.slice(pos, text[end - 1] === '\r' && end > pos ? end - 1 : end);
    if (fence) {
      if (complete && closesFence(line, fence)) fence = undefined;
    } else if (isBlank(line)) {
      // An incomplete blank line may still get content: decide when it is complete.
      if (!complete) break;
      if (hasContent) sawBlank = true;
    } else {
      if (sawBlank && !/^[ \t]/.test(line)) {
        if (!copied) {
          done = done.slice();
          copied = true;
        }
        (done as string[]).push(text.slice(tailStart, pos));
        tailStart = pos;
      }
      sawBlank = false;
      hasContent = true;
      if (complete) fence = opensFence(line);
    }
    if (!complete) break;
    pos = newline + 1;
  }
  return { text, done, tailStart, resume: { pos, fence, sawBlank, hasContent } };
}

function isBlank(line: string): boolean {
  return /^[ \t\r]*$/.test(line);
}

/** A fence opener: up to three spaces, three or more backticks (no backtick in the info) or tildes. */
function opensFence(line: string): Fence | undefined {
  const match = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
  if (!match) return undefined;
  const run = match[1]!;
  if (run[0] === '`' && match[2]!.includes('`')) return undefined;
  return { char: run[0]!, length: run.length };
}

/** A closer: up to three spaces, a run of the same character at least as long, then only spaces. */
function closesFence(line: string, fence: Fence): boolean {
  const match = /^ {0,3}(`+|~+)[ \t\r]*$/.exec(line);
  return match !== null && match[1]![0] === fence.char && match[1]!.length >= fence.length;
}
