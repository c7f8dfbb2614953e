/**
 * Property tests draw a fresh seed on every local run, so they keep finding
 * new counterexamples, and fast-check prints the seed that failed. In CI
 * (`CI=true`) the seed is fixed, so a landing is never blocked by an unlucky
 * draw; `npm run fuzz` explores with random seeds and larger budgets.
 * `FC_SEED=<n>` replays a given seed anywhere.
 */
import fc from 'fast-check';

const fixedInCi = process.env.CI && process.env.FUZZ !== '1' ? 20261121 : undefined;
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : fixedInCi;
if (seed !== undefined) fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
