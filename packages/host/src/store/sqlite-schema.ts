// The SQLite layout and its migrations, tracked in PRAGMA user_version.
//   0 -> 1: forms keyed by (conversation, id) (a tool_use id is only unique within its conversation);
//           runs keep their input (the outbox), owner, lease and attempts; events may refer to a form
//           instead of copying it; files belong to a pending form's field and live in their own table
//           row apart from their bytes; ON DELETE CASCADE from conversations; a settings table.
//   1 -> 2: idempotency keys of turns.
// Uploads are the only large rows: the file uses incremental auto-vacuum, so the pages they free go
// back to the file system (see SqliteDriver.reclaim).
import type { SqliteDatabase } from './sqlite-driver.js';

export const SCHEMA_VERSION = 2;

const IDEMPOTENCY_KEYS = `
CREATE TABLE idempotency_keys (
  key TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  run_id TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX idempotency_keys_by_conversation ON idempotency_keys(conversation_id);
`;

const TABLES = `
CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  locale TEXT NOT NULL,
  agent_state TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX conversations_by_update ON conversations(updated_at DESC, id DESC);
CREATE TABLE runs (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  status TEXT NOT NULL,
  input TEXT,
  owner TEXT,
  lease_until INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  started_at INTEGER NOT NULL,
  ended_at INTEGER
);
CREATE INDEX runs_by_conversation ON runs(conversation_id, status);
CREATE INDEX runs_unfinished ON runs(status) WHERE status IN ('queued', 'running');
CREATE TABLE events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  run_id TEXT,
  name TEXT NOT NULL,
  data TEXT NOT NULL,
  form_id TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX events_by_conversation ON events(conversation_id, id);
CREATE TABLE forms (
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  run_id TEXT NOT NULL,
  schema TEXT NOT NULL,
  status TEXT NOT NULL,
  draft TEXT,
  answer TEXT,
  created_at INTEGER NOT NULL,
  answered_at INTEGER,
  PRIMARY KEY (conversation_id, id)
);
CREATE INDEX forms_by_status ON forms(conversation_id, status);
CREATE TABLE files (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  form_id TEXT NOT NULL,
  field TEXT NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  size INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX files_by_conversation ON files(conversation_id, form_id);
CREATE TABLE file_data (
  id TEXT PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
  data BLOB NOT NULL
);
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value BLOB NOT NULL
);
${IDEMPOTENCY_KEYS}`;

/** Brings the file to SCHEMA_VERSION; a newer file than this host knows is refused. */
export function migrate(db: SqliteDatabase): void {
  const version = Number(db.prepare('PRAGMA user_version').get()?.user_version ?? 0);
  if (version === SCHEMA_VERSION) return;
  if (version > SCHEMA_VERSION) {
    throw new Error(
      `The database was written by a newer formrequest (layout ${version}; this one knows up to ${SCHEMA_VERSION}). Upgrade formrequest, or give another file with --db.`,
    );
  }
  const hasTables = db
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'conversations'`)
    .get();
  if (!hasTables) {
    // A new file: incremental auto-vacuum must be chosen before the first table exists.
    db.exec('PRAGMA auto_vacuum = INCREMENTAL');
    transaction(db, () => {
      db.exec(TABLES);
      db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    });
    return;
  }
  if (version === 1) {
    transaction(db, () => {
      db.exec(IDEMPOTENCY_KEYS);
      db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    });
    return;
  }
  // Layout 0 (the first release): rebuild each table into the new shape, then switch the file to
  // incremental auto-vacuum (which needs a VACUUM to take effect on an existing file).
  db.exec('PRAGMA foreign_keys = OFF');
  transaction(db, () => {
    for (const name of ['conversations', 'runs', 'events', 'forms', 'files', 'settings']) {
      if (db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name))
        db.exec(`ALTER TABLE ${name} RENAME TO old_${name}`);
    }
    for (const index of db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`)
      .all())
      db.exec(`DROP INDEX ${String(index.name)}`);
    db.exec(TABLES);
    db.exec(
      `INSERT INTO conversations SELECT id, title, locale, agent_state, created_at, updated_at FROM old_conversations`,
    );
    // Old runs were all closed at start-up (a cut run got an error); none has an input to replay.
    db.exec(
      `INSERT INTO runs (id, conversation_id, status, started_at, ended_at, attempts)
       SELECT id, conversation_id, CASE WHEN status = 'running' THEN 'failed' ELSE status END, started_at, ended_at, 1 FROM old_runs`,
    );
    db.exec(
      `INSERT INTO events (id, conversation_id, run_id, name, data, created_at) SELECT id, conversation_id, run_id, name, data, created_at FROM old_events`,
    );
    // A tool_use id taken over by another conversation kept only the last one: that one is what stays.
    db.exec(
      `INSERT OR IGNORE INTO forms (conversation_id, id, run_id, schema, status, draft, answer, created_at, answered_at)
       SELECT conversation_id, id, run_id, schema, status, draft, answer, created_at, answered_at FROM old_forms`,
    );
    // Old uploads name no form: they are tied to the form of their conversation they were made for
    // (pending or answered after them), else to none (and go at the next sweep).
    if (db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'old_files'`).get()) {
      db.exec(
        `INSERT INTO files (id, conversation_id, form_id, field, name, type, size, created_at)
         SELECT f.id, f.conversation_id,
           COALESCE((SELECT fo.id FROM forms fo WHERE fo.conversation_id = f.conversation_id AND fo.created_at <= f.created_at ORDER BY fo.created_at DESC LIMIT 1), ''),
           '', f.name, f.type, f.size, f.created_at FROM old_files f`,
      );
      db.exec(`INSERT INTO file_data (id, data) SELECT id, data FROM old_files`);
    }
    if (db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'old_settings'`).get())
      db.exec(`INSERT INTO settings SELECT key, value FROM old_settings`);
    for (const name of ['files', 'forms', 'events', 'runs', 'conversations', 'settings'])
      db.exec(`DROP TABLE IF EXISTS old_${name}`);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
  });
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA auto_vacuum = INCREMENTAL');
  db.exec('VACUUM');
}

/** Runs `work` in one IMMEDIATE transaction (the write lock is taken at the start). */
function transaction<T>(db: SqliteDatabase, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    try {
      db.exec('ROLLBACK');
    } catch {}
    throw error;
  }
}
