// A small local server for the web renderer's example page and tests (127.0.0.1, port 0 by default):
//   /api/demo/users/search?q=&limit=   /api/demo/projects/search?q=   /api/demo/categories
//   /api/demo/countries   /api/demo/prefectures?country_code=   /api/demo/cities?prefecture_code=
// (the same paths as the host's demo API; `api` answers them for the other examples' servers too), the
// broken endpoints tests need (/api/broken/status|text|shape), the page itself (index.html, app.js), the example forms (/forms/*.json) and the renderer's browser files
// (/formrequest.js, /formrequest-sentences.js, /formrequest.css).
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { CATEGORIES, CITIES, COUNTRIES, PREFECTURES, PROJECTS, type Row, USERS } from './data.ts';

const HERE = import.meta.dirname;
const FORMS = resolve(HERE, '../forms');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
};

export interface ExampleServerOptions {
  port?: number;
  /** The renderer's browser files by name ({'formrequest.js': text, ...}), or a function returning them. */
  bundle: Record<string, string> | (() => Promise<Record<string, string>> | Record<string, string>);
  /** Milliseconds to hold an API answer back (tests use it for stale responses). */
  delay?(url: URL): number;
  /** Extra API rows by path, e.g. {'/api/xss': [...]} for payload tests. */
  extra?: Record<string, Row[]>;
  /** Extra HTML pages by path with their response headers (e.g. a Content-Security-Policy). */
  pages?: Record<string, { html: string; headers?: Record<string, string> }>;
}

export interface ExampleServer {
  url: string;
  /** Every API request path + query seen, in order. */
  requests: string[];
  close(): Promise<void>;
}

// The tests' page: one landmark and one h1, so an axe scan of the whole page judges the form alone.
const BLANK =
  '<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  '<meta name="color-scheme" content="light dark">' +
  '<title>formrequest test</title></head><body><main><h1>formrequest</h1><div id="app"></div></main></body></html>';

const search = (rows: Row[], q: string, keys: string[]) => {
  const needle = q.toLowerCase();
  return rows.filter((r) => keys.some((k) => String(r[k]).toLowerCase().includes(needle)));
};

export function api(
  url: URL,
  extra: Record<string, Row[]> = {},
): { status: number; body: string; type?: string } | null {
  const p = url.searchParams;
  const json = (rows: unknown) => ({ status: 200, body: JSON.stringify(rows) });
  const limit = Number(p.get('limit') ?? 50) || 50;
  switch (url.pathname) {
    case '/api/demo/users/search':
      return json(search(USERS, p.get('q') ?? '', ['name', 'email', 'department']).slice(0, limit));
    case '/api/demo/projects/search':
      return json(search(PROJECTS, p.get('q') ?? '', ['name', 'owner']).slice(0, limit));
    case '/api/demo/categories':
      return json(CATEGORIES);
    case '/api/demo/countries':
      return json(COUNTRIES);
    case '/api/demo/prefectures':
      return json(PREFECTURES.filter((r) => r.country_code === p.get('country_code')));
    case '/api/demo/cities':
      return json(CITIES.filter((r) => r.prefecture_code === p.get('prefecture_code')));
    case '/api/broken/status':
      return { status: 500, body: '{"error":"boom"}' };
    case '/api/broken/text':
      return { status: 200, body: '<html>not json</html>', type: 'text/html' };
    case '/api/broken/shape':
      return json({ total: 3 });
  }
  return extra[url.pathname] ? json(extra[url.pathname]) : null;
}

export async function startExampleServer(options: ExampleServerOptions): Promise<ExampleServer> {
  const requests: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    try {
      if (url.pathname.startsWith('/api/')) {
        requests.push(url.pathname + url.search);
        const ms = options.delay?.(url) ?? 0;
        if (ms) await new Promise((r) => setTimeout(r, ms));
        const out = api(url, options.extra ?? {});
        return out ? send(out.status, out.body, out.type) : send(404, '{"error":"not found"}');
      }
      if (url.pathname === '/blank.html') return send(200, BLANK, TYPES['.html']);
      const page = options.pages?.[url.pathname];
      if (page) {
        res.writeHead(200, { 'content-type': TYPES['.html']!, 'cache-control': 'no-store', ...page.headers });
        return res.end(page.html);
      }
      if (/^\/formrequest[\w.-]*\.(js|css)$/.test(url.pathname)) {
        const b = options.bundle;
        const text = (typeof b === 'function' ? await b() : b)[url.pathname.slice(1)];
        if (text !== undefined) return send(200, text, TYPES[extname(url.pathname)]);
      }
      const file =
        url.pathname === '/'
          ? join(HERE, 'index.html')
          : url.pathname.startsWith('/forms/')
            ? join(FORMS, url.pathname.slice(7))
            : join(HERE, url.pathname.slice(1));
      if (!file.startsWith(HERE) && !file.startsWith(FORMS)) return send(404, 'not found', 'text/plain');
      send(200, await readFile(file, 'utf8'), TYPES[extname(file)] ?? 'text/plain');
    } catch {
      send(404, 'not found', 'text/plain');
    }
  });
  await new Promise<void>((r) => server.listen(options.port ?? 0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
