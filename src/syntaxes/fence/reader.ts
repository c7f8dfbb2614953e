import { closesAtLineEnd, closingLineStart, infoRefuses, MIN_FENCE_RUN, NOT_CLOSING, readClosingUnit, type FenceRun } from '../../markdown/fence.js';
import { isLineEnd } from '../../markdown/lines.js';
import type { BlockIdentity, BlockReader, OpenerReader, OpenerVerdict, ParsedCall, WorkMeter } from '../../types.js';
import { LineBody, type LineCloser } from '../shared/line-body.js';
import { parseYaml, type YamlResult } from '../shared/yaml.js';
import { ReadPoints } from '../shared/read-points.js';
import { fromYaml, parseFenceBody } from './body.js';
import { FenceIdentity } from './identity.js';
import { parseFenceInfo, type FenceInfo } from './info.js';


/**
 * Reads a fence opener: a run of at least three backticks or tildes, then an
 * info string whose first word is `word` (followed by a space or the line end).
 */
export class FenceOpener implements OpenerReader {
  private fenceChar = '';
  private runLength = 0;
  private index = 0;
  private info = '';
  /** Units of the info string after its leading blanks (checked one at a time against the word). */
  private wordUnits = 0;
  private endedWithCR = false;

  constructor(
    private readonly word: string,
    private readonly work?: WorkMeter,
  ) {}

  push(unit: string): OpenerVerdict {
    const index = this.index++;
    if (index === 0) {
      this.fenceChar = unit;
      this.runLength = 1;
      return undefined;
    }
    if (this.info === '' && unit === this.fenceChar && this.runLength === index) {
      this.runLength++;
      return undefined;
    }
    // The run is over: fewer than three is no fence; what follows is scanned again.
    if (this.runLength < MIN_FENCE_RUN) return index;
    if (isLineEnd(unit)) {
      this.endedWithCR = unit === '\r';
      return this.acceptInfo(index);
    }
    if (infoRefuses(this.fenceChar, unit)) return this.runLength;
    this.info += unit;
    return this.infoStillPossible(unit) ? undefined : this.runLength;
  }

  end(): OpenerVerdict {
    if (this.runLength < MIN_FENCE_RUN) return this.index;
    return this.acceptInfo(this.index);
  }

  /** The info string is complete: our word, or the run was an ordinary code fence. */
  private acceptInfo(index: number): OpenerVerdict {
    const info = this.info.replace(/^[ \t]+/, '');
    const word = this.word;
    if (!info.startsWith(word) || (info.length > word.length && !/[ \t]/.test(info[word.length]!))) {
      return Math.min(this.runLength, index);
    }
    return {
      block: new FenceBlock(
        new FenceCloser({ char: this.fenceChar, length: this.runLength }),
        parseFenceInfo(info.slice(word.length)),
        this.endedWithCR,
        this.work,
      ),
    };
  }

  /**
   * Whether the info read so far (ending with `unit`) can still begin with the
   * word and a space. Checks only the new unit, so a long info line costs
   * constant work per unit.
   */
  private infoStillPossible(unit: string): boolean {
    if (this.wordUnits === 0 && (unit === ' ' || unit === '\t')) return true;
    const at = this.wordUnits++;
    const word = this.word;
    if (at < word.length) return unit === word[at];
    if (at === word.length) return unit === ' ' || unit === '\t';
    return true;
  }
}

/**
 * Within a line, the body is reparsed once it grew by this many units (and 1/16 of its size, see
 * {@link ReadPoints}): 16, not the 8 of XML values, because a YAML reparse costs the whole small
 * body — a chat of short fences spent about twice as long in YAML at 8 (`npm run bench`, store).
 */
const LINE_STEP = 16;

/**
 * A line whose value is written on the lines below it (`input:`, `- args:`, `text: |`): reading
 * the body up to its end would show nothing new but an empty value, so it is read without it.
 */
const OPENS_VALUE = /:[ \t]*(?:[|>][-+0-9]*[ \t]*)?\r?\n?$/;

/** The body of a tool fence: YAML lines up to a closing run at least as long as the opener. */
class FenceBlock implements BlockReader {
  private readonly body: LineBody;
  private readonly identityLines: FenceIdentity;
  /** Where the body is read for the partial input: fixed by its length, so a whole parse and any split agree. */
  private readonly points = new ReadPoints(LINE_STEP);
  /** The body length the partial input was last read at. */
  private readAt = 0;
  private lastPartial: ParsedCall;
  /** The last YAML parse of the body's first `length` units: the closer reuses it when the body did not grow since. */
  private parsed: { length: number; result: YamlResult } | undefined;

  constructor(
    closer: LineCloser,
    private readonly info: FenceInfo,
    openerEndedWithCR: boolean,
    private readonly work?: WorkMeter,
  ) {
    this.identityLines = new FenceIdentity(info, work);
    this.body = new LineBody(closer, (line) => this.onLine(line), openerEndedWithCR);
    this.lastPartial = this.emptyPartial();
  }

  read(text: string, from: number, to: number): number {
    return this.body.read(text, from, to);
  }

  endOfInput(): boolean {
    return this.body.endOfInput();
  }

  identity(): BlockIdentity | undefined {
    const { toolCallId, toolName } = this.info;
    if (toolCallId !== undefined) return { toolName: toolName ?? 'tool', toolCallId };
    const lines = this.identityLines;
    if (!lines.settled) return undefined;
    return { toolName: lines.toolName ?? 'tool', toolCallId: lines.toolCallId };
  }

  takeInputDelta(): string {
    return this.body.takeDelta();
  }

  partial(): ParsedCall[] {
    const at = this.points.latest(this.body.length);
    if (at > this.readAt) {
      this.readAt = at;
      this.readPartial(this.body.text.slice(0, at));
    }
    return [this.lastPartial];
  }

  /**
   * The partial call of the body's first units, a function of that text alone (never of what was
   * read before): its line being written included (a value shows as it is typed, and a body cut
   * off mid-line shows its last line), else its complete lines. A last line that only opens a
   * value below it (`input:`, `text: |`) is left out: read, it would show an empty value.
   */
  private readPartial(text: string): void {
    let complete = lineStartBefore(text, text.length);
    if (complete === text.length && OPENS_VALUE.test(text)) complete = lineStartBefore(text, withoutLineBreak(text, complete));
    else if (complete < text.length && readsAsWritten(text, complete) && this.tryPartial(text)) return;
    if (!this.tryPartial(text.slice(0, complete))) this.lastPartial = this.emptyPartial();
  }

  /** The partial call of a body with nothing valid to show yet: the identity the info string gives. */
  private emptyPartial(): ParsedCall {
    return { toolName: this.info.toolName, toolCallId: this.info.toolCallId };
  }

  /** Takes `yaml` as the partial call when it parses to a valid call; says whether it did. */
  private tryPartial(yaml: string): boolean {
    const parsed = this.parse(yaml);
    if (!parsed.ok) return false;
    const base = { toolName: this.info.toolName, toolCallId: this.info.toolCallId };
    const call = this.settledIdentity(fromYaml(base, parsed.value, this.identityLines.identityKeys()));
    if (call.invalid) return false;
    this.lastPartial = call;
    return true;
  }

  finish(): ParsedCall[] {
    return [this.settledIdentity(parseFenceBody(this.info, this.body.text, this.identityLines.identityKeys(), (yaml) => this.parse(yaml)))];
  }

  /** The identity the stream announced (settled by the body's lines) is binding. */
  private settledIdentity(call: ParsedCall): ParsedCall {
    const lines = this.identityLines;
    if (this.info.toolCallId !== undefined || !lines.settled) return call;
    const { toolName, toolCallId } = lines;
    if (call.toolName === toolName && call.toolCallId === toolCallId) return call;
    // Rare (an id the YAML reads differently from its line): a copy without the keys, then the settled ones.
    const { toolName: _name, toolCallId: _id, ...rest } = call;
    const settled: ParsedCall = rest;
    if (toolName !== undefined) settled.toolName = toolName;
    if (toolCallId !== undefined) settled.toolCallId = toolCallId;
    return settled;
  }

  /** Parses body text (a prefix of the body), reusing the last parse when it was of the same text. */
  private parse(yaml: string): YamlResult {
    const last = this.parsed;
    if (last?.length === yaml.length) return last.result;
    const result = parseYaml(yaml, 2, 'core', this.work);
    this.parsed = { length: yaml.length, result };
    return result;
  }

  private onLine(line: string): void {
    this.points.event(this.body.length);
    this.identityLines.line(line, () => this.body.text.slice(0, this.body.completeLinesLength()));
  }
}

/** Where the line holding `text[index - 1]` starts (after the last line break before `index`); `index` itself when that unit is a line break. */
function lineStartBefore(text: string, index: number): number {
  let i = index;
  while (i > 0) {
    const unit = text.charCodeAt(i - 1);
    if (unit === 10 || unit === 13) break;
    i--;
  }
  return i;
}


/** `end` moved back over one line break (`\n`, `\r` or `\r\n`) ending there. */
function withoutLineBreak(text: string, end: number): number {
  if (text.charCodeAt(end - 1) === 10) end--;
  if (text.charCodeAt(end - 1) === 13) end--;
  return end;
}

/** A line being written whose value has begun: `key: v…` or a list item `- v…` (`key: ` alone would read as null). */
const VALUE_BEGUN = /^[ \t]*(?:-[ \t]+\S|[^\s#][^#]*?:[ \t]+\S)/;
/** A line ending with a block scalar header (`text: |`, `- >-`). */
const BLOCK_SCALAR_HEADER = /(?:^|[ \t:-])[|>][-+0-9]*[ \t]*\r?\n?$/;

/**
 * Whether the line being written from `lineStart` reads as it will end: a key's value begun, or
 * a line of a block scalar (indented deeper than a header line above). A bare word (`  que`) is
 * left out — read now, it would be a string value where a key is being typed.
 */
function readsAsWritten(text: string, lineStart: number): boolean {
  const line = text.slice(lineStart);
  if (VALUE_BEGUN.test(line)) return true;
  const indent = indentOf(line);
  // The nearest line above indented less than this one: a block scalar header holds this line.
  let end = lineStart;
  while (end > 0) {
    const start = lineStartBefore(text, withoutLineBreak(text, end));
    const above = text.slice(start, end);
    if (above.trim() !== '' && indentOf(above) < indent) return BLOCK_SCALAR_HEADER.test(above);
    end = start;
  }
  return false;
}

/** Units of leading spaces. */
function indentOf(line: string): number {
  let i = 0;
  while (line.charCodeAt(i) === 32) i++;
  return i;
}

/** A closing fence line, by the markdown model's rule (src/markdown/fence.ts): the scanner reads closers the same way. */
class FenceCloser implements LineCloser {
  private state = closingLineStart();

  constructor(private readonly fence: FenceRun) {}

  reset(): void {
    this.state = closingLineStart();
  }

  push(unit: string): boolean {
    this.state = readClosingUnit(this.state, unit, this.fence);
    return this.state !== NOT_CLOSING;
  }

  complete(): boolean {
    return closesAtLineEnd(this.state, this.fence);
  }
}
