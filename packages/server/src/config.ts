// The server's optional configuration file: search endpoints the model may use in forms (they go into
// the tool description and the Apps widget's CSP) and the elicitation policy.
import { readFileSync } from 'node:fs';
import { isPlainObject } from '@formrequest/schema';

/** A search API the model may point autocomplete / async-select / cascading-select fields at. */
export interface SearchEndpoint {
  /** What it is for, e.g. `ユーザー検索`. */
  purpose: string;
  /** Absolute http(s) URL. */
  url: string;
  /** Query parameter name -> its meaning, e.g. `{ q: '検索クエリ', limit: '件数' }`. */
  params?: Record<string, string>;
}

export type ElicitationPolicy = 'never' | 'auto';
export const ELICITATION_POLICIES: readonly ElicitationPolicy[] = ['never', 'auto'];

export interface ServerConfig {
  endpoints?: SearchEndpoint[];
  /** `never` (default): the conversation mode of the seed. `auto`: ask through the client's own UI when it can. */
  elicitation?: ElicitationPolicy;
}

const TOP_KEYS = ['endpoints', 'elicitation'];
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
