import {
  DEFAULT_HTTP_PORT,
  ELICITATION_POLICIES,
  type ElicitationPolicy,
  loadServerConfig,
  type ServerConfig,
  serveStdio,
  startHttpServer,
} from '@formrequest/server';
import { parseFlags, parsePort, UsageError, type Verb } from '../verb.js';

const usage = `Usage: formrequest serve [--http] [--port N] [--host H] [--config FILE]
                         [--elicitation never|auto] [--url-mode on|off] [--page-port N]

Runs the MCP server \`form\` (tools: request_form, question).
  (default)           stdio: the client starts this command; stdout carries the protocol
  --http              Streamable HTTP at http://HOST:PORT/mcp (form pages at /forms/<id>)
  --port N            HTTP port (default ${DEFAULT_HTTP_PORT}; 0 picks a free one)
  --host H            HTTP interface (default 127.0.0.1)
  --config FILE       JSON config: {"endpoints": [{"purpose", "url", "params"}], "elicitation",
                      "urlMode", "pagePort", "progressIntervalMs"}
  --elicitation MODE  never (default): the host renders the form from the tool call (seed 000)
                      and the answers come back as the next user message; no elicitation is sent.
                      auto: show it where the client can: MCP Apps, the client's own form dialog,
                      or the form page in the browser (URL mode); answers come back in the result
  --url-mode on|off   with --elicitation auto: whether forms may open as a page (default on)
  --page-port N       stdio: port of the loopback form page (default: any free port)
Logs go to stderr.`;

const log = (line: string) => process.stderr.write(`${line}\n`);

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
      'url-mode': { type: 'string' },
      'page-port': { type: 'string' },
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
    }
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
    return values.http ? runHttp(port, values.host ?? '127.0.0.1', config) : runStdio(config);
  },
};

async function runStdio(config: ServerConfig): Promise<number> {
  const handle = serveStdio(config, { log });
  // The connection ends when the client closes our stdin (the SDK transport then closes itself).
  await new Promise<void>((resolve) => {
    process.stdin.once('close', resolve);
    process.stdin.once('end', resolve);
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  await handle.close();
  return 0;
}

async function runHttp(port: number, host: string, config: ServerConfig): Promise<number> {
  let server: Awaited<ReturnType<typeof startHttpServer>>;
  try {
    server = await startHttpServer({ port, host, config, log });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE')
      log(`formrequest serve: port ${port} on ${host} is already in use; pick another with --port.`);
    else log(`formrequest serve: cannot listen on ${host}:${port}: ${(error as Error).message}`);
    return 1;
  }
  log(`formrequest serve: MCP server "form" listening at ${server.url}`);
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  await server.close();
  return 0;
}

export default verb;
