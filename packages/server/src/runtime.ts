// What the server instances of one serving process share: the config, the pending forms, where the form
// page is reached, the requestState codec and the keep-alive interval. `createFormServer` builds a fresh
// McpServer per connection (stdio) or per request (HTTP, 2026-07-28); they all use one runtime, so a
// retry served by another instance finds the form its first round opened.
import { DEFAULT_PROGRESS_INTERVAL_MS, type ServerConfig } from '@formrequest/internal/config';
import { createFlowStateCodec, type FlowStateCodec } from './flow-state.js';
import { formPageBuilt } from './form-page-script.js';
import { type FormPageHost, loopbackPageHost } from './form-page-server.js';
import { DEFAULT_FORM_TTL_MS, MemoryPendingForms } from './memory-pending-forms.js';
import type { PendingForms } from './pending-forms.js';
import { DEFAULT_REASK_WINDOW_MS } from './reask.js';

export interface FormRuntimeOptions {
  /** Default: in this process's memory (memory-pending-forms.ts). */
  forms?: PendingForms;
  /** Default: a loopback listener started for the first form page (what stdio needs). */
  page?: (forms: PendingForms) => FormPageHost;
  /** HMAC key of the requestState (32 bytes or more). Default: random per process. */
  stateKey?: Uint8Array | string;
  /** How long a form waits for its answer. Default 24 h. */
  formTtlMs?: number;
  /**
   * How long a cut call's form waits for a re-ask from its session (reask.ts); 0: never. Default: the
   * config's `reaskWindowMs`, else 30 min.
   */
  reaskWindowMs?: number;
  log?: (line: string) => void;
}

export interface FormRuntime {
  config: ServerConfig;
  forms: PendingForms;
  stateCodec: FlowStateCodec;
  progressIntervalMs: number;
  /** How long the server waits on a client (a 2025 elicitation leg) or a person. */
  formTtlMs: number;
  /** How long a cut call's form waits for a re-ask from its session (reask.ts); 0: not kept. */
  reaskWindowMs: number;
  /** The page URL of a form, or a rejection saying why the page cannot be served. */
  pageUrl(formId: string): Promise<string>;
  close(): Promise<void>;
}

export function createFormRuntime(config: ServerConfig = {}, options: FormRuntimeOptions = {}): FormRuntime {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const formTtlMs = options.formTtlMs ?? DEFAULT_FORM_TTL_MS;
  const forms = options.forms ?? new MemoryPendingForms({ ttlMs: formTtlMs });
  const page = options.page?.(forms) ?? loopbackPageHost({ forms, config, log });
  return {
    config,
    forms,
    stateCodec: createFlowStateCodec({ key: options.stateKey, ttlMs: formTtlMs }),
    progressIntervalMs: config.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS,
    formTtlMs,
    reaskWindowMs: options.reaskWindowMs ?? config.reaskWindowMs ?? DEFAULT_REASK_WINDOW_MS,
    async pageUrl(formId) {
      const missing = formPageBuilt();
      if (missing) throw new Error(missing);
      return page.url(formId);
    },
    async close() {
      await page.close();
      await forms.close();
    },
  };
}

// A server made with createFormServer(config) alone (a library user's own transport) still needs one
// runtime per config, shared by every instance made from it.
const defaults = new WeakMap<ServerConfig, FormRuntime>();

export function defaultRuntime(config: ServerConfig): FormRuntime {
  let runtime = defaults.get(config);
  if (!runtime) {
    runtime = createFormRuntime(config);
    defaults.set(config, runtime);
  }
  return runtime;
}
