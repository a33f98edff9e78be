// The example's server side, as Vite middleware: POST /api/chat streams the mock model with our local
// request_form tool (no execute: the page answers it), POST /api/chat-mcp with the tools of a
// `formrequest serve --http` the plugin starts (through the AI SDK's MCP client).
import { type ChildProcess, spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
import { requestFormTool } from '@formrequest/react/ai';
import { convertToModelMessages, stepCountIs, streamText, type ToolSet, type UIMessage } from 'ai';
import type { Plugin } from 'vite';
import { mockModel } from './mock-model.ts';

/** `formrequest serve --http` on a free loopback port; resolves with its /mcp URL. */
function startFormServer(): Promise<{ url: string; child: ChildProcess }> {
  // The `formrequest` command of the installed package (its bin, which the package does not export).
  const manifest = createRequire(import.meta.url).resolve('formrequest/package.json');
  const bin = join(dirname(manifest), 'bin/formrequest.js');
  // This app draws request_form from the tool call (seed 000's front end), and says so: the server then
  // gives the seed's waiting result, and the answers come as the next message.
  const child = spawn(process.execPath, [bin, 'serve', '--http', '--port', '0', '--host-renders-forms'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let log = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk;
      const url = /listening at (http:\/\/\S+\/mcp)/.exec(log)?.[1];
      if (url) resolve({ url, child });
    });
    child.on('exit', (code) => reject(new Error(`formrequest serve exited (${code}):\n${log}`)));
  });
}

async function body(req: IncomingMessage): Promise<{ messages: UIMessage[] }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export function chatApi(): Plugin {
  let mcp: Promise<{ client: MCPClient; child: ChildProcess }> | undefined;
  const mcpTools = async (): Promise<ToolSet> => {
    mcp ??= startFormServer().then(async ({ url, child }) => ({
      child,
      client: await createMCPClient({ transport: { type: 'http', url } }),
    }));
    return (await mcp).client.tools();
  };
  const stop = async () => {
    const running = await mcp?.catch(() => undefined);
    mcp = undefined;
    await running?.client.close().catch(() => {});
    running?.child.kill();
  };
  return {
    name: 'formrequest-chat-api',
    configureServer(server) {
      server.httpServer?.on('close', stop);
      server.middlewares.use(async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (req.method !== 'POST' || (url.pathname !== '/api/chat' && url.pathname !== '/api/chat-mcp'))
          return next();
        try {
          const { messages } = await body(req);
          const viaMcp = url.pathname === '/api/chat-mcp';
          const result = streamText({
            model: mockModel(),
            messages: await convertToModelMessages(messages),
            tools: viaMcp ? await mcpTools() : { request_form: requestFormTool() },
            // Over MCP the tool runs on the server and returns at once; one more step says so.
            stopWhen: stepCountIs(viaMcp ? 2 : 1),
          });
          result.pipeUIMessageStreamToResponse(res);
        } catch (error) {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(error));
        }
      });
    },
  };
}
