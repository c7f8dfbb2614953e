/**
 * The property budget of a default (CI) run: at least 100,000 generated cases
 * across every fast-check property of the suite. The fuzz properties count
 * their own (RUNS in ./support.ts); the others are listed here with their numRuns, and
 * this test fails when the total drops below the target.
 */
import { describe, expect, it } from 'vitest';
import { FUZZ_CI_CASES } from './support.js';

/** numRuns of the other property tests in a default run (PROPERTY_RUNS unset). */
const OTHER_PROPERTIES: Record<string, number> = {
  // 7 invariants (one at RUNS/4) + 6 syntaxes alone at RUNS/2, RUNS = 1000.
  'test/properties.test.ts': 6 * 1000 + 250 + 6 * 500,
  // 4 properties × 2 option sets × 300.
  'test/remark/parity.property.test.ts': 4 * 2 * 300,
  'test/syntaxes/caret.test.ts': 3 * 400,
  'test/syntaxes/xml.test.ts': 2 * 400,
  'test/syntaxes/sentinel.test.ts': 2 * 400,
  'test/syntaxes/json.test.ts': 400,
  'test/format/sections.test.ts': 400,
  'test/ai-sdk.test.ts': 200,
  // formatPreview equals the start of formatValue.
  'test/react/failure-huge-output.test.tsx': 2000,
};

describe('property budget', () => {
  it('a default run generates at least 100,000 cases', () => {
    const others = Object.values(OTHER_PROPERTIES).reduce((sum, runs) => sum + runs, 0);
    const total = FUZZ_CI_CASES + others;
    expect(total).toBeGreaterThanOrEqual(100_000);
  });
});
