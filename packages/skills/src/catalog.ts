import { isPlainObject } from '@formrequest/schema';
// The catalog: MCP servers and their tools in the seed's shape
// (`servers: [{id, status, tools: [{name, description, inputSchema}]}]`), checked with the path of
// every defect so one broken tool never hides which one it was.
import { schemaPath } from './paths.js';

export type JsonObject = Record<string, unknown>;

export interface CatalogTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: JsonObject;
  /** Older catalogs call the input schema `parameters`; used when `inputSchema` is absent. */
  parameters?: JsonObject;
  outputSchema?: JsonObject;
  annotations?: JsonObject;
  _meta?: JsonObject;
  [key: string]: unknown;
}

export interface CatalogResource {
  uri: string;
  name?: string;
  mimeType?: string;
  [key: string]: unknown;
}

export interface CatalogServer {
  id: string;
  status?: string;
  title?: string;
  description?: string;
  tools?: CatalogTool[];
  /** Resources the server lists (live servers; optional in files): lets the spec lint check `ui://` links. */
  resources?: CatalogResource[];
  [key: string]: unknown;
}

export interface Catalog {
  servers: CatalogServer[];
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
  /** Online servers with tools and no defects, in catalog order. */
  servers: CatalogServer[];
  /** Servers that are offline or have no tools: reported, not an error. */
  inactive: SkippedServer[];
  /** Servers with defects: reported, and the exit code says so. */
  broken: SkippedServer[];
}

/** The whole catalog is unusable (not an object with a `servers` list). */
export class CatalogError extends Error {}

/** The input schema of a tool, as the seed reads it: `inputSchema`, else `parameters`, else `{}`. */
export function inputSchemaOf(tool: CatalogTool): JsonObject {
  return tool.inputSchema ?? tool.parameters ?? {};
}

/** A JSON object (the schema package's check, typed for catalogs). */
export const isObject: (value: unknown) => value is JsonObject = isPlainObject;

/** The parameters of an input schema: its top-level `properties`, `{}` when it has none. */
export function propertiesOf(schema: JsonObject): JsonObject {
  return isObject(schema.properties) ? schema.properties : {};
}

/** Input-schema keys a parameter list already expresses (or that carry no constraint); the rest is shown apart. */
export const PARAMETER_LIST_KEYS: ReadonlySet<string> = new Set([
  'type',
  'properties',
  'required',
  '$schema',
]);

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value} (${JSON.stringify(value)?.slice(0, 40)})`;
}

/** Sorts a parsed catalog into usable, inactive and broken servers. Throws CatalogError on the wrong shape. */
export function checkCatalog(data: unknown): CheckedCatalog {
  if (!isObject(data)) {
    throw new CatalogError(`the catalog must be an object with a "servers" list, got ${kind(data)}`);
  }
  if (!Array.isArray(data.servers)) {
    throw new CatalogError(
      `the catalog has no "servers" list (servers: ${kind(data.servers)}); expected servers: [{id, status, tools: [...]}]`,
    );
  }
  const result: CheckedCatalog = { servers: [], inactive: [], broken: [] };
  const seenIds = new Map<string, number>();
  data.servers.forEach((server: unknown, index: number) => {
    const path = `servers[${index}]`;
    const named = isObject(server) && typeof server.id === 'string' && server.id.trim() !== '';
    const id = named ? (server.id as string) : `#${index}`;
    const s = server as CatalogServer;
    // An offline server is skipped whatever its tools look like: they are not checked.
    const offline = isObject(server) && typeof s.status === 'string' && s.status !== 'online';
    const defects = offline ? idDefects(server, path) : serverDefects(server, path);
    if (defects.length === 0 && seenIds.has(id)) {
      defects.push({
        path: `${path}.id`,
        message: `duplicate server id '${id}' (also servers[${seenIds.get(id)}]); give each server its own id`,
      });
    }
    if (defects.length > 0) {
      result.broken.push({ index, id, named, reason: 'defects in the catalog', defects });
      return;
    }
    seenIds.set(id, index);
    if (offline) {
      result.inactive.push({
        index,
        id,
        named,
        reason: `status is '${s.status}', not 'online'`,
        defects: [],
      });
    } else if (!s.tools || s.tools.length === 0) {
      result.inactive.push({ index, id, named, reason: 'it has no tools', defects: [] });
    } else {
      result.servers.push(s);
    }
  });
  return result;
}

function idDefects(server: JsonObject, path: string): Defect[] {
  return typeof server.id !== 'string' || server.id.trim() === ''
    ? [{ path: `${path}.id`, message: `a server needs a non-empty string id, got ${kind(server.id)}` }]
    : [];
}

function serverDefects(server: unknown, path: string): Defect[] {
  if (!isObject(server))
    return [{ path, message: `a server must be an object {id, status, tools}, got ${kind(server)}` }];
  const defects: Defect[] = idDefects(server, path);
  if (server.status !== undefined && typeof server.status !== 'string') {
    defects.push({
      path: `${path}.status`,
      message: `status must be a string such as 'online', got ${kind(server.status)}`,
    });
  }
  for (const key of ['title', 'description'] as const) {
    if (server[key] !== undefined && typeof server[key] !== 'string') {
      defects.push({ path: `${path}.${key}`, message: `${key} must be a string, got ${kind(server[key])}` });
    }
  }
  if (server.tools !== undefined && server.tools !== null && !Array.isArray(server.tools)) {
    defects.push({ path: `${path}.tools`, message: `tools must be a list, got ${kind(server.tools)}` });
  } else if (Array.isArray(server.tools)) {
    const names = new Map<string, number>();
    server.tools.forEach((tool: unknown, i: number) => {
      const toolPath = `${path}.tools[${i}]`;
      defects.push(...toolDefects(tool, toolPath));
      if (isObject(tool) && typeof tool.name === 'string') {
        const first = names.get(tool.name);
        if (first !== undefined) {
          defects.push({
            path: `${toolPath}.name`,
            message: `duplicate tool name '${tool.name}' (also ${path}.tools[${first}]); tool names must be unique within a server`,
          });
        } else names.set(tool.name, i);
      }
    });
  }
  if (server.resources !== undefined && !Array.isArray(server.resources)) {
    defects.push({
      path: `${path}.resources`,
      message: `resources must be a list of {uri}, got ${kind(server.resources)}`,
    });
  }
  return defects;
}

function toolDefects(tool: unknown, path: string): Defect[] {
  if (!isObject(tool))
    return [
      { path, message: `a tool must be an object {name, description, inputSchema}, got ${kind(tool)}` },
    ];
  const defects: Defect[] = [];
  if (typeof tool.name !== 'string' || tool.name === '') {
    defects.push({
      path: `${path}.name`,
      message: `a tool needs a non-empty string name, got ${kind(tool.name)}`,
    });
  }
  for (const key of ['title', 'description'] as const) {
    if (tool[key] !== undefined && typeof tool[key] !== 'string') {
      defects.push({ path: `${path}.${key}`, message: `${key} must be a string, got ${kind(tool[key])}` });
    }
  }
  for (const key of ['annotations', '_meta'] as const) {
    if (tool[key] !== undefined && !isObject(tool[key])) {
      defects.push({ path: `${path}.${key}`, message: `${key} must be an object, got ${kind(tool[key])}` });
    }
  }
  const inputKey =
    tool.inputSchema !== undefined ? 'inputSchema' : tool.parameters !== undefined ? 'parameters' : null;
  if (inputKey) {
    const schema = tool[inputKey];
    const schemaAt = `${path}.${inputKey}`;
    if (!isObject(schema)) {
      defects.push({
        path: schemaAt,
        message: `the input schema must be a JSON Schema object, got ${kind(schema)}`,
      });
    } else {
      if (schema.type !== undefined && schema.type !== 'object') {
        defects.push({
          path: `${schemaAt}.type`,
          message: `an MCP input schema must have type 'object', got ${kind(schema.type)}`,
        });
      }
      defects.push(...schemaDefects(schema, schemaAt));
    }
  }
  if (tool.outputSchema !== undefined) {
    if (!isObject(tool.outputSchema)) {
      defects.push({
        path: `${path}.outputSchema`,
        message: `outputSchema must be a JSON Schema object, got ${kind(tool.outputSchema)}`,
      });
    } else defects.push(...schemaDefects(tool.outputSchema, `${path}.outputSchema`));
  }
  return defects;
}

/**
 * The structural defects that would make a schema unreadable to us or to a model: `properties` that
 * is not an object of schemas, `required` that is not a list of names, `items` that is not a schema
 * (or a list of them). Other keys are passed through as they are, known or not.
 */
function schemaDefects(schema: JsonObject, path: string): Defect[] {
  const defects: Defect[] = [];
  if (schema.properties !== undefined) {
    if (!isObject(schema.properties)) {
      defects.push({
        path: `${path}.properties`,
        message: `properties must be an object of parameter schemas, got ${kind(schema.properties)}`,
      });
    } else {
      for (const [name, property] of Object.entries(schema.properties)) {
        const at = schemaPath(`${path}.properties`, name);
        if (!isObject(property)) {
          defects.push({
            path: at,
            message: `a parameter schema must be an object such as {type: string}, got ${kind(property)}`,
          });
        } else defects.push(...schemaDefects(property, at));
      }
    }
  }
  if (schema.required !== undefined) {
    if (!Array.isArray(schema.required) || schema.required.some((r) => typeof r !== 'string')) {
      defects.push({
        path: `${path}.required`,
        message: `required must be a list of parameter names, got ${kind(schema.required)}`,
      });
    }
  }
  if (schema.items !== undefined && typeof schema.items !== 'boolean') {
    if (Array.isArray(schema.items)) {
      schema.items.forEach((item, i) => {
        if (!isObject(item))
          defects.push({ path: `${path}.items[${i}]`, message: `items must be schemas, got ${kind(item)}` });
        else defects.push(...schemaDefects(item, `${path}.items[${i}]`));
      });
    } else if (!isObject(schema.items)) {
      defects.push({
        path: `${path}.items`,
        message: `items must be a schema object, got ${kind(schema.items)}`,
      });
    } else defects.push(...schemaDefects(schema.items, `${path}.items`));
  }
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const list = schema[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      defects.push({
        path: `${path}.${key}`,
        message: `${key} must be a list of schemas, got ${kind(list)}`,
      });
      continue;
    }
    list.forEach((item, i) => {
      if (isObject(item)) defects.push(...schemaDefects(item, `${path}.${key}[${i}]`));
      else if (typeof item !== 'boolean') {
        defects.push({
          path: `${path}.${key}[${i}]`,
          message: `${key} entries must be schemas, got ${kind(item)}`,
        });
      }
    });
  }
  return defects;
}
