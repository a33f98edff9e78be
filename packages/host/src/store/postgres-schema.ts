// The host's PostgreSQL layout: its migrations (component "host"), run by the `migrate` every part of
// formrequest shares (@formrequest/server/postgres), in the schema `formrequest` (PG_SCHEMA).
import type { Migration } from '@formrequest/internal/postgres';

/** The host's migrations, oldest first. */
export const HOST_MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'conversations, runs with leases and their input (the outbox), events, forms once, files',
    sql: `
-- The one clock every instance agrees on: leases are compared with it, never with an instance's own.
CREATE FUNCTION formrequest.now_ms() RETURNS bigint LANGUAGE sql VOLATILE
  AS $$ SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint $$;
CREATE TABLE formrequest.conversations (
  id text PRIMARY KEY,
  title text NOT NULL,
  locale text NOT NULL,
  agent_state text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX conversations_by_update ON formrequest.conversations (updated_at DESC, id DESC);
CREATE TABLE formrequest.runs (
  id text PRIMARY KEY,
  conversation_id text NOT NULL REFERENCES formrequest.conversations (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  input text,
  owner text,
  lease_until bigint,
  attempts integer NOT NULL DEFAULT 0,
  started_at bigint NOT NULL,
  ended_at bigint
);
CREATE INDEX runs_by_conversation ON formrequest.runs (conversation_id, status);
-- One run at a time per conversation, whatever any instance believes: the database refuses a second.
CREATE UNIQUE INDEX runs_one_unfinished ON formrequest.runs (conversation_id)
  WHERE status IN ('queued', 'running');
CREATE INDEX runs_by_owner ON formrequest.runs (owner) WHERE status IN ('queued', 'running');
CREATE TABLE formrequest.events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id text NOT NULL REFERENCES formrequest.conversations (id) ON DELETE CASCADE,
  run_id text,
  name text NOT NULL,
  data text NOT NULL,
  form_id text,
  created_at bigint NOT NULL
);
CREATE INDEX events_by_conversation ON formrequest.events (conversation_id, id);
CREATE TABLE formrequest.forms (
  conversation_id text NOT NULL REFERENCES formrequest.conversations (id) ON DELETE CASCADE,
  id text NOT NULL,
  run_id text NOT NULL,
  schema text NOT NULL,
  status text NOT NULL,
  draft text,
  answer text,
  created_at bigint NOT NULL,
  answered_at bigint,
  PRIMARY KEY (conversation_id, id)
);
CREATE INDEX forms_by_status ON formrequest.forms (conversation_id, status);
CREATE INDEX forms_asked_by_run ON formrequest.forms (run_id) WHERE status = 'asked';
CREATE TABLE formrequest.files (
  id text PRIMARY KEY,
  conversation_id text NOT NULL REFERENCES formrequest.conversations (id) ON DELETE CASCADE,
  form_id text NOT NULL,
  field text NOT NULL,
  name text NOT NULL,
  type text NOT NULL,
  size bigint NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX files_by_conversation ON formrequest.files (conversation_id, form_id);
CREATE TABLE formrequest.file_data (
  id text PRIMARY KEY REFERENCES formrequest.files (id) ON DELETE CASCADE,
  data bytea NOT NULL
);
-- An agent's event in one round trip (every text delta goes through here): the conversation's row
-- locked first (ids in commit order), the run's owner checked after the lock (a statement of its own:
-- it sees a takeover committed while it waited; SQLSTATE FR001 when the owner lost the run), NOTIFY.
-- The commit does not wait for its own WAL flush (see PostgresStore.appendEvent).
CREATE FUNCTION formrequest.append_event(p_conversation text, p_run text, p_owner text, p_name text,
    p_data text, p_created bigint, p_notify text) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_id bigint;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM 1 FROM formrequest.conversations WHERE id = p_conversation FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No conversation %', p_conversation USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF p_owner IS NOT NULL AND p_run IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM formrequest.runs WHERE id = p_run AND owner = p_owner AND status = 'running') THEN
    RAISE EXCEPTION 'Run % is no longer held by %', p_run, p_owner USING ERRCODE = 'FR001';
  END IF;
  INSERT INTO formrequest.events (conversation_id, run_id, name, data, created_at)
    VALUES (p_conversation, p_run, p_name, p_data, p_created) RETURNING id INTO v_id;
  PERFORM pg_notify('formrequest_events', p_notify);
  RETURN v_id;
END $$;
CREATE TABLE formrequest.settings (
  key text PRIMARY KEY,
  value bytea NOT NULL
);
`,
  },
  {
    version: 2,
    name: 'idempotency keys of turns (POST /api/execute with Idempotency-Key)',
    sql: `
CREATE TABLE formrequest.idempotency_keys (
  key text PRIMARY KEY,
  conversation_id text NOT NULL REFERENCES formrequest.conversations (id) ON DELETE CASCADE,
  run_id text NOT NULL,
  fingerprint text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX idempotency_keys_by_conversation ON formrequest.idempotency_keys (conversation_id);
`,
  },
];
