/**
 * The markdown model's line and fence rules (src/markdown/), case by case against CommonMark 0.31
 * (4.5 Fenced code blocks, 2.2 Tabs). That every reader uses them alike is the property test next
 * to this file.
 */
import { describe, expect, it } from 'vitest';
import {
  closesAtLineEnd,
  closesFence,
  closesFenceRun,
  closingLineStart,
  forEachLine,
  lineStartAt,
  NOT_CLOSING,
  readClosingUnit,
  readFenceOpening,
  type FenceRun,
} from '../../src/markdown/index.js';

const BACKTICKS: FenceRun = { char: '`', length: 3 };
const TILDES: FenceRun = { char: '~', length: 4 };

/** Whether a line of `units` read by the unit reader from `start` closes `fence`. */
function closesUnitByUnit(units: string, fence: FenceRun, start = closingLineStart()): boolean {
  let state = start;
  for (const unit of units) state = readClosingUnit(state, unit, fence);
  return closesAtLineEnd(state, fence);
}

describe('readFenceOpening', () => {
  it.each([
    ['```', { char: '`', length: 3, indent: 0, info: '' }],
    ['   ````js  ', { char: '`', length: 4, indent: 3, info: 'js' }],
    ['~~~ a`b \t', { char: '~', length: 3, indent: 0, info: 'a`b' }],
    ['``` tool x\u00A0', { char: '`', length: 3, indent: 0, info: 'tool x\u00A0' }],
  ])('%j opens %j', (line, opening) => {
    expect(readFenceOpening(line)).toEqual(opening);
  });

  it.each([
    ['``', 'too short a run'],
    ['``` a`b', 'a backtick in a backtick fence’s info'],
    ['    ```', 'four spaces of indentation'],
    ['\t```', 'a tab (four columns)'],
    [' \t~~~', 'a space and a tab'],
    ['`~~', 'mixed characters'],
  ])('%j opens nothing: %s', (line) => {
    expect(readFenceOpening(line)).toBeUndefined();
  });

  it('reads from where the line’s block starts (after container prefixes)', () => {
    expect(readFenceOpening('> ```js', 2)).toEqual({ char: '`', length: 3, indent: 0, info: 'js' });
  });
});

describe('closing fences', () => {
  it.each([
    ['```', BACKTICKS, true],
    ['   `````  \t', BACKTICKS, true],
    ['``', BACKTICKS, false],
    ['    ```', BACKTICKS, false],
    ['\t```', BACKTICKS, false],
    ['``` x', BACKTICKS, false],
    ['```\u00A0', BACKTICKS, false],
    ['```\f', BACKTICKS, false],
    ['~~~', BACKTICKS, false],
    ['~~~', TILDES, false],
    ['~~~~~ ', TILDES, true],
    ['', BACKTICKS, false],
    ['   ', BACKTICKS, false],
  ])('%j closes %j: %s', (line, fence, closes) => {
    expect(closesFence(line, fence)).toBe(closes);
    // The unit reader the scanner and the tool fence use gives the same answer.
    expect(closesUnitByUnit(line, fence)).toBe(closes);
  });

  it('gives up at the first unit that rules a closer out', () => {
    expect(readClosingUnit(closingLineStart(), 'x', BACKTICKS)).toBe(NOT_CLOSING);
    expect(readClosingUnit(readClosingUnit(closingLineStart(), '`', BACKTICKS), ' ', BACKTICKS)).toBe(NOT_CLOSING);
  });

  it('counts indentation in columns from where the line’s block starts', () => {
    // After a block quote's `>` at column 1, a tab reaches column 4: its first column is the
    // optional space, two are indentation.
    expect(closesUnitByUnit('```', BACKTICKS, closingLineStart(2, 4))).toBe(true);
    // In a list item whose content starts at column 2, a tab to column 4 is two columns; a space more and it is no closer.
    expect(closesUnitByUnit('\t```', BACKTICKS, closingLineStart(0, 2))).toBe(true);
    expect(closesUnitByUnit(' \t```', BACKTICKS, closingLineStart(0, 2))).toBe(true);
    expect(closesUnitByUnit('  \t```', BACKTICKS, closingLineStart(0, 2))).toBe(false);
    expect(closingLineStart(4)).toBe(NOT_CLOSING);
  });

  it('closesFenceRun: the run must start exactly there', () => {
    expect(closesFenceRun('>   ```', 4, BACKTICKS)).toBe(true);
    expect(closesFenceRun('>    ```', 4, BACKTICKS)).toBe(false);
  });
});

describe('lines', () => {
  it.each([
    ['a\nb\r\nc\rd', ['a', 'b', 'c', 'd']],
    ['a\r\n', ['a', '']],
    ['\r\r\n\n', ['', '', '', '']],
    ['', ['']],
  ])('%j has the lines %j', (text, lines) => {
    const seen: string[] = [];
    forEachLine(text, (line) => seen.push(line));
    expect(seen).toEqual(lines);
  });

  it('a reader resuming after a `\\r` skips the `\\n` of its `\\r\\n`', () => {
    expect(lineStartAt('a\r\nb', 2)).toBe(3);
    expect(lineStartAt('a\n\nb', 2)).toBe(2);
    expect(lineStartAt('a\r', 2)).toBe(2);
  });
});
