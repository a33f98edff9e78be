// The store contract on one SQLite file (WAL), through whichever driver sqlite-driver.ts found.
// Every multi-row change is one IMMEDIATE transaction; the drivers are synchronous, so nothing else
// runs in between. A form's schema is stored once, in `forms`: the tool_use, tool_result and result
// events that carry it keep a reference (events.form_id) and get it back when read.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { type EventBus, InProcessBus } from '../bus.js';
import {
  type ConversationPage,
  type ConversationRow,
  type EventName,
  type FileMeta,
  type FileRow,
  type FormRow,
  type HostStore,
  type RunOutcome,
  type RunRow,
  type StorageLimits,
  StoreConflict,
  type StoredEvent,
  type UserTurn,
} from './contract.js';
import {
  openSqlite,
  type SqlDatabase,
  type SqlRow,
  type SqlStatement,
  type SqlValue,
} from './sqlite-driver.js';
import { migrate, transaction } from './sqlite-schema.js';
import { decodeCursor, encodeCursor, withForm, withoutForm } from './stored-forms.js';

const RUN_IN_PROGRESS =
  'The agent is still answering in this conversation. Wait for its result event, then send again.';

export class SqliteStore implements HostStore {
  readonly description: string;
  readonly kind = 'sqlite';
  private readonly statements = new Map<string, SqlStatement>();

  private constructor(
    /** The driver handle (tests reach under the contract with it). */
    readonly db: SqlDatabase,
    readonly path: string,
  ) {
    this.description = `SQLite (${db.driver}) ${path}`;
  }

  /** Opens (and creates or migrates) the SQLite file at `path`; `:memory:` for a throwaway store. */
  static async open(path: string): Promise<SqliteStore> {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const db = await openSqlite(path);
    try {
      db.exec('PRAGMA busy_timeout = 5000');
      migrate(db);
      db.exec('PRAGMA journal_mode = WAL');
      db.exec('PRAGMA synchronous = NORMAL');
      db.exec('PRAGMA foreign_keys = ON');
      // A 10 MiB upload passes through the WAL; keep the WAL file from staying that large afterwards.
      db.exec('PRAGMA journal_size_limit = 8388608');
    } catch (error) {
      db.close();
      throw error;
    }
    const store = new SqliteStore(db, path);
    store.sweepFiles(null);
    store.reclaimIfNeeded();
    return store;
  }

  async close(): Promise<void> {
    this.db.close();
  }

  /** One process owns the file: its listeners are all in it. */
  async createBus(): Promise<EventBus> {
    return new InProcessBus();
  }

  async ping(): Promise<void> {
    this.get('SELECT 1 AS one');
  }

  /** Prepared statements are compiled once and reused: every event goes through here. */
  private sql(text: string): SqlStatement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  private get(text: string, ...params: SqlValue[]): SqlRow | undefined {
    return this.sql(text).get(...params);
  }

  private all(text: string, ...params: SqlValue[]): SqlRow[] {
    return this.sql(text).all(...params);
  }

  private run(text: string, ...params: SqlValue[]): number {
    return Number(this.sql(text).run(...params).changes);
  }

  async secret(): Promise<Buffer> {
    const read = () => this.get(`SELECT value FROM settings WHERE key = 'secret'`);
    if (!read())
      this.run(`INSERT OR IGNORE INTO settings (key, value) VALUES ('secret', ?)`, randomBytes(32));
    return Buffer.from(read()!.value as Uint8Array);
  }

  // ---- conversations ----

  async getConversation(id: string): Promise<ConversationRow | undefined> {
    const row = this.get('SELECT * FROM conversations WHERE id = ?', id);
    if (!row) return undefined;
    return {
      id: row.id as string,
      title: row.title as string,
      locale: row.locale as string,
      agentState: parseJson(row.agent_state),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  }

  async listConversations(options: { limit: number; cursor?: string }): Promise<ConversationPage> {
    const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
    const columns = `c.id, c.title, c.locale, c.created_at, c.updated_at,
      EXISTS(SELECT 1 FROM forms f WHERE f.conversation_id = c.id AND f.status = 'pending') AS pending,
      EXISTS(SELECT 1 FROM runs r WHERE r.conversation_id = c.id AND r.status IN ('queued', 'running')) AS running`;
    const rows = after
      ? this.all(
          `SELECT ${columns} FROM conversations c WHERE c.updated_at < ? OR (c.updated_at = ? AND c.id < ?)
           ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`,
          after[0],
          after[0],
          after[1],
          options.limit + 1,
        )
      : this.all(
          `SELECT ${columns} FROM conversations c ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`,
          options.limit + 1,
        );
    const items = rows.slice(0, options.limit).map((row) => ({
      id: row.id as string,
      title: row.title as string,
      locale: row.locale as string,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      pendingForm: Number(row.pending) === 1,
      running: Number(row.running) === 1,
    }));
    const last = items.at(-1);
    return {
      items,
      next: rows.length > options.limit && last ? encodeCursor(last.updatedAt, last.id) : null,
    };
  }

  async deleteConversation(id: string): Promise<boolean> {
    const deleted = transaction(this.db, () => {
      if (!this.get('SELECT 1 FROM conversations WHERE id = ?', id)) return false;
      if (this.get(`SELECT 1 FROM runs WHERE conversation_id = ? AND status IN ('queued', 'running')`, id)) {
        throw new StoreConflict(
          'run_in_progress',
          `${RUN_IN_PROGRESS.split('.')[0]}. Delete it once the run has ended.`,
        );
      }
      this.run('DELETE FROM conversations WHERE id = ?', id);
      return true;
    });
    if (deleted) this.reclaim();
    return deleted;
  }

  // ---- turns and runs ----

  async beginTurn(turn: UserTurn): Promise<StoredEvent> {
    const event = transaction(this.db, (): StoredEvent => {
      const now = Date.now();
      if (!this.get('SELECT 1 FROM conversations WHERE id = ?', turn.conversationId)) {
        this.run(
          'INSERT INTO conversations (id, title, locale, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
          turn.conversationId,
          turn.title,
          turn.locale,
          now,
          now,
        );
      } else {
        this.run('UPDATE conversations SET updated_at = ? WHERE id = ?', now, turn.conversationId);
      }
      if (
        this.get(
          `SELECT 1 FROM runs WHERE conversation_id = ? AND status IN ('queued', 'running')`,
          turn.conversationId,
        )
      ) {
        throw new StoreConflict('run_in_progress', RUN_IN_PROGRESS);
      }
      if (turn.form) {
        const changed = this.run(
          `UPDATE forms SET status = ?, answer = ?, answered_at = ? WHERE conversation_id = ? AND id = ? AND status = 'pending'`,
          turn.form.status,
          JSON.stringify(turn.form.answer ?? null),
          now,
          turn.conversationId,
          turn.form.id,
        );
        if (changed !== 1) {
          throw new StoreConflict(
            'form_not_pending',
            'This form is no longer waiting for an answer (it was already answered, cancelled or replaced). Reload the conversation.',
          );
        }
      } else {
        this.run(
          `UPDATE forms SET status = 'superseded', answered_at = ? WHERE conversation_id = ? AND status = 'pending'`,
          now,
          turn.conversationId,
        );
      }
      this.sweepFiles(turn.conversationId);
      this.run(
        `INSERT INTO runs (id, conversation_id, status, input, owner, lease_until, attempts, started_at)
         VALUES (?, ?, 'queued', ?, ?, ?, 0, ?)`,
        turn.runId,
        turn.conversationId,
        JSON.stringify(turn.input),
        turn.owner ?? null,
        turn.owner && turn.leaseMs ? now + turn.leaseMs : null,
        now,
      );
      return this.insertEvent(turn.conversationId, turn.runId, 'user_message', turn.message, now);
    });
    this.reclaimIfNeeded();
    return event;
  }

  async claimRun(
    runId: string,
    owner: string,
    leaseMs: number,
    options: { takeFrom?: string } = {},
  ): Promise<RunRow | undefined> {
    return transaction(this.db, () => {
      const now = Date.now();
      const row = this.get('SELECT * FROM runs WHERE id = ?', runId);
      if (!row || (row.status !== 'queued' && row.status !== 'running')) return undefined;
      const heldByOther =
        row.owner !== null &&
        row.owner !== owner &&
        row.owner !== options.takeFrom &&
        Number(row.lease_until ?? 0) > now;
      if (heldByOther) return undefined;
      // A replay: forms the cut attempt asked for will never be answered, and what it said is taken
      // out of the transcript (the replay says it again; the person should read the reply once).
      if (Number(row.attempts) > 0) {
        this.run(`UPDATE forms SET status = 'superseded' WHERE run_id = ? AND status = 'asked'`, runId);
        this.run(
          `DELETE FROM events WHERE conversation_id = ? AND run_id = ? AND name <> 'user_message'`,
          row.conversation_id as string,
          runId,
        );
      }
      this.run(
        `UPDATE runs SET status = 'running', owner = ?, lease_until = ?, attempts = attempts + 1 WHERE id = ?`,
        owner,
        now + leaseMs,
        runId,
      );
      return toRun(this.get('SELECT * FROM runs WHERE id = ?', runId)!, now);
    });
  }

  async renewLeases(owner: string, leaseMs: number): Promise<string[]> {
    const until = Date.now() + leaseMs;
    this.run(
      `UPDATE runs SET lease_until = ? WHERE owner = ? AND status IN ('queued', 'running')`,
      until,
      owner,
    );
    return this.all(`SELECT id FROM runs WHERE owner = ? AND status IN ('queued', 'running')`, owner).map(
      (r) => r.id as string,
    );
  }

  async unfinishedRuns(): Promise<RunRow[]> {
    const now = Date.now();
    return this.all(`SELECT * FROM runs WHERE status IN ('queued', 'running') ORDER BY started_at`).map(
      (row) => toRun(row, now),
    );
  }

  async appendEvent(
    conversationId: string,
    runId: string | null,
    name: EventName,
    data: Record<string, unknown>,
    owner?: string,
  ): Promise<StoredEvent> {
    return transaction(this.db, () => {
      if (owner !== undefined && runId !== null) this.assertHolds(runId, owner);
      return this.insertEvent(conversationId, runId, name, data, Date.now());
    });
  }

  /** Throws `run_lost` unless `owner` holds the running run `runId`. */
  private assertHolds(runId: string, owner: string): void {
    if (!this.get(`SELECT 1 FROM runs WHERE id = ? AND owner = ? AND status = 'running'`, runId, owner)) {
      throw new StoreConflict(
        'run_lost',
        `Run ${runId} is no longer held by this host (${owner}); another one took it over.`,
      );
    }
  }

  async recordFormAsked(ask: {
    conversationId: string;
    runId: string;
    formId: string;
    schema: Record<string, unknown>;
    toolUseEventId?: number;
    toolResult: Record<string, unknown>;
    owner?: string;
  }): Promise<{ event: StoredEvent; recorded: boolean }> {
    return transaction(this.db, () => {
      if (ask.owner !== undefined) this.assertHolds(ask.runId, ask.owner);
      const now = Date.now();
      const schemaJson = JSON.stringify(ask.schema);
      // The same tool_use id asked again in this conversation (a replayed turn): it takes the place of
      // a form nobody answered, never of one that was answered, cancelled or is waiting.
      const taken = this.run(
        `INSERT INTO forms (conversation_id, id, run_id, schema, status, created_at) VALUES (?, ?, ?, ?, 'asked', ?)
         ON CONFLICT (conversation_id, id) DO UPDATE SET run_id = excluded.run_id, schema = excluded.schema,
           status = 'asked', draft = NULL, answer = NULL, created_at = excluded.created_at, answered_at = NULL
         WHERE forms.status IN ('asked', 'superseded')`,
        ask.conversationId,
        ask.formId,
        ask.runId,
        schemaJson,
        now,
      );
      if (taken !== 1) {
        return {
          event: this.insertEvent(ask.conversationId, ask.runId, 'tool_result', ask.toolResult, now),
          recorded: false,
        };
      }
      if (ask.toolUseEventId !== undefined) {
        const use = this.get(
          `SELECT data FROM events WHERE id = ? AND conversation_id = ? AND name = 'tool_use'`,
          ask.toolUseEventId,
          ask.conversationId,
        );
        // A reference only where the model's argument is the checked form itself: an event is never
        // rewritten into something else than what a live stream already delivered under its id (a
        // normalised call keeps its own words; the checked form is in `forms` and the tool_result).
        const data = use
          ? (JSON.parse(use.data as string) as { input?: { form_schema?: unknown } })
          : undefined;
        if (data && JSON.stringify(data.input?.form_schema) === schemaJson) {
          this.run(
            'UPDATE events SET data = ?, form_id = ? WHERE id = ?',
            JSON.stringify(withoutForm('tool_use', data)),
            ask.formId,
            ask.toolUseEventId,
          );
        }
      }
      const event = this.insertEvent(
        ask.conversationId,
        ask.runId,
        'tool_result',
        ask.toolResult,
        now,
        ask.formId,
        schemaJson,
      );
      return { event, recorded: true };
    });
  }

  async releaseRun(runId: string, owner: string): Promise<void> {
    this.run(
      `UPDATE runs SET owner = NULL, lease_until = NULL WHERE id = ? AND owner = ? AND status IN ('queued', 'running')`,
      runId,
      owner,
    );
  }

  async finishRun(
    conversationId: string,
    runId: string,
    owner: string,
    outcome: RunOutcome,
  ): Promise<StoredEvent[]> {
    const events = transaction(this.db, (): StoredEvent[] => {
      const now = Date.now();
      const run = this.get('SELECT owner, status FROM runs WHERE id = ?', runId);
      if (!run || run.owner !== owner || run.status !== 'running') {
        throw new StoreConflict(
          'run_lost',
          `Run ${runId} is no longer held by this host (${owner}); another one took it over.`,
        );
      }
      const events: StoredEvent[] = [];
      if (outcome.error) events.push(this.insertEvent(conversationId, runId, 'error', outcome.error, now));
      let pending: { id: string; schema: string; issuedAt: number } | undefined;
      if (outcome.pendingFormId) {
        const form = this.get(
          `SELECT schema, created_at FROM forms WHERE conversation_id = ? AND id = ? AND run_id = ? AND status = 'asked'`,
          conversationId,
          outcome.pendingFormId,
          runId,
        );
        if (form) {
          // issuedAt: when request_form answered; relative date bounds count from it (page and re-check).
          pending = {
            id: outcome.pendingFormId,
            schema: form.schema as string,
            issuedAt: Number(form.created_at),
          };
          this.run(
            `UPDATE forms SET status = 'superseded', answered_at = ? WHERE conversation_id = ? AND status = 'pending'`,
            now,
            conversationId,
          );
          this.run(
            `UPDATE forms SET status = 'pending' WHERE conversation_id = ? AND id = ?`,
            conversationId,
            pending.id,
          );
        }
      }
      // Any other form this run asked for (it asked twice; or it failed) is not waiting for anyone.
      this.run(`UPDATE forms SET status = 'superseded' WHERE run_id = ? AND status = 'asked'`, runId);
      if (outcome.agentState !== undefined) {
        this.run(
          'UPDATE conversations SET agent_state = ?, updated_at = ? WHERE id = ?',
          JSON.stringify(outcome.agentState),
          now,
          conversationId,
        );
      } else {
        this.run('UPDATE conversations SET updated_at = ? WHERE id = ?', now, conversationId);
      }
      this.run(
        'UPDATE runs SET status = ?, ended_at = ?, lease_until = NULL WHERE id = ?',
        outcome.status,
        now,
        runId,
      );
      const result = pending
        ? {
            ...outcome.result,
            pending_form: { id: pending.id, schema: JSON.parse(pending.schema), issuedAt: pending.issuedAt },
          }
        : outcome.result;
      events.push(
        this.insertEvent(conversationId, runId, 'result', result, now, pending?.id, pending?.schema),
      );
      this.sweepFiles(conversationId);
      return events;
    });
    this.reclaimIfNeeded();
    return events;
  }

  // ---- events ----

  async eventsAfter(conversationId: string, afterId: number, limit: number): Promise<StoredEvent[]> {
    const rows = this.all(
      `SELECT e.id, e.conversation_id, e.run_id, e.name, e.data, e.created_at, f.schema AS form_schema
         FROM events e LEFT JOIN forms f ON e.form_id IS NOT NULL AND f.conversation_id = e.conversation_id AND f.id = e.form_id
        WHERE e.conversation_id = ? AND e.id > ? ORDER BY e.id LIMIT ?`,
      conversationId,
      afterId,
      limit,
    );
    return rows.map((row) => ({
      id: Number(row.id),
      conversationId: row.conversation_id as string,
      runId: (row.run_id as string | null) ?? null,
      name: row.name as EventName,
      data:
        row.form_schema == null
          ? (row.data as string)
          : withForm(row.name as EventName, row.data as string, row.form_schema as string),
      createdAt: Number(row.created_at),
    }));
  }

  async lastEventId(conversationId: string): Promise<number> {
    return Number(
      this.get('SELECT MAX(id) AS id FROM events WHERE conversation_id = ?', conversationId)?.id ?? 0,
    );
  }

  async isRunning(conversationId: string): Promise<boolean> {
    return !!this.get(
      `SELECT 1 FROM runs WHERE conversation_id = ? AND status IN ('queued', 'running')`,
      conversationId,
    );
  }

  // ---- forms ----

  async pendingForm(conversationId: string): Promise<FormRow | undefined> {
    const row = this.get(
      `SELECT * FROM forms WHERE conversation_id = ? AND status = 'pending' ORDER BY created_at DESC LIMIT 1`,
      conversationId,
    );
    return row ? toForm(row) : undefined;
  }

  async getForm(conversationId: string, formId: string): Promise<FormRow | undefined> {
    const row = this.get('SELECT * FROM forms WHERE conversation_id = ? AND id = ?', conversationId, formId);
    return row ? toForm(row) : undefined;
  }

  async saveDraft(conversationId: string, formId: string, draft: unknown): Promise<boolean> {
    return (
      this.run(
        `UPDATE forms SET draft = ? WHERE conversation_id = ? AND id = ? AND status = 'pending'`,
        JSON.stringify(draft),
        conversationId,
        formId,
      ) === 1
    );
  }

  // ---- files ----

  async putFile(file: FileRow, limits: StorageLimits): Promise<void> {
    transaction(this.db, () => {
      const form = this.get(
        'SELECT status FROM forms WHERE conversation_id = ? AND id = ?',
        file.conversationId,
        file.formId,
      );
      if (form?.status !== 'pending') {
        throw new StoreConflict(
          'form_not_pending',
          'Files are taken only for the form waiting for an answer, and this one is not (answered, cancelled or replaced). Reload the conversation.',
        );
      }
      const { conversation, total } = this.usage(file.conversationId);
      if (conversation + file.size > limits.conversationBytes) {
        throw new StoreConflict(
          'conversation_quota_exceeded',
          `This file (${file.size} bytes) would take the uploads of this conversation over its limit of ${limits.conversationBytes} bytes (${conversation} in use). Delete files you replaced by sending the form, or start a new conversation.`,
          { limit: limits.conversationBytes, used: conversation, size: file.size },
        );
      }
      if (total + file.size > limits.totalBytes) {
        throw new StoreConflict(
          'storage_quota_exceeded',
          `This file (${file.size} bytes) would take the host's uploads over their limit of ${limits.totalBytes} bytes (${total} in use). Delete conversations you no longer need (DELETE /api/conversations/ID).`,
          { limit: limits.totalBytes, used: total, size: file.size },
        );
      }
      this.run(
        'INSERT INTO files (id, conversation_id, form_id, field, name, type, size, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        file.id,
        file.conversationId,
        file.formId,
        file.field,
        file.name,
        file.type,
        file.size,
        file.createdAt,
      );
      this.run('INSERT INTO file_data (id, data) VALUES (?, ?)', file.id, file.data);
    });
  }

  async getFileMeta(id: string): Promise<FileMeta | undefined> {
    const row = this.get('SELECT * FROM files WHERE id = ?', id);
    return row ? toFileMeta(row) : undefined;
  }

  async getFile(id: string): Promise<FileRow | undefined> {
    const row = this.get(
      'SELECT f.*, d.data FROM files f JOIN file_data d ON d.id = f.id WHERE f.id = ?',
      id,
    );
    return row ? { ...toFileMeta(row), data: row.data as Uint8Array } : undefined;
  }

  async fileUsage(conversationId: string): Promise<{ conversation: number; total: number }> {
    return this.usage(conversationId);
  }

  private usage(conversationId: string): { conversation: number; total: number } {
    const conversation = Number(
      this.get('SELECT COALESCE(SUM(size), 0) AS n FROM files WHERE conversation_id = ?', conversationId)
        ?.n ?? 0,
    );
    const total = Number(this.get('SELECT COALESCE(SUM(size), 0) AS n FROM files')?.n ?? 0);
    return { conversation, total };
  }

  /**
   * Deletes the uploads nothing needs any more: a file stays while its form is waiting, or when the
   * form was answered with it. One picked and then replaced, or made for a form that was cancelled or
   * superseded, goes. Runs when a form closes (one conversation) and at start-up (all of them).
   */
  sweepFiles(conversationId: string | null): number {
    const unused = `NOT EXISTS (SELECT 1 FROM forms f WHERE f.conversation_id = files.conversation_id AND f.id = files.form_id
        AND (f.status IN ('asked', 'pending') OR (f.status = 'answered' AND instr(f.answer, '"/api/files/' || files.id || '"') > 0)))`;
    // Two statements, not `(? IS NULL OR conversation_id = ?)`: with the OR, SQLite scans every file
    // of every conversation on each turn instead of using files_by_conversation.
    const gone =
      conversationId === null
        ? this.run(`DELETE FROM files WHERE ${unused}`)
        : this.run(`DELETE FROM files WHERE conversation_id = ? AND ${unused}`, conversationId);
    if (gone > 0) this.reclaimSoon = true;
    return gone;
  }

  /** Set when uploads were deleted inside a transaction; the space is given back after it. */
  private reclaimSoon = false;

  private reclaimIfNeeded(): void {
    if (this.reclaimSoon) this.reclaim();
  }

  /** Gives the pages freed by deleted uploads back to the file system (incremental auto-vacuum). */
  reclaim(): void {
    this.reclaimSoon = false;
    this.db.exec('PRAGMA incremental_vacuum');
    this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  }

  private insertEvent(
    conversationId: string,
    runId: string | null,
    name: EventName,
    data: Record<string, unknown>,
    now: number,
    formId?: string,
    schemaJson?: string,
  ): StoredEvent {
    const full = JSON.stringify(data);
    const stored = formId ? JSON.stringify(withoutForm(name, data)) : full;
    const info = this.sql(
      'INSERT INTO events (conversation_id, run_id, name, data, form_id, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(conversationId, runId, name, stored, formId ?? null, now);
    const json = formId && schemaJson ? withForm(name, stored, schemaJson) : full;
    return { id: Number(info.lastInsertRowid), conversationId, runId, name, data: json, createdAt: now };
  }
}

function parseJson(text: unknown): unknown {
  return text === null || text === undefined ? undefined : JSON.parse(text as string);
}

function toForm(row: SqlRow): FormRow {
  return {
    id: row.id as string,
    conversationId: row.conversation_id as string,
    runId: row.run_id as string,
    schema: JSON.parse(row.schema as string),
    status: row.status as FormRow['status'],
    draft: parseJson(row.draft),
    answer: parseJson(row.answer),
    createdAt: Number(row.created_at),
  };
}

function toRun(row: SqlRow, now: number): RunRow {
  const leaseUntil = row.lease_until === null ? null : Number(row.lease_until);
  return {
    id: row.id as string,
    conversationId: row.conversation_id as string,
    status: row.status as RunRow['status'],
    input: (parseJson(row.input) ?? { message: '', locale: 'ja' }) as RunRow['input'],
    attempts: Number(row.attempts),
    owner: (row.owner as string | null) ?? null,
    leaseUntil,
    leaseExpired: row.owner === null || leaseUntil === null || leaseUntil < now,
  };
}

function toFileMeta(row: SqlRow): FileMeta {
  return {
    id: row.id as string,
    conversationId: row.conversation_id as string,
    formId: row.form_id as string,
    field: row.field as string,
    name: row.name as string,
    type: row.type as string,
    size: Number(row.size),
    createdAt: Number(row.created_at),
  };
}
