import { closesAtLineEnd, closingLineStart, infoRefuses, MIN_FENCE_RUN, NOT_CLOSING, readClosingUnit, type FenceRun } from '../../markdown/fence.js';
import { isLineEnd } from '../../markdown/lines.js';
import type { BlockIdentity, BlockReader, OpenerReader, OpenerVerdict, ParsedCall, WorkMeter } from '../../types.js';
import { LineBody, type LineCloser } from '../shared/line-body.js';
import { parseYaml, type YamlResult } from '../shared/yaml.js';
import { fromYaml, parseFenceBody } from './body.js';
import { FenceIdentity } from './identity.js';
import { parseFenceInfo, type FenceInfo } from './info.js';
import { RebuildThrottle } from '../shared/throttle.js';

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

/** Below this size the body is reparsed at line ends (see {@link SMALL_SHARE}); past it, amortised (see {@link RebuildThrottle}). */
const SMALL_BODY = 4096;

/**
 * A small body is reparsed once it grew by this share of its size (a line end at least): every
 * line of 64 units or more below 2 KB shows at its line end, while blank or short lines cost at
 * most 32 units of YAML per body unit instead of the square of the body.
 */
const SMALL_SHARE = 1 / 32;

/** A line being written this long is re-read before its line end (see {@link FenceBlock.partial}). */
const LONG_LINE = 64;

/**
 * A line whose value is written on the lines below it (`input:`, `- args:`, `text: |`): reading
 * the body again at its end would show nothing new but an empty value, so the next line is awaited.
 */
const OPENS_VALUE = /:[ \t]*(?:[|>][-+0-9]*[ \t]*)?\r?\n?$/;

/** The body of a tool fence: YAML lines up to a closing run at least as long as the opener. */
class FenceBlock implements BlockReader {
  private readonly body: LineBody;
  private readonly identityLines: FenceIdentity;
  private readonly throttle = new RebuildThrottle(SMALL_BODY, 0.25, SMALL_SHARE);
  private lastPartial: ParsedCall;
  /** The last complete line opens a value written below it (see {@link OPENS_VALUE}). */
  private lineOpensValue = false;
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
    this.lastPartial = { toolName: info.toolName, toolCallId: info.toolCallId };
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
    const complete = this.body.completeLinesLength();
    const confirmed = this.body.length;
    // A long value on one line (a file body, a script) must show as it grows, not at its newline:
    // then the line being written is read too. One throttle for both keeps the re-parses of a
    // block a bounded multiple of its length (short lines show at their line end, as before).
    const withLine = confirmed - complete >= LONG_LINE;
    if (withLine ? this.throttle.due(confirmed) : !this.lineOpensValue && this.throttle.due(complete)) {
      const text = this.body.text;
      // The line being written may not be YAML yet (`  que`, an open quote): then the complete lines.
      if (!(withLine && this.tryPartial(text))) this.tryPartial(text.slice(0, complete));
    }
    return [this.lastPartial];
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
    this.lineOpensValue = OPENS_VALUE.test(line);
    this.identityLines.line(line, () => this.body.text.slice(0, this.body.completeLinesLength()));
  }
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
