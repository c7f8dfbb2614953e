import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import chromiumLaunch from '../support/chromium.json' with { type: 'json' };

/** The example chat app (examples/chat) on a dev server at a free port, and Debian's Chromium. */
export interface ChatApp {
  url: string;
  server: ViteDevServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function startChatApp(): Promise<ChatApp> {
  const server = await createServer({
    configFile: fileURLToPath(new URL('../../examples/chat/vite.config.ts', import.meta.url)),
    server: { port: 0, host: '127.0.0.1' },
    logLevel: 'warn',
    clearScreen: false,
  });
  await server.listen();
  const address = server.httpServer!.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const browser = await chromium.launch({ executablePath: chromiumLaunch.executablePath, args: chromiumLaunch.args });
  return {
    url: `http://127.0.0.1:${address.port}/`,
    server,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
