// @formrequest/server/postgres: what lets several instances of formrequest share one PostgreSQL database.
// The MCP server's pending forms (PostgresPendingForms), the migrations every part runs through
// (`migrate`, one schema `formrequest`, one list per component), the LISTEN connection parts share
// (PgListener), one transaction helper (`transaction`), and the sentences for what goes wrong. A separate entry, so the main one and
// `formrequest serve` without --db never load `pg` (an optional peer: see load-pg.ts).
export { explainPostgresError, isPostgresUrl, redactUrl, transientFailure } from './errors.js';
export { type Gap, PgListener, type PgListenerOptions } from './listener.js';
export { explainMissingPg, loadPg, PG_PEER_RANGE, type PgModule } from './load-pg.js';
export { MIGRATION_LOCK, type Migration, migrate, PG_SCHEMA } from './migrate.js';
export { PENDING_FORMS_CHANNEL, SERVER_MIGRATIONS } from './pending-forms-schema.js';
export { PostgresPendingForms, type PostgresPendingFormsOptions } from './postgres-pending-forms.js';
export { type TransactionOptions, transaction } from './transaction.js';
