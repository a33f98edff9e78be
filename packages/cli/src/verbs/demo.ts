// The host is an optional peer of this package (it brings the SQLite store): loaded only when `demo`
// runs, so `serve`, `check` and the rest install and run without it; a missing host or driver is
// reported with what to install.
import type { AgentName, RunningHost } from '@formrequest/host';
import { err, out } from '../output.js';
import { parseFlags, parsePort, UsageError, type Verb } from '../verb.js';
import { VERSION } from '../version.js';

// Also in @formrequest/host (DEFAULT_PORT, DEFAULT_DB_PATH); the CLI test checks they agree.
export const DEFAULT_PORT = 3000;
export const DEFAULT_DB_PATH = 'data/formrequest.db';

const usage = `Usage: formrequest demo [--port N] [--host H] [--agent scripted|anthropic|claude-agent-sdk] [--db FILE|URL] [--db-pool SIZE[,WAIT_MS]] [--limits KEY=N,...] [--retention DAYS] [--mcp-config FILE] [--auth MODE] [--origin URL]

Runs the reference chat host: open the printed URL, talk to the agent, answer its forms.
  --port N            HTTP port (default $PORT or ${DEFAULT_PORT}; 0 picks a free one)
  --host H            interface (default 127.0.0.1)
  --agent A           scripted (default, offline, no model), anthropic (Messages API:
                      ANTHROPIC_API_KEY, ANTHROPIC_MODEL, ANTHROPIC_BASE_URL) or claude-agent-sdk
                      (needs: npm install @anthropic-ai/claude-agent-sdk); also $FORMREQUEST_AGENT
  --db FILE|URL       where conversations are kept: a SQLite file (default ./${DEFAULT_DB_PATH},
                      created on first start) or postgres://USER:PASSWORD@HOST:PORT/DATABASE, which
                      several instances behind a load balancer may share (default $DATABASE_URL
                      when it is a postgres:// URL)
  --db-pool SIZE[,MS] PostgreSQL: connections in the pool and how long a call waits for one
                      (default 10,5000; also $FORMREQUEST_DB_POOL); a call that finds PostgreSQL
                      restarting or the pool full is tried again with backoff
  --limits KEY=N,...  what one instance takes at once (past it: 503 + Retry-After) and what the
                      host stores (past it: 429/413): connections (4096), per-address (1024),
                      requests (256), streams (2000), conversations (10000), messages (per
                      conversation, 1000), message-bytes (300000), stored-bytes (1 GiB); also
                      $FORMREQUEST_LIMITS
  --retention DAYS    delete conversations nobody touched for DAYS days, with their uploads
                      (hourly; also $FORMREQUEST_RETENTION_DAYS; default: kept until deleted)
  --mcp-config FILE   extra MCP servers: {"mcpServers": {"name": {"command", "args"} | {"type": "http", "url"}}}
  --auth MODE         who may use the host: none (default; loopback only), token (a secret link,
                      from $FORMREQUEST_AUTH_TOKEN or made up) or header:NAME (a reverse proxy that
                      signs people in sets NAME). Needed to listen beyond loopback.
  --origin URL        the origin people open the page at, e.g. https://chat.example.com (comma-separated
                      for several); other Host and Origin headers are refused
Stop with Ctrl+C or SIGTERM: new turns are refused, runs get 10 s to finish (FORMREQUEST_DRAIN_MS) and
the rest are handed over, event streams end after sending what is stored. A second Ctrl+C stops at once.
GET /api/health answers 200 while the instance takes traffic. Logs go to stderr.`;

const verb: Verb = {
  summary: 'run the reference chat host (the whole loop in a browser)',
  usage,
  async run(args) {
    const { values, positionals } = parseFlags(args, {
      port: { type: 'string' },
      host: { type: 'string' },
      agent: { type: 'string' },
      db: { type: 'string' },
      'db-pool': { type: 'string' },
      limits: { type: 'string' },
      retention: { type: 'string' },
      'mcp-config': { type: 'string' },
      auth: { type: 'string' },
      origin: { type: 'string' },
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'.`);
    const loaded = await loadHost();
    if (typeof loaded === 'string') {
      err.write(`formrequest demo: ${loaded}\n`);
      return 1;
    }
    const {
      AGENT_NAMES,
      defaultPort,
      parseAuth,
      parseDbPool,
      parseLimits,
      parseOrigins,
      parseRetentionDays,
      startHost,
    } = loaded;
    const port = values.port === undefined ? defaultPort() : parsePort(values.port);
    const agent = (values.agent ?? process.env.FORMREQUEST_AGENT ?? 'scripted') as AgentName;
    if (!AGENT_NAMES.includes(agent)) {
      throw new UsageError(`--agent must be one of ${AGENT_NAMES.join(', ')}, not '${agent}'.`);
    }
    let auth: ReturnType<typeof parseAuth> | undefined;
    let publicOrigins: string[];
    let dbPool: ReturnType<typeof parseDbPool> | undefined;
    let limits: ReturnType<typeof parseLimits> | undefined;
    let retentionDays: number | undefined;
    try {
      retentionDays = values.retention === undefined ? undefined : parseRetentionDays(values.retention);
      limits = values.limits === undefined ? undefined : parseLimits(values.limits);
      dbPool = values['db-pool'] === undefined ? undefined : parseDbPool(values['db-pool']);
      auth = values.auth === undefined ? undefined : parseAuth(values.auth);
      publicOrigins = parseOrigins(values.origin);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const drainMs = parseDrain(process.env.FORMREQUEST_DRAIN_MS);
    let host: RunningHost | undefined;
    try {
      host = await startHost({
        port,
        hostname: values.host ?? '127.0.0.1',
        agent,
        dbPath: values.db,
        dbPool,
        limits,
        retentionDays,
        drainMs,
        mcpConfigPath: values['mcp-config'],
        auth,
        publicOrigins,
      });
      await host.ready;
    } catch (error) {
      // The host's errors (no node:sqlite on this Node, PostgreSQL unreachable, …) say what to do.
      err.write(`formrequest demo: ${(error as Error).message}\n`);
      await host?.close().catch(() => {});
      return 1;
    }
    const running = host;
    err.write(
      `formrequest demo: ${running.url}/ (agent: ${agent}, store: ${running.store.description}, instance: ${running.instance})\n`,
    );
    out.write(`${running.pageUrl}\n`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    err.write('formrequest demo: shutting down (again to stop at once)\n');
    const stopNow = () => {
      err.write('formrequest demo: stopped at once; runs in flight are taken over after their lease\n');
      process.exit(130);
    };
    process.once('SIGINT', stopNow);
    process.once('SIGTERM', stopNow);
    await running.close();
    err.write('formrequest demo: stopped\n');
    return 0;
  },
};

/** FORMREQUEST_DRAIN_MS: how long a shutdown lets runs finish (undefined: the host's default). */
function parseDrain(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0) {
    throw new UsageError(
      `FORMREQUEST_DRAIN_MS must be a whole number of milliseconds (0 or more), not '${raw}'.`,
    );
  }
  return ms;
}

const INSTALL_HOST = `npm install @formrequest/host@${VERSION} (next to formrequest), or run it with npx -y -p formrequest@${VERSION} -p @formrequest/host@${VERSION} formrequest demo`;

/** The host module, or why it cannot load (what is missing and the command that installs it). */
export async function loadHost(
  // The bundled entry (dist/host.bundle.js): one module to load instead of the host's whole graph.
  load: () => Promise<typeof import('@formrequest/host')> = () => import('@formrequest/host/bundle'),
): Promise<typeof import('@formrequest/host') | string> {
  try {
    return await load();
  } catch (error) {
    if (missingModule(error) === '@formrequest/host')
      return `the demo is the reference chat host, @formrequest/host, which is not installed. Install it: ${INSTALL_HOST}.`;
    throw error;
  }
}

/** The package an ERR_MODULE_NOT_FOUND is about, if that is what `error` is. */
function missingModule(error: unknown): string | undefined {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return undefined;
  return /Cannot find (?:package|module) '((?:@[^/']+\/)?[^/']+)/.exec(message ?? '')?.[1];
}

export default verb;
