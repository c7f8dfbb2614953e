/**
 * A Vitest reporter that adds up the fast-check cases every test generated (recorded by
 * ./property-cases.ts) and prints the total. With `PROPERTY_BUDGET=<n>` (CI sets it for the whole
 * suite) a run that generated fewer cases fails: lowering a property's runs, or a property that
 * stops running, shows up there instead of silently shrinking the search.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class PropertyBudgetReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let total = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) total += test.meta().propertyCases ?? 0;
    }
    if (total === 0) return;
    const budget = Number(process.env.PROPERTY_BUDGET ?? 0);
    const line = `property cases: ${total.toLocaleString('en')}${budget > 0 ? ` (budget ${budget.toLocaleString('en')})` : ''}`;
    if (budget > 0 && total < budget) {
      console.error(`\n${line} — below the budget: a property lost runs or stopped running.\n`);
      process.exitCode = 1;
      return;
    }
    console.log(`\n${line}\n`);
  }
}
