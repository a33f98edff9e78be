// A known path asked with the wrong method is a 405 naming the methods it takes, not a 404 that
// suggests the path is wrong: the methods are read from the app's own routes, so they never drift.
import type { Hono } from 'hono';

/** The methods `app` has routes for at `path` (middleware excluded); empty for an unknown path. */
export function allowedMethods(app: Hono<any>, path: string): string[] {
  return [
    ...new Set(
      app.routes.filter((r) => r.method !== 'ALL' && routePattern(r.path).test(path)).map((r) => r.method),
    ),
  ];
}

/** The Allow header for those methods: Hono answers HEAD with the GET route, so a GET path takes HEAD. */
export function allowHeader(methods: string[]): string {
  return (methods.includes('GET') ? [...methods, 'HEAD'] : methods).join(', ');
}

/** A route path ("/api/files/:id", "/forms/:id{[a-z]+}") as a pattern for a request path. */
function routePattern(path: string): RegExp {
  const parts = path.split('/').map((part) => {
    const param = /^:[A-Za-z0-9_]+(?:\{(.+)\})?$/.exec(part);
    if (param) return param[1] ? `(?:${param[1]})` : '[^/]+';
    return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${parts.join('/')}$`);
}
