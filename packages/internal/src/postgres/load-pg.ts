// `pg` (node-postgres) is an optional peer (of @formrequest/server, of this package): only the PostgreSQL
// plumbing uses it, and only when a database is configured, so `formrequest serve` without --db installs and starts without it. It is
// loaded here, on first use (Node keeps the module once loaded), and a missing package becomes a
// sentence naming what to install.
import type pg from 'pg';

/** The peer range of `pg` in package.json, for the install hint. */
export const PG_PEER_RANGE = '^8.23.1';

export type PgModule = typeof pg;

/** The `pg` module, or a rejection that says it is missing and how to install it (`load`: tests). */
export async function loadPg(load: () => Promise<unknown> = () => import('pg')): Promise<PgModule> {
  try {
    const module = (await load()) as { default?: PgModule } & PgModule;
    return module.default ?? module;
  } catch (error) {
    throw explainMissingPg(error);
  }
}

/** A failed import of `pg` as the sentence a person can act on; other errors pass through. */
export function explainMissingPg(error: unknown): Error {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  const missing =
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    /Cannot find (?:package|module) 'pg'/.test(message ?? '');
  if (!missing) return error instanceof Error ? error : new Error(String(error));
  return new Error(
    `PostgreSQL support needs the "pg" package (node-postgres), which is not installed. Install it next to formrequest or @formrequest/server: npm install pg@"${PG_PEER_RANGE}".`,
  );
}
