// Starts the reference host: the store (a SQLite file, or a PostgreSQL database shared with other
// instances), the built-in MCP server `form` (in-process, reached over real Streamable HTTP on
// loopback), any extra MCP servers, the chosen agent, and the HTTP app. The page is served as soon as
// the port is bound; API calls wait until the agent is ready. close() shuts down gracefully: the
// health check turns 503, new turns are refused, runs get a while to finish and the rest are handed
// over, event streams send what is stored and end.
import { resolve } from 'node:path';
import { Access, type AuthMode, browsableHost, isLoopbackHost, listen } from '@formrequest/internal/http';
import { isPostgresUrl } from '@formrequest/internal/postgres';
import { startHttpServer } from '@formrequest/server';
import { PostgresPendingForms } from '@formrequest/server/postgres';
import type { Agent, AgentName } from './agents/agent.js';
import { createAgent } from './agents/create.js';
import { createApp, type Health } from './app.js';
import type { EventBus } from './bus.js';
import { Capacity, DEFAULT_CAPACITY } from './capacity.js';
import { Conversations, DEFAULT_LEASE_MS } from './conversations.js';
import { type DbPool, dbPoolFrom } from './db-pool.js';
import { storeHealth } from './health.js';
import { instanceName } from './instance.js';
import { type Limits, limitsFrom } from './limits.js';
import { loadMcpConfig, McpHub, type McpServerSpec } from './mcp.js';
import { parseRetentionDays, startRetention } from './retention.js';
import { demoEndpoints } from './routes/demo.js';
import { SseStreams } from './sse.js';
import {
  type HostStore,
  openStore,
  PostgresBus,
  PostgresStore,
  SqliteDriverError,
  type StorageLimits,
} from './store/index.js';

export interface HostOptions {
  /** TCP port; 0 picks a free one. Default: $PORT or 3000. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1. */
  hostname?: string;
  /**
   * Where to keep everything: a SQLite file (created on first start; ':memory:' for none) or a
   * postgres:// URL (several instances may share it). Default: $DATABASE_URL when it is a postgres://
   * URL, else ./data/formrequest.db.
   */
  dbPath?: string;
  /** Agent name (default: $FORMREQUEST_AGENT or 'scripted') or a ready Agent instance. */
  agent?: AgentName | Agent;
  /**
   * PostgreSQL pool: connections (default 10) and how long a call waits for one (default 5000 ms).
   * Default $FORMREQUEST_DB_POOL ("SIZE,WAIT_MS"), else those.
   */
  dbPool?: Partial<DbPool>;
  /** A `{"mcpServers": {...}}` file with extra MCP servers for the agent. */
  mcpConfigPath?: string;
  /** Extra MCP servers given directly (merged over the file's). A `form` entry replaces the built-in one. */
  mcpServers?: Record<string, McpServerSpec>;
  /** Environment the agents read (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, ANTHROPIC_MODEL). Default process.env. */
  env?: NodeJS.ProcessEnv;
  /**
   * Origins the page is served at beyond loopback (a reverse proxy's https://chat.example.com). Host
   * and Origin headers naming anything else are refused.
   */
  publicOrigins?: string[];
  /** How people sign in (access.ts). Default none, which is only allowed on a loopback address. */
  auth?: AuthMode;
  heartbeatMs?: number;
  maxBodyBytes?: number;
  maxFileBytes?: number;
  /** Upload quotas (default 100 MiB per conversation, 1 GiB in all). */
  storageLimits?: Partial<StorageLimits>;
  /**
   * Open sockets at most (default 4096); a request on a socket past it is answered 503 with
   * Retry-After. Same as `capacity.connections`.
   */
  maxConnections?: number;
  /**
   * Sockets per client address, requests in flight, event streams (capacity.ts) and quotas
   * (quotas.ts); defaults there, then $FORMREQUEST_LIMITS (`--limits`), then these.
   */
  limits?: Partial<Limits>;
  /** Time to receive a whole request, headers and body, in ms (default 60 s); then 408 and the socket closes. */
  requestTimeoutMs?: number;
  /** Time to receive a request's headers, in ms (default 10 s): a slow sender's socket is freed then. */
  headersTimeoutMs?: number;
  /**
   * Run leases (Conversations): how long one holds before another instance may take the run. Default
   * $FORMREQUEST_LEASE_MS or 30 s.
   */
  leaseMs?: number;
  /**
   * Days after which a conversation nobody touched is deleted with everything in it (hourly sweep).
   * Default $FORMREQUEST_RETENTION_DAYS, else kept until deleted.
   */
  retentionDays?: number;
  /** SQLite: free disk below which health says unavailable (default 64 MiB). */
  minFreeDiskBytes?: number;
  /** How long close() lets runs in flight finish before handing them over (default 10 s). */
  drainMs?: number;
}

export interface RunningHost {
  /** The host's base URL (no trailing slash). */
  url: string;
  /** The URL to open in a browser: `url` + `/`, with `?token=` when --auth token is on. */
  pageUrl: string;
  port: number;
  store: HostStore;
  /** This instance's name in run leases and NOTIFY payloads. */
  instance: string;
  /** Resolves when the agent and MCP servers are connected (rejects if they cannot be). */
  ready: Promise<Conversations>;
  /**
   * Shuts down gracefully: health 503 and new turns refused at once, runs in flight given `drainMs`
   * (default: the start option, else 10 s; 0 hands them over at once), event streams ended after
   * sending what is stored. A second call returns the same promise.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

export const DEFAULT_PORT = 3000;
export const DEFAULT_DB_PATH = 'data/formrequest.db';
export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const DEFAULT_STORAGE_LIMITS: StorageLimits = {
  conversationBytes: 100 * 1024 * 1024,
  totalBytes: 1024 * 1024 * 1024,
};
export const DEFAULT_MAX_CONNECTIONS = DEFAULT_CAPACITY.connections;
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
export const DEFAULT_DRAIN_MS = 10_000;

/**
 * The database a start uses: the given --db value, else DATABASE_URL when it names PostgreSQL, else
 * the default SQLite file. A DATABASE_URL of another kind is an error rather than silently ignored.
 */
export function databaseLocation(given: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (given !== undefined && given !== '') return given;
  const url = env.DATABASE_URL?.trim();
  if (url) {
    if (isPostgresUrl(url)) return url;
    throw new Error(
      `DATABASE_URL is set to "${url.replace(/\/\/[^@/]*@/, '//***@')}", which is not a PostgreSQL URL: formrequest keeps its data in PostgreSQL (postgres://USER:PASSWORD@HOST:PORT/DATABASE) or in a SQLite file (--db FILE, which also wins over DATABASE_URL).`,
    );
  }
  return DEFAULT_DB_PATH;
}

/** FORMREQUEST_LEASE_MS as a number of ms (at least 300), or undefined when unset. */
function leaseFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.FORMREQUEST_LEASE_MS?.trim();
  if (!raw) return undefined;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 300) {
    throw new Error(
      `FORMREQUEST_LEASE_MS must be a whole number of milliseconds, at least 300 (got "${raw}"); the default is ${DEFAULT_LEASE_MS}.`,
    );
  }
  return ms;
}

export function defaultPort(env: NodeJS.ProcessEnv = process.env): number {
  const fromEnv = Number.parseInt(env.PORT ?? '', 10);
  return Number.isInteger(fromEnv) && fromEnv >= 0 && fromEnv < 65536 ? fromEnv : DEFAULT_PORT;
}

export async function startHost(options: HostOptions = {}): Promise<RunningHost> {
  const env = options.env ?? process.env;
  const hostname = options.hostname ?? '127.0.0.1';
  const location = databaseLocation(options.dbPath, env);
  const postgres = isPostgresUrl(location);
  const dbPath = postgres || location === ':memory:' ? location : resolve(location);
  const leaseMs = options.leaseMs ?? leaseFromEnv(env);
  const instance = instanceName(env);
  const agentChoice = options.agent ?? ((env.FORMREQUEST_AGENT as AgentName | undefined) || 'scripted');
  const extraServers = {
    ...(options.mcpConfigPath ? loadMcpConfig(options.mcpConfigPath) : {}),
    ...(options.mcpServers ?? {}),
  };

  const auth = options.auth ?? { kind: 'none' };
  const publicOrigins = options.publicOrigins ?? [];
  if (auth.kind === 'none' && !isLoopbackHost(hostname) && options.auth === undefined) {
    throw new Error(
      `Listening on ${hostname} opens the host, and the agent behind it, to other machines. Say who may use it: ` +
        '--auth token (a secret link), --auth header:NAME (behind a reverse proxy that signs people in and sets NAME), ' +
        'or --auth none (anyone who can reach the address). See "Exposing the host" in the @formrequest/host README.',
    );
  }

  let store: HostStore;
  try {
    store = await openStore(dbPath, { instance, pool: dbPoolFrom(options.dbPool, env) });
  } catch (error) {
    // A driver that cannot load, or PostgreSQL, says why and what to do itself.
    if (error instanceof SqliteDriverError || postgres) throw error;
    throw new Error(
      `Cannot open the SQLite database ${dbPath}: ${(error as Error).message}. Give a new or existing formrequest database file in a writable folder with --db FILE.`,
    );
  }
  let bus: EventBus;
  try {
    bus = await store.createBus();
  } catch (error) {
    await store.close();
    throw error;
  }
  const streams = new SseStreams();
  let draining = false;
  let resolveReady!: (c: Conversations) => void;
  let rejectReady!: (e: unknown) => void;
  const ready = new Promise<Conversations>((res, rej) => {
    resolveReady = res;
    rejectReady = rej;
  });
  ready.catch(() => {});
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const limits = limitsFrom(options.limits, env);
  const retentionEnv = env.FORMREQUEST_RETENTION_DAYS?.trim();
  const retentionDays =
    options.retentionDays ??
    (retentionEnv ? parseRetentionDays(retentionEnv, 'FORMREQUEST_RETENTION_DAYS') : undefined);
  const capacity = new Capacity({
    ...limits.capacity,
    ...(options.maxConnections !== undefined ? { connections: options.maxConnections } : {}),
  });
  const access = new Access({ listenHost: hostname, publicOrigins, auth, secret: await store.secret() });
  const app = createApp({
    store,
    access,
    bus,
    conversations: ready,
    heartbeatMs: options.heartbeatMs ?? 15_000,
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    maxFileBytes,
    maxDraftBytes: 256 * 1024,
    storageLimits: { ...DEFAULT_STORAGE_LIMITS, ...options.storageLimits },
    agentName: typeof agentChoice === 'string' ? agentChoice : agentChoice.name,
    streams,
    capacity,
    health: async (): Promise<Health> => {
      const facts = {
        store: store.kind,
        ...(bus instanceof PostgresBus ? { listening: bus.listening } : {}),
        runs: conversations?.activeRuns ?? 0,
        streams: streams.count,
        connections: capacity.openSockets,
      };
      if (draining) return { status: 'draining', reason: 'This instance is shutting down.', ...facts };
      if (!conversations) {
        return {
          status: setupFailed ? 'unavailable' : 'starting',
          reason: setupFailed ? 'The agent or its MCP servers could not start.' : 'The agent is starting.',
          ...facts,
        };
      }
      return { ...(await storeHealth(store, facts.listening, options.minFreeDiskBytes)), ...facts };
    },
  });

  let listening: Awaited<ReturnType<typeof listen>>;
  try {
    // Sockets counted in all and per address: past the limits, 503 with Retry-After (capacity.ts);
    // headers that trickle in are cut after headersTimeoutMs.
    listening = await listen({
      fetch: app.fetch,
      port: options.port ?? defaultPort(env),
      hostname,
      requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS,
      prepare: (server) => capacity.attach(server),
    });
  } catch (error) {
    await bus.close();
    await store.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new Error(
        `Port ${options.port ?? defaultPort(env)} on ${hostname} is in use. Choose another with --port N (or PORT=N).`,
      );
    }
    throw new Error(
      `Cannot listen on ${hostname} port ${options.port ?? defaultPort(env)}: ${(error as Error).message}. Give --host an address of this machine (default 127.0.0.1).`,
    );
  }
  const port = listening.port;
  const url = `http://${browsableHost(hostname)}:${port}`;
  const pageUrl = `${url}/${auth.kind === 'token' ? `?token=${encodeURIComponent(auth.token)}` : ''}`;
  // Search URLs in the agent's forms are opened by the page, so they name the origin people use.
  const demoBase = publicOrigins[0] ?? url;

  let formServer: { close(): Promise<void> } | undefined;
  let hub: McpHub | undefined;
  let agent: Agent | undefined;
  let conversations: Conversations | undefined;
  let setupFailed = false;
  let stopRetention: (() => void) | undefined;
  const setup = (async () => {
    const servers: Record<string, McpServerSpec> = { ...extraServers };
    if (!servers.form) {
      // On PostgreSQL the form server's pending forms (and its requestState key) live in the same
      // database, on this instance's pool and LISTEN connection, so its pages work from any instance.
      const forms =
        store instanceof PostgresStore && bus instanceof PostgresBus
          ? await PostgresPendingForms.attach(store.pool, bus.listener, { instance })
          : undefined;
      const running = await startHttpServer({
        port: 0,
        host: '127.0.0.1',
        config: { endpoints: demoEndpoints(demoBase) },
        forms,
      });
      formServer = running;
      servers.form = { type: 'http', url: running.url };
    }
    hub = await McpHub.connect(servers);
    agent = typeof agentChoice === 'string' ? await createAgent(agentChoice, { hub, env }) : agentChoice;
    const ready = new Conversations(store, bus, agent, { owner: instance, leaseMs, quotas: limits.quotas });
    // Answers a crash left undelivered go to the agent now, before anything new.
    await ready.recover();
    if (retentionDays !== undefined && !draining)
      stopRetention = startRetention(store, retentionDays, (line) => console.error(line));
    conversations = ready;
    return ready;
  })();
  setup.then(resolveReady, (error) => {
    setupFailed = true;
    rejectReady(error);
  });

  let closing: Promise<void> | undefined;
  return {
    url,
    pageUrl,
    port,
    store,
    instance,
    ready,
    close(closeOptions = {}) {
      closing ??= (async () => {
        draining = true;
        stopRetention?.();
        await setup.catch(() => {});
        // Runs first (their last events still reach the streams here), then the streams, then the rest.
        await conversations?.close({ drainMs: closeOptions.drainMs ?? options.drainMs ?? DEFAULT_DRAIN_MS });
        await streams.drain();
        // Requests still in flight (an upload) get a moment; idle keep-alive sockets go now.
        await listening.close(1000);
        await agent?.close();
        await hub?.close();
        await formServer?.close();
        await bus.close();
        await store.close();
      })();
      return closing;
    },
  };
}
