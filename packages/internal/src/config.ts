// The `form` server's optional configuration file (read by `formrequest serve --config` and by the form
// tool's skill, which must not load the server for it): search endpoints the model may use in forms (they go into
// the tool description, the Apps widget's CSP and the form page's CSP), the display policy (routing.ts
// reads it: elicitation, URL mode), the form page's port and keep-alive interval, and the re-ask window.
import type { SearchEndpoint } from '@formrequest/schema/guidance';

// Not `import ... from 'node:fs'`: that builds Node's ES module facade of fs, which loads fs.promises,
// the stream classes and the watchers with it (~3 MB of memory; the skills' import weight).
const { readFileSync } = process.getBuiltinModule('node:fs');

/** A JSON object (what JSON.parse gives; no schema module loaded for it: the skills' import weight). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A search API the model may point autocomplete / async-select / cascading-select fields at. */
export type { SearchEndpoint };

export type ElicitationPolicy = 'never' | 'auto';
export const ELICITATION_POLICIES: readonly ElicitationPolicy[] = ['never', 'auto'];

/** The port `formrequest serve --http` listens on unless told otherwise. */
export const DEFAULT_HTTP_PORT = 3939;

export interface ServerConfig {
  endpoints?: SearchEndpoint[];
  /**
   * `auto` (default): show the form where the client can (MCP Apps, its own form dialog, the form page
   * through URL-mode elicitation); when it can nowhere, or a headless client answers the request before
   * anyone could see it, the model is told so (routing.ts, unseen.ts).
   * `never`: no elicitation is ever sent; the form goes to the conversation (seed 000). Kept for old
   * setups: a host that renders the tool call declares `hostRendersForms` instead.
   */
  elicitation?: ElicitationPolicy;
  /**
   * The host that runs this server shows forms from the tool call itself (seed 000's front end: the
   * `tool_use` event or `_metadata`), and the answers arrive as the next user message. Every form then
   * goes to the conversation with the seed's result, and nothing else is tried. Default false: nobody
   * declared it, so the server shows forms through the client's own surfaces.
   */
  hostRendersForms?: boolean;
  /** With `elicitation: auto`: whether forms may go to the form page through URL-mode elicitation. Default true. */
  urlMode?: boolean;
  /** Port of the loopback form page when serving over stdio (0 or unset: any free port). */
  pagePort?: number;
  /** How often a held call sends a progress notification while a person fills the form. Default 10 000. */
  progressIntervalMs?: number;
  /**
   * A form whose searchUrl / loadUrl names a link-local, cloud-metadata or private address gets a
   * warning (`privateUrl`) unless this is true, or the URL is one of `endpoints`.
   */
  allowPrivateUrls?: boolean;
  /** Forms waiting on the form page at once, on this server (all its instances with --db). Default 200. */
  maxPendingForms?: number;
  /** Forms waiting on the form page at once for one MCP session (one client connection). Default 20. */
  maxPendingFormsPerSession?: number;
  /**
   * How long a form whose call the client cut (its timeout, a cancel) stays answerable for a re-ask of
   * the same form from the same session (the server's reask.ts). 0 turns re-ask off. Default 30 min.
   */
  reaskWindowMs?: number;
}

/** The policy when neither the config nor `serve --elicitation` names one. */
export const DEFAULT_ELICITATION_POLICY: ElicitationPolicy = 'auto';

/** The longest re-ask window the config accepts: a day, the pending form's own lifetime. */
export const MAX_REASK_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Progress every 10 s keeps a client that resets its timeout on progress (60 s by default) waiting. */
export const DEFAULT_PROGRESS_INTERVAL_MS = 10_000;

const TOP_KEYS = [
  'endpoints',
  'elicitation',
  'hostRendersForms',
  'urlMode',
  'pagePort',
  'progressIntervalMs',
  'allowPrivateUrls',
  'maxPendingForms',
  'maxPendingFormsPerSession',
  'reaskWindowMs',
];
const ENDPOINT_KEYS = ['purpose', 'url', 'params'];

/** Reads and checks a JSON config file. Errors name the file and the bad key and say what to write. */
export function loadServerConfig(path: string): ServerConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read the server config file ${path}: ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    // Editors on Windows may start the file with a byte order mark, which JSON.parse refuses.
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new Error(`The server config file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseServerConfig(data, path);
}

/** Checks a config value (already parsed). `source` names where it came from in error messages. */
export function parseServerConfig(data: unknown, source = 'server config'): ServerConfig {
  const problems: string[] = [];
  if (!isPlainObject(data)) {
    throw new Error(`${source}: the top level must be a JSON object like {"endpoints": [...]}.`);
  }
  for (const key of Object.keys(data)) {
    if (!TOP_KEYS.includes(key)) problems.push(`unknown key "${key}" (allowed: ${TOP_KEYS.join(', ')})`);
  }
  const config: ServerConfig = {};
  if (data.elicitation !== undefined) {
    if (ELICITATION_POLICIES.includes(data.elicitation as ElicitationPolicy)) {
      config.elicitation = data.elicitation as ElicitationPolicy;
    } else {
      problems.push(`"elicitation" must be "never" or "auto", not ${JSON.stringify(data.elicitation)}`);
    }
  }
  if (data.hostRendersForms !== undefined) {
    if (typeof data.hostRendersForms === 'boolean') config.hostRendersForms = data.hostRendersForms;
    else
      problems.push(
        `"hostRendersForms" must be true (the host shows forms from the tool call) or false, not ${JSON.stringify(data.hostRendersForms)}`,
      );
  }
  if (data.urlMode !== undefined) {
    if (typeof data.urlMode === 'boolean') config.urlMode = data.urlMode;
    else problems.push(`"urlMode" must be true or false, not ${JSON.stringify(data.urlMode)}`);
  }
  if (data.allowPrivateUrls !== undefined) {
    if (typeof data.allowPrivateUrls === 'boolean') config.allowPrivateUrls = data.allowPrivateUrls;
    else
      problems.push(`"allowPrivateUrls" must be true or false, not ${JSON.stringify(data.allowPrivateUrls)}`);
  }
  if (data.pagePort !== undefined) {
    const port = data.pagePort;
    if (Number.isInteger(port) && (port as number) >= 0 && (port as number) <= 65535)
      config.pagePort = port as number;
    else
      problems.push(
        `"pagePort" must be a port number from 0 to 65535 (0: any free port), not ${JSON.stringify(port)}`,
      );
  }
  if (data.progressIntervalMs !== undefined) {
    const ms = data.progressIntervalMs;
    if (Number.isInteger(ms) && (ms as number) >= 100 && (ms as number) <= 600_000)
      config.progressIntervalMs = ms as number;
    else
      problems.push(
        `"progressIntervalMs" must be a whole number of milliseconds from 100 to 600000, not ${JSON.stringify(ms)}`,
      );
  }
  if (data.reaskWindowMs !== undefined) {
    const ms = data.reaskWindowMs;
    if (Number.isInteger(ms) && (ms as number) >= 0 && (ms as number) <= MAX_REASK_WINDOW_MS)
      config.reaskWindowMs = ms as number;
    else
      problems.push(
        `"reaskWindowMs" must be a whole number of milliseconds from 0 (no re-ask) to ${MAX_REASK_WINDOW_MS} (24 h), not ${JSON.stringify(ms)}`,
      );
  }
  for (const key of ['maxPendingForms', 'maxPendingFormsPerSession'] as const) {
    const value = data[key];
    if (value === undefined) continue;
    if (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 100_000)
      config[key] = value as number;
    else
      problems.push(
        `"${key}" must be a whole number of forms from 1 to 100000, not ${JSON.stringify(value)}`,
      );
  }
  if (data.endpoints !== undefined) {
    if (!Array.isArray(data.endpoints)) {
      problems.push('"endpoints" must be an array of {"purpose", "url", "params"} objects');
    } else {
      config.endpoints = [];
      data.endpoints.forEach((entry: unknown, i: number) => {
        const endpoint = checkEndpoint(entry, `endpoints[${i}]`, problems);
        if (endpoint) config.endpoints!.push(endpoint);
      });
    }
  }
  if (problems.length > 0) {
    throw new Error(`${source}: ${problems.length === 1 ? problems[0] : `\n  - ${problems.join('\n  - ')}`}`);
  }
  return config;
}

function checkEndpoint(entry: unknown, at: string, problems: string[]): SearchEndpoint | undefined {
  if (!isPlainObject(entry)) {
    problems.push(
      `"${at}" must be an object like {"purpose": "ユーザー検索", "url": "https://…", "params": {"q": "検索クエリ"}}`,
    );
    return undefined;
  }
  const before = problems.length;
  for (const key of Object.keys(entry)) {
    if (!ENDPOINT_KEYS.includes(key))
      problems.push(`unknown key "${at}.${key}" (allowed: ${ENDPOINT_KEYS.join(', ')})`);
  }
  if (typeof entry.purpose !== 'string' || entry.purpose.trim() === '') {
    problems.push(
      `"${at}.purpose" must be a non-empty string saying what the endpoint is for, e.g. "ユーザー検索"`,
    );
  }
  if (typeof entry.url !== 'string' || !isHttpUrl(entry.url)) {
    problems.push(
      `"${at}.url" must be an absolute http:// or https:// URL, not ${JSON.stringify(entry.url)}`,
    );
  }
  if (entry.params !== undefined) {
    if (!isPlainObject(entry.params)) {
      problems.push(
        `"${at}.params" must be an object of parameter name -> meaning, e.g. {"q": "検索クエリ"}`,
      );
    } else {
      for (const [name, meaning] of Object.entries(entry.params)) {
        if (typeof meaning !== 'string')
          problems.push(`"${at}.params.${name}" must be a string describing the parameter`);
      }
    }
  }
  if (problems.length > before) return undefined;
  const endpoint: SearchEndpoint = { purpose: entry.purpose as string, url: entry.url as string };
  if (entry.params !== undefined) endpoint.params = { ...(entry.params as Record<string, string>) };
  return endpoint;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
