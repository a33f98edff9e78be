// Who may use `/mcp` over HTTP: the bearer token when the server has one (`serve --http --token`,
// FORMREQUEST_SERVE_TOKEN), and, when a browser sends an Origin, one whose host AND port are this
// listener's (another local app on localhost:5173 is not this server on localhost:3939), the page
// origin's, or a host the operator named.
import { createHash, timingSafeEqual } from 'node:crypto';
import { addressKind } from '@formrequest/schema';

/** True when `authorization` is `Bearer <token>` (compared in constant time). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '')?.[1];
  if (!given) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** What the Origin check allows. */
export interface OriginRule {
  /** Names accepted in Host: loopback names, the listen host, the page origin's host, the extras. */
  hostnames: string[];
  /** The names the operator added (allowedHosts): accepted on any port (a proxy in front). */
  extras: string[];
  /** The port this listener is on. */
  port: () => number;
  /** The page origin when it is not this listener's (`https://forms.example.com`). */
  pageOrigin?: string;
}

/** Undefined when `origin` (the header, if any) may call; else why not. */
export function originProblem(origin: string | undefined, rule: OriginRule): string | undefined {
  if (origin === undefined) return undefined; // not a browser: the Host check and the token apply
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return `Invalid Origin header: ${JSON.stringify(origin)}`;
  }
  if (url.origin === 'null') return 'Origin "null" (a sandboxed or file page) is not allowed';
  if (rule.pageOrigin !== undefined && url.origin === new URL(rule.pageOrigin).origin) return undefined;
  const hostname = url.hostname;
  if (rule.extras.includes(hostname)) return undefined;
  if (!rule.hostnames.includes(hostname)) return `Origin ${url.origin} is not allowed`;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (port !== rule.port()) {
    return `Origin ${url.origin} is another port than this server's (${rule.port()})`;
  }
  return undefined;
}

/** True when `host` is a loopback name or address (localhost, 127.0.0.0/8, ::1). */
export function isLoopback(host: string): boolean {
  return addressKind(host) === 'loopback';
}
