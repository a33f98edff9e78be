// The catalog: MCP servers and their tools in the seed's shape
// (`servers: [{id, status, tools: [{name, description, inputSchema}]}]`), held as Values (Maps in
// source order, exact numbers: data/value.ts) and checked server by server, with the path of every
// defect, so one broken tool never hides which one it was and a server can be checked as soon as it
// has been read.
import { fromJs, isMapping, type Mapping, PyFloat, Timestamp, type Value } from './data/value.js';
import { schemaPath } from './paths.js';

/** A JSON Schema: an object, or `true` (anything) / `false` (nothing). */
export type Schema = Mapping | boolean;

/** A server of a checked catalog: its id, its tools, and the whole entry as read. */
export interface CatalogServer {
  id: string;
  /** Index in the catalog's `servers` list. */
  index: number;
  tools: CatalogTool[];
  /** The whole server entry (title, description, resources and any other key, as read). */
  data: Mapping;
}

export interface CatalogTool {
  name: string;
  /** The whole tool entry (description, inputSchema, annotations, _meta, outputSchema … as read). */
  data: Mapping;
}

/** A server left out, and why. `defects` is empty for servers that are offline or have no tools. */
export interface SkippedServer {
  index: number;
  /** The server's id, or `#<index>` when it has none. */
  id: string;
  /** False when the server has no usable id (then `id` is `#<index>`). */
  named: boolean;
  reason: string;
  defects: Defect[];
}

export interface Defect {
  /** Where in the catalog, e.g. `servers[3].tools[7].inputSchema.properties.steps`. */
  path: string;
  message: string;
}

export interface CheckedCatalog {
  /** Online servers with tools and no defects, in catalog order (empty when the checker keeps none). */
  servers: CatalogServer[];
  /** The id and index of every usable server, in catalog order (kept even when the servers are not). */
  usable: { id: string; index: number }[];
  /** Servers that are offline or have no tools: reported, not an error. */
  inactive: SkippedServer[];
  /** Servers with defects: reported, and the exit code says so. */
  broken: SkippedServer[];
}

/** The whole catalog is unusable (not an object with a `servers` list, not YAML or JSON …). */
export class CatalogError extends Error {}

// ----- reading the parts of a server or tool

export const text = (map: Mapping, key: string): string | undefined => {
  const value = map.get(key);
  return typeof value === 'string' ? value : undefined;
};

export const mapping = (map: Mapping | undefined, key: string): Mapping | undefined => {
  const value = map?.get(key);
  return isMapping(value) ? value : undefined;
};

/** The input schema of a tool, as the seed reads it: `inputSchema`, else `parameters`, else `{}`. */
export function inputSchemaOf(tool: CatalogTool): Mapping {
  return mapping(tool.data, 'inputSchema') ?? mapping(tool.data, 'parameters') ?? new Map();
}

/** The parameters of an input schema: its top-level `properties` (schemas, boolean ones included). */
export function propertiesOf(schema: Mapping): Map<string, Schema> {
  const properties = schema.get('properties');
  return isMapping(properties) ? (properties as Map<string, Schema>) : new Map();
}

/** The `required` names of a schema (a list of strings after the check; [] when absent). */
export function requiredOf(schema: Mapping): string[] {
  const required = schema.get('required');
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
}

export const descriptionOf = (entry: { data: Mapping }): string => text(entry.data, 'description') ?? '';

/** Input-schema keys a parameter list already expresses (or that carry no constraint); the rest is shown apart. */
export const PARAMETER_LIST_KEYS: ReadonlySet<string> = new Set([
  'type',
  'properties',
  'required',
  '$schema',
]);

// ----- checking

function kind(value: unknown): string {
  if (value === null || value === undefined) return value === null ? 'null' : 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (isMapping(value)) return 'a mapping';
  if (typeof value === 'boolean') return `the boolean ${value}`;
  if (typeof value === 'number' || typeof value === 'bigint' || value instanceof PyFloat)
    return `the number ${value instanceof PyFloat ? value.value : value}`;
  if (value instanceof Timestamp) return `the date ${value.text}`;
  return `a ${typeof value} (${JSON.stringify(value)?.slice(0, 40)})`;
}

/** Why YAML may have made a non-string of what was meant as text, and how to say it. */
function yamlHint(value: unknown): string {
  if (
    typeof value === 'boolean' ||
    typeof value === 'number' ||
    typeof value === 'bigint' ||
    value instanceof PyFloat ||
    value instanceof Timestamp ||
    value === null
  ) {
    return ' (YAML 1.1 reads yes/no/on/off, numbers, 1:30 and dates unquoted as such: quote the text)';
  }
  return '';
}

/**
 * Checks servers one at a time, in catalog order (a repeated id is a defect of the later server).
 * `checkCatalog` runs it over a whole catalog; the CLI runs it while the catalog is being read.
 */
export class CatalogChecker {
  private readonly seen = new Map<string, number>();
  readonly result: CheckedCatalog = { servers: [], usable: [], inactive: [], broken: [] };

  /** `keepServers: false` when servers are used as they are read and then let go (result.servers stays empty). */
  private readonly options: { keepServers?: boolean };
  constructor(options: { keepServers?: boolean } = {}) {
    this.options = options;
  }

  /** Checks one entry of `servers`; returns the usable server, or undefined when it was skipped. */
  add(entry: Value, index: number): CatalogServer | undefined {
    const path = `servers[${index}]`;
    const server = isMapping(entry) ? entry : undefined;
    const rawId = server?.get('id');
    const named = typeof rawId === 'string' && rawId.trim() !== '';
    const id = named ? (rawId as string) : `#${index}`;
    const status = server?.get('status');
    // An offline server is skipped whatever its tools look like: they are not checked.
    const offline = typeof status === 'string' && status !== 'online';
    const defects = !server
      ? [{ path, message: `a server must be a mapping {id, status, tools}, got ${kind(entry)}` }]
      : offline
        ? idDefects(server, path)
        : serverDefects(server, path);
    if (defects.length === 0 && this.seen.has(id)) {
      defects.push({
        path: `${path}.id`,
        message: `duplicate server id '${id}' (also servers[${this.seen.get(id)}]); give each server its own id`,
      });
    }
    if (defects.length > 0) {
      this.result.broken.push({ index, id, named, reason: 'defects in the catalog', defects });
      return undefined;
    }
    this.seen.set(id, index);
    const tools = server!.get('tools');
    if (offline) {
      this.result.inactive.push({
        index,
        id,
        named,
        reason: `status is '${status}', not 'online'`,
        defects: [],
      });
      return undefined;
    }
    if (!Array.isArray(tools) || tools.length === 0) {
      this.result.inactive.push({ index, id, named, reason: 'it has no tools', defects: [] });
      return undefined;
    }
    const usable: CatalogServer = {
      id,
      index,
      data: server!,
      tools: (tools as Mapping[]).map((data) => ({ name: data.get('name') as string, data })),
    };
    if (this.options.keepServers !== false) this.result.servers.push(usable);
    this.result.usable.push({ id, index });
    return usable;
  }
}

/** Sorts a parsed catalog into usable, inactive and broken servers. Throws CatalogError on the wrong shape. */
export function checkCatalog(data: unknown): CheckedCatalog {
  const catalog = isMapping(data) ? data : fromJs(data);
  const servers = catalogServers(catalog);
  const checker = new CatalogChecker();
  for (const [index, server] of servers.entries()) checker.add(server, index);
  return checker.result;
}

/** The `servers` list of a catalog; CatalogError when the catalog is not a mapping with such a list. */
export function catalogServers(catalog: Value): Value[] {
  if (!isMapping(catalog)) {
    throw new CatalogError(`the catalog must be a mapping with a "servers" list, got ${kind(catalog)}`);
  }
  const servers = catalog.get('servers');
  if (!Array.isArray(servers)) {
    throw new CatalogError(
      `the catalog has no "servers" list (servers: ${kind(servers)}); expected servers: [{id, status, tools: [...]}]`,
    );
  }
  return servers;
}

function idDefects(server: Mapping, path: string): Defect[] {
  const id = server.get('id');
  return typeof id !== 'string' || id.trim() === ''
    ? [{ path: `${path}.id`, message: `a server needs a non-empty text id, got ${kind(id)}${yamlHint(id)}` }]
    : [];
}

function serverDefects(server: Mapping, path: string): Defect[] {
  const defects: Defect[] = idDefects(server, path);
  const status = server.get('status');
  if (status !== undefined && typeof status !== 'string') {
    defects.push({
      path: `${path}.status`,
      message: `status must be text such as 'online', got ${kind(status)}${yamlHint(status)}`,
    });
  }
  for (const key of ['title', 'description', 'instructions'] as const) {
    const value = server.get(key);
    if (value !== undefined && typeof value !== 'string') {
      defects.push({
        path: `${path}.${key}`,
        message: `${key} must be text, got ${kind(value)}${yamlHint(value)}`,
      });
    }
  }
  const tools = server.get('tools');
  if (tools !== undefined && tools !== null && !Array.isArray(tools)) {
    defects.push({ path: `${path}.tools`, message: `tools must be a list, got ${kind(tools)}` });
  } else if (Array.isArray(tools)) {
    const names = new Map<string, number>();
    tools.forEach((tool, i) => {
      const toolPath = `${path}.tools[${i}]`;
      defects.push(...toolDefects(tool, toolPath));
      const name = isMapping(tool) ? tool.get('name') : undefined;
      if (typeof name === 'string') {
        const first = names.get(name);
        if (first !== undefined) {
          defects.push({
            path: `${toolPath}.name`,
            message: `duplicate tool name '${name}' (also ${path}.tools[${first}]); tool names must be unique within a server`,
          });
        } else names.set(name, i);
      }
    });
  }
  const resources = server.get('resources');
  if (resources !== undefined && !Array.isArray(resources)) {
    defects.push({
      path: `${path}.resources`,
      message: `resources must be a list of {uri}, got ${kind(resources)}`,
    });
  }
  return defects;
}

function toolDefects(tool: Value, path: string): Defect[] {
  if (!isMapping(tool))
    return [
      { path, message: `a tool must be a mapping {name, description, inputSchema}, got ${kind(tool)}` },
    ];
  const defects: Defect[] = [];
  const name = tool.get('name');
  if (typeof name !== 'string' || name === '') {
    defects.push({
      path: `${path}.name`,
      message: `a tool needs a non-empty text name, got ${kind(name)}${yamlHint(name)}`,
    });
  }
  for (const key of ['title', 'description'] as const) {
    const value = tool.get(key);
    if (value !== undefined && typeof value !== 'string') {
      defects.push({
        path: `${path}.${key}`,
        message: `${key} must be text, got ${kind(value)}${yamlHint(value)}`,
      });
    }
  }
  for (const key of ['annotations', '_meta'] as const) {
    const value = tool.get(key);
    if (value !== undefined && !isMapping(value)) {
      defects.push({ path: `${path}.${key}`, message: `${key} must be a mapping, got ${kind(value)}` });
    }
  }
  const inputKey = tool.has('inputSchema') ? 'inputSchema' : tool.has('parameters') ? 'parameters' : null;
  if (inputKey) {
    const schema = tool.get(inputKey);
    const schemaAt = `${path}.${inputKey}`;
    if (!isMapping(schema)) {
      defects.push({
        path: schemaAt,
        message: `the input schema must be a JSON Schema object, got ${kind(schema)}`,
      });
    } else {
      const type = schema.get('type');
      if (type !== undefined && type !== 'object') {
        defects.push({
          path: `${schemaAt}.type`,
          message: `an MCP input schema must have type 'object', got ${kind(type)}`,
        });
      }
      defects.push(...schemaDefects(schema, schemaAt));
    }
  }
  // outputSchema is not checked: skills never use it, and the spec reads whatever it holds.
  return defects;
}

/**
 * The structural defects that would make a schema unreadable to us or to a model: `properties` that
 * is not a mapping of schemas, `required` that is not a list of names, `items` that is not a schema
 * (or a list of them). A schema is a mapping or a boolean (`true`: anything, `false`: nothing). Other
 * keys are passed through as they are, known or not.
 */
function schemaDefects(schema: Mapping, path: string): Defect[] {
  const defects: Defect[] = [];
  const isSchema = (v: Value): v is Schema => isMapping(v) || typeof v === 'boolean';
  const sub = (v: Value, at: string) => {
    if (isMapping(v)) defects.push(...schemaDefects(v, at));
  };
  const properties = schema.get('properties');
  if (properties !== undefined) {
    if (!isMapping(properties)) {
      defects.push({
        path: `${path}.properties`,
        message: `properties must be a mapping of parameter schemas, got ${kind(properties)}`,
      });
    } else {
      for (const [name, property] of properties) {
        const at = schemaPath(`${path}.properties`, name);
        if (!isSchema(property)) {
          defects.push({
            path: at,
            message: `a parameter schema must be a mapping such as {type: string} (or true / false), got ${kind(property)}`,
          });
        } else sub(property, at);
      }
    }
  }
  const required = schema.get('required');
  if (required !== undefined) {
    const bad = Array.isArray(required) ? required.find((r) => typeof r !== 'string') : required;
    if (!Array.isArray(required) || bad !== undefined) {
      defects.push({
        path: `${path}.required`,
        message: `required must be a list of parameter names, got ${Array.isArray(required) ? `a list holding ${kind(bad)}${yamlHint(bad)}` : kind(required)}`,
      });
    }
  }
  const items = schema.get('items');
  if (items !== undefined) {
    if (Array.isArray(items)) {
      items.forEach((item, i) => {
        if (!isSchema(item))
          defects.push({ path: `${path}.items[${i}]`, message: `items must be schemas, got ${kind(item)}` });
        else sub(item, `${path}.items[${i}]`);
      });
    } else if (!isSchema(items)) {
      defects.push({
        path: `${path}.items`,
        message: `items must be a schema (a mapping, true or false), got ${kind(items)}`,
      });
    } else sub(items, `${path}.items`);
  }
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const list = schema.get(key);
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      defects.push({
        path: `${path}.${key}`,
        message: `${key} must be a list of schemas, got ${kind(list)}`,
      });
      continue;
    }
    list.forEach((item, i) => {
      if (!isSchema(item))
        defects.push({
          path: `${path}.${key}[${i}]`,
          message: `${key} entries must be schemas, got ${kind(item)}`,
        });
      else sub(item, `${path}.${key}[${i}]`);
    });
  }
  return defects;
}
