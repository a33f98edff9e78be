// What a PostgreSQL URL is, how it is shown (never with its password), and connection or setup failures
// as sentences that name the cause and the fix. Shared by `formrequest serve --db` and the host.

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
