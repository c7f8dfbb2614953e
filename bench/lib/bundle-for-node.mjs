// The one way the benchmarks bundle a part of src/ for Node: ESM, es2022, npm packages left
// external (they resolve from node_modules), so each measures the same code `dist` holds.
import { build } from 'esbuild';
import { join } from 'node:path';

const SRC = join(import.meta.dirname, '../../src');

/** Bundles `src/<entry>` into `outfile`; returns `outfile`. */
export async function bundleForNode(entry, outfile) {
  await build({
    entryPoints: [join(SRC, entry)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}
