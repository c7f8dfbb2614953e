import { closesFence, isBlankLine, isSpaceOrTab, lineEndAt, lineStartAt, readFenceOpening, type FenceRun } from '../../markdown/index.js';
import { extendsText } from '../../store/extends-text.js';

/**
 * Splits markdown into top-level blocks — at blank lines outside code fences —
 * incrementally: when the text grew, only what was added is scanned, and the
 * finished blocks stay the same strings (and the same array when none was
 * added), so their renderers can be memoized.
 *
 * A blank line followed by an indented line does not split: that is the
 * continuation of a list item or an indented code block. Lines, blank lines
 * and fences are read by the markdown model (src/markdown/), as the scanner
 * reads them: a line may end with `\n`, `\r\n` or `\r`.
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

interface ScanState {
  /** Start of the first line not yet complete. */
  readonly pos: number;
  readonly fence: FenceRun | undefined;
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
    // A `\r` that ended the text last time may be half of a `\r\n`.
    pos = lineStartAt(text, pos);
    const end = lineEndAt(text, pos);
    const complete = end < text.length;
    if (end === pos && !complete) break;
    const line = text.slice(pos, end);
    if (fence) {
      if (complete && closesFence(line, fence)) fence = undefined;
    } else if (isBlankLine(line)) {
      // An incomplete blank line may still get content: decide when it is complete.
      if (!complete) break;
      if (hasContent) sawBlank = true;
    } else {
      if (sawBlank && !isSpaceOrTab(line[0])) {
        if (!copied) {
          done = done.slice();
          copied = true;
        }
        (done as string[]).push(text.slice(tailStart, pos));
        tailStart = pos;
      }
      sawBlank = false;
      hasContent = true;
      // An opener is known at its line end (a backtick fence's info may still get a backtick).
      if (complete) fence = readFenceOpening(line);
    }
    if (!complete) break;
    pos = end + 1;
  }
  return { text, done, tailStart, resume: { pos, fence, sawBlank, hasContent } };
}
