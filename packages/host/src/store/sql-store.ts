// The store contract over any SQL driver (sql-driver.ts): SQLite for one process, PostgreSQL for any
// number of instances on one database. The rules are written once, here and in the modules by area:
// turns.ts (what a turn writes), leases.ts (who runs what), uploads.ts (files and their quotas),
// steps.ts (the statements they share). Every multi-row change is one transaction.
//
// Locking, for several instances at once: a transaction that changes a conversation first reads its
// row with the dialect's `forUpdate` (PostgreSQL locks it; SQLite's write transaction holds the whole
// file anyway), so every write to one conversation, from any instance, happens one after another.
// That is also what keeps event ids in commit order within a conversation: an id is drawn after the
// lock is held, so a stream that has sent event 11 will never later find a 10 that committed after
// it. Locks are taken conversation first, then its run, so two instances never wait on each other in
// a cycle. Leases are kept in the store's clock (`dialect.now`), never in an instance's own.
//
// A form's schema is stored once, in `forms`: the tool_use, tool_result and result events that carry
// it keep a reference (events.form_id) and get it back when read (stored-forms.ts).
import { randomBytes } from 'node:crypto';
import type { EventBus } from '../bus.js';
import {
  type ConversationPage,
  type ConversationRow,
  type FileMeta,
  type FileRow,
  type FormRow,
  type HostStore,
  type IdempotentTurn,
  type RunOutcome,
  type RunRow,
  type StorageLimits,
  StoreConflict,
  type StoredEvent,
  type StoreUsage,
  type UserTurn,
} from './contract.js';
import { claimRun, releaseRun, renewLeases, unfinishedRuns } from './leases.js';
import { bytes, flag, parseJson, toEvent, toFileMeta, toForm } from './rows.js';
import type { SqlDriver, StoreWritable } from './sql-driver.js';
import { hasUnfinishedRun, lockConversation, RUN_IN_PROGRESS } from './steps.js';
import { decodeCursor, encodeCursor } from './stored-forms.js';
import { appendEvent, beginTurn, type FormAsked, finishRun, recordFormAsked } from './turns.js';
import { fileUsage, putFile, sweepFiles } from './uploads.js';

export class SqlStore implements HostStore {
  readonly description: string;
  readonly kind: 'sqlite' | 'postgres';
  /** What every table name starts with. */
  private readonly t: string;
  /** The store's size as last read (usage()). */
  private size: { at: number; bytes: number } | undefined;

  protected readonly sql: SqlDriver;
  constructor(sql: SqlDriver) {
    this.sql = sql;
    this.description = sql.description;
    this.kind = sql.kind;
    this.t = sql.dialect.prefix;
  }

  createBus(): Promise<EventBus> {
    return this.sql.createBus();
  }

  ping(): Promise<void> {
    return this.sql.ping();
  }

  async usage(conversationId?: string): Promise<StoreUsage> {
    const { t } = this;
    const [conversations] = await this.sql.all(`SELECT count(*) AS n FROM ${t}conversations`);
    const [messages] = conversationId
      ? await this.sql.all(
          `SELECT count(*) AS n FROM ${t}events WHERE conversation_id = ? AND name = 'user_message'`,
          [conversationId],
        )
      : [{ n: 0 }];
    // The size is read at most every 2 s: it moves slowly, and PostgreSQL reads it from the catalog.
    if (!this.size || Date.now() - this.size.at > 2000) {
      this.size = { at: Date.now(), bytes: await this.sql.sizeBytes() };
    }
    return {
      conversations: Number(conversations.n),
      messages: Number(messages.n),
      storedBytes: this.size.bytes,
    };
  }

  writable(): Promise<StoreWritable> {
    return this.sql.writable();
  }

  isTransient(error: unknown): boolean {
    return this.sql.transient(error);
  }

  close(): Promise<void> {
    return this.sql.close();
  }

  async secret(): Promise<Buffer> {
    const { t } = this;
    await this.sql.run(
      `INSERT INTO ${t}settings (key, value) VALUES ('secret', ?) ON CONFLICT (key) DO NOTHING`,
      [randomBytes(32)],
    );
    const [row] = await this.sql.all(`SELECT value FROM ${t}settings WHERE key = 'secret'`);
    return Buffer.from(bytes(row.value));
  }

  // ---- conversations ----

  async getConversation(id: string): Promise<ConversationRow | undefined> {
    const [row] = await this.sql.all(`SELECT * FROM ${this.t}conversations WHERE id = ?`, [id]);
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
    const { t } = this;
    const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
    const columns = `c.id, c.title, c.locale, c.created_at, c.updated_at,
      EXISTS (SELECT 1 FROM ${t}forms f WHERE f.conversation_id = c.id AND f.status = 'pending') AS pending,
      EXISTS (SELECT 1 FROM ${t}runs r WHERE r.conversation_id = c.id AND r.status IN ('queued', 'running')) AS running`;
    const order = 'ORDER BY c.updated_at DESC, c.id DESC LIMIT ?';
    const rows = after
      ? await this.sql.all(
          `SELECT ${columns} FROM ${t}conversations c WHERE (c.updated_at, c.id) < (?, ?) ${order}`,
          [after[0], after[1], options.limit + 1],
        )
      : await this.sql.all(`SELECT ${columns} FROM ${t}conversations c ${order}`, [options.limit + 1]);
    const items = rows.slice(0, options.limit).map((row) => ({
      id: row.id as string,
      title: row.title as string,
      locale: row.locale as string,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      pendingForm: flag(row.pending),
      running: flag(row.running),
    }));
    const last = items.at(-1);
    return {
      items,
      next: rows.length > options.limit && last ? encodeCursor(last.updatedAt, last.id) : null,
    };
  }

  async deleteConversation(id: string): Promise<boolean> {
    const deleted = await this.deleteOne(id);
    if (deleted) await this.sql.reclaim();
    return deleted;
  }

  private deleteOne(id: string): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      if (!(await lockConversation(tx, id))) return false;
      if (await hasUnfinishedRun(tx, id)) {
        throw new StoreConflict(
          'run_in_progress',
          `${RUN_IN_PROGRESS.split('.')[0]}. Delete it once the run has ended.`,
        );
      }
      await tx.run(`DELETE FROM ${this.t}conversations WHERE id = ?`, [id]);
      tx.changed(id);
      return true;
    });
  }

  async deleteConversationsBefore(cutoff: number, limit = 500): Promise<number> {
    const rows = await this.sql.all(
      `SELECT id FROM ${this.t}conversations WHERE updated_at < ? ORDER BY updated_at LIMIT ?`,
      [cutoff, limit],
    );
    let deleted = 0;
    for (const row of rows) {
      try {
        if (await this.deleteOne(row.id as string)) deleted++;
      } catch (error) {
        // A run started on it meanwhile: it is not old any more.
        if (!(error instanceof StoreConflict)) throw error;
      }
    }
    if (deleted > 0) await this.sql.reclaim();
    return deleted;
  }

  // ---- turns and runs (turns.ts, leases.ts) ----

  beginTurn(turn: UserTurn): Promise<StoredEvent> {
    return beginTurn(this.sql, turn);
  }

  async idempotentTurn(key: string): Promise<IdempotentTurn | undefined> {
    const [row] = await this.sql.all(
      `SELECT conversation_id, run_id, fingerprint FROM ${this.t}idempotency_keys WHERE key = ?`,
      [key],
    );
    return row
      ? {
          conversationId: row.conversation_id as string,
          runId: row.run_id as string,
          fingerprint: row.fingerprint as string,
        }
      : undefined;
  }

  claimRun(
    runId: string,
    owner: string,
    leaseMs: number,
    options?: { takeFrom?: string },
  ): Promise<RunRow | undefined> {
    return claimRun(this.sql, runId, owner, leaseMs, options);
  }

  renewLeases(owner: string, leaseMs: number): Promise<string[]> {
    return renewLeases(this.sql, owner, leaseMs);
  }

  unfinishedRuns(): Promise<RunRow[]> {
    return unfinishedRuns(this.sql);
  }

  appendEvent(...event: Parameters<HostStore['appendEvent']>): Promise<StoredEvent> {
    return appendEvent(this.sql, ...event);
  }

  recordFormAsked(ask: FormAsked): Promise<{ event: StoredEvent; recorded: boolean }> {
    return recordFormAsked(this.sql, ask);
  }

  releaseRun(runId: string, owner: string): Promise<void> {
    return releaseRun(this.sql, runId, owner);
  }

  finishRun(
    conversationId: string,
    runId: string,
    owner: string,
    outcome: RunOutcome,
  ): Promise<StoredEvent[]> {
    return finishRun(this.sql, conversationId, runId, owner, outcome);
  }

  // ---- events ----

  async eventsAfter(conversationId: string, afterId: number, limit: number): Promise<StoredEvent[]> {
    const { t } = this;
    const rows = await this.sql.all(
      `SELECT e.id, e.conversation_id, e.run_id, e.name, e.data, e.created_at, f.schema AS form_schema
         FROM ${t}events e
         LEFT JOIN ${t}forms f ON e.form_id IS NOT NULL AND f.conversation_id = e.conversation_id AND f.id = e.form_id
        WHERE e.conversation_id = ? AND e.id > ? ORDER BY e.id LIMIT ?`,
      [conversationId, afterId, limit],
    );
    return rows.map(toEvent);
  }

  async lastEventId(conversationId: string): Promise<number> {
    const [row] = await this.sql.all(`SELECT max(id) AS id FROM ${this.t}events WHERE conversation_id = ?`, [
      conversationId,
    ]);
    return Number(row?.id ?? 0);
  }

  isRunning(conversationId: string): Promise<boolean> {
    return hasUnfinishedRun(this.sql, conversationId);
  }

  // ---- forms ----

  async pendingForm(conversationId: string): Promise<FormRow | undefined> {
    const [row] = await this.sql.all(
      `SELECT * FROM ${this.t}forms WHERE conversation_id = ? AND status = 'pending' ORDER BY created_at DESC LIMIT 1`,
      [conversationId],
    );
    return row ? toForm(row) : undefined;
  }

  async getForm(conversationId: string, formId: string): Promise<FormRow | undefined> {
    const [row] = await this.sql.all(`SELECT * FROM ${this.t}forms WHERE conversation_id = ? AND id = ?`, [
      conversationId,
      formId,
    ]);
    return row ? toForm(row) : undefined;
  }

  async saveDraft(conversationId: string, formId: string, draft: unknown): Promise<boolean> {
    const changed = await this.sql.run(
      `UPDATE ${this.t}forms SET draft = ? WHERE conversation_id = ? AND id = ? AND status = 'pending'`,
      [JSON.stringify(draft), conversationId, formId],
    );
    return changed === 1;
  }

  // ---- files (uploads.ts) ----

  putFile(file: FileRow, limits: StorageLimits): Promise<void> {
    return putFile(this.sql, file, limits);
  }

  async getFileMeta(id: string): Promise<FileMeta | undefined> {
    const [row] = await this.sql.all(`SELECT * FROM ${this.t}files WHERE id = ?`, [id]);
    return row ? toFileMeta(row) : undefined;
  }

  async getFile(id: string): Promise<FileRow | undefined> {
    const { t } = this;
    const [row] = await this.sql.all(
      `SELECT f.*, d.data FROM ${t}files f JOIN ${t}file_data d ON d.id = f.id WHERE f.id = ?`,
      [id],
    );
    return row ? { ...toFileMeta(row), data: bytes(row.data) } : undefined;
  }

  fileUsage(conversationId: string): Promise<{ conversation: number; total: number }> {
    return fileUsage(this.sql, conversationId);
  }

  /** Deletes the uploads nothing needs any more in every conversation (at start-up); how many went. */
  async sweepAllFiles(): Promise<number> {
    const swept = await this.sql.transaction((tx) => sweepFiles(tx, null));
    if (swept > 0) await this.sql.reclaim();
    return swept;
  }
}
