// What a PostgreSQL URL is, how it is shown (never with its password), and connection or setup failures
// as sentences that name the cause and the fix. Shared by `formrequest serve --db` and the host.
import { FAILED_AT } from './transaction.js';

/** Whether a --db value (or DATABASE_URL) names a PostgreSQL database. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/** The URL with its password replaced by ***, for logs and messages. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@?#]*:)[^@/?#]*@/i, '$1***@');
}

/** A connection or setup failure of PostgreSQL as a sentence that names the cause and the fix. */
export function explainPostgresError(error: unknown, url: string): Error {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  const where = redactUrl(url);
  const text = message ?? String(error);
  const fixes: Record<string, string> = {
    ECONNREFUSED: 'nothing listens there: start PostgreSQL, or correct the host and port in the URL',
    ENOTFOUND: 'the host name does not resolve: correct it in the URL',
    ETIMEDOUT: 'the server did not answer in time: check the address and any firewall between',
    ENOENT: 'there is no PostgreSQL socket at that path: start PostgreSQL, or correct ?host= in the URL',
    '28P01': 'the password was refused: correct the user and password in the URL',
    '28000':
      'the server refused this user from this address (pg_hba.conf): allow it there or use another user',
    '3D000': 'the database does not exist: create it (createdb NAME) or name an existing one in the URL',
    '42501':
      'the user may not create the schema "formrequest" or its tables: GRANT CREATE ON DATABASE to it, or create the schema for it first (CREATE SCHEMA formrequest AUTHORIZATION that_user)',
    '53300': 'the server has no connection slots left: raise max_connections or lower the pool size',
  };
  const fix = fixes[code ?? ''];
  // Sentences of our own (a newer layout, a missing `pg`) already say what to do.
  if (!fix && /newer formrequest|needs the "pg" package/.test(text)) return error as Error;
  return new Error(
    `Cannot use the PostgreSQL database ${where}: ${text}${fix ? ` (${fix})` : ''}. Give --db postgres://USER:PASSWORD@HOST:PORT/DATABASE (or DATABASE_URL).`,
  );
}

/** SQLSTATE classes and codes that mean "the database is going away or not there yet": try again. */
const TRANSIENT_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '53400',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
]);
const TRANSIENT_NODE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOENT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const TRANSIENT_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|the database system is (starting up|shutting down|in recovery mode)|terminating connection/i;

/**
 * Whether an error of a PostgreSQL call is transient (the server restarted, was unreachable, had no
 * connection slot, or the pool's wait ran out) and how safe it is to do the work again:
 * 'not-sent' (nothing of it reached the database, or its transaction was rolled back: do it again),
 * 'unknown' (the connection broke while the statement or COMMIT was on its way: it may have been
 * kept), or undefined (not transient: a real error to report).
 */
export function transientFailure(error: unknown): 'not-sent' | 'unknown' | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, message } = error as { code?: string; message?: string };
  const transient =
    (code !== undefined && (TRANSIENT_CODES.has(code) || TRANSIENT_NODE.has(code))) ||
    TRANSIENT_TEXT.test(message ?? '');
  if (!transient) return undefined;
  const at = (error as Record<symbol, unknown>)[FAILED_AT];
  if (at === 'before-commit') return 'not-sent';
  if (at === 'commit') return 'unknown';
  // Never connected: the pool's wait, a refused or missing socket, a server starting up or full.
  if (/timeout exceeded when trying to connect/i.test(message ?? '')) return 'not-sent';
  if (code === '57P03' || code === '53300' || code === 'ECONNREFUSED' || code === 'ENOENT') return 'not-sent';
  return 'unknown';
}
