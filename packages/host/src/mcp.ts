// The host's MCP client side: one official SDK client per configured server (the built-in `form`
// server plus any from an `mcpServers` config file), tools addressed as `mcp__<server>__<tool>` the way
// Claude-based agents name them.
import { readFileSync } from 'node:fs';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { HOST_VERSION } from './version.js';

export type McpStdioSpec = {
  type?: 'stdio';
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
};
export type McpHttpSpec = { type: 'http' | 'streamable-http'; url: string; headers?: Record<string, string> };
export type McpServerSpec = McpStdioSpec | McpHttpSpec;

export function isHttpSpec(spec: McpServerSpec): spec is McpHttpSpec {
  return spec.type === 'http' || spec.type === 'streamable-http';
}

export interface McpTool {
  /** `mcp__<server>__<tool>` */
  fullName: string;
  server: string;
  name: string;
  description?: string;
  /** The tool's JSON Schema exactly as the server advertised it. */
  inputSchema: Record<string, unknown>;
}

export interface ToolCallResult {
  content: Array<Record<string, unknown>>;
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  _metadata?: Record<string, unknown>;
  [key: string]: unknown;
}

export const FORM_TOOL = 'mcp__form__request_form';

export function toolFullName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`;
}

/** Reads `{"mcpServers": {...}}` (the shape Claude Desktop, Claude Code and the Agent SDK use). */
export function loadMcpConfig(path: string): Record<string, McpServerSpec> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read the MCP config ${path}: ${(error as Error).message}`);
  }
  let data: any;
  try {
    // Editors on Windows may start the file with a byte order mark, which JSON.parse refuses.
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new Error(
      `The MCP config ${path} is not valid JSON: ${(error as Error).message}. Check the quotes, commas and brackets.`,
    );
  }
  const servers = data?.mcpServers;
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers)) {
    throw new Error(
      `${path}: expected {"mcpServers": {"name": {"command": "...", "args": [...]}}} or {"name": {"type": "http", "url": "..."}}.`,
    );
  }
  for (const [name, spec] of Object.entries<any>(servers)) {
    if (!/^[A-Za-z0-9_-]+$/.test(name))
      throw new Error(`${path}: server name "${name}" may only use letters, digits, _ and -.`);
    const isHttp = spec?.type === 'http' || spec?.type === 'streamable-http';
    if (isHttp ? typeof spec.url !== 'string' : typeof spec?.command !== 'string') {
      throw new Error(
        `${path}: mcpServers.${name} needs "command" (stdio) or "type": "http" with "url". Other transports are not supported here.`,
      );
    }
    if (isHttp && !isHttpUrl(spec.url)) {
      throw new Error(
        `${path}: mcpServers.${name}.url must be an absolute http:// or https:// URL, not ${JSON.stringify(spec.url)}.`,
      );
    }
  }
  return servers;
}

function isHttpUrl(text: string): boolean {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
}

export class McpHub {
  private readonly clients: Map<string, Client>;
  private readonly toolList: McpTool[];
  readonly specs: Record<string, McpServerSpec>;
  private constructor(
    clients: Map<string, Client>,
    toolList: McpTool[],
    specs: Record<string, McpServerSpec>,
  ) {
    this.clients = clients;
    this.toolList = toolList;
    this.specs = specs;
  }

  static async connect(specs: Record<string, McpServerSpec>): Promise<McpHub> {
    const clients = new Map<string, Client>();
    const tools: McpTool[] = [];
    try {
      for (const [server, spec] of Object.entries(specs)) {
        const client = new Client({ name: 'formrequest-host', version: HOST_VERSION });
        try {
          await client.connect(transportFor(spec));
        } catch (error) {
          const target = isHttpSpec(spec) ? `at ${spec.url}` : `started as ${spec.command}`;
          throw new Error(
            `Cannot connect to the MCP server "${server}" ${target}: ${(error as Error).message}. Check that it ${isHttpSpec(spec) ? 'is running' : 'is installed'} and its entry in the MCP config.`,
          );
        }
        clients.set(server, client);
        const listed = await client.listTools();
        for (const tool of listed.tools) {
          tools.push({
            fullName: toolFullName(server, tool.name),
            server,
            name: tool.name,
            description: tool.description,
            inputSchema: tool.inputSchema as Record<string, unknown>,
          });
        }
      }
    } catch (error) {
      await Promise.allSettled([...clients.values()].map((c) => c.close()));
      throw error;
    }
    return new McpHub(clients, tools, specs);
  }

  tools(): McpTool[] {
    return this.toolList;
  }

  async callTool(fullName: string, args: Record<string, unknown>): Promise<ToolCallResult> {
    const tool = this.toolList.find((t) => t.fullName === fullName);
    if (!tool) {
      return { content: [{ type: 'text', text: `Unknown tool ${fullName}.` }], isError: true };
    }
    const client = this.clients.get(tool.server)!;
    try {
      return (await client.callTool({ name: tool.name, arguments: args })) as ToolCallResult;
    } catch (error) {
      return {
        content: [{ type: 'text', text: `Tool ${fullName} failed: ${(error as Error).message}` }],
        isError: true,
      };
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.clients.values()].map((c) => c.close()));
  }
}

function transportFor(spec: McpServerSpec) {
  if (isHttpSpec(spec)) {
    return new StreamableHTTPClientTransport(new URL(spec.url), {
      requestInit: { headers: spec.headers ?? {} },
    });
  }
  return new StdioClientTransport({
    command: spec.command,
    args: spec.args ?? [],
    env: { ...getDefaultEnvironment(), ...(spec.env ?? {}) },
    cwd: spec.cwd,
    stderr: 'inherit',
  });
}
