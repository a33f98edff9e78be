// Where the form page is reached. Over HTTP it shares the MCP server's listener (http.ts mounts
// formPageRoutes); over stdio there is no listener, so the first URL-mode form starts a small one on
// loopback (127.0.0.1, any free port unless `pagePort` says otherwise) and keeps it for the process.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerConfig } from './config.js';
import { formPageRoutes } from './form-page-routes.js';
import { allowedNames, browsableHost, sendJson } from './http-util.js';
import type { PendingForms } from './pending-forms.js';

/** The form page's base as the tools see it: a URL per form, once the page can be served. */
export interface FormPageHost {
  /** `http://HOST:PORT/forms/<id>`; rejects with a sentence saying why the page cannot be served. */
  url(formId: string): Promise<string>;
  close(): Promise<void>;
}

/** A page host on a listener that already exists (the MCP HTTP server's). */
export function fixedPageHost(origin: () => string): FormPageHost {
  return {
    url: async (formId) => `${origin()}/forms/${formId}`,
    close: async () => {},
  };
}

export interface LoopbackPageOptions {
  forms: PendingForms;
  config: ServerConfig;
  /** Default 127.0.0.1. */
  host?: string;
  log: (line: string) => void;
  maxFileBytes?: number;
}

/** A page host that starts its own loopback listener when the first form needs it (stdio). */
export function loopbackPageHost(options: LoopbackPageOptions): FormPageHost {
  const host = options.host ?? '127.0.0.1';
  let listening: Promise<{ server: Server; origin: string }> | undefined;
  let origin = '';

  function start(): Promise<{ server: Server; origin: string }> {
    const routes = formPageRoutes({
      forms: options.forms,
      config: options.config,
      allowedHostnames: allowedNames(host),
      origin: () => origin,
      maxFileBytes: options.maxFileBytes,
      log: options.log,
    });
    const server = createServer((req, res) => {
      routes(req, res)
        .then((handled) => {
          if (!handled)
            sendJson(res, 404, { error: 'Not found: this port serves form pages at /forms/<id>.' });
        })
        .catch((error: Error) => {
          options.log(`formrequest serve: form page: ${error.message}`);
          if (!res.headersSent) sendJson(res, 500, { error: `Internal error: ${error.message}` });
          else res.end();
        });
    });
    return new Promise((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        const port = options.config.pagePort ?? 0;
        reject(
          new Error(
            error.code === 'EADDRINUSE'
              ? `port ${port} on ${host} is in use (set another "pagePort" in the config, or 0 for any free port)`
              : `cannot listen on ${host}:${port}: ${error.message}`,
          ),
        );
      });
      server.listen(options.config.pagePort ?? 0, host, () => {
        origin = `http://${browsableHost(host)}:${(server.address() as AddressInfo).port}`;
        options.log(`formrequest serve: form pages at ${origin}/forms/`);
        // Nothing but pending forms keeps it: the process ends when the client closes stdin.
        server.unref();
        resolve({ server, origin });
      });
    });
  }

  return {
    async url(formId) {
      listening ??= start();
      try {
        const { origin: base } = await listening;
        return `${base}/forms/${formId}`;
      } catch (error) {
        listening = undefined; // try again for the next form (the port may be free by then)
        throw error;
      }
    },
    async close() {
      const running = await listening?.catch(() => undefined);
      listening = undefined;
      if (!running) return;
      await new Promise<void>((resolve) => {
        running.server.close(() => resolve());
        running.server.closeAllConnections();
      });
    },
  };
}
