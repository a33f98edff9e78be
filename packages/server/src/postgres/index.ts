// @formrequest/server/postgres: pending forms in PostgreSQL, so several instances of the server behind
// one load balancer share them (PostgresPendingForms, on the migrations, LISTEN connection and
// transaction helper of @formrequest/internal/postgres). A separate entry, so the main one and
// `formrequest serve` without --db never load `pg` (an optional peer).
export { PostgresPendingForms, type PostgresPendingFormsOptions } from './postgres-pending-forms.js';
