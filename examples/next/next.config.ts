import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

// The repository root: the example imports `tool-transcript` (the root package's own name, built
// to dist/) and the scripted model and tools of examples/chat, both outside this folder.
const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

const nextConfig: NextConfig = {
  turbopack: { root: repositoryRoot },
  outputFileTracingRoot: repositoryRoot,
};

export default nextConfig;
