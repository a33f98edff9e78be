// Who may talk to an HTTP surface (the host, the MCP server and its form page), checked before any
// route runs, by one middleware (`Access.middleware`) each app mounts with its own rules:
// - Host: only loopback names, the listen address itself (an IP literal cannot be rebound), the extra
//   names given (`names`, at any port) and the public origins. Anything else is a DNS-rebinding attempt
//   or a wrong URL: 403.
// - Origin: a browser that sends one must be on this very origin (scheme, name and port) or on a
//   public origin (`origin: 'same'`), or only on a name this surface answers to (`origin: 'name'`: the
//   MCP endpoint, which an inspector on another localhost port calls); `requireOrigin` refuses a
//   state-changing call without one. Sec-Fetch-Site other than same-origin/none is refused under
//   `apiPrefix`.
// - A token for every state-changing call (POST, PUT, PATCH, DELETE) under `tokenPrefix`:
//   `X-FormRequest-Token`, which the host's page gets in a <meta> tag and other clients from GET
//   /api/token. A page on another origin can read neither, and a custom header cannot be sent
//   cross-origin without a preflight that is never granted. Tokens are signed with `secret`, so they
//   survive a restart.
// - auth: `token` (a secret in the printed URL, kept as a SameSite=Strict HttpOnly cookie, or sent
//   as `Authorization: Bearer`), `header:NAME` (a reverse proxy that signs people in sets NAME) or
//   `none`. Listening beyond loopback needs one of them, said on purpose.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { HttpError } from './http-error.js';

export type AuthMode =
  | { kind: 'none' }
  | { kind: 'token'; token: string }
  | { kind: 'header'; header: string };

export const TOKEN_HEADER = 'X-FormRequest-Token';
export const AUTH_COOKIE = 'formrequest_auth';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Reads an --auth value: `none`, `token` (the token from FORMREQUEST_AUTH_TOKEN, or a new random one)
 * or `header:NAME`. Throws a message that says what to write.
 */
export function parseAuth(text: string, env: NodeJS.ProcessEnv = process.env): AuthMode {
  if (text === 'none') return { kind: 'none' };
  if (text === 'token') {
    const given = env.FORMREQUEST_AUTH_TOKEN;
    if (given !== undefined && given.length < 16) {
      throw new Error(
        'FORMREQUEST_AUTH_TOKEN must be at least 16 characters long (or leave it unset for a random one).',
      );
    }
    return { kind: 'token', token: given || randomBytes(24).toString('base64url') };
  }
  const header = /^header:([A-Za-z0-9!#$%&'*+.^_`|~-]+)$/.exec(text)?.[1];
  if (header) return { kind: 'header', header: header.toLowerCase() };
  throw new Error(
    `--auth must be "token", "header:NAME" (e.g. header:X-Forwarded-User) or "none", not "${text}".`,
  );
}

/** Loopback names a browser never lets a remote page take: localhost (and *.localhost), 127/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  return name === '::1';
}

export function isWildcardAddress(hostname: string): boolean {
  return hostname === '0.0.0.0' || hostname === '::' || hostname === '';
}

export interface AccessOptions {
  /** The address the server listens on (--host). */
  listenHost: string;
  /** Origins the page is reached at beyond loopback, e.g. https://chat.example.com (--origin). */
  publicOrigins?: string[];
  /** More host names this surface answers to, at any port (e.g. a name in /etc/hosts). */
  names?: string[];
  /** Default none. */
  auth?: AuthMode;
  /** What tokens and cookies are signed with (the host: its store's secret). Default: random per process. */
  secret?: Buffer;
  /** What the refusals call this surface ("host" by default, "server"). */
  self?: string;
  /** The sentence after a refused Host or Origin that says how to be let in. */
  hint?: string;
}

/** Where and how the middleware checks: each surface mounts it with its own. */
export interface AccessRules {
  /** Path prefixes any origin may read with only the Host checked (public data, health). */
  publicPrefixes?: string[];
  /** `same` (default): an Origin must be this very origin or a public one; `name`: a name this answers to, any port. */
  origin?: 'same' | 'name';
  /** A state-changing call without an Origin is refused (a page's own fetch always sends one). */
  requireOrigin?: boolean;
  /** Paths where a cross-site Sec-Fetch-Site is refused. */
  apiPrefix?: string;
  /** Paths where a state-changing call needs the page token (TOKEN_HEADER). */
  tokenPrefix?: string;
}

const HOST_HINT =
  'Open the URL the host printed, or start it with --origin for the name you use (e.g. --origin https://chat.example.com).';

/** Checks --origin values: absolute http(s) origins with no path. */
export function parseOrigins(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((value) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw new Error(`--origin takes origins like https://chat.example.com, not "${value}".`);
      }
      if (!/^https?:$/.test(url.protocol) || (url.pathname !== '/' && url.pathname !== '') || url.search) {
        throw new Error(
          `--origin takes origins like https://chat.example.com (scheme, name and port only), not "${value}".`,
        );
      }
      return url.origin;
    });
}

export class Access {
  private readonly publicHosts: Set<string>;
  private readonly names: Set<string>;
  private readonly localAddresses: Set<string>;
  private readonly publicOrigins: string[];
  private readonly auth: AuthMode;
  private readonly secret: Buffer;

  readonly options: AccessOptions;
  constructor(options: AccessOptions) {
    this.options = options;
    this.publicOrigins = options.publicOrigins ?? [];
    this.auth = options.auth ?? { kind: 'none' };
    this.secret = options.secret ?? randomBytes(32);
    this.publicHosts = new Set(this.publicOrigins.map((o) => new URL(o).host.toLowerCase()));
    this.names = new Set((options.names ?? []).map((n) => n.toLowerCase()));
    this.localAddresses = new Set<string>();
    const listen = options.listenHost.replace(/^\[|\]$/g, '');
    if (isIP(listen)) this.localAddresses.add(listen.toLowerCase());
    if (isWildcardAddress(listen)) {
      for (const list of Object.values(networkInterfaces()))
        for (const item of list ?? []) this.localAddresses.add(item.address.toLowerCase());
    }
  }

  /** Whether a Host header (name[:port]) is one this host answers to. */
  allowsHost(host: string): boolean {
    const lower = host.toLowerCase();
    if (this.publicHosts.has(lower)) return true;
    const name = hostnameOf(lower);
    if (name === undefined) return false;
    return (
      isLoopbackHost(name) || this.names.has(name) || this.localAddresses.has(name.replace(/^\[|\]$/g, ''))
    );
  }

  /** The names this host answers to, for messages. */
  describeHosts(): string {
    const names = ['localhost', '127.0.0.1', '[::1]', ...this.names, ...this.publicHosts];
    if (this.localAddresses.size > 0 && !isLoopbackHost(this.options.listenHost))
      names.push("this machine's own IP addresses");
    return names.join(', ');
  }

  /** A per-page token: a random nonce and its signature; any token this host signed is accepted. */
  newPageToken(): string {
    const nonce = randomBytes(12).toString('base64url');
    return `${nonce}.${this.sign(`page:${nonce}`)}`;
  }

  checkPageToken(token: string | undefined): boolean {
    if (!token) return false;
    const [nonce, mac, extra] = token.split('.');
    if (!nonce || !mac || extra !== undefined) return false;
    return safeEqual(mac, this.sign(`page:${nonce}`));
  }

  private sign(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url');
  }

  private sessionCookie(): string {
    const auth = this.auth;
    return auth.kind === 'token' ? this.sign(`session:${auth.token}`) : '';
  }

  /** Whether the request carries the --auth credential; `bearer` when it came as Authorization. */
  private authenticate(c: Context): 'ok' | 'bearer' | 'missing' {
    const auth = this.auth;
    if (auth.kind === 'none') return 'ok';
    if (auth.kind === 'header') return c.req.header(auth.header)?.trim() ? 'ok' : 'missing';
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    if (bearer !== undefined) return safeEqual(bearer, auth.token) ? 'bearer' : 'missing';
    const cookie = getCookie(c, AUTH_COOKIE);
    return cookie !== undefined && safeEqual(cookie, this.sessionCookie()) ? 'ok' : 'missing';
  }

  /** The middleware: refusals are thrown as HttpError, which each app's error handler words in its shape. */
  middleware(rules: AccessRules = {}): MiddlewareHandler {
    const hint = this.options.hint ?? HOST_HINT;
    const publicPrefixes = rules.publicPrefixes ?? [];
    return async (c, next) => {
      const host = c.req.header('Host') ?? '';
      if (!this.allowsHost(host)) {
        throw new HttpError(
          403,
          'forbidden_host',
          `Forbidden host (DNS-rebinding protection). This ${this.options.self ?? 'host'} answers only to ${this.describeHosts()}; the request named "${host}". ${hint}`,
          { host },
        );
      }
      const path = c.req.path;
      const isPublic = publicPrefixes.some((p) => path.startsWith(p));
      const isApi = rules.apiPrefix !== undefined && path.startsWith(rules.apiPrefix);
      const unsafe = UNSAFE_METHODS.has(c.req.method);
      const origin = c.req.header('Origin');
      const originOk =
        origin === undefined
          ? !(rules.requireOrigin && unsafe)
          : rules.origin === 'name'
            ? this.allowsOriginName(origin)
            : this.allowsOrigin(origin, host, c);
      if (!isPublic && !originOk) {
        throw new HttpError(
          403,
          'forbidden_origin',
          `Forbidden origin. Requests from ${origin ?? 'a page that sends no Origin'} are refused: only pages of this ${this.options.self ?? 'host'} (${originOf(c, host)}) may call it` +
            (this.publicOrigins.length ? ` or ${this.publicOrigins.join(', ')}.` : '.') +
            ` ${hint}`,
          { origin: origin ?? null },
        );
      }
      const site = c.req.header('Sec-Fetch-Site');
      if (isApi && !isPublic && site !== undefined && site !== 'same-origin' && site !== 'none') {
        throw new HttpError(
          403,
          'forbidden_origin',
          `A ${site} request to the API is refused: only this host's own page may call it.`,
          { secFetchSite: site },
        );
      }
      if (isPublic) return next();

      // --auth token: the printed URL carries ?token=; trade it for a cookie and drop it from the URL.
      const auth = this.auth;
      if (auth.kind === 'token' && !isApi && c.req.method === 'GET') {
        const given = c.req.query('token');
        if (given !== undefined) {
          if (!safeEqual(given, auth.token)) {
            throw new HttpError(
              401,
              'auth_required',
              "That token is not this host's. Open the URL the host printed.",
            );
          }
          setCookie(c, AUTH_COOKIE, this.sessionCookie(), {
            httpOnly: true,
            sameSite: 'Strict',
            path: '/',
            secure:
              new URL(c.req.url).protocol === 'https:' ||
              this.publicOrigins.some((o) => o.startsWith('https:')),
          });
          const url = new URL(c.req.url);
          url.searchParams.delete('token');
          return c.redirect(url.pathname + url.search, 303);
        }
      }
      const who = this.authenticate(c);
      if (who === 'missing') {
        throw new HttpError(
          401,
          'auth_required',
          auth.kind === 'header'
            ? `This host is run behind a sign-in proxy (--auth header:${auth.header}); the request did not come through it.`
            : 'This host needs its access token: open the URL it printed (…/?token=…) or send Authorization: Bearer <token>.',
        );
      }
      // A bearer credential is never attached by a browser on its own: it is proof enough.
      const needsToken = rules.tokenPrefix !== undefined && path.startsWith(rules.tokenPrefix);
      if (needsToken && unsafe && who !== 'bearer') {
        if (!this.checkPageToken(c.req.header(TOKEN_HEADER))) {
          throw new HttpError(
            403,
            'bad_token',
            `State-changing calls need the page's token in the ${TOKEN_HEADER} header (GET /api/token gives one). Reload the page if it was open before the host's database changed.`,
          );
        }
      }
      return next();
    };
  }

  /** An Origin on a name this surface answers to, at any port (not `null`). */
  private allowsOriginName(origin: string): boolean {
    if (this.publicOrigins.includes(origin)) return true;
    try {
      const url = new URL(origin);
      return /^https?:$/.test(url.protocol) && this.allowsHost(url.hostname.toLowerCase());
    } catch {
      return false;
    }
  }

  private allowsOrigin(origin: string, host: string, c: Context): boolean {
    if (origin === 'null') return false;
    if (this.publicOrigins.includes(origin)) return true;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    // Same origin: the name and port the request was sent to, on a name this host answers to.
    return (
      url.host.toLowerCase() === host.toLowerCase() &&
      this.allowsHost(url.host) &&
      url.protocol === new URL(c.req.url).protocol
    );
  }
}

/** The name part of a Host header value ("[::1]:3000" -> "[::1]", "a.test:80" -> "a.test"). */
function hostnameOf(host: string): string | undefined {
  if (host === '') return undefined;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(host);
  return match?.[1];
}

function originOf(c: Context, host: string): string {
  return `${new URL(c.req.url).protocol}//${host}`;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
