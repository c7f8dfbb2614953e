import { TextBuffer } from '../../scanner/text-buffer.js';
import { identityOf } from '../shared/identity.js';
import { LeadingBreak } from '../shared/leading-break.js';
import { isBlank } from '../shared/units.js';
import type { BlockIdentity, BlockReader, OpenerReader, OpenerVerdict, ParsedCall, WorkMeter } from '../../types.js';
import { readSentinelHeader, sentinelCall, type SentinelHeader } from './header.js';

const START = '[[SEG_START';
const START_LOWER = START.toLowerCase();
const END = '[[SEG_END]]';
const END_LOWER = END.toLowerCase();

/**
 * Default longest header JSON read before the marker is given up as text: a
 * `{` that never balances costs at most this much holding back, and the scan
 * stays linear because a rejection resumes after what was read.
 */
export const DEFAULT_MAX_HEADER_LENGTH = 64 * 1024;

const enum Phase {
  /** Inside `[[SEG_START` (any case). */
  Signature,
  /** Whitespace before `{`. */
  BeforeJson,
  /** The header JSON, up to its balancing `}`. */
  Json,
  /** Whitespace before `]]`. */
  AfterJson,
  /** Read the first `]` of `]]`. */
  Close,
}

/**
 * Reads `[[SEG_START {json}]]` (the keyword in any case, whitespace allowed
 * around the JSON). The JSON is delimited by a balanced-brace scan that
 * honours JSON strings and backslash escapes, so `}` or `]]` inside a string
 * is fine. At `]]` the header must be a JSON object with a known `type`;
 * otherwise, or when the header JSON runs past `maxHeaderLength` units, the
 * marker is text.
 */
export class SentinelOpener implements OpenerReader {
  private index = 0;
  private phase = Phase.Signature;
  private json = '';
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(
    private readonly maxHeaderLength = DEFAULT_MAX_HEADER_LENGTH,
    private readonly work?: WorkMeter,
  ) {}

  push(unit: string): OpenerVerdict {
    const index = this.index++;
    switch (this.phase) {
      case Phase.Signature:
        if (unit !== START[index] && unit !== START_LOWER[index]) return 1;
        if (index === START.length - 1) this.phase = Phase.BeforeJson;
        return undefined;
      case Phase.BeforeJson:
        if (isBlank(unit)) return undefined;
        if (unit !== '{') return index;
        this.phase = Phase.Json;
        this.json = '{';
        this.depth = 1;
        return undefined;
      case Phase.Json:
        return this.jsonUnit(unit, index);
      case Phase.AfterJson:
        if (isBlank(unit)) return undefined;
        if (unit !== ']') return index;
        this.phase = Phase.Close;
        return undefined;
      case Phase.Close: {
        if (unit !== ']') return index;
        const header = readSentinelHeader(this.json, this.work);
        // Not a known header: the whole marker is text, scanning resumes after it.
        if (!header) return index + 1;
        return { block: new SentinelBlock(header, this.work) };
      }
    }
  }

  end(): OpenerVerdict {
    // A marker cut off by the end is text as a whole: rescanning it could be quadratic.
    return this.phase === Phase.Signature ? 1 : this.index;
  }

  /** One unit of the header JSON: track strings, escapes and brace depth. */
  private jsonUnit(unit: string, index: number): OpenerVerdict {
    if (this.json.length >= this.maxHeaderLength) return index;
    this.json += unit;
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (unit === '\\') this.escaped = true;
      else if (unit === '"') this.inString = false;
      return undefined;
    }
    if (unit === '"') this.inString = true;
    else if (unit === '{') this.depth++;
    else if (unit === '}' && --this.depth === 0) this.phase = Phase.AfterJson;
    return undefined;
  }
}

/**
 * The body of a sentinel block, up to `[[SEG_END]]` (any case). One line
 * break right after the opener's `]]` and one right before the end marker
 * are not body (so a block written on its own lines has exactly its text as
 * body). A possible end-marker prefix and a trailing line break are held
 * back until the next units decide, so markers split across deltas work.
 */
class SentinelBlock implements BlockReader {
  /** Body and untaken delta in TextBuffers: a rope node per line stayed alive to the end of the block. */
  private readonly body = new TextBuffer();
  private readonly delta = new TextBuffer();
  /** Units of `[[SEG_END]]` matched so far. */
  private matched = 0;
  /** The matched units as written (their case). */
  private held = '';
  /** A line break that is body unless the end marker follows at once. */
  private pendingBreak = '';
  /** The one line break after `]]`, which is not body. */
  private readonly leading = new LeadingBreak();

  constructor(
    private readonly header: SentinelHeader,
    private readonly work?: WorkMeter,
  ) {}

  read(text: string, from: number, to: number): number {
    let i = from;
    while (i < to) {
      const unit = text[i]!;
      if (!this.leading.done && this.leading.skip(unit)) {
        // Not body, but source: the input deltas are the block's text as written (a call cut
        // off by a stop is given back to the model from them).
        this.delta.append(unit);
        i++;
        continue;
      }
      if (this.matched === 0) {
        if (unit === '[') {
          this.matched = 1;
          this.held = unit;
          i++;
          continue;
        }
        if (unit === '\n' || unit === '\r') {
          this.lineBreak(unit);
          i++;
          continue;
        }
        // Fast path: everything up to the next `[` or line break is body.
        let j = i + 1;
        while (j < to) {
          const c = text.charCodeAt(j);
          if (c === 91 || c === 10 || c === 13) break;
          j++;
        }
        this.confirm(text.slice(i, j));
        i = j;
        continue;
      }
      if (this.advance(unit)) return i + 1;
      i++;
    }
    return -1;
  }

  endOfInput(): boolean {
    // No end marker: a held marker prefix and a held line break are body.
    const held = this.pendingBreak + this.held;
    this.pendingBreak = '';
    this.held = '';
    this.matched = 0;
    this.confirm(held);
    return false;
  }

  identity(): BlockIdentity {
    return identityOf(this.header.toolName, this.header.toolCallId);
  }

  takeInputDelta(): string {
    return this.delta.take();
  }

  partial(): ParsedCall[] {
    const call = sentinelCall(this.header, this.header.field === undefined ? '' : this.body.toString(), this.work);
    // A header problem shows once the block is finished; while open the input is what counts.
    delete call.invalid;
    delete call.errorText;
    return [call];
  }

  finish(): ParsedCall[] {
    return [sentinelCall(this.header, this.body.toString(), this.work)];
  }

  /** A line break: the previous one is body now; this one waits for what follows. */
  private lineBreak(unit: string): void {
    if (unit === '\n' && this.pendingBreak === '\r') {
      this.pendingBreak = '\r\n';
      return;
    }
    const previous = this.pendingBreak;
    this.pendingBreak = '';
    this.confirm(previous);
    this.pendingBreak = unit;
  }

  /** The next unit of a possible end marker; `true` when the marker is complete. */
  private advance(unit: string): boolean {
    const at = this.matched;
    if (unit === END[at] || unit === END_LOWER[at]) {
      this.held += unit;
      if (++this.matched < END.length) return false;
      // The end marker: a line break right before it is not body.
      this.pendingBreak = '';
      this.held = '';
      this.matched = 0;
      return true;
    }
    // Not the end marker. After `[[`, another `[` keeps the last two as a possible start.
    if (at === 2 && unit === '[') {
      this.confirm(this.held[0]!);
      this.held = this.held.slice(1) + unit;
      return false;
    }
    this.confirm(this.held);
    this.held = '';
    this.matched = 0;
    if (unit === '[') {
      this.matched = 1;
      this.held = unit;
    } else if (unit === '\n' || unit === '\r') this.lineBreak(unit);
    else this.confirm(unit);
    return false;
  }

  /** Units that are body for sure (a held line break before them is body too). */
  private confirm(units: string): void {
    if (units === '') return;
    if (this.pendingBreak !== '') {
      const pending = this.pendingBreak;
      this.pendingBreak = '';
      this.body.append(pending);
      this.delta.append(pending);
    }
    this.body.append(units);
    this.delta.append(units);
  }
}
