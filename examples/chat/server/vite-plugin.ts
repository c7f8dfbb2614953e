import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin, ViteDevServer } from 'vite';

/**
 * Serves `POST /api/chat` (and `GET /api/chat/executions`, for the end-to-end test) from the dev
 * server. The route is a Web `Request → Response` handler (server/chat-route.ts), the shape of a
 * Next.js route or a Hono handler; this plugin only adapts Node's request and response to it.
 * It is loaded through Vite (`ssrLoadModule`), so it imports `tool-transcript` like the page does.
 */
export function chatApi(): Plugin {
  return {
    name: 'example-chat-api',
    configureServer(server) {
      server.middlewares.use('/api/chat', (req, res, next) => {
        handle(server, req, res).catch(next);
      });
    },
  };
}

type Route = typeof import('./chat-route.js');

async function handle(server: ViteDevServer, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const route = (await server.ssrLoadModule('/server/chat-route.ts')) as Route;
  const aborter = new AbortController();
  // The browser went away (useChat's stop(), a reload): stop the model too.
  res.on('close', () => {
    if (!res.writableFinished) aborter.abort();
  });
  const url = new URL(req.url ?? '/', 'http://localhost');
  const request = new Request(new URL(url.pathname === '/' ? '/api/chat' : `/api/chat${url.pathname}`, url), {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req),
    signal: aborter.signal,
  });
  const response = await route.handle(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  aborter.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // Cancelled because the client left: nothing to send to.
  }
  res.end();
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}
