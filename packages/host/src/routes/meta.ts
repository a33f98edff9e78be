// What a client asks about the host: GET /api/token (a token for state-changing calls), /api/health
// (200 while this instance takes traffic, else 503; no auth) and /api/info (the agent, the file limit).
import { TOKEN_HEADER } from '@formrequest/internal/http';
import { Hono } from 'hono';
import type { AppOptions } from '../app.js';

export function metaRoutes(
  options: Pick<AppOptions, 'access' | 'health' | 'agentName' | 'maxFileBytes'>,
): Hono {
  const app = new Hono();
  // The token for state-changing calls, for clients other than the page (which has it in a <meta>).
  // Only a page of this origin can read it: other origins get no CORS headers, and Host is checked.
  app.get('/api/token', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ token: options.access.newPageToken(), header: TOKEN_HEADER });
  });
  app.get('/api/health', async (c) => {
    const health = await options.health();
    c.header('Cache-Control', 'no-store');
    return c.json(health, health.status === 'ok' || health.status === 'degraded' ? 200 : 503);
  });
  app.get('/api/info', (c) => c.json({ agent: options.agentName, maxFileBytes: options.maxFileBytes }));
  return app;
}
