// The one reading of a searchUrl / loadUrl for every surface (the checker, the web renderer, the
// terminal's `ask --base-url`, the server, `check`): an absolute http(s) URL, or a path from the page's
// own origin ("/api/users"). Refused: backslashes (`/\evil.example/x`, which a browser reads as
// `//evil.example/x`), protocol-relative `//host`, tabs and newlines (which the URL parser drops, so
// `/\t/evil.example` is `//evil.example` too), other schemes, user:password@, and relative paths that
// are not paths (`api/x`, `?q=`). Also what kind of address a URL names, for the warnings about
// link-local, cloud-metadata and private addresses that `check` and the server give.

/** Why a URL is refused; the checker's message says it in the form's language. */
export type RemoteUrlProblem =
  | 'backslash'
  | 'control'
  | 'protocolRelative'
  | 'scheme'
  | 'credentials'
  | 'notPath'
  | 'invalid';

export type RemoteUrl =
  | { ok: true; kind: 'absolute' | 'path'; url: string }
  | { ok: false; problem: RemoteUrlProblem };

/** Reads `text` as a searchUrl / loadUrl: an absolute http(s) URL or a path that starts with one `/`. */
export function parseRemoteUrl(text: string): RemoteUrl {
  const path = text[0] === '/';
  // Spaces, tabs, newlines, C0/C1 controls, DEL: the URL parser strips or re-reads some of them.
  // `http:evil.example` and `http:/evil.example` would be read as http://evil.example.
  const problem: RemoteUrlProblem | undefined = text.includes('\\')
    ? 'backslash'
    : /[\u0000-\u0020\u007f-\u009f]/.test(text)
      ? 'control'
      : text.startsWith('//')
        ? 'protocolRelative'
        : path
          ? undefined
          : !/^[a-z][a-z\d+.-]*:/i.test(text)
            ? 'notPath'
            : !/^https?:/i.test(text)
              ? 'scheme'
              : !/^https?:\/\/[^/]/i.test(text)
                ? 'invalid'
                : undefined;
  if (problem) return { ok: false, problem };
  let url: URL;
  try {
    // A path resolved against a placeholder origin must stay on it.
    url = new URL(text, 'http://o.invalid');
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (path)
    return url.host === 'o.invalid'
      ? { ok: true, kind: 'path', url: text }
      : { ok: false, problem: 'protocolRelative' };
  return url.username || url.password
    ? { ok: false, problem: 'credentials' }
    : { ok: true, kind: 'absolute', url: url.href };
}

/**
 * The request URL for `text` on a page at `base` (a path joins the base's origin); an Error saying
 * why when `text` is not a searchUrl / loadUrl the checker would pass.
 */
export function resolveRemoteUrl(text: string, base: string): URL {
  const read = parseRemoteUrl(text);
  if (!read.ok) throw new Error(`Refused URL ${JSON.stringify(text)}: ${PROBLEM_TEXT[read.problem]}.`);
  return new URL(read.url, base);
}

const PROBLEM_TEXT: Record<RemoteUrlProblem, string> = {
  backslash: 'a backslash is read as a slash and can lead to another host',
  control: 'it holds a space or a control character',
  protocolRelative: 'a URL starting with // names another host; write https://host/path or /path',
  scheme: 'only http and https URLs are fetched',
  credentials: 'a user name or password in the URL is not allowed',
  notPath: 'a relative URL must be a path starting with /',
  invalid: 'it is not a URL',
};

/** What an address is, for the warnings: only `public` and `loopback` pass without a word. */
export type AddressKind = 'loopback' | 'metadata' | 'link-local' | 'private' | 'public';

const METADATA_NAMES = new Set([
  'metadata.google.internal',
  'metadata',
  'instance-data',
  'metadata.azure.internal',
]);

/** The kind of address `hostname` (a URL's hostname: IPv6 in brackets or not) names, by its text. */
export function addressKind(hostname: string): AddressKind {
  const name = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return 'loopback';
  if (METADATA_NAMES.has(name)) return 'metadata';
  const v4 = ipv4(name) ?? mappedIpv4(name);
  if (v4) {
    const [a, b] = v4;
    if (a === 127) return 'loopback';
    if (a === 169 && b === 254) return v4[2] === 169 && v4[3] === 254 ? 'metadata' : 'link-local';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
    if (a === 100 && b >= 64 && b <= 127) return 'private'; // carrier-grade NAT
    if (a === 0) return 'private';
    return 'public';
  }
  if (!name.includes(':')) return 'public';
  if (name === '::1') return 'loopback';
  if (name === '::') return 'private';
  if (name === 'fd00:ec2::254') return 'metadata';
  if (/^fe[89ab][0-9a-f]:/.test(name)) return 'link-local';
  if (/^f[cd][0-9a-f]{2}:/.test(name)) return 'private';
  return 'public';
}

/** Four octets of a dotted IPv4 address (as the URL parser writes it), else undefined. */
function ipv4(name: string): number[] | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(name);
  if (!m) return undefined;
  const octets = m.slice(1).map(Number);
  return octets.every((n) => n <= 255) ? octets : undefined;
}

/** `::ffff:a.b.c.d` or `::ffff:7f00:1` (how the URL parser writes it) as four octets. */
function mappedIpv4(name: string): number[] | undefined {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(name)?.[1];
  if (dotted) return ipv4(dotted);
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(name);
  if (!hex) return undefined;
  const hi = Number.parseInt(hex[1]!, 16);
  const lo = Number.parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255];
}

/**
 * The kind of address an absolute searchUrl / loadUrl names when it is one to warn about (link-local,
 * cloud metadata, private), else undefined. Read with the URL parser, so `http://0xa9fea9fe/` and
 * `http://2852039166/` are 169.254.169.254 too. Names that resolve to such addresses are not looked up.
 */
export function riskyAddress(text: string): Exclude<AddressKind, 'public' | 'loopback'> | undefined {
  const read = parseRemoteUrl(text);
  if (!read.ok || read.kind !== 'absolute') return undefined;
  const kind = addressKind(new URL(read.url).hostname);
  return kind === 'public' || kind === 'loopback' ? undefined : kind;
}
