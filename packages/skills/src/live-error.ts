// What reading a live server can go wrong with, and its options: apart from live.ts so that callers
// can name them without loading the MCP client (it is loaded only when a live server is read).

/** The server could not be started, reached, or did not answer in time. */
export class LiveServerError extends Error {}

export type LiveTarget =
  | { command: string; args?: string[]; cwd?: string; env?: Record<string, string> }
  | { url: string; headers?: Record<string, string> };

export interface LiveOptions {
  /** Overall time limit for starting, the handshake and listing, in ms (default 30 s). */
  timeoutMs?: number;
  /** The server id in the catalog; default: the name the server reports. */
  id?: string;
}
