// How to start (or reach) an MCP server, as MCP clients write it in their configuration
// (`.mcp.json`, `claude_desktop_config.json`: `mcpServers`; VS Code's `mcp.json`: `servers`):
// `{command, args, env}` for stdio, `{type: "http", url, headers}` for Streamable HTTP.
//
// A callable skill records its server's entry in `mcp.json` beside SKILL.md, in that same shape, so
// `formrequest call` (and any MCP client) can start it. No value from the environment or from a
// configuration is ever written: an `env` entry is recorded as a reference, `${NAME}`, read from the
// caller's environment when the server is started; a value that holds a `${VAR}` reference is kept as
// written (its secret lives in the environment); a header without one is left out, and said so.
import { basename, dirname, join } from 'node:path';
import { readJson } from './data/json-read.js';
import { isMapping, type Mapping, type Value } from './data/value.js';
import { schemaPath } from './paths.js';

// node:fs through process.getBuiltinModule, not `import`: see node-crypto.ts for why (import weight).
const { readFileSync, statSync } = process.getBuiltinModule('node:fs');

export type Launch =
  | { type: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { type: 'http'; url: string; headers: Record<string, string> };

/** A configuration that cannot be used: which file, which key, and what to do. */
export class LaunchError extends Error {}

/** The file a callable skill keeps beside its SKILL.md. */
export const LAUNCH_FILE = 'mcp.json';

/**
 * What a stdio server gets from the caller's environment besides the variables its `env` names: the
 * names the official SDK client passes by default, so a server started by `call` sees what it would
 * see when an MCP client starts it.
 */
export const INHERITED_ENV = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'] as const;

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** One server entry of a configuration (`path` says where, for messages). */
export function launchOf(entry: Value, path: string): Launch {
  if (!isMapping(entry))
    throw new LaunchError(`${path} must be an object such as {"command": "npx", "args": [...]}`);
  const text = (key: string): string | undefined => {
    const value = entry.get(key);
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw new LaunchError(`${schemaPath(path, key)} must be text`);
    return value;
  };
  const texts = (key: string): Record<string, string> => {
    const value = entry.get(key);
    if (value === undefined) return {};
    if (!isMapping(value)) throw new LaunchError(`${schemaPath(path, key)} must be an object of texts`);
    const out: Record<string, string> = {};
    for (const [name, v] of value) {
      if (typeof v !== 'string')
        throw new LaunchError(`${schemaPath(schemaPath(path, key), name)} must be text`);
      out[name] = v;
    }
    return out;
  };
  const type = text('type');
  const url = text('url');
  if (type === 'sse')
    throw new LaunchError(
      `${path}: the SSE transport is not supported; use the server's Streamable HTTP URL ("type": "http")`,
    );
  if (url !== undefined || type === 'http' || type === 'streamable-http') {
    if (url === undefined) throw new LaunchError(`${path} has type "${type}" but no "url"`);
    if (!/^https?:\/\//i.test(url.replace(REFERENCE, 'x')))
      throw new LaunchError(`${schemaPath(path, 'url')} must be an http(s) URL, got ${JSON.stringify(url)}`);
    return { type: 'http', url, headers: texts('headers') };
  }
  if (type !== undefined && type !== 'stdio')
    throw new LaunchError(
      `${schemaPath(path, 'type')} must be "stdio" or "http", got ${JSON.stringify(type)}`,
    );
  const command = text('command');
  if (!command) throw new LaunchError(`${path} needs a "command" (stdio) or a "url" (http)`);
  const args = entry.get('args') ?? [];
  if (!Array.isArray(args) || args.some((a) => typeof a !== 'string'))
    throw new LaunchError(`${schemaPath(path, 'args')} must be a list of texts`);
  const cwd = text('cwd');
  return { type: 'stdio', command, args: args as string[], env: texts('env'), ...(cwd ? { cwd } : {}) };
}

/** The server entries of an MCP configuration: `mcpServers` (Claude, Cursor …) or `servers` (VS Code). */
export function configEntries(config: Value, file: string): Map<string, Value> {
  if (!isMapping(config)) throw new LaunchError(`${file} must be a JSON object with "mcpServers"`);
  for (const key of ['mcpServers', 'servers']) {
    const entries = config.get(key);
    if (entries === undefined) continue;
    if (!isMapping(entries)) throw new LaunchError(`${file}: "${key}" must be an object of servers by name`);
    return entries;
  }
  throw new LaunchError(
    `${file} has no "mcpServers" (or VS Code's "servers"): it is not an MCP configuration`,
  );
}

/** Reads a JSON configuration file; LaunchError says why it cannot be used. */
export function readConfigFile(file: string): Mapping {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new LaunchError(
      `cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message}`,
    );
  }
  let config: Value;
  try {
    config = readJson(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new LaunchError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  configEntries(config, file);
  return config as Mapping;
}

/**
 * The server to call from `where`: a callable skill's folder, its SKILL.md or its mcp.json, or any MCP
 * configuration file; `name` picks the server when the file has several.
 */
export function findLaunch(where: string, name?: string): { name: string; launch: Launch; file: string } {
  let file = where;
  try {
    if (statSync(where).isDirectory()) file = join(where, LAUNCH_FILE);
    else if (basename(where) === 'SKILL.md') file = join(dirname(where), LAUNCH_FILE);
  } catch {
    // not there: readConfigFile says so
  }
  let config: Mapping;
  try {
    config = readConfigFile(file);
  } catch (error) {
    if (file !== where && (error as Error).message.includes('no such file'))
      throw new LaunchError(
        `${where} has no ${LAUNCH_FILE}: its skill was written without --callable, so it only documents the tools (attach the MCP server to call them)`,
      );
    throw error;
  }
  const entries = configEntries(config, file);
  const names = [...entries.keys()];
  const chosen = name ?? (names.length === 1 ? names[0] : undefined);
  if (chosen === undefined)
    throw new LaunchError(
      names.length === 0
        ? `${file} lists no servers`
        : `${file} lists several servers (${names.join(', ')}): choose one with --server NAME`,
    );
  if (!entries.has(chosen))
    throw new LaunchError(`${file} has no server '${chosen}'; it has: ${names.join(', ') || 'none'}`);
  const key = config.has('mcpServers') ? 'mcpServers' : 'servers';
  return { name: chosen, launch: launchOf(entries.get(chosen)!, schemaPath(key, chosen)), file };
}

/** What recording a launch left out (headers whose values would have been written). */
export interface Recorded {
  launch: Launch;
  notes: string[];
}

/** The launch with every value replaced by a reference to the caller's environment (see the top). */
export function recordLaunch(launch: Launch): Recorded {
  const notes: string[] = [];
  if (launch.type === 'stdio') {
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(launch.env))
      env[name] = hasReference(value) ? value : `\${${name}}`;
    return { launch: { ...launch, env }, notes };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(launch.headers)) {
    if (hasReference(value)) headers[name] = value;
    else
      notes.push(
        `header ${name} was not recorded: its value is not a \${VAR} reference, and values are never written into a skill (write it as "${name}": "… \${VAR}" in the configuration)`,
      );
  }
  return { launch: { ...launch, headers }, notes };
}

function hasReference(value: string): boolean {
  return new RegExp(REFERENCE.source).test(value);
}

/** The text of a skill's mcp.json for its server `name`. */
export function launchFileText(name: string, launch: Launch): string {
  const entry =
    launch.type === 'stdio'
      ? {
          command: launch.command,
          args: launch.args,
          ...(Object.keys(launch.env).length > 0 ? { env: launch.env } : {}),
          ...(launch.cwd ? { cwd: launch.cwd } : {}),
        }
      : {
          type: 'http',
          url: launch.url,
          ...(Object.keys(launch.headers).length > 0 ? { headers: launch.headers } : {}),
        };
  return `${JSON.stringify({ mcpServers: { [name]: entry } }, null, 2)}\n`;
}

/**
 * The launch with `${VAR}` and `${VAR:-default}` replaced from `env` (as Claude Code expands its
 * configuration). Every variable that is unset and has no default is named in one LaunchError.
 */
export function expandLaunch(launch: Launch, env: NodeJS.ProcessEnv, where: string): Launch {
  const missing = new Set<string>();
  const expand = (value: string) =>
    value.replace(REFERENCE, (_, name: string, fallback: string | undefined) => {
      const found = env[name];
      if (found !== undefined && found !== '') return found;
      if (fallback !== undefined) return fallback;
      missing.add(name);
      return '';
    });
  const map = (record: Record<string, string>) =>
    Object.fromEntries(Object.entries(record).map(([k, v]) => [k, expand(v)]));
  const expanded: Launch =
    launch.type === 'stdio'
      ? {
          ...launch,
          command: expand(launch.command),
          args: launch.args.map(expand),
          env: map(launch.env),
          ...(launch.cwd ? { cwd: expand(launch.cwd) } : {}),
        }
      : { ...launch, url: expand(launch.url), headers: map(launch.headers) };
  if (missing.size > 0) {
    const names = [...missing];
    throw new LaunchError(
      `the server's configuration (${where}) needs the environment variable${names.length === 1 ? '' : 's'} ${names.join(', ')}; set ${names.length === 1 ? 'it' : 'them'} and call again`,
    );
  }
  return expanded;
}

/** The environment a stdio server is started with: INHERITED_ENV from the caller, then its own `env`. */
export function serverEnvironment(
  launch: Extract<Launch, { type: 'stdio' }>,
  env: NodeJS.ProcessEnv,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of INHERITED_ENV) {
    const value = env[name];
    if (value !== undefined) out[name] = value;
  }
  return { ...out, ...launch.env };
}
