import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chatApi } from './server/vite-plugin.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * `EXAMPLE_AI=7`: the route and the page use ai 7 (installed here as the npm alias `ai7`)
 * instead of ai 6; useChat still comes from @ai-sdk/react.
 */
const aiAlias = process.env.EXAMPLE_AI === '7' ? [{ find: /^ai(\/test)?$/, replacement: 'ai7$1' }] : [];

/**
 * The example app: `npx vite examples/chat` (or `npx vite --config examples/chat/vite.config.ts`).
 * `POST /api/chat` is served by a dev-server middleware (server/vite-plugin.ts), so one command
 * runs the page and the route. `tool-transcript` resolves to this repository's source, so the
 * example imports it exactly as an app that installed the package does.
 */
export default defineConfig({
  root: here('.'),
  // Kept out of the example folder: no node_modules of its own.
  cacheDir: here(`../../node_modules/.vite-example-chat${process.env.EXAMPLE_AI === '7' ? '-ai7' : ''}`),
  plugins: [react(), chatApi()],
  resolve: {
    alias: [
      ...aiAlias,
      { find: /^tool-transcript\/react$/, replacement: here('../../src/react/index.ts') },
      { find: /^tool-transcript\/ai$/, replacement: here('../../src/ai/index.ts') },
      { find: /^tool-transcript\/styles\.css$/, replacement: here('../../src/styles.css') },
      { find: /^tool-transcript$/, replacement: here('../../src/index.ts') },
    ],
  },
  server: { fs: { allow: [here('../..')] } },
  // Pre-bundled up front: a dependency found mid-session makes Vite reload the page.
  optimizeDeps: {
    include: ['react', 'react-dom/client', 'react/jsx-runtime', '@ai-sdk/react', 'ai', 'react-markdown', 'remark-gfm', 'yaml', 'zustand/vanilla'],
  },
});
