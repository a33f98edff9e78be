// @formrequest/internal/postgres: the PostgreSQL plumbing every part of formrequest that shares one
// database uses (the MCP server's pending forms, the host's store): the migrations (`migrate`, one schema
// `formrequest`, one list per component), the LISTEN connection parts share (PgListener), one
// transaction helper, and the sentences for what goes wrong. `pg` is an optional peer, loaded on first use.
export { explainPostgresError, isPostgresUrl, redactUrl, transientFailure } from './errors.js';
export { type Gap, PgListener, type PgListenerOptions } from './listener.js';
export { explainMissingPg, loadPg, PG_PEER_RANGE, type PgModule } from './load-pg.js';
export { MIGRATION_LOCK, type Migration, migrate, PG_SCHEMA } from './migrate.js';
export { type TransactionOptions, transaction } from './transaction.js';
