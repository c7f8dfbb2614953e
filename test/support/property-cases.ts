/**
 * Counts the cases fast-check generates, per test, for the property-budget reporter
 * (./property-budget-reporter.ts). fast-check hands every finished property to the global
 * reporter; this one records `numRuns` and fails with fast-check's own report message.
 */
import fc from 'fast-check';
import { afterEach } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** Cases fast-check generated in this test. */
    propertyCases?: number;
  }
}

let cases = 0;

/** One reporter for sync and async properties (fast-check refuses both set at once). */
function count(details: fc.RunDetails<unknown>): void {
  cases += details.numRuns;
  if (details.failed) throw new Error(fc.defaultReportMessage(details), { cause: details.errorInstance });
}

fc.configureGlobal({ ...fc.readConfigureGlobal(), reporter: count });

afterEach(({ task }) => {
  if (cases > 0) task.meta.propertyCases = cases;
  cases = 0;
});
