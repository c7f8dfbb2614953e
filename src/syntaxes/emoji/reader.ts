import { TextBuffer } from '../../scanner/text-buffer.js';
import { LeadingBreak } from '../shared/leading-break.js';
import type { BlockIdentity, BlockReader, OpenerReader, OpenerVerdict, ParsedCall } from '../../types.js';

/** 🛠 is U+1F6E0: the surrogate pair D83D DEE0. U+FE0F (variation selector) may follow. */
export const HIGH = '\uD83D';
const LOW = '\uDEE0';
const VS16 = '\uFE0F';
const END_TAIL = '[/end]';

/** Input of an emoji call: whitespace-separated header arguments and the body. */
export interface EmojiInput {
  args: string[];
  body: string;
}

/**
 * Reads `🛠️[NAME ARGS]` (the variation selector optional): the header runs to
 * the first `]` on the same line. A line break first, an empty header or a
 * stray end marker leave the text as it is.
 */
export class EmojiOpener implements OpenerReader {
  private index = 0;
  /** Kept in a TextBuffer: a header that never reaches `]` can be the rest of the input. */
  private readonly header = new TextBuffer();
  /** Index of the first header unit (after `[`). */
  private headerStart = 0;

  push(unit: string): OpenerVerdict {
    const index = this.index++;
    if (this.headerStart === 0) return this.signature(index, unit);
    if (unit === '\n' || unit === '\r') return index;
    if (unit === ']') return this.acceptHeader(index);
    if (this.header.length === 0 && unit === '/') return index;
    if (this.header.length > 0 || (unit !== ' ' && unit !== '\t')) this.header.append(unit);
    return undefined;
  }

  end(): OpenerVerdict {
    // A header cut off by the end is text as a whole: rescanning it could be quadratic.
    return this.headerStart === 0 ? 1 : this.index;
  }

  /** `🛠` `️`? `[`: inside the fixed signature a mismatch rescans from the next unit. */
  private signature(index: number, unit: string): OpenerVerdict {
    switch (index) {
      case 0:
        return unit === HIGH ? undefined : 1;
      case 1:
        return unit === LOW ? undefined : 1;
      case 2:
        if (unit === VS16) return undefined;
        if (unit !== '[') return 1;
        this.headerStart = 3;
        return undefined;
      default:
        if (unit !== '[') return 1;
        this.headerStart = 4;
        return undefined;
    }
  }

  private acceptHeader(index: number): OpenerVerdict {
    let header = this.header.toString().trimEnd();
    let complete = false;
    if (/\s\/$/.test(header) || header === '/') {
      complete = true;
      header = header.slice(0, -1).trimEnd();
    }
    if (header === '') return index;
    const [toolName, ...args] = header.split(/\s+/);
    return { block: new EmojiBlock(toolName!, args), complete };
  }
}

/** Progress through the end marker `🛠` `️`? `[/end]`. */
const enum End {
  None = 0,
  High = 1,
  Low = 2,
  Selector = 3,
}

/** The body of an emoji block, up to the end marker. */
class EmojiBlock implements BlockReader {
  private readonly body = new TextBuffer();
  /** Body units not yet taken as an input delta. */
  private readonly delta = new TextBuffer();
  /** Units of a possible end marker. */
  private held = '';
  private end = End.None;
  /** Units of `[/end]` matched so far. */
  private tail = 0;
  private readonly leading = new LeadingBreak();

  constructor(
    private readonly toolName: string,
    private readonly args: string[],
  ) {}

  read(text: string, from: number, to: number): number {
    let i = from;
    while (i < to) {
      if (!this.leading.done && this.leading.skip(text[i]!)) {
        // Not body, but source: the input deltas are the block's text as written (a call cut
        // off by a stop is given back to the model from them).
        this.delta.append(text[i]!);
        i++;
        continue;
      }
      if (this.end === End.None) {
        // Fast path: everything before the next 🛠 is body.
        let j = text.indexOf(HIGH, i);
        if (j < 0 || j >= to) j = to;
        if (j > i) this.confirm(text.slice(i, j));
        i = j;
        if (i >= to) break;
        this.held = HIGH;
        this.end = End.High;
        i++;
        continue;
      }
      const unit = text[i]!;
      if (this.advance(unit)) return i + 1;
      i++;
    }
    return -1;
  }

  /** One unit of a possible end marker; `true` when the marker is complete. */
  private advance(unit: string): boolean {
    let matched = false;
    if (this.tail > 0 || (this.end !== End.High && unit === '[')) {
      matched = unit === END_TAIL[this.tail];
      if (matched && ++this.tail === END_TAIL.length) {
        this.held = '';
        this.end = End.None;
        this.tail = 0;
        return true;
      }
    } else if (this.end === End.High) {
      matched = unit === LOW;
      if (matched) this.end = End.Low;
    } else if (this.end === End.Low) {
      matched = unit === VS16;
      if (matched) this.end = End.Selector;
    }
    if (matched) {
      this.held += unit;
      return false;
    }
    // Not the end marker: what was held is body, and this unit may begin a marker.
    this.confirm(this.held);
    this.held = '';
    this.end = End.None;
    this.tail = 0;
    if (unit === HIGH) {
      this.held = HIGH;
      this.end = End.High;
    } else this.confirm(unit);
    return false;
  }

  endOfInput(): boolean {
    this.confirm(this.held);
    this.held = '';
    return false;
  }

  identity(): BlockIdentity {
    return { toolName: this.toolName };
  }

  takeInputDelta(): string {
    return this.delta.take();
  }

  partial(): ParsedCall[] {
    return this.finish();
  }

  finish(): ParsedCall[] {
    const input: EmojiInput = { args: this.args, body: this.body.toString() };
    return [{ toolName: this.toolName, input }];
  }

  private confirm(units: string): void {
    if (units === '') return;
    this.body.append(units);
    this.delta.append(units);
  }
}
