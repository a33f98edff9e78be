// Over stdio (what a client starts) everything comes from one bundled module; the HTTP stack, bundled
// with the main entry (`@formrequest/server/http`), loads for --http only.
import { isPostgresUrl, redactUrl } from '@formrequest/internal/postgres';
import {
  DEFAULT_HTTP_PORT,
  ELICITATION_POLICIES,
  type ElicitationPolicy,
  loadServerConfig,
  MAX_REASK_WINDOW_MS,
  type ServerConfig,
  serveStdio,
} from '@formrequest/server/stdio';
import { err } from '../output.js';
import { parseFlags, parsePort, UsageError, type Verb } from '../verb.js';

const usage = `Usage: formrequest serve [--http] [--port N] [--host H] [--config FILE]
                         [--host-renders-forms] [--elicitation auto|never] [--url-mode on|off] [--page-port N]
                         [--reask-window MINUTES] [--db URL] [--page-origin URL] [--token TOKEN]

Runs the MCP server \`form\` (tools: request_form, question).
  (default)           stdio: the client starts this command; stdout carries the protocol
  --http              Streamable HTTP at http://HOST:PORT/mcp (form pages at /forms/<id>)
  --port N            HTTP port (default ${DEFAULT_HTTP_PORT}; 0 picks a free one)
  --host H            HTTP interface (default 127.0.0.1); any other than loopback needs a token
  --token TOKEN       with --http: every /mcp request must carry "Authorization: Bearer TOKEN"
                      (16 characters or more; default $FORMREQUEST_SERVE_TOKEN). Form pages are
                      not asked for it: their links are secrets of their own
  --config FILE       JSON config: {"endpoints": [{"purpose", "url", "params"}], "elicitation",
                      "hostRendersForms", "urlMode", "pagePort", "progressIntervalMs",
                      "reaskWindowMs", ...} (server README, "Config file")
  (default)           show each form where the client can: MCP Apps, the client's own form
                      dialog, or the form page in the browser (URL mode); answers come back in the
                      result. A client that answers before anyone could see the form (claude -p,
                      the Agent SDK without onElicitation) is told that nobody can see it
  --host-renders-forms  the host running this server shows forms from the tool call (seed 000):
                      every form goes to the conversation, answers come as the next user message
  --elicitation MODE  auto (default), or never: send no elicitation, forms go to the conversation
                      (kept for old setups: a host that renders forms says --host-renders-forms)
  --url-mode on|off   with --elicitation auto: whether forms may open as a page (default on)
  --page-port N       stdio: port of the loopback form page (default: any free port)
  --reask-window MINUTES  how long the form of a call the client cut (its timeout, a cancel) stays
                      answerable for the model to call again with the same form and get the answers
                      (default 30; 0: closed at once; at most 1440). Overrides "reaskWindowMs"
  --db URL            with --http: keep pending forms, their uploads and the requestState key in
                      PostgreSQL (postgres://USER:PASSWORD@HOST:PORT/DATABASE), so several instances
                      behind a load balancer share them (default $DATABASE_URL when it is a
                      postgres:// URL; otherwise in memory). Needs: npm install pg
  --page-origin URL   with --http: the origin people open form pages at, when it is not this
                      listener's (a load balancer: https://forms.example.com)
Logs go to stderr.`;

const log = (line: string) => err.write(`${line}\n`);

const verb: Verb = {
  summary: 'run the MCP server `form` over stdio or Streamable HTTP',
  usage,
  async run(args) {
    const { values, positionals } = parseFlags(args, {
      http: { type: 'boolean' },
      port: { type: 'string' },
      host: { type: 'string' },
      config: { type: 'string' },
      elicitation: { type: 'string' },
      'host-renders-forms': { type: 'boolean' },
      'url-mode': { type: 'string' },
      'page-port': { type: 'string' },
      'reask-window': { type: 'string' },
      db: { type: 'string' },
      'page-origin': { type: 'string' },
      token: { type: 'string' },
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'.`);
    if (!values.http && (values.port !== undefined || values.host !== undefined)) {
      throw new UsageError('--port and --host only apply with --http.');
    }
    const port = values.port === undefined ? DEFAULT_HTTP_PORT : parsePort(values.port);
    let config: ServerConfig = {};
    if (values.config !== undefined) {
      try {
        config = loadServerConfig(values.config);
      } catch (error) {
        log(`formrequest serve: ${(error as Error).message}`);
        return 1;
      }
    }
    if (values.elicitation !== undefined) {
      if (!ELICITATION_POLICIES.includes(values.elicitation as ElicitationPolicy)) {
        throw new UsageError(`--elicitation must be 'never' or 'auto', not '${values.elicitation}'.`);
      }
      config = { ...config, elicitation: values.elicitation as ElicitationPolicy };
      if (values.elicitation === 'never' && !values['host-renders-forms']) {
        log(
          'formrequest serve: note: --elicitation never sends no elicitation, so forms are seen only where the host renders the tool call; such a host should say --host-renders-forms instead (in Claude Code, leave both out).',
        );
      }
    }
    if (values['host-renders-forms']) config = { ...config, hostRendersForms: true };
    const urlMode = values['url-mode'];
    if (urlMode !== undefined) {
      if (urlMode !== 'on' && urlMode !== 'off')
        throw new UsageError(`--url-mode must be 'on' or 'off', not '${urlMode}'.`);
      config = { ...config, urlMode: urlMode === 'on' };
    }
    if (values['page-port'] !== undefined) {
      if (values.http)
        throw new UsageError('--page-port applies over stdio; with --http, pages share --port.');
      config = { ...config, pagePort: parsePort(values['page-port'], '--page-port') };
    }
    if (values['reask-window'] !== undefined) {
      config = { ...config, reaskWindowMs: reaskWindowMs(values['reask-window']) };
    }
    if (!values.http && (values.db !== undefined || values['page-origin'] !== undefined)) {
      throw new UsageError(
        '--db and --page-origin apply with --http (over stdio one process serves every round of a form).',
      );
    }
    if (!values.http && values.token !== undefined) {
      throw new UsageError(
        '--token applies with --http (over stdio the client that starts the server is the only one).',
      );
    }
    if (!values.http) return runStdio(config);
    const host = values.host ?? '127.0.0.1';
    // The HTTP stack and the schema's reading of addresses, one bundled module loaded only for --http.
    const { addressKind, parsePageOrigin, startHttpServer } = await import('@formrequest/server/http');
    const token = serveToken(values.token, process.env, host, addressKind(host) === 'loopback');
    const pageOrigin = values['page-origin'];
    if (pageOrigin !== undefined) {
      try {
        parsePageOrigin(pageOrigin);
      } catch (error) {
        throw new UsageError(`--page-origin: ${(error as Error).message}`);
      }
    }
    return runHttp(startHttpServer, {
      port,
      host,
      config,
      db: serveDatabase(values.db, process.env),
      pageOrigin,
      token,
    });
  },
};

/**
 * The bearer token of `serve --http`: --token, else FORMREQUEST_SERVE_TOKEN; required when `host` is
 * not a loopback address (anyone who reaches it could otherwise ask people for anything).
 */
export function serveToken(
  given: string | undefined,
  env: NodeJS.ProcessEnv,
  host: string,
  loopback: boolean,
): string | undefined {
  const from = given !== undefined ? '--token' : 'FORMREQUEST_SERVE_TOKEN';
  const token = given ?? (env.FORMREQUEST_SERVE_TOKEN?.trim() || undefined);
  if (token !== undefined && (token.length < 16 || /\s/.test(token))) {
    throw new UsageError(
      `${from} must be 16 characters or more without spaces (e.g. the output of: openssl rand -hex 32).`,
    );
  }
  if (token === undefined && !loopback) {
    throw new UsageError(
      `listening on ${host} opens the server to other machines: give a token with --token TOKEN or FORMREQUEST_SERVE_TOKEN (clients send "Authorization: Bearer TOKEN"), or keep --host 127.0.0.1.`,
    );
  }
  return token;
}

/**
 * Where `serve --http` keeps pending forms: the --db URL, else DATABASE_URL when it names PostgreSQL,
 * else memory (undefined). A value that is not a postgres:// URL is refused, never silently ignored.
 */
export function serveDatabase(given: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (given !== undefined) {
    if (isPostgresUrl(given)) return given;
    throw new UsageError(
      `--db takes a PostgreSQL URL (postgres://USER:PASSWORD@HOST:PORT/DATABASE), not '${redactUrl(given)}'; without --db, pending forms stay in memory.`,
    );
  }
  const url = env.DATABASE_URL?.trim();
  if (!url) return undefined;
  if (isPostgresUrl(url)) return url;
  throw new UsageError(
    `DATABASE_URL is set to '${redactUrl(url)}', which is not a PostgreSQL URL: give --db postgres://USER:PASSWORD@HOST:PORT/DATABASE, or unset DATABASE_URL to keep pending forms in memory.`,
  );
}

async function runStdio(config: ServerConfig): Promise<number> {
  const handle = serveStdio(config, { log });
  // The connection ends when the client closes our stdin (the SDK transport then closes itself).
  let signalled = false;
  await new Promise<void>((resolve) => {
    const bySignal = () => {
      signalled = true;
      resolve();
    };
    process.stdin.once('close', resolve);
    process.stdin.once('end', resolve);
    process.once('SIGTERM', bySignal);
    process.once('SIGINT', bySignal);
  });
  // Forms the client was waiting for are closed; a person still on one of their pages is told the
  // agent is no longer waiting, for a while, instead of finding the page gone.
  const open = await handle.clientGone();
  if (open > 0 && !signalled) {
    const graceMs = goneGraceMs(process.env.FORMREQUEST_GONE_GRACE_MS);
    log(
      `formrequest serve: the client closed the connection with ${open} form(s) unanswered; their pages say the agent is no longer waiting for ${Math.round(graceMs / 1000)} s (Ctrl+C to stop now).`,
    );
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, graceMs);
      const stop = () => {
        clearTimeout(timer);
        resolve();
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    });
  }
  await handle.close();
  return 0;
}

/** --reask-window MINUTES as milliseconds: a whole number of minutes, 0 (off) to a day. */
export function reaskWindowMs(raw: string): number {
  const minutes = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || minutes > MAX_REASK_WINDOW_MS / 60_000) {
    throw new UsageError(
      `--reask-window takes a whole number of minutes from 0 (no re-ask) to ${MAX_REASK_WINDOW_MS / 60_000}, not '${raw}'.`,
    );
  }
  return minutes * 60_000;
}

/** FORMREQUEST_GONE_GRACE_MS: how long the pages stay up once the client is gone (default 5 min). */
function goneGraceMs(raw: string | undefined): number {
  const ms = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isInteger(ms) && ms >= 0 ? ms : 5 * 60 * 1000;
}

/**
 * FORMREQUEST_FORM_LEASE_MS: with --db, how long a held call's form outlives a killed instance
 * (default: the store's, 15 s). Tests shorten it.
 */
function leaseMs(raw: string | undefined): number | undefined {
  const ms = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isInteger(ms) && ms >= 30 ? ms : undefined;
}

interface HttpRun {
  port: number;
  host: string;
  config: ServerConfig;
  db: string | undefined;
  pageOrigin: string | undefined;
  token: string | undefined;
}

async function runHttp(
  startHttpServer: typeof import('@formrequest/server').startHttpServer,
  { port, host, config, db, pageOrigin, token }: HttpRun,
): Promise<number> {
  let server: Awaited<ReturnType<typeof startHttpServer>>;
  try {
    const dbLeaseMs = leaseMs(process.env.FORMREQUEST_FORM_LEASE_MS);
    server = await startHttpServer({ port, host, config, log, db, dbLeaseMs, pageOrigin, token });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE')
      log(`formrequest serve: port ${port} on ${host} is already in use; pick another with --port.`);
    else if ((error as { syscall?: string }).syscall)
      log(`formrequest serve: cannot listen on ${host}:${port}: ${(error as Error).message}`);
    // The database's sentences (and a missing pg) say what to do themselves.
    else log(`formrequest serve: ${(error as Error).message}`);
    return 1;
  }
  log(
    `formrequest serve: MCP server "form" listening at ${server.url}${db ? ` (pending forms in ${redactUrl(db)})` : ''}${token ? ' (bearer token required)' : ''}`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  await server.close();
  return 0;
}

export default verb;
