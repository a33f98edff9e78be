// The page and what it loads: GET / and /c/:id (the chat page, with its token in a <meta>), /app.js,
// /app.css, the renderer's files, /favicon.ico. Its CSP keeps everything same-origin: forms search
// this host's demo API, and nothing a model writes into a form can load scripts or reach other hosts.
import { HttpError } from '@formrequest/internal/http';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import type { AppOptions } from '../app.js';
import { type PageAssets, pageAssets, RENDERER_FILES } from '../page.js';

const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // No 'unsafe-inline': the page's own styles are app.css, the renderer's a constructed stylesheet, and
  // what scripts set (alignment, heights) is CSSOM, which style-src does not govern.
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function pageRoutes(options: Pick<AppOptions, 'access'>): Hono {
  const app = new Hono();
  const assets: PageAssets = pageAssets();
  const page = (c: Context) => {
    c.header('Content-Security-Policy', PAGE_CSP);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(assets.html(options.access.newPageToken()));
  };
  app.get('/', page);
  app.get('/c/:id', page);
  // Scripts go gzipped to browsers that take them (every one does): ~4x less on the wire.
  const gzip = compress({ encoding: 'gzip' });
  app.get('/app.js', gzip, async (c) => {
    const script = await assets.script().catch((error: Error) => {
      throw new HttpError(503, 'page_missing', error.message);
    });
    return c.body(script, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
    });
  });
  app.get('/app.css', (c) => c.body(assets.style, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  for (const name of RENDERER_FILES)
    app.get(`/${name}`, gzip, (c) => {
      const bundle = assets.renderer(name);
      if (!bundle.ok) throw new HttpError(503, 'renderer_missing', bundle.error);
      return c.body(bundle.code, 200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-cache',
      });
    });
  app.get('/favicon.ico', (c) => c.body(null, 204));
  return app;
}
