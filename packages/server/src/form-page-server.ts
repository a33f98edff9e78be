// Where the form page is reached. Over HTTP it shares the MCP server's listener (http.ts mounts
// formPageRoutes); over stdio there is no listener, so the first URL-mode form starts a small one on
// loopback (127.0.0.1, any free port unless `pagePort` says otherwise) and keeps it for the process.
// The HTTP stack loads with that first form: a stdio server that never shows one never evaluates it.
import type { ServerConfig } from '@formrequest/internal/config';
import type { Listening } from '@formrequest/internal/http';
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
  let listening: Promise<{ listener: Listening; origin: string }> | undefined;
  let origin = '';

  async function start(): Promise<{ listener: Listening; origin: string }> {
    const [{ Hono }, { Access, browsableHost, listen }, { formPageErrors, formPageRoutes }] =
      await Promise.all([
        import('hono'),
        import('@formrequest/internal/http'),
        import('./form-page-routes.js'),
      ]);
    const app = new Hono();
    app.onError(formPageErrors(options.log));
    app.route(
      '/',
      formPageRoutes({
        forms: options.forms,
        config: options.config,
        access: new Access({
          listenHost: host,
          self: 'server',
          hint: 'Open the form page at the URL the agent was given.',
        }),
        origin: () => origin,
        maxFileBytes: options.maxFileBytes,
        log: options.log,
      }),
    );
    app.notFound((c) => c.json({ error: 'Not found: this port serves form pages at /forms/<id>.' }, 404));
    const port = options.config.pagePort ?? 0;
    let listener: Listening;
    try {
      listener = await listen({ fetch: app.fetch, port, hostname: host });
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      throw new Error(
        code === 'EADDRINUSE'
          ? `port ${port} on ${host} is in use (set another "pagePort" in the config, or 0 for any free port)`
          : `cannot listen on ${host}:${port}: ${message}`,
      );
    }
    origin = `http://${browsableHost(host)}:${listener.port}`;
    options.log(`formrequest serve: form pages at ${origin}/forms/`);
    // Nothing but pending forms keeps it: the process ends when the client closes stdin.
    listener.server.unref();
    return { listener, origin };
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
      await running.listener.close(0);
    },
  };
}
