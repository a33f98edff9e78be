// The MCP server's tables in the shared PostgreSQL database (schema `formrequest`, component "server" in
// formrequest.migrations): the pending forms of the form page (with the lease of the instance holding
// their call), their uploads, and settings every instance shares (the requestState HMAC key). JSON is kept as text, exactly as written (jsonb would
// reorder an answer's keys).
import type { Migration } from '@formrequest/internal/postgres';

/** NOTIFY channel: payload = a form id whose outcome was set, or that was forgotten. */
export const PENDING_FORMS_CHANNEL = 'formrequest_pending_forms';

/** The server's migrations, oldest first. */
export const SERVER_MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'pending forms with their outcome, their uploads, shared settings',
    sql: `
CREATE TABLE formrequest.pending_forms (
  id text PRIMARY KEY,
  elicitation_id text NOT NULL,
  server_name text NOT NULL,
  schema text NOT NULL,
  questions text,
  issued_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  outcome text,
  settled_at bigint
);
CREATE INDEX pending_forms_by_expiry ON formrequest.pending_forms (expires_at);
CREATE TABLE formrequest.pending_files (
  id text PRIMARY KEY,
  form_id text NOT NULL REFERENCES formrequest.pending_forms (id) ON DELETE CASCADE,
  field text NOT NULL,
  name text NOT NULL,
  type text NOT NULL,
  size bigint NOT NULL,
  created_at bigint NOT NULL,
  data bytea NOT NULL
);
CREATE INDEX pending_files_by_form ON formrequest.pending_files (form_id);
CREATE TABLE formrequest.server_settings (
  key text PRIMARY KEY,
  value bytea NOT NULL
);
`,
  },
  {
    version: 2,
    name: 'when a form was first opened and its outcome delivered, and which client asked',
    sql: `
ALTER TABLE formrequest.pending_forms ADD COLUMN opened_at bigint;
ALTER TABLE formrequest.pending_forms ADD COLUMN delivered_at bigint;
ALTER TABLE formrequest.pending_forms ADD COLUMN client_name text;
`,
  },
  {
    version: 3,
    name: 'a lease on the forms a held call waits for (held_until)',
    // NULL: no caller holds the form (a 2026-07-28 form, kept for the retry). Else the instance holding
    // the call renews it; once it is past, that instance is gone and nobody can receive an answer.
    sql: `ALTER TABLE formrequest.pending_forms ADD COLUMN held_until bigint;`,
  },
  {
    version: 4,
    name: 'a form whose call was cut, kept for a re-ask (withdrawn_at, withdrawn_reason, reask_until)',
    // All NULL while a call waits on the form (or it is settled); set by the instance of the session
    // that may re-ask (reask.ts), which keeps holding the form's lease until then.
    sql: `
ALTER TABLE formrequest.pending_forms ADD COLUMN withdrawn_at bigint;
ALTER TABLE formrequest.pending_forms ADD COLUMN withdrawn_reason text;
ALTER TABLE formrequest.pending_forms ADD COLUMN reask_until bigint;
`,
  },
];
