import type { ParsedCall } from '../../types.js';
import { callsFromJson, parsePartialJson } from '../json/calls.js';
import { JsonTracker } from '../json/tracker.js';
import { parseJson, repeatedKeys } from '../shared/json.js';
import type { MarkedBlock } from './define.js';

/**
 * The calls of a marked block whose body is JSON — one call object (`{"name", "arguments" |
 * "parameters"}`) or a list of them: a block still streaming or cut off by the end of input read
 * as far as it goes (repaired partial JSON), a finished one parsed whole, with invalid JSON an
 * error saying where (line and column, counted from the block's start).
 */
export function readJsonBody(block: MarkedBlock): ParsedCall[] {
  const { body, work } = block;
  if (block.partial || !block.closed) {
    const value = parsePartialJson(body.trimStart(), work);
    return value === undefined ? [] : callsFromJson(value, false, work);
  }
  const parsed = parseJson(body, work);
  if (parsed.ok) return callsFromJson(parsed.value, true, work, repeatedKeys(body));
  const tracker = new JsonTracker(undefined, block.marker.length + 1);
  const end = tracker.feed(body, 0, body.length);
  const problem = tracker.problem;
  if (problem !== undefined) return [{ input: {}, invalid: true, errorText: `invalid JSON at line ${problem.line}, column ${problem.column}: ${problem.message}` }];
  const { line, column } = tracker.position;
  const where = `at line ${line}, column ${column}`;
  return [{ input: {}, invalid: true, errorText: end < 0 ? `invalid JSON ${where}: the JSON value is not complete` : `invalid JSON ${where}: ${parsed.message}` }];
}
