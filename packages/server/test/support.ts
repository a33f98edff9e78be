// Shared helpers for the server tests: the example forms, and real MCP clients (the v1 SDK client and
// the v2 client) connected over stdio (the real `formrequest serve`), to a Streamable HTTP URL, or to
// `serve`'s flags served over Streamable HTTP in the test's own process (what a test that proves no
// stdio-specific behaviour uses: no process to start).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after } from 'node:test';
import { FIELD_CATALOG, FIELD_TYPES, type FormSchema, formInputJsonSchema } from '@formrequest/schema';
import {
  type ElicitationPolicy,
  loadServerConfig,
  type RunningHttpServer,
  type SearchEndpoint,
  type ServerConfig,
  startHttpServer,
} from '@formrequest/server';
import {
  Client as V2Client,
  StreamableHTTPClientTransport as V2HttpTransport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport as V2StdioTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { cliCommand, repoRoot } from '../../../testing/cli.ts';
import { readCompactFieldSchema } from '../../../testing/compact-schema.ts';

export const EXAMPLE_FORMS = ['example1-project.json', 'example2-assign.json', 'example3-address.json'];

export function exampleForm(file: string): FormSchema {
  return JSON.parse(readFileSync(resolve(repoRoot, 'examples/forms', file), 'utf8'));
}

/** The error messages of seed 000, word for word. */
export const SEED_MISSING_NAME = 'エラー: フィールド[2]（type: text）にnameが指定されていません。';
export const SEED_INVALID_TYPE =
  "エラー: フィールド[0]の無効なtype: 'invalid_type'。有効なタイプ: async-select, autocomplete, cascading-select, checkbox, date, datetime, divider, file, heading, hidden, multi-autocomplete, multiselect, number, radio, range, select, text, textarea";

export const MISSING_NAME_FORM = {
  title: '名前のないフィールド',
  fields: [
    { type: 'heading', text: '基本情報' },
    { name: 'project_name', type: 'text', label: 'プロジェクト名' },
    { type: 'text', label: '説明' },
  ],
};
export const INVALID_TYPE_FORM = {
  title: '無効なタイプ',
  fields: [{ name: 'x', type: 'invalid_type', label: 'X' }],
};

/** The slice of a client both SDK lines share and the tests use. */
export interface TestClient {
  label: string;
  /** The SDK client itself, for calls the tests need only once (resources/read). */
  raw: any;
  listTools(): Promise<{ tools: any[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<any>;
  protocolVersion(): string | undefined;
  close(): Promise<void>;
}

const clientInfo = { name: 'formrequest-test', version: '0.0.0' };

export type ClientKind = 'v1' | 'v2-legacy' | 'v2-auto';
export const CLIENT_KINDS: ClientKind[] = ['v1', 'v2-legacy', 'v2-auto'];

function wrapV1(client: V1Client, label: string): TestClient {
  return {
    label,
    raw: client,
    listTools: () => client.listTools(),
    callTool: (params) => client.callTool(params),
    protocolVersion: () => (client.transport as { protocolVersion?: string } | undefined)?.protocolVersion,
    close: () => client.close(),
  };
}

function wrapV2(client: V2Client, label: string): TestClient {
  return {
    label,
    raw: client,
    listTools: () => client.listTools(),
    callTool: (params) => client.callTool(params),
    protocolVersion: () =>
      (client as unknown as { getNegotiatedProtocolVersion(): string }).getNegotiatedProtocolVersion(),
    close: () => client.close(),
  };
}

function v2Options(kind: ClientKind, capabilities: Record<string, unknown> = {}) {
  return { capabilities, versionNegotiation: { mode: kind === 'v2-auto' ? 'auto' : 'legacy' } } as any;
}

/** What a test's elicitation handler receives and answers (`elicitation/create` params and result). */
export type ElicitHandler = (
  params: any,
) => Promise<{ action: 'accept' | 'decline' | 'cancel'; content?: any }>;

/**
 * `stdio`: `formrequest serve ...flags` in a child process; `http`: the same flags served over Streamable
 * HTTP in this process (servedOverHttp); `url`: a Streamable HTTP endpoint.
 */
export type Target =
  | { stdio: string[] }
  | { http: string[] }
  | { url: string; headers?: Record<string, string> };

/** What `serve` makes of the flags the tests use (--config, --elicitation, --url-mode). */
function serveFlagsConfig(flags: string[]): ServerConfig {
  let config: ServerConfig = {};
  for (let i = 0; i < flags.length; i += 2) {
    const [flag, value] = [flags[i], flags[i + 1]!];
    if (flag === '--config') config = { ...loadServerConfig(value), ...config };
    else if (flag === '--elicitation') config = { ...config, elicitation: value as ElicitationPolicy };
    else if (flag === '--url-mode') config = { ...config, urlMode: value === 'on' };
    else throw new Error(`serveFlagsConfig: ${flag} is not served over HTTP in process; use {stdio: flags}`);
  }
  return config;
}

const served = new Map<string, Promise<RunningHttpServer>>();
after(async () => {
  for (const server of served.values()) await (await server).close();
});

/** The URL of `formrequest serve ...flags` over Streamable HTTP in this process: one server per flag set, closed when the file ends. */
export async function servedOverHttp(flags: string[]): Promise<string> {
  const key = JSON.stringify(flags);
  let server = served.get(key);
  if (!server) {
    server = startHttpServer({ port: 0, config: serveFlagsConfig(flags) });
    served.set(key, server);
  }
  return (await server).url;
}

/**
 * A real client of the given kind connected to `formrequest serve ...args` over stdio, the same served
 * over HTTP in this process, or a URL. With `elicit`, the client declares form elicitation and answers
 * `elicitation/create` with it.
 */
export async function connectClient(
  kind: ClientKind,
  target: Target,
  elicit?: ElicitHandler,
  /** What the client declares instead of `{elicitation: {form: {}}}` (with `elicit`) or nothing. */
  declared?: Record<string, unknown>,
): Promise<TestClient> {
  const capabilities = declared ?? (elicit ? { elicitation: { form: {} } } : {});
  if ('http' in target) target = { url: await servedOverHttp(target.http) };
  const label = `${kind} ${'url' in target ? 'http' : 'stdio'}`;
  const stdio = 'stdio' in target ? cliCommand('serve', ...target.stdio) : undefined;
  if (kind === 'v1') {
    const client = new V1Client(clientInfo, { capabilities });
    if (elicit) client.setRequestHandler(ElicitRequestSchema, (request) => elicit(request.params) as never);
    const transport = stdio
      ? new V1StdioTransport({ command: stdio[0], args: stdio[1], cwd: repoRoot, stderr: 'pipe' })
      : new V1HttpTransport(new URL((target as { url: string }).url), {
          requestInit: { headers: (target as { headers?: Record<string, string> }).headers },
        });
    // The v1 client hands the negotiated version only to transports that take it (HTTP); record it for stdio too.
    const recording = transport as { protocolVersion?: string; setProtocolVersion?: (v: string) => void };
    recording.setProtocolVersion ??= (version) => {
      recording.protocolVersion = version;
    };
    await client.connect(transport);
    return wrapV1(client, label);
  }
  const client = new V2Client(clientInfo, v2Options(kind, capabilities));
  if (elicit)
    client.setRequestHandler('elicitation/create', (request: any) => elicit(request.params) as never);
  await client.connect(
    stdio
      ? new V2StdioTransport({ command: stdio[0], args: stdio[1], cwd: repoRoot, stderr: 'pipe' })
      : new V2HttpTransport(new URL((target as { url: string }).url), {
          requestInit: { headers: (target as { headers?: Record<string, string> }).headers },
        }),
  );
  return wrapV2(client, label);
}

/** A client of the given kind talking to the real `formrequest serve ...args` over stdio. */
export function stdioClient(kind: ClientKind, ...serveArgs: string[]): Promise<TestClient> {
  return connectClient(kind, { stdio: serveArgs });
}

/** A client of the given kind talking to a Streamable HTTP endpoint. */
export function httpClient(kind: ClientKind, url: string): Promise<TestClient> {
  return connectClient(kind, { url });
}

/** The seed's four endpoints (Agent Skills section), as a server config holds them. */
export const SEED_ENDPOINTS: SearchEndpoint[] = [
  {
    purpose: 'ユーザー検索',
    url: 'https://api.example.com/users/search',
    params: { q: '検索クエリ', limit: '件数' },
  },
  {
    purpose: 'プロジェクト検索',
    url: 'https://api.example.com/projects/search',
    params: { q: '検索クエリ' },
  },
  { purpose: 'カテゴリ一覧', url: 'https://api.example.com/categories' },
  {
    purpose: '都道府県一覧',
    url: 'https://api.example.com/prefectures',
    params: { country_code: '国コード' },
  },
];

/** Claude Code cuts an MCP tool description here (REFERENCE.md). */
export const DESCRIPTION_CUT = 2048;
/**
 * The budget for request_form's description + input schema with the seed's four endpoints: 5,500
 * characters since issue 24 (6,000 in issue 14), so the next feature has room; the long-term goal is
 * AskUserQuestion's 4,135.
 */
export const DEFINITION_BUDGET = 5500;

/**
 * Asserts the advertised `request_form` tool: annotations, the compact schema the schema package
 * generates, every catalog type with every property readable from it, and a description that fits.
 */
export function assertRequestFormTool(tool: any): void {
  assert.equal(tool.name, 'request_form');
  assert.equal(typeof tool.title, 'string');
  assert.deepEqual(tool.annotations, {
    readOnlyHint: true,
    destructiveHint: false,
    openWorldHint: false,
    idempotentHint: true,
  });
  assert.equal(tool.inputSchema.type, 'object');
  assert.deepEqual(tool.inputSchema.required, ['form_schema']);
  assert.deepEqual(
    tool.inputSchema.properties.form_schema,
    (formInputJsonSchema() as any).properties.form_schema,
  );
  assert.deepEqual(tool.inputSchema.properties.mode.enum, ['never', 'auto']);
  const form = tool.inputSchema.properties.form_schema;
  assert.deepEqual(form.required, ['title', 'fields']);
  const perType = readCompactFieldSchema(form.properties.fields.items);
  assert.equal(FIELD_TYPES.length, 18);
  for (const type of FIELD_TYPES) {
    const keys = perType.get(type);
    assert.ok(keys, `the advertised schema has no entry for type ${type}`);
    assert.deepEqual([...keys.keys()].sort(), Object.keys(FIELD_CATALOG[type].props).sort(), type);
  }
  assert.ok(tool.description.length <= DESCRIPTION_CUT, `description ${tool.description.length} characters`);
}

/** The person, as an HTTP client of a real form page (same-origin, as the page's own script sends). */
export const person = {
  async open(url: string) {
    const response = await fetch(url);
    return { status: response.status, headers: response.headers, html: await response.text() };
  },
  async upload(url: string, field: string, name: string, body: string) {
    const response = await fetch(`${url}/files?field=${field}`, {
      method: 'POST',
      headers: {
        origin: new URL(url).origin,
        'x-file-name': encodeURIComponent(name),
        'content-type': 'text/plain',
      },
      body,
    });
    return { status: response.status, json: (await response.json()) as any };
  },
  async send(url: string, body: Record<string, unknown>) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { origin: new URL(url).origin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as any };
  },
};

/** A promise and the function that settles it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The elicitation the call makes; the call ending first (a refused form, say) fails the test at once. */
export function askedBy(call: Promise<any>, elicited: Promise<any>): Promise<any> {
  return Promise.race([
    elicited,
    call.then((result) => {
      throw new Error(`the call ended without asking: ${JSON.stringify(result)}`);
    }),
  ]);
}
