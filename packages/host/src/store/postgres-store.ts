// The store contract on PostgreSQL, shared by any number of host instances (node-postgres, `pg`).
//
// Several instances write at once, so each multi-row change is one transaction that first locks the
// conversation's row (`FOR UPDATE`): every write to one conversation, from any instance, happens one
// after another. That is also what keeps event ids in commit order within a conversation: an id is
// drawn after the lock is held, so a stream that has sent event 11 will never later find a 10 that
// committed after it. Locks are always taken conversation first, then its run, so two instances never
// wait on each other in a cycle (and a deadlock PostgreSQL reports anyway is retried).
//
// Each write that stores events sends NOTIFY formrequest_events in its own transaction (delivered at
// commit, never before, never for a rolled-back write), with this instance's name so that its own bus,
// already woken in process, skips it. Letting go of a run sends NOTIFY formrequest_runs.
// Leases are kept in the database's clock (formrequest.now_ms()): one clock for every instance.
import { randomBytes } from 'node:crypto';
import {
  explainPostgresError,
  migrate,
  PG_SCHEMA,
  redactUrl,
  transaction,
} from '@formrequest/server/postgres';
import pg from 'pg';
import type { EventBus } from '../bus.js';
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
import { EVENTS_CHANNEL, PostgresBus, RUNS_CHANNEL } from './postgres-bus.js';
import { HOST_MIGRATIONS } from './postgres-schema.js';
import { decodeCursor, encodeCursor, withForm, withoutForm } from './stored-forms.js';

type Row = Record<string, unknown>;
type Queryable = Pick<pg.PoolClient, 'query'>;

const RUN_IN_PROGRESS =
  'The agent is still answering in this conversation. Wait for its result event, then send again.';

export interface PostgresStoreOptions {
  /** This instance's name in NOTIFY payloads and the migrations table. */
  instance: string;
  /** Connections in the pool (default 10; the bus holds one more for LISTEN). */
  poolSize?: number;
}

export class PostgresStore implements HostStore {
  readonly description: string;
  readonly kind = 'postgres';

  private constructor(
    /** The pool (tests reach under the contract with it). */
    readonly pool: pg.Pool,
    private readonly config: pg.ClientConfig,
    readonly instance: string,
    readonly url: string,
  ) {
    this.description = `PostgreSQL ${redactUrl(url)} (schema ${PG_SCHEMA})`;
  }

  /** Connects, runs the migrations that are due (once, across instances) and returns the store. */
  static async open(url: string, options: PostgresStoreOptions): Promise<PostgresStore> {
    const config: pg.ClientConfig = { connectionString: url, application_name: 'formrequest host' };
    const pool = new pg.Pool({
      ...config,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
      idleTimeoutMillis: 30_000,
    });
    // A connection that breaks while idle in the pool is dropped and replaced on the next query; the
    // error must not bring the process down.
    pool.on('error', (error) => {
      console.error(`formrequest host: PostgreSQL connection lost (${error.message}); reconnecting.`);
    });
    try {
      await migrate(pool, 'host', HOST_MIGRATIONS, options.instance);
    } catch (error) {
      await pool.end().catch(() => {});
      throw explainPostgresError(error, url);
    }
    return new PostgresStore(pool, config, options.instance, url);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  async createBus(): Promise<EventBus> {
    const bus = new PostgresBus(this.config, this.instance);
    try {
      await bus.start();
    } catch (error) {
      throw explainPostgresError(error, this.url);
    }
    return bus;
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  private async rows(text: string, params: unknown[] = []): Promise<Row[]> {
    return (await this.pool.query(text, params)).rows;
  }

  /** Runs `work` in one transaction, run again (up to 4 times) when PostgreSQL reports a deadlock. */
  private tx<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
    return transaction(this.pool, work, { attempts: 4 });
  }

  /** Locks the conversation's row for the rest of the transaction; false when there is none. */
  private async lockConversation(client: Queryable, conversationId: string): Promise<boolean> {
    const { rowCount } = await client.query(
      `SELECT 1 FROM ${PG_SCHEMA}.conversations WHERE id = $1 FOR UPDATE`,
      [conversationId],
    );
    return rowCount === 1;
  }

  async secret(): Promise<Buffer> {
    await this.pool.query(
      `INSERT INTO ${PG_SCHEMA}.settings (key, value) VALUES ('secret', $1) ON CONFLICT (key) DO NOTHING`,
      [randomBytes(32)],
    );
    const [row] = await this.rows(`SELECT value FROM ${PG_SCHEMA}.settings WHERE key = 'secret'`);
    return row.value as Buffer;
  }

  // ---- conversations ----

  async getConversation(id: string): Promise<ConversationRow | undefined> {
    const [row] = await this.rows(`SELECT * FROM ${PG_SCHEMA}.conversations WHERE id = $1`, [id]);
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
      EXISTS (SELECT 1 FROM ${PG_SCHEMA}.forms f WHERE f.conversation_id = c.id AND f.status = 'pending') AS pending,
      EXISTS (SELECT 1 FROM ${PG_SCHEMA}.runs r WHERE r.conversation_id = c.id AND r.status IN ('queued', 'running')) AS running`;
    const rows = after
      ? await this.rows(
          `SELECT ${columns} FROM ${PG_SCHEMA}.conversations c WHERE (c.updated_at, c.id) < ($1, $2)
           ORDER BY c.updated_at DESC, c.id DESC LIMIT $3`,
          [after[0], after[1], options.limit + 1],
        )
      : await this.rows(
          `SELECT ${columns} FROM ${PG_SCHEMA}.conversations c ORDER BY c.updated_at DESC, c.id DESC LIMIT $1`,
          [options.limit + 1],
        );
    const items = rows.slice(0, options.limit).map((row) => ({
      id: row.id as string,
      title: row.title as string,
      locale: row.locale as string,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      pendingForm: row.pending === true,
      running: row.running === true,
    }));
    const last = items.at(-1);
    return {
      items,
      next: rows.length > options.limit && last ? encodeCursor(last.updatedAt, last.id) : null,
    };
  }

  async deleteConversation(id: string): Promise<boolean> {
    return this.tx(async (client) => {
      if (!(await this.lockConversation(client, id))) return false;
      const { rowCount } = await client.query(
        `SELECT 1 FROM ${PG_SCHEMA}.runs WHERE conversation_id = $1 AND status IN ('queued', 'running')`,
        [id],
      );
      if (rowCount) {
        throw new StoreConflict(
          'run_in_progress',
          `${RUN_IN_PROGRESS.split('.')[0]}. Delete it once the run has ended.`,
        );
      }
      await client.query(`DELETE FROM ${PG_SCHEMA}.conversations WHERE id = $1`, [id]);
      await this.notifyEvents(client, id);
      return true;
    });
  }

  // ---- turns and runs ----

  async beginTurn(turn: UserTurn): Promise<StoredEvent> {
    return this.tx(async (client) => {
      const now = Date.now();
      // Creates the conversation or locks its row (an upsert takes the row lock either way).
      await client.query(
        `INSERT INTO ${PG_SCHEMA}.conversations (id, title, locale, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (id) DO UPDATE SET updated_at = EXCLUDED.updated_at`,
        [turn.conversationId, turn.title, turn.locale, now],
      );
      const running = await client.query(
        `SELECT 1 FROM ${PG_SCHEMA}.runs WHERE conversation_id = $1 AND status IN ('queued', 'running')`,
        [turn.conversationId],
      );
      if (running.rowCount) throw new StoreConflict('run_in_progress', RUN_IN_PROGRESS);
      if (turn.form) {
        const changed = await client.query(
          `UPDATE ${PG_SCHEMA}.forms SET status = $1, answer = $2, answered_at = $3
            WHERE conversation_id = $4 AND id = $5 AND status = 'pending'`,
          [
            turn.form.status,
            JSON.stringify(turn.form.answer ?? null),
            now,
            turn.conversationId,
            turn.form.id,
          ],
        );
        if (changed.rowCount !== 1) {
          throw new StoreConflict(
            'form_not_pending',
            'This form is no longer waiting for an answer (it was already answered, cancelled or replaced). Reload the conversation.',
          );
        }
      } else {
        await client.query(
          `UPDATE ${PG_SCHEMA}.forms SET status = 'superseded', answered_at = $1 WHERE conversation_id = $2 AND status = 'pending'`,
          [now, turn.conversationId],
        );
      }
      await this.sweepFiles(client, turn.conversationId);
      await client.query(
        `INSERT INTO ${PG_SCHEMA}.runs (id, conversation_id, status, input, owner, lease_until, attempts, started_at)
         VALUES ($1, $2, 'queued', $3, $4, CASE WHEN $4::text IS NULL THEN NULL ELSE ${PG_SCHEMA}.now_ms() + $5 END, 0, $6)`,
        [turn.runId, turn.conversationId, JSON.stringify(turn.input), turn.owner || null, turn.leaseMs, now],
      );
      return this.insertEvent(client, turn.conversationId, turn.runId, 'user_message', turn.message, now);
    });
  }

  async claimRun(
    runId: string,
    owner: string,
    leaseMs: number,
    options: { takeFrom?: string } = {},
  ): Promise<RunRow | undefined> {
    const [found] = await this.rows(`SELECT conversation_id FROM ${PG_SCHEMA}.runs WHERE id = $1`, [runId]);
    if (!found) return undefined;
    return this.tx(async (client) => {
      await this.lockConversation(client, found.conversation_id as string);
      const {
        rows: [row],
      } = await client.query(
        `SELECT *, ${PG_SCHEMA}.now_ms() AS now FROM ${PG_SCHEMA}.runs WHERE id = $1 FOR UPDATE`,
        [runId],
      );
      if (!row || (row.status !== 'queued' && row.status !== 'running')) return undefined;
      const heldByOther =
        row.owner !== null &&
        row.owner !== owner &&
        row.owner !== options.takeFrom &&
        Number(row.lease_until ?? 0) > Number(row.now);
      if (heldByOther) return undefined;
      // A replay: forms the cut attempt asked for will never be answered, and what it said is taken
      // out of the transcript (the replay says it again; the person should read the reply once).
      if (Number(row.attempts) > 0) {
        await client.query(
          `UPDATE ${PG_SCHEMA}.forms SET status = 'superseded' WHERE run_id = $1 AND status = 'asked'`,
          [runId],
        );
        await client.query(
          `DELETE FROM ${PG_SCHEMA}.events WHERE conversation_id = $1 AND run_id = $2 AND name <> 'user_message'`,
          [found.conversation_id, runId],
        );
      }
      const {
        rows: [claimed],
      } = await client.query(
        `UPDATE ${PG_SCHEMA}.runs SET status = 'running', owner = $1, lease_until = ${PG_SCHEMA}.now_ms() + $2,
           attempts = attempts + 1 WHERE id = $3 RETURNING *, false AS expired`,
        [owner, leaseMs, runId],
      );
      return toRun(claimed);
    });
  }

  async renewLeases(owner: string, leaseMs: number): Promise<string[]> {
    const rows = await this.rows(
      `UPDATE ${PG_SCHEMA}.runs SET lease_until = ${PG_SCHEMA}.now_ms() + $2
        WHERE owner = $1 AND status IN ('queued', 'running') RETURNING id`,
      [owner, leaseMs],
    );
    return rows.map((r) => r.id as string);
  }

  async unfinishedRuns(): Promise<RunRow[]> {
    const rows = await this.rows(
      `SELECT *, (owner IS NULL OR lease_until IS NULL OR lease_until < ${PG_SCHEMA}.now_ms()) AS expired
         FROM ${PG_SCHEMA}.runs WHERE status IN ('queued', 'running') ORDER BY started_at`,
    );
    return rows.map(toRun);
  }

  async appendEvent(
    conversationId: string,
    runId: string | null,
    name: EventName,
    data: Record<string, unknown>,
    owner?: string,
  ): Promise<StoredEvent> {
    // One round trip (formrequest.append_event): lock, owner check after the lock, insert, NOTIFY.
    // An agent's events (text deltas above all) do not wait for their own WAL flush: the run's end
    // (finishRun) and a turn's start are flushed, and a flush writes everything before it. A database
    // crash can only lose events of a run that had not ended, and that run is replayed anyway.
    const now = Date.now();
    const json = JSON.stringify(data);
    try {
      const [row] = await this.rows(`SELECT ${PG_SCHEMA}.append_event($1, $2, $3, $4, $5, $6, $7) AS id`, [
        conversationId,
        runId,
        runId === null ? null : (owner ?? null),
        name,
        json,
        now,
        `${this.instance} ${conversationId}`,
      ]);
      return { id: Number(row.id), conversationId, runId, name, data: json, createdAt: now };
    } catch (error) {
      if ((error as { code?: string }).code === 'FR001') {
        throw new StoreConflict(
          'run_lost',
          `Run ${runId} is no longer held by this host (${owner}); another one took it over.`,
        );
      }
      throw error;
    }
  }

  private async assertHolds(client: Queryable, runId: string, owner: string): Promise<void> {
    const { rowCount } = await client.query(
      `SELECT 1 FROM ${PG_SCHEMA}.runs WHERE id = $1 AND owner = $2 AND status = 'running'`,
      [runId, owner],
    );
    if (rowCount !== 1) {
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
    return this.tx(async (client) => {
      await this.lockConversation(client, ask.conversationId);
      if (ask.owner !== undefined) await this.assertHolds(client, ask.runId, ask.owner);
      const now = Date.now();
      const schemaJson = JSON.stringify(ask.schema);
      // The same tool_use id asked again in this conversation (a replayed turn): it takes the place of
      // a form nobody answered, never of one that was answered, cancelled or is waiting.
      const taken = await client.query(
        `INSERT INTO ${PG_SCHEMA}.forms (conversation_id, id, run_id, schema, status, created_at) VALUES ($1, $2, $3, $4, 'asked', $5)
         ON CONFLICT (conversation_id, id) DO UPDATE SET run_id = EXCLUDED.run_id, schema = EXCLUDED.schema,
           status = 'asked', draft = NULL, answer = NULL, created_at = EXCLUDED.created_at, answered_at = NULL
         WHERE forms.status IN ('asked', 'superseded')`,
        [ask.conversationId, ask.formId, ask.runId, schemaJson, now],
      );
      if (taken.rowCount !== 1) {
        return {
          event: await this.insertEvent(
            client,
            ask.conversationId,
            ask.runId,
            'tool_result',
            ask.toolResult,
            now,
          ),
          recorded: false,
        };
      }
      if (ask.toolUseEventId !== undefined) {
        const {
          rows: [use],
        } = await client.query(
          `SELECT data FROM ${PG_SCHEMA}.events WHERE id = $1 AND conversation_id = $2 AND name = 'tool_use'`,
          [ask.toolUseEventId, ask.conversationId],
        );
        // A reference only where the model's argument is the checked form itself: an event is never
        // rewritten into something else than what a live stream already delivered under its id (a
        // normalised call keeps its own words; the checked form is in `forms` and the tool_result).
        const data = use
          ? (JSON.parse(use.data as string) as { input?: { form_schema?: unknown } })
          : undefined;
        if (data && JSON.stringify(data.input?.form_schema) === schemaJson) {
          await client.query(`UPDATE ${PG_SCHEMA}.events SET data = $1, form_id = $2 WHERE id = $3`, [
            JSON.stringify(withoutForm('tool_use', data)),
            ask.formId,
            ask.toolUseEventId,
          ]);
        }
      }
      const event = await this.insertEvent(
        client,
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
    // The other instances hear of it at once (formrequest_runs) and one of them takes it.
    await this.pool.query(
      `WITH released AS (
         UPDATE ${PG_SCHEMA}.runs SET owner = NULL, lease_until = NULL
          WHERE id = $1 AND owner = $2 AND status IN ('queued', 'running') RETURNING id)
       SELECT pg_notify('${RUNS_CHANNEL}', id) FROM released`,
      [runId, owner],
    );
  }

  async finishRun(
    conversationId: string,
    runId: string,
    owner: string,
    outcome: RunOutcome,
  ): Promise<StoredEvent[]> {
    return this.tx(async (client) => {
      await this.lockConversation(client, conversationId);
      const now = Date.now();
      const {
        rows: [run],
      } = await client.query(`SELECT owner, status FROM ${PG_SCHEMA}.runs WHERE id = $1 FOR UPDATE`, [runId]);
      if (!run || run.owner !== owner || run.status !== 'running') {
        throw new StoreConflict(
          'run_lost',
          `Run ${runId} is no longer held by this host (${owner}); another one took it over.`,
        );
      }
      const events: StoredEvent[] = [];
      if (outcome.error)
        events.push(await this.insertEvent(client, conversationId, runId, 'error', outcome.error, now));
      let pending: { id: string; schema: string; issuedAt: number } | undefined;
      if (outcome.pendingFormId) {
        const {
          rows: [form],
        } = await client.query(
          `SELECT schema, created_at FROM ${PG_SCHEMA}.forms
            WHERE conversation_id = $1 AND id = $2 AND run_id = $3 AND status = 'asked'`,
          [conversationId, outcome.pendingFormId, runId],
        );
        if (form) {
          // issuedAt: when request_form answered; relative date bounds count from it (page and re-check).
          pending = {
            id: outcome.pendingFormId,
            schema: form.schema as string,
            issuedAt: Number(form.created_at),
          };
          await client.query(
            `UPDATE ${PG_SCHEMA}.forms SET status = 'superseded', answered_at = $1 WHERE conversation_id = $2 AND status = 'pending'`,
            [now, conversationId],
          );
          await client.query(
            `UPDATE ${PG_SCHEMA}.forms SET status = 'pending' WHERE conversation_id = $1 AND id = $2`,
            [conversationId, pending.id],
          );
        }
      }
      // Any other form this run asked for (it asked twice; or it failed) is not waiting for anyone.
      await client.query(
        `UPDATE ${PG_SCHEMA}.forms SET status = 'superseded' WHERE run_id = $1 AND status = 'asked'`,
        [runId],
      );
      if (outcome.agentState !== undefined) {
        await client.query(
          `UPDATE ${PG_SCHEMA}.conversations SET agent_state = $1, updated_at = $2 WHERE id = $3`,
          [JSON.stringify(outcome.agentState), now, conversationId],
        );
      } else {
        await client.query(`UPDATE ${PG_SCHEMA}.conversations SET updated_at = $1 WHERE id = $2`, [
          now,
          conversationId,
        ]);
      }
      await client.query(
        `UPDATE ${PG_SCHEMA}.runs SET status = $1, ended_at = $2, lease_until = NULL WHERE id = $3`,
        [outcome.status, now, runId],
      );
      const result = pending
        ? {
            ...outcome.result,
            pending_form: { id: pending.id, schema: JSON.parse(pending.schema), issuedAt: pending.issuedAt },
          }
        : outcome.result;
      events.push(
        await this.insertEvent(
          client,
          conversationId,
          runId,
          'result',
          result,
          now,
          pending?.id,
          pending?.schema,
        ),
      );
      await this.sweepFiles(client, conversationId);
      return events;
    });
  }

  // ---- events ----

  async eventsAfter(conversationId: string, afterId: number, limit: number): Promise<StoredEvent[]> {
    const rows = await this.rows(
      `SELECT e.id, e.conversation_id, e.run_id, e.name, e.data, e.created_at, f.schema AS form_schema
         FROM ${PG_SCHEMA}.events e
         LEFT JOIN ${PG_SCHEMA}.forms f ON e.form_id IS NOT NULL AND f.conversation_id = e.conversation_id AND f.id = e.form_id
        WHERE e.conversation_id = $1 AND e.id > $2 ORDER BY e.id LIMIT $3`,
      [conversationId, afterId, limit],
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
    const [row] = await this.rows(
      `SELECT max(id) AS id FROM ${PG_SCHEMA}.events WHERE conversation_id = $1`,
      [conversationId],
    );
    return Number(row?.id ?? 0);
  }

  async isRunning(conversationId: string): Promise<boolean> {
    const rows = await this.rows(
      `SELECT 1 FROM ${PG_SCHEMA}.runs WHERE conversation_id = $1 AND status IN ('queued', 'running')`,
      [conversationId],
    );
    return rows.length > 0;
  }

  // ---- forms ----

  async pendingForm(conversationId: string): Promise<FormRow | undefined> {
    const [row] = await this.rows(
      `SELECT * FROM ${PG_SCHEMA}.forms WHERE conversation_id = $1 AND status = 'pending' ORDER BY created_at DESC LIMIT 1`,
      [conversationId],
    );
    return row ? toForm(row) : undefined;
  }

  async getForm(conversationId: string, formId: string): Promise<FormRow | undefined> {
    const [row] = await this.rows(`SELECT * FROM ${PG_SCHEMA}.forms WHERE conversation_id = $1 AND id = $2`, [
      conversationId,
      formId,
    ]);
    return row ? toForm(row) : undefined;
  }

  async saveDraft(conversationId: string, formId: string, draft: unknown): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE ${PG_SCHEMA}.forms SET draft = $1 WHERE conversation_id = $2 AND id = $3 AND status = 'pending'`,
      [JSON.stringify(draft), conversationId, formId],
    );
    return rowCount === 1;
  }

  // ---- files ----

  async putFile(file: FileRow, limits: StorageLimits): Promise<void> {
    await this.tx(async (client) => {
      // Uploads are counted against the quotas one at a time across every instance.
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('formrequest.files'))`);
      const {
        rows: [form],
      } = await client.query(`SELECT status FROM ${PG_SCHEMA}.forms WHERE conversation_id = $1 AND id = $2`, [
        file.conversationId,
        file.formId,
      ]);
      if (form?.status !== 'pending') {
        throw new StoreConflict(
          'form_not_pending',
          'Files are taken only for the form waiting for an answer, and this one is not (answered, cancelled or replaced). Reload the conversation.',
        );
      }
      const { conversation, total } = await this.usage(client, file.conversationId);
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
      await client.query(
        `INSERT INTO ${PG_SCHEMA}.files (id, conversation_id, form_id, field, name, type, size, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          file.id,
          file.conversationId,
          file.formId,
          file.field,
          file.name,
          file.type,
          file.size,
          file.createdAt,
        ],
      );
      await client.query(`INSERT INTO ${PG_SCHEMA}.file_data (id, data) VALUES ($1, $2)`, [
        file.id,
        Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength),
      ]);
    });
  }

  async getFileMeta(id: string): Promise<FileMeta | undefined> {
    const [row] = await this.rows(`SELECT * FROM ${PG_SCHEMA}.files WHERE id = $1`, [id]);
    return row ? toFileMeta(row) : undefined;
  }

  async getFile(id: string): Promise<FileRow | undefined> {
    const [row] = await this.rows(
      `SELECT f.*, d.data FROM ${PG_SCHEMA}.files f JOIN ${PG_SCHEMA}.file_data d ON d.id = f.id WHERE f.id = $1`,
      [id],
    );
    return row ? { ...toFileMeta(row), data: new Uint8Array(row.data as Buffer) } : undefined;
  }

  async fileUsage(conversationId: string): Promise<{ conversation: number; total: number }> {
    return this.usage(this.pool, conversationId);
  }

  private async usage(
    client: Queryable,
    conversationId: string,
  ): Promise<{ conversation: number; total: number }> {
    const {
      rows: [row],
    } = await client.query(
      `SELECT (SELECT coalesce(sum(size), 0) FROM ${PG_SCHEMA}.files WHERE conversation_id = $1) AS conversation,
              (SELECT coalesce(sum(size), 0) FROM ${PG_SCHEMA}.files) AS total`,
      [conversationId],
    );
    return { conversation: Number(row.conversation), total: Number(row.total) };
  }

  /**
   * Deletes the uploads nothing needs any more (see SqliteStore.sweepFiles). PostgreSQL's autovacuum
   * makes their space reusable; it is not given back to the file system.
   */
  private async sweepFiles(client: Queryable, conversationId: string): Promise<void> {
    await client.query(
      `DELETE FROM ${PG_SCHEMA}.files WHERE conversation_id = $1 AND NOT EXISTS (
         SELECT 1 FROM ${PG_SCHEMA}.forms f WHERE f.conversation_id = files.conversation_id AND f.id = files.form_id
           AND (f.status IN ('asked', 'pending') OR (f.status = 'answered' AND strpos(f.answer, '"/api/files/' || files.id || '"') > 0)))`,
      [conversationId],
    );
  }

  /** Tells the other instances that the conversation changed (delivered when the transaction commits). */
  private async notifyEvents(client: Queryable, conversationId: string): Promise<void> {
    await client.query(`SELECT pg_notify('${EVENTS_CHANNEL}', $1)`, [`${this.instance} ${conversationId}`]);
  }

  /** Inserts an event (the conversation's row already locked) and tells the other instances. */
  private async insertEvent(
    client: Queryable,
    conversationId: string,
    runId: string | null,
    name: EventName,
    data: Record<string, unknown>,
    now: number,
    formId?: string,
    schemaJson?: string,
  ): Promise<StoredEvent> {
    const full = JSON.stringify(data);
    const stored = formId ? JSON.stringify(withoutForm(name, data)) : full;
    const {
      rows: [row],
    } = await client.query(
      `WITH inserted AS (
         INSERT INTO ${PG_SCHEMA}.events (conversation_id, run_id, name, data, form_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id)
       SELECT id, pg_notify('${EVENTS_CHANNEL}', $7) FROM inserted`,
      [conversationId, runId, name, stored, formId ?? null, now, `${this.instance} ${conversationId}`],
    );
    const json = formId && schemaJson ? withForm(name, stored, schemaJson) : full;
    return { id: Number(row.id), conversationId, runId, name, data: json, createdAt: now };
  }
}

function parseJson(text: unknown): unknown {
  return text === null || text === undefined ? undefined : JSON.parse(text as string);
}

function toForm(row: Row): FormRow {
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

function toRun(row: Row): RunRow {
  return {
    id: row.id as string,
    conversationId: row.conversation_id as string,
    status: row.status as RunRow['status'],
    input: (parseJson(row.input) ?? { message: '', locale: 'ja' }) as RunRow['input'],
    attempts: Number(row.attempts),
    owner: (row.owner as string | null) ?? null,
    leaseUntil: row.lease_until === null ? null : Number(row.lease_until),
    leaseExpired: row.expired === true,
  };
}

function toFileMeta(row: Row): FileMeta {
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
