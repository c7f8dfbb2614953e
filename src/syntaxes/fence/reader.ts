import { closesAtLineEnd, closingLineStart, infoRefuses, MIN_FENCE_RUN, NOT_CLOSING, readClosingUnit, type FenceRun } from '../../markdown/fence.js';
import { isLineEnd, isSpaceOrTab } from '../../markdown/lines.js';
import type { BlockReader, OpenerReader, ParsedCall, WorkMeter } from '../../types.js';
import { LineBody, type LineCloser } from '../shared/line-body.js';
import { parseYaml, type YamlResult } from '../shared/yaml.js';
import { ReadPoints } from '../shared/read-points.js';
import { fromYaml, parseFenceBody } from './body.js';
import { fenceIdentity } from './identity.js';
import { parseFenceInfo, type FenceInfo } from './info.js';
import { partialText } from './partial.js';

/**
 * Reads a fence opener: a run of at least three backticks or tildes, then an
 * info string whose first word is `word` (followed by a space or the line end).
 */
export function fenceOpener(word: string, work?: WorkMeter): OpenerReader {
  let fenceChar = '';
  let runLength = 0;
  let read = 0;
  /** The info string after its leading blanks: checked one unit at a time against the word, so a long info line costs constant work per unit. */
  let info = '';

  /** The info string is complete: our word, or the run was an ordinary code fence. */
  const accept = (endedWithCR: boolean) =>
    info.length < word.length
      ? runLength
      : { block: fenceBlock({ char: fenceChar, length: runLength }, parseFenceInfo(info.slice(word.length)), endedWithCR, work) };

  return {
    push(unit) {
      const index = read++;
      if (index === 0) fenceChar = unit;
      if (unit === fenceChar && runLength === index) {
        runLength++;
        return undefined;
      }
      // The run is over: fewer than three is no fence; what follows is scanned again.
      if (runLength < MIN_FENCE_RUN) return index;
      if (isLineEnd(unit)) return accept(unit === '\r');
      if (infoRefuses(fenceChar, unit)) return runLength;
      if (info === '' && isSpaceOrTab(unit)) return undefined;
      // The word, then a blank, then anything.
      const at = info.length;
      info += unit;
      return (at < word.length ? unit === word[at] : at > word.length || isSpaceOrTab(unit)) ? undefined : runLength;
    },
    end: () => (runLength < MIN_FENCE_RUN ? read : accept(false)),
  };
}

/**
 * Within a line, the body is reparsed once it grew by this many units (and 1/16 of its size, see
 * {@link ReadPoints}): 16, not the 8 of XML values, because a YAML reparse costs the whole small
 * body — a chat of short fences spent about twice as long in YAML at 8 (`npm run bench`, store).
 */
const LINE_STEP = 16;

/** The body of a tool fence: YAML lines up to a closing run at least as long as the opener. */
function fenceBlock(fence: FenceRun, info: FenceInfo, openerEndedWithCR: boolean, work?: WorkMeter): BlockReader {
  const identity = fenceIdentity(info, work);
  /** Where the body is read for the partial input: fixed by its length, so a whole parse and any split agree. */
  const points = new ReadPoints(LINE_STEP);
  /** The body length the partial input was last read at. */
  let readAt = 0;
  /** The partial call of a body with nothing valid to show yet: the identity the info string gives. */
  const emptyPartial = (): ParsedCall => ({ toolName: info.toolName, toolCallId: info.toolCallId });
  let lastPartial = emptyPartial();
  /** The last YAML parse of the body's first `length` units: the closer reuses it when the body did not grow since. */
  let parsed: { length: number; result: YamlResult } | undefined;
  const body: LineBody = new LineBody(
    fenceCloser(fence),
    (text, start, end) => {
      points.event(body.length);
      identity.line(text, start, end, () => body.text.slice(0, body.completeLinesLength()));
    },
    openerEndedWithCR,
  );

  /** Parses body text (a prefix of the body), reusing the last parse when it was of the same text. */
  const parse = (yaml: string): YamlResult => {
    if (parsed?.length !== yaml.length) parsed = { length: yaml.length, result: parseYaml(yaml, 2, 'core', work) };
    return parsed.result;
  };

  /** The identity the stream announced (settled by the body's lines) is binding. */
  const settledIdentity = (call: ParsedCall): ParsedCall => {
    const names = info.toolCallId === undefined ? identity.settled() : undefined;
    // Rare: an id the YAML reads differently from its line.
    return names === undefined || (call.toolName === names.toolName && call.toolCallId === names.toolCallId) ? call : { ...call, ...names };
  };

  /** The partial call `yaml` gives when it parses to a valid call. */
  const partialCall = (yaml: string): ParsedCall | undefined => {
    const result = parse(yaml);
    const call = result.ok ? settledIdentity(fromYaml(emptyPartial(), result.value, identity.keys())) : undefined;
    return call?.invalid ? undefined : call;
  };

  return {
    read: (text, from, to) => body.read(text, from, to),
    endOfInput: () => body.endOfInput(),
    identity() {
      // An id in the info string announces the call at once; else the body's lines settle it.
      const names = info.toolCallId !== undefined ? info : identity.settled();
      return names && { toolName: names.toolName ?? 'tool', toolCallId: names.toolCallId };
    },
    takeInputDelta: () => body.takeDelta(),
    partial() {
      const at = points.latest(body.length);
      if (at > readAt) {
        readAt = at;
        lastPartial = partialText(body.text.slice(0, at), partialCall) ?? emptyPartial();
      }
      return [lastPartial];
    },
    finish: () => [settledIdentity(parseFenceBody(info, body.text, identity.keys(), parse))],
  };
}

/** A closing fence line, by the markdown model's rule (src/markdown/fence.ts): the scanner reads closers the same way. */
function fenceCloser(fence: FenceRun): LineCloser {
  let state = closingLineStart();
  return {
    reset() {
      state = closingLineStart();
    },
    push: (unit) => (state = readClosingUnit(state, unit, fence)) !== NOT_CLOSING,
    complete: () => closesAtLineEnd(state, fence),
  };
}
