import {
  AGENT_NAMES,
  type AgentName,
  DEFAULT_DB_PATH,
  DEFAULT_PORT,
  defaultPort,
  parseAuth,
  parseOrigins,
  type RunningHost,
  startHost,
} from '@formrequest/host';
import { parseFlags, parsePort, UsageError, type Verb } from '../verb.js';

const usage = `Usage: formrequest demo [--port N] [--host H] [--agent scripted|anthropic|claude-agent-sdk] [--db FILE] [--mcp-config FILE] [--auth MODE] [--origin URL]

Runs the reference chat host: open the printed URL, talk to the agent, answer its forms.
  --port N            HTTP port (default $PORT or ${DEFAULT_PORT}; 0 picks a free one)
  --host H            interface (default 127.0.0.1)
  --agent A           scripted (default, offline, no model), anthropic (Messages API:
                      ANTHROPIC_API_KEY, ANTHROPIC_MODEL, ANTHROPIC_BASE_URL) or claude-agent-sdk
                      (needs: npm install @anthropic-ai/claude-agent-sdk); also $FORMREQUEST_AGENT
  --db FILE           SQLite file (default ./${DEFAULT_DB_PATH}, created on first start)
  --mcp-config FILE   extra MCP servers: {"mcpServers": {"name": {"command", "args"} | {"type": "http", "url"}}}
  --auth MODE         who may use the host: none (default; loopback only), token (a secret link,
                      from $FORMREQUEST_AUTH_TOKEN or made up) or header:NAME (a reverse proxy that
                      signs people in sets NAME). Needed to listen beyond loopback.
  --origin URL        the origin people open the page at, e.g. https://chat.example.com (comma-separated
                      for several); other Host and Origin headers are refused
Stop with Ctrl+C. Logs go to stderr.`;

const verb: Verb = {
  summary: 'run the reference chat host (the whole loop in a browser)',
  usage,
  async run(args) {
    const { values, positionals } = parseFlags(args, {
      port: { type: 'string' },
      host: { type: 'string' },
      agent: { type: 'string' },
      db: { type: 'string' },
      'mcp-config': { type: 'string' },
      auth: { type: 'string' },
      origin: { type: 'string' },
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'.`);
    const port = values.port === undefined ? defaultPort() : parsePort(values.port);
    const agent = (values.agent ?? process.env.FORMREQUEST_AGENT ?? 'scripted') as AgentName;
    if (!AGENT_NAMES.includes(agent)) {
      throw new UsageError(`--agent must be one of ${AGENT_NAMES.join(', ')}, not '${agent}'.`);
    }
    let auth: ReturnType<typeof parseAuth> | undefined;
    let publicOrigins: string[];
    try {
      auth = values.auth === undefined ? undefined : parseAuth(values.auth);
      publicOrigins = parseOrigins(values.origin);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    let host: RunningHost | undefined;
    try {
      host = await startHost({
        port,
        hostname: values.host ?? '127.0.0.1',
        agent,
        dbPath: values.db ?? DEFAULT_DB_PATH,
        mcpConfigPath: values['mcp-config'],
        auth,
        publicOrigins,
      });
      await host.ready;
    } catch (error) {
      process.stderr.write(`formrequest demo: ${(error as Error).message}\n`);
      await host?.close().catch(() => {});
      return 1;
    }
    const running = host;
    process.stderr.write(
      `formrequest demo: ${running.url}/ (agent: ${agent}, db: ${values.db ?? DEFAULT_DB_PATH})\n`,
    );
    process.stdout.write(`${running.pageUrl}\n`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await running.close();
    return 0;
  },
};

export default verb;
