// The sample search API of server.ts (`/api/demo/*`: users, projects, categories, places) as a Vite
// plugin, for the examples that run on Vite's dev server (ai-sdk-chat, vue).
import type { Plugin } from 'vite';
import { api } from './server.ts';

export function demoApi(): Plugin {
  return {
    name: 'formrequest-demo-api',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (!url.pathname.startsWith('/api/demo/')) return next();
        const out = api(url);
        res.writeHead(out?.status ?? 404, { 'content-type': out?.type ?? 'application/json' });
        res.end(out?.body ?? '{"error":"not found"}');
      });
    },
  };
}
