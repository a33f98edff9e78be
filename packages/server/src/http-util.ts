// Small pieces both HTTP surfaces (the MCP endpoint in http.ts and the form page) share.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { localhostAllowedHostnames } from '@modelcontextprotocol/server';

/** The body, or undefined when it is larger than `limit` (the rest is drained, not buffered). */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const declared = Number(header(req, 'content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!tooLarge) resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** localhost names always; the listening host when it is a specific name or address; extras. */
export function allowedNames(host: string, extra: string[] = []): string[] {
  const names = new Set(localhostAllowedHostnames());
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  if (!wildcard) names.add(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
  for (const name of extra) names.add(name);
  return [...names];
}

/** The address to put in a URL a browser opens: a wildcard listen address is not one. */
export function browsableHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
