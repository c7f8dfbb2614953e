/**
 * The ported server suites as one corpus: what the library reads of what models really write.
 * Each syntax's own test runs its cases whole and split, with that syntax's options; this one
 * reads every case with the options a user starts with — no `syntaxes`, the case's `tools` — and
 * counts the calls that come out exactly as the server's test expects. Every call of a format
 * that is on by default must be read so (the formats do not steal each other's calls); the
 * opt-in ones (`json`'s Llama and xLAM shapes, `pythonic`) are counted only.
 * `SUITES_SUMMARY=1` prints the table per server and format.
 */
import { describe, expect, it } from 'vitest';
import { defaultSyntaxes, parseTranscript, type TranscriptOptions } from '../../src/index.js';
import { serverView, type ServerCase } from '../support/server-cases.js';

const files = import.meta.glob<{ cases: ServerCase[] }>('../fixtures/servers/*.ts', { eager: true });
const suites = Object.entries(files).map(([path, module]) => ({ format: /([\w-]+)\.ts$/.exec(path)![1]!, cases: module.cases }));

/** Suites of formats read with default options: the default syntaxes, tool-name XML (on with `tools`), reasoning blocks, Step-3 (read by `deepseek`). */
const ON_BY_DEFAULT = new Set([...defaultSyntaxes.map((syntax) => syntax.name), 'tooltags', 'reasoning', 'step3']);

/** Calls of `testCase` read exactly as its server expects (name and arguments, in order, none an error), under `options`. */
function callsRead(testCase: ServerCase, options: TranscriptOptions): number {
  const view = serverView(parseTranscript(testCase.text, testCase.tools ? { ...options, tools: testCase.tools } : options));
  if (view.calls.length !== testCase.calls.length) return 0;
  let right = 0;
  testCase.calls.forEach((call, i) => {
    const got = view.calls[i]!;
    if (got.name === call.name && got.state !== 'output-error' && JSON.stringify(sorted(got.arguments)) === JSON.stringify(sorted(call.arguments))) right++;
  });
  return right;
}

/** A value with its object keys sorted, for a comparison that ignores key order. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted((value as Record<string, unknown>)[key])]));
}

describe('the ported server suites, as one corpus', () => {
  it('has cases for the native formats, each citing its origin', () => {
    expect(suites.length).toBeGreaterThan(0);
    for (const { format, cases } of suites) {
      expect(cases.length, format).toBeGreaterThan(0);
      for (const testCase of cases) expect(testCase.origin, `${format}: ${testCase.text.slice(0, 40)}`).toMatch(/\S/);
    }
  });

  it('reads every call of the formats on by default with default options, and counts the rest', () => {
    const rows: string[] = ['| server | format | cases | calls | read with default options |', '| --- | --- | --- | --- | --- |'];
    let total = 0;
    let read = 0;
    for (const { format, cases } of suites) {
      const servers = [...new Set(cases.map((testCase) => testCase.server))].sort();
      for (const server of servers) {
        const mine = cases.filter((testCase) => testCase.server === server);
        const calls = mine.reduce((sum, testCase) => sum + testCase.calls.length, 0);
        const byDefault = mine.reduce((sum, testCase) => sum + callsRead(testCase, {}), 0);
        rows.push(`| ${server} | ${format}${ON_BY_DEFAULT.has(format) ? '' : ' (opt-in)'} | ${mine.length} | ${calls} | ${byDefault} |`);
        total += calls;
        read += byDefault;
        if (ON_BY_DEFAULT.has(format)) expect(byDefault, `${server} ${format}`).toBe(calls);
      }
    }
    if (process.env.SUITES_SUMMARY === '1') console.info(`${rows.join('\n')}\n\ncases: ${suites.reduce((sum, suite) => sum + suite.cases.length, 0)}, calls: ${total}, read with default options: ${read}`);
  });
});
