// The durable store: one SQLite file with conversations, their events (the transcript), runs, forms
// (pending, answered, cancelled, superseded, with the person's draft) and uploaded files.
//
// A turn is written so that a crash never leaves half of it: the user's message, the run row and the
// answered form change in one transaction; the result event, the new pending form and the agent's
// state in another. Events streamed in between are single inserts; a run found still `running` at
// start-up was cut by a crash and is closed with an error event and a result (see closeInterruptedRuns).
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export type EventName = 'user_message' | 'text' | 'tool_use' | 'tool_result' | 'result' | 'error';

export interface StoredEvent {
  id: number;
  conversationId: string;
  runId: string | null;
  name: EventName;
  /** The event's JSON data, as sent over SSE. */
  data: string;
  createdAt: number;
}

export interface ConversationRow {
  id: string;
  title: string;
  locale: string;
  agentState: unknown;
  createdAt: number;
  updatedAt: number;
}

export type FormStatus = 'pending' | 'answered' | 'cancelled' | 'superseded';

export interface FormRow {
  id: string;
  conversationId: string;
  runId: string;
  schema: Record<string, unknown>;
  status: FormStatus;
  draft: unknown;
  answer: unknown;
  createdAt: number;
}

export interface FileRow {
  id: string;
  conversationId: string;
  name: string;
  type: string;
  size: number;
  data: Buffer;
}

/** What closes a run: its result event, the form it left pending (if any) and the agent's new state. */
export interface RunOutcome {
  status: 'done' | 'failed';
  result: Record<string, unknown>;
  pendingForm?: { id: string; schema: Record<string, unknown> };
  agentState?: unknown;
}

/** How the user's message relates to a form: it answers the pending one, or it is free text. */
export interface UserTurn {
  conversationId: string;
  runId: string;
  title: string;
  locale: string;
  message: Record<string, unknown>;
  form?: { id: string; status: 'answered' | 'cancelled'; answer: unknown };
}

export class StoreConflict extends Error {
  constructor(
    readonly code: 'run_in_progress' | 'form_not_pending',
    message: string,
  ) {
    super(message);
  }
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS conversations (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  locale TEXT NOT NULL,
  agent_state TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id),
  status TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  ended_at INTEGER
);
CREATE INDEX IF NOT EXISTS runs_by_status ON runs(status);
CREATE TABLE IF NOT EXISTS events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id TEXT NOT NULL REFERENCES conversations(id),
  run_id TEXT,
  name TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS events_by_conversation ON events(conversation_id, id);
CREATE TABLE IF NOT EXISTS forms (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id),
  run_id TEXT NOT NULL,
  schema TEXT NOT NULL,
  status TEXT NOT NULL,
  draft TEXT,
  answer TEXT,
  created_at INTEGER NOT NULL,
  answered_at INTEGER
);
CREATE INDEX IF NOT EXISTS forms_by_conversation ON forms(conversation_id, status);
CREATE TABLE IF NOT EXISTS files (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id),
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  size INTEGER NOT NULL,
  data BLOB NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS files_by_conversation ON files(conversation_id);
CREATE TABLE IF NOT EXISTS settings (
  key TEXT PRIMARY KEY,
  value BLOB NOT NULL
);
`;

function parseJson(text: string | null): unknown {
  return text === null ? undefined : JSON.parse(text);
}

export class Store {
  readonly db: Database.Database;

  /** Opens (and creates on first use) the SQLite file at `path`; `:memory:` for a throwaway store. */
  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.pruneFiles(null);
  }

  close(): void {
    this.db.close();
  }

  private readonly statements = new Map<string, Database.Statement>();

  /** Prepared statements are compiled once and reused: every event goes through here. */
  private sql(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  /** The host's signing secret (page tokens, auth cookies), made on first use and kept in the file. */
  secret(): Buffer {
    const read = () => this.sql(`SELECT value FROM settings WHERE key = 'secret'`).get() as any;
    if (!read())
      this.sql(`INSERT OR IGNORE INTO settings (key, value) VALUES ('secret', ?)`).run(randomBytes(32));
    return Buffer.from(read().value);
  }

  getConversation(id: string): ConversationRow | undefined {
    const row = this.sql('SELECT * FROM conversations WHERE id = ?').get(id) as any;
    if (!row) return undefined;
    return {
      id: row.id,
      title: row.title,
      locale: row.locale,
      agentState: parseJson(row.agent_state),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  listConversations(limit = 200): Array<ConversationRow & { pendingForm: boolean; running: boolean }> {
    const rows = this.sql(
      `SELECT c.*, EXISTS(SELECT 1 FROM forms f WHERE f.conversation_id = c.id AND f.status = 'pending') AS pending,
                EXISTS(SELECT 1 FROM runs r WHERE r.conversation_id = c.id AND r.status = 'running') AS running
         FROM conversations c ORDER BY c.updated_at DESC, c.id LIMIT ?`,
    ).all(limit) as any[];
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      locale: row.locale,
      agentState: undefined,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      pendingForm: row.pending === 1,
      running: row.running === 1,
    }));
  }

  /**
   * Starts a turn in one transaction: creates the conversation if new, checks that no run is going on,
   * closes the form the message answers (which must still be pending) or supersedes a pending form the
   * person chose to answer in free text, records the run and appends the user_message event.
   */
  beginTurn(turn: UserTurn): StoredEvent {
    return this.db.transaction((): StoredEvent => {
      const now = Date.now();
      const existing = this.sql('SELECT id FROM conversations WHERE id = ?').get(turn.conversationId);
      if (!existing) {
        this.sql(
          'INSERT INTO conversations (id, title, locale, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
        ).run(turn.conversationId, turn.title, turn.locale, now, now);
      } else {
        this.sql('UPDATE conversations SET updated_at = ? WHERE id = ?').run(now, turn.conversationId);
      }
      const running = this.sql(`SELECT id FROM runs WHERE conversation_id = ? AND status = 'running'`).get(
        turn.conversationId,
      );
      if (running) {
        throw new StoreConflict(
          'run_in_progress',
          'The agent is still answering in this conversation. Wait for its result event, then send again.',
        );
      }
      if (turn.form) {
        const changed = this.sql(
          `UPDATE forms SET status = ?, answer = ?, answered_at = ? WHERE id = ? AND conversation_id = ? AND status = 'pending'`,
        ).run(
          turn.form.status,
          JSON.stringify(turn.form.answer ?? null),
          now,
          turn.form.id,
          turn.conversationId,
        );
        if (changed.changes !== 1) {
          throw new StoreConflict(
            'form_not_pending',
            'This form is no longer waiting for an answer (it was already answered, cancelled or replaced). Reload the conversation.',
          );
        }
      } else {
        this.sql(
          `UPDATE forms SET status = 'superseded', answered_at = ? WHERE conversation_id = ? AND status = 'pending'`,
        ).run(now, turn.conversationId);
      }
      this.pruneFiles(turn.conversationId);
      this.sql(`INSERT INTO runs (id, conversation_id, status, started_at) VALUES (?, ?, 'running', ?)`).run(
        turn.runId,
        turn.conversationId,
        now,
      );
      return this.insertEvent(turn.conversationId, turn.runId, 'user_message', turn.message, now);
    })();
  }

  appendEvent(
    conversationId: string,
    runId: string | null,
    name: EventName,
    data: Record<string, unknown>,
  ): StoredEvent {
    return this.insertEvent(conversationId, runId, name, data, Date.now());
  }

  /** Closes a run in one transaction: its result event, a new pending form, the agent's state. */
  finishRun(conversationId: string, runId: string, outcome: RunOutcome): StoredEvent {
    return this.db.transaction((): StoredEvent => {
      const now = Date.now();
      if (outcome.pendingForm) {
        this.sql(
          `UPDATE forms SET status = 'superseded', answered_at = ? WHERE conversation_id = ? AND status = 'pending'`,
        ).run(now, conversationId);
        this.sql(
          `INSERT OR REPLACE INTO forms (id, conversation_id, run_id, schema, status, created_at) VALUES (?, ?, ?, ?, 'pending', ?)`,
        ).run(outcome.pendingForm.id, conversationId, runId, JSON.stringify(outcome.pendingForm.schema), now);
      }
      if (outcome.agentState !== undefined) {
        this.sql('UPDATE conversations SET agent_state = ?, updated_at = ? WHERE id = ?').run(
          JSON.stringify(outcome.agentState),
          now,
          conversationId,
        );
      }
      this.sql('UPDATE runs SET status = ?, ended_at = ? WHERE id = ?').run(outcome.status, now, runId);
      return this.insertEvent(conversationId, runId, 'result', outcome.result, now);
    })();
  }

  /**
   * Closes the runs a crash or kill cut short: each gets an error event and a result, so every turn in
   * the transcript is whole. Returns the conversations touched.
   */
  closeInterruptedRuns(message: string): string[] {
    return this.db.transaction((): string[] => {
      const runs = this.sql(`SELECT id, conversation_id FROM runs WHERE status = 'running'`).all() as any[];
      const now = Date.now();
      for (const run of runs) {
        this.insertEvent(run.conversation_id, run.id, 'error', { type: 'error', message }, now);
        this.insertEvent(
          run.conversation_id,
          run.id,
          'result',
          { type: 'result', subtype: 'error_during_execution', is_error: true },
          now,
        );
        this.sql(`UPDATE runs SET status = 'failed', ended_at = ? WHERE id = ?`).run(now, run.id);
      }
      return runs.map((r) => r.conversation_id as string);
    })();
  }

  eventsAfter(conversationId: string, afterId: number, limit = 500): StoredEvent[] {
    const rows = this.sql(
      'SELECT * FROM events WHERE conversation_id = ? AND id > ? ORDER BY id LIMIT ?',
    ).all(conversationId, afterId, limit) as any[];
    return rows.map((row) => ({
      id: row.id,
      conversationId: row.conversation_id,
      runId: row.run_id,
      name: row.name,
      data: row.data,
      createdAt: row.created_at,
    }));
  }

  lastEventId(conversationId: string): number {
    const row = this.sql('SELECT MAX(id) AS id FROM events WHERE conversation_id = ?').get(
      conversationId,
    ) as any;
    return row?.id ?? 0;
  }

  isRunning(conversationId: string): boolean {
    return !!this.sql(`SELECT 1 FROM runs WHERE conversation_id = ? AND status = 'running'`).get(
      conversationId,
    );
  }

  pendingForm(conversationId: string): FormRow | undefined {
    const row = this.sql(
      `SELECT * FROM forms WHERE conversation_id = ? AND status = 'pending' ORDER BY created_at DESC LIMIT 1`,
    ).get(conversationId) as any;
    return row ? toForm(row) : undefined;
  }

  getForm(conversationId: string, formId: string): FormRow | undefined {
    const row = this.sql('SELECT * FROM forms WHERE id = ? AND conversation_id = ?').get(
      formId,
      conversationId,
    ) as any;
    return row ? toForm(row) : undefined;
  }

  /** Saves the person's draft of a pending form; false when the form is not pending any more. */
  saveDraft(conversationId: string, formId: string, draft: unknown): boolean {
    const result = this.sql(
      `UPDATE forms SET draft = ? WHERE id = ? AND conversation_id = ? AND status = 'pending'`,
    ).run(JSON.stringify(draft), formId, conversationId);
    return result.changes === 1;
  }

  /**
   * Deletes the uploads nothing needs any more: a file lives while an answered form refers to it, or
   * while the form it may be meant for is still pending (it was uploaded after that form appeared).
   * A file picked and then replaced, or uploaded for a form that was cancelled or superseded, goes.
   * Runs when a form closes (one conversation) and at startup (all of them). Returns how many went.
   */
  pruneFiles(conversationId: string | null): number {
    const unused = `NOT EXISTS (SELECT 1 FROM forms f WHERE f.conversation_id = files.conversation_id
          AND f.status = 'answered' AND instr(f.answer, '"/api/files/' || files.id || '"') > 0)
        AND NOT EXISTS (SELECT 1 FROM forms f WHERE f.conversation_id = files.conversation_id
          AND f.status = 'pending' AND files.created_at >= f.created_at)`;
    // Two statements, not `(? IS NULL OR conversation_id = ?)`: with the OR, SQLite scans every file
    // of every conversation on each turn instead of using files_by_conversation.
    if (conversationId === null) return this.sql(`DELETE FROM files WHERE ${unused}`).run().changes;
    return this.sql(`DELETE FROM files WHERE conversation_id = ? AND ${unused}`).run(conversationId).changes;
  }

  putFile(file: FileRow): void {
    this.sql(
      'INSERT INTO files (id, conversation_id, name, type, size, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(file.id, file.conversationId, file.name, file.type, file.size, file.data, Date.now());
  }

  getFile(id: string): FileRow | undefined {
    const row = this.sql('SELECT * FROM files WHERE id = ?').get(id) as any;
    if (!row) return undefined;
    return {
      id: row.id,
      conversationId: row.conversation_id,
      name: row.name,
      type: row.type,
      size: row.size,
      data: row.data,
    };
  }

  private insertEvent(
    conversationId: string,
    runId: string | null,
    name: EventName,
    data: Record<string, unknown>,
    now: number,
  ): StoredEvent {
    const json = JSON.stringify(data);
    const info = this.sql(
      'INSERT INTO events (conversation_id, run_id, name, data, created_at) VALUES (?, ?, ?, ?, ?)',
    ).run(conversationId, runId, name, json, now);
    return { id: Number(info.lastInsertRowid), conversationId, runId, name, data: json, createdAt: now };
  }
}

function toForm(row: any): FormRow {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    runId: row.run_id,
    schema: JSON.parse(row.schema),
    status: row.status,
    draft: parseJson(row.draft),
    answer: parseJson(row.answer),
    createdAt: row.created_at,
  };
}
