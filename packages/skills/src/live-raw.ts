// The text of a live server's tools/list and resources/list answers, kept as the server sent it, so
// the catalog is read from it exactly (data/json-read.ts: key order, `__proto__`, big integers, 1.0)
// rather than from the objects JSON.parse and the SDK's validation made. The SDK client still drives
// the protocol; these transports only see the text go by.
import { type ChildProcess, spawn } from 'node:child_process';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

const LISTS = new Set(['tools/list', 'resources/list']);

/** The server wrote a line on stdout that is not a JSON-RPC message. */
export class NotJsonRpcError extends Error {}

/** Requests for lists by id, and the answers' text in the order they came. */
export class RawAnswers {
  private readonly pending = new Map<string | number, string>();
  private readonly answers = new Map<string, string[]>();

  sent(message: unknown): void {
    const m = message as { id?: string | number; method?: string };
    if (m.id !== undefined && m.method && LISTS.has(m.method)) this.pending.set(m.id, m.method);
  }

  received(text: string, message: unknown): void {
    const id = (message as { id?: string | number } | null)?.id;
    if (id === undefined || !this.pending.has(id)) return;
    const method = this.pending.get(id)!;
    this.pending.delete(id);
    const list = this.answers.get(method) ?? [];
    list.push(text);
    this.answers.set(method, list);
  }

  /** The text of the next answer to `method` not taken yet. */
  take(method: string): string | undefined {
    return this.answers.get(method)?.shift();
  }

  /** A fetch that shows this recorder the JSON-RPC text of Streamable HTTP requests and answers (JSON or SSE). */
  fetch(base: typeof fetch = fetch): typeof fetch {
    return async (input, init) => {
      if (typeof init?.body === 'string') {
        try {
          const body = JSON.parse(init.body) as unknown;
          for (const m of Array.isArray(body) ? body : [body]) this.sent(m);
        } catch {
          // not JSON: nothing to note
        }
      }
      const response = await base(input, init);
      const type = response.headers.get('content-type') ?? '';
      if (!response.body || !response.ok) return response;
      if (type.includes('application/json')) {
        const text = await response.clone().text();
        this.note(text);
        return response;
      }
      if (type.includes('text/event-stream')) {
        const [mine, theirs] = response.body.tee();
        void this.readEvents(mine);
        return new Response(theirs, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      }
      return response;
    };
  }

  private note(text: string): void {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (Array.isArray(parsed)) return;
      this.received(text, parsed);
    } catch {
      // not JSON: the SDK reports it
    }
  }

  private async readEvents(stream: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    let data: string[] = [];
    try {
      for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.search(/\r?\n/);
        while (end >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(buffer[end] === '\r' ? end + 2 : end + 1);
          if (line === '') {
            if (data.length > 0) this.note(data.join('\n'));
            data = [];
          } else if (line.startsWith('data:')) data.push(line.slice(line[5] === ' ' ? 6 : 5));
          end = buffer.search(/\r?\n/);
        }
      }
    } catch {
      // the stream was cut: the SDK reports it
    }
  }
}

/** The server process a raw transport starts. */
type RawTarget = { command: string; args?: string[]; cwd?: string; env?: Record<string, string> };

/** A stdio transport (newline-delimited JSON-RPC over a child's stdin/stdout) that shows the recorder every line. */
export class RawStdioTransport implements Transport {
  onclose?: () => void;
  #ended: () => void = () => {};
  /** Settles once the server's process is gone and everything it wrote has been read. */
  readonly ended = new Promise<void>((resolve) => {
    this.#ended = resolve;
  });
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private child?: ChildProcess;
  private buffer = '';

  private readonly target: RawTarget;
  private readonly raw: RawAnswers | undefined;
  private readonly onStderr: (chunk: string) => void;
  constructor(target: RawTarget, raw: RawAnswers | undefined, onStderr: (chunk: string) => void) {
    this.target = target;
    this.raw = raw;
    this.onStderr = onStderr;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      // Read from a command line, the server runs as the user's own command would in a shell, with the
      // user's environment; `formrequest call` gives it the environment its configuration names.
      const child = spawn(this.target.command, this.target.args ?? [], {
        cwd: this.target.cwd,
        env: this.target.env ?? process.env,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      this.child = child;
      // A server we started never outlives us: when this process ends before close() (an interrupted
      // run exits from its signal handler), the server is stopped, even one that ignores its stdin
      // closing. 'exit' listeners run synchronously, and kill() is one system call.
      const stop = () => child.kill('SIGTERM');
      process.once('exit', stop);
      child.once('spawn', () => resolve());
      child.on('error', (error) => {
        this.#ended();
        this.onerror?.(error);
        reject(error);
      });
      child.on('close', () => {
        process.off('exit', stop);
        this.#ended();
        this.onclose?.();
      });
      child.stdin!.on('error', (error) => this.onerror?.(error));
      child.stderr!.setEncoding('utf8');
      child.stderr!.on('data', (chunk: string) => this.onStderr(chunk));
      child.stdout!.setEncoding('utf8');
      child.stdout!.on('data', (chunk: string) => this.lines(chunk));
    });
  }

  private lines(chunk: string): void {
    this.buffer += chunk;
    let end = this.buffer.indexOf('\n');
    while (end >= 0) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      if (line.trim() !== '') {
        let message: JSONRPCMessage;
        try {
          message = JSON.parse(line) as JSONRPCMessage;
        } catch (error) {
          this.onerror?.(
            new NotJsonRpcError(
              `wrote a line on stdout that is not JSON-RPC (stdout is for protocol messages only; logs go to stderr): ${JSON.stringify(line.slice(0, 200))} (${(error as Error).message})`,
            ),
          );
          end = this.buffer.indexOf('\n');
          continue;
        }
        this.raw?.received(line, message);
        this.onmessage?.(message);
      }
      end = this.buffer.indexOf('\n');
    }
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.raw?.sent(message);
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed) throw new Error('the server has closed its input');
    await new Promise<void>((resolve, reject) =>
      stdin.write(`${JSON.stringify(message)}\n`, (error) => (error ? reject(error) : resolve())),
    );
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.stdin?.end();
    // A server gets a moment to leave on its own, then is stopped.
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const timer = setTimeout(() => child.kill('SIGTERM'), 1000);
    const hard = setTimeout(() => child.kill('SIGKILL'), 4000);
    await exited;
    clearTimeout(timer);
    clearTimeout(hard);
  }
}
