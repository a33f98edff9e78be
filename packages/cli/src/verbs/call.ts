import { readFileSync } from 'node:fs';
import { callTool, findLaunch, LaunchError, LiveServerError } from '@formrequest/skills/cli';
import { err, out } from '../output.js';
import { parseFlags, UsageError, type Verb } from '../verb.js';

const usage = `Usage: formrequest call CONFIG TOOL [ARGUMENTS] [--server NAME] [--timeout MS]

Calls one tool of an MCP server without attaching it to an agent: starts the server (or reaches its
URL) as CONFIG says, checks the arguments against the tool's input schema, calls it once, prints the
result and stops the server.
  CONFIG        a callable skill's folder (or its SKILL.md or mcp.json), made by
                \`formrequest skill --callable\`, or any MCP configuration file (.mcp.json,
                claude_desktop_config.json, VS Code's mcp.json)
  TOOL          the tool's name
  ARGUMENTS     a JSON object (default {}); - reads it from standard input
  --server NAME the server in CONFIG, when it lists several
  --timeout MS  time limit for starting the server, listing its tools and the call (default 120000)
What runs: exactly the command and arguments in CONFIG (no shell), with only PATH, HOME, USER, LOGNAME,
SHELL and TERM from your environment plus the variables its "env" names; \${VAR} references are read
from your environment. Nothing is written to disk.
Output: the tool's structuredContent as JSON, else its content (text as is, other kinds described).
Exit codes: 0 the tool's result; 1 the tool reported an error (the server's message on stderr);
  2 usage error, an unusable CONFIG, arguments that do not fit the schema, no such tool, or a server
  that failed to start, answer or be reached.`;

/** The arguments: a JSON object, from the command line or standard input. */
function argumentsOf(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let source = text;
  if (text === '-') {
    try {
      source = readFileSync(0, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read the arguments from standard input: ${(error as Error).message}.`);
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    throw new UsageError(
      `the arguments are not valid JSON (${(error as Error).message}); give one object such as '{"query": "cats"}', or - to read it from standard input.`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError(
      `the arguments must be a JSON object of parameters such as '{"query": "cats"}', not ${Array.isArray(value) ? 'a list' : JSON.stringify(value)}.`,
    );
  return value as Record<string, unknown>;
}

const verb: Verb = {
  summary: 'call one tool of an MCP server from its config or a callable skill, without attaching it',
  usage,
  async run(args) {
    const { values, positionals } = parseFlags(args, {
      server: { type: 'string' },
      timeout: { type: 'string' },
    });
    const [config, tool, json, ...extra] = positionals;
    if (config === undefined || tool === undefined) throw new UsageError('give CONFIG and TOOL.');
    if (extra.length > 0)
      throw new UsageError(
        `one ARGUMENTS object only (quote it: '{"a": 1}'), got also '${extra.join("', '")}'.`,
      );
    let timeoutMs: number | undefined;
    if (values.timeout !== undefined) {
      timeoutMs = Number(values.timeout);
      if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
        throw new UsageError(`--timeout must be a whole number of milliseconds, not '${values.timeout}'.`);
    }
    const input = argumentsOf(json);
    try {
      const found = findLaunch(config, values.server);
      const outcome = await callTool(found.launch, tool, input, { timeoutMs, where: found.file });
      if (outcome.isError) {
        err.write(`formrequest call: ${tool} reported an error:\n${outcome.text}\n`);
        return 1;
      }
      out.write(outcome.text.endsWith('\n') || outcome.text === '' ? outcome.text : `${outcome.text}\n`);
      return 0;
    } catch (error) {
      if (error instanceof LaunchError || error instanceof LiveServerError) {
        err.write(`formrequest call: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
  },
};

export default verb;
