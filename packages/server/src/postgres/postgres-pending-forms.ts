// PendingForms in PostgreSQL, shared by every server instance on one database: a page request (view,
// upload, answer) and a 2026-07-28 retry may each land on any instance. The held call waits on NOTIFY:
// `settle` sends `NOTIFY formrequest_pending_forms, '<form id>'` in the statement that stores the
// outcome, so the instance holding the call (any of them) re-reads that form at once. While the LISTEN
// connection is down, waits are re-read every `fallbackMs`; each wait also re-reads at its form's expiry.
//
// A 2025 call is held by one process (`hold`): that process renews the form's lease (`held_until`) every
// third of `leaseMs`. Killed, it renews no more; once the lease has run out, any instance that reads the
// form (the page, an answer, an upload) closes it, so the page says the agent is no longer waiting
// instead of taking an answer nobody can receive. A 2026-07-28 form has no lease: it is kept for the retry.
//
// Times (issue, expiry, upload) are the database's clock, one for every instance. Uploads are stored in
// the database (bytea), counted against the same limits as in memory, one upload at a time across
// instances (an advisory lock), so the quotas hold whoever receives the file.
import { randomBytes, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  explainPostgresError,
  loadPg,
  migrate,
  PG_SCHEMA,
  PgListener,
  transaction,
} from '@formrequest/internal/postgres';
import type { FormSchema, ResolvedQuestion } from '@formrequest/schema';
import type pg from 'pg';
import { FormChanges } from '../form-changes.js';
import {
  DEFAULT_FORM_TTL_MS,
  DEFAULT_MAX_FORM_BYTES,
  DEFAULT_MAX_TOTAL_BYTES,
  newToken,
} from '../memory-pending-forms.js';
import {
  type FormOutcome,
  type NewPendingForm,
  type NewStoredFile,
  type PendingForm,
  type PendingForms,
  type StoredFile,
  UploadRefused,
  type Withdrawn,
} from '../pending-forms.js';
import { PENDING_FORMS_CHANNEL, SERVER_MIGRATIONS } from './pending-forms-schema.js';

export interface PostgresPendingFormsOptions {
  /** This instance's name in formrequest.migrations. Default `HOST:PID`. */
  instance?: string;
  /** How long a form waits for its answer, and how long it and its uploads are kept. Default 24 h. */
  ttlMs?: number;
  /** Upload bytes one form may hold. Default 100 MiB. */
  maxFormBytes?: number;
  /** Upload bytes all forms on the database may hold together. Default 1 GiB. */
  maxTotalBytes?: number;
  /** The clock (tests). Default: the database's, the same for every instance. */
  now?: () => number;
  /** With `open`: connections in the pool (default 5; the listener holds one more). */
  poolSize?: number;
  /** With `open`: how often waits are re-read while the LISTEN connection is down (default 1000 ms). */
  fallbackMs?: number;
  /** Where trouble is reported. Default console.error. */
  log?: (line: string) => void;
  /**
   * How long a held call's form outlives the last renewal by the process holding it (renewed every
   * third of this). Default 15 s: a killed instance's pages say nobody waits at most this long after.
   */
  leaseMs?: number;
}

type Row = Record<string, unknown>;
type Queryable = Pick<pg.PoolClient, 'query'>;

const FORMS = `${PG_SCHEMA}.pending_forms`;
const FILES = `${PG_SCHEMA}.pending_files`;
const SETTINGS = `${PG_SCHEMA}.server_settings`;
const DB_NOW = '(extract(epoch FROM clock_timestamp()) * 1000)::bigint';
const STATE_KEY = 'request_state_key';
const EXPIRED = 'The form expired unanswered.';
const LEASE_LOST = 'The server instance holding the call stopped.';
export const DEFAULT_LEASE_MS = 15_000;
/** setTimeout's longest delay. */
const MAX_DELAY_MS = 2 ** 31 - 1;

interface Waiting {
  resolvers: Set<(outcome: FormOutcome) => void>;
  /**
   * The waits whose first read has not come back yet. A form missing when re-read ends only the waits
   * that saw it: one still reading is answered by its own read (an unknown id is refused, not closed).
   */
  reading: Set<(outcome: FormOutcome) => void>;
  expiry?: NodeJS.Timeout;
}

export class PostgresPendingForms implements PendingForms {
  private readonly waiting = new Map<string, Waiting>();
  /** Who waits for any change of a form (changed()): woken by its notification, or by a gap. */
  private readonly changes = new FormChanges();
  private readonly unsubscribe: Array<() => void>;
  private readonly ttlMs: number;
  private readonly maxFormBytes: number;
  private readonly maxTotalBytes: number;
  private readonly now: (() => number) | undefined;
  private readonly log: (line: string) => void;
  private readonly sweep: NodeJS.Timeout;
  private readonly leaseMs: number;
  /** The forms this process's calls hold: id -> stop listening for the call's end. */
  private readonly held = new Map<string, () => void>();
  private readonly renewal: NodeJS.Timeout;
  private renewFailing = false;
  private rereadFailing = false;
  private closed = false;

  private readonly pool: pg.Pool;
  /** The LISTEN connection this store waits on (its own, or the host's). */
  readonly listener: PgListener;
  /** Whether close() ends the pool and the listener (made by `open`) or leaves them to their owner. */
  private readonly owned: boolean;
  private constructor(
    pool: pg.Pool,
    listener: PgListener,
    owned: boolean,
    options: PostgresPendingFormsOptions,
  ) {
    this.pool = pool;
    this.listener = listener;
    this.owned = owned;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    if (!(Number.isInteger(this.leaseMs) && this.leaseMs >= 30)) {
      throw new Error(
        `The lease of held forms must be a whole number of ms, 30 or more, not ${this.leaseMs}.`,
      );
    }
    this.ttlMs = options.ttlMs ?? DEFAULT_FORM_TTL_MS;
    this.maxFormBytes = options.maxFormBytes ?? DEFAULT_MAX_FORM_BYTES;
    this.maxTotalBytes = options.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES;
    this.now = options.now;
    this.log = options.log ?? ((line) => console.error(line));
    this.unsubscribe = [
      listener.onChannel(PENDING_FORMS_CHANNEL, (id) => {
        if (this.waiting.has(id)) void this.reread([id]);
        this.wake(id);
      }),
      // Notifications were lost while nobody listened: every wait re-reads its form.
      listener.onGap(() => {
        if (this.waiting.size > 0) void this.reread([...this.waiting.keys()]);
        this.changes.wakeAll();
      }),
    ];
    // Any instance forgets what expired, whoever opened it (an instance may be gone for good).
    this.sweep = setInterval(
      () => {
        this.forgetExpired().catch((error: Error) =>
          this.log(`formrequest serve: forgetting expired forms failed: ${error.message}`),
        );
      },
      Math.min(this.ttlMs, 60_000),
    );
    this.sweep.unref();
    this.renewal = setInterval(
      () => {
        if (this.held.size > 0) void this.renew([...this.held.keys()]);
      },
      Math.floor(this.leaseMs / 3),
    );
    this.renewal.unref();
  }

  /**
   * Connects to `url` with a pool and a LISTEN connection of its own, brings the server's tables up to
   * date (once across instances) and returns the store. Rejects with a sentence naming the cause and
   * the fix (no `pg` installed, nothing listening, a refused password...).
   */
  static async open(url: string, options: PostgresPendingFormsOptions = {}): Promise<PostgresPendingForms> {
    const log = options.log ?? ((line: string) => console.error(line));
    const config: pg.ClientConfig = { connectionString: url, application_name: 'formrequest serve' };
    let pool: pg.Pool | undefined;
    let listener: PgListener | undefined;
    let forms: PostgresPendingForms | undefined;
    try {
      const pgModule = await loadPg();
      pool = new pgModule.Pool({
        ...config,
        max: options.poolSize ?? 5,
        connectionTimeoutMillis: 10_000,
        idleTimeoutMillis: 30_000,
      });
      // A connection that breaks while idle in the pool is replaced on the next query.
      pool.on('error', (error) => log(`formrequest serve: PostgreSQL connection lost (${error.message}).`));
      await migrate(pool, 'server', SERVER_MIGRATIONS, options.instance ?? defaultInstance());
      listener = new PgListener(config, {
        applicationName: 'formrequest serve (listen)',
        label: 'formrequest serve',
        fallbackMs: options.fallbackMs,
        log,
      });
      forms = new PostgresPendingForms(pool, listener, true, { ...options, log });
      await listener.start();
      return forms;
    } catch (error) {
      // The store (its sweep) and what it owns, or whatever was made before it.
      if (forms) await forms.close();
      else {
        await listener?.close();
        await pool?.end().catch(() => {});
      }
      throw explainPostgresError(error, url);
    }
  }

  /**
   * A store on a pool and a listener that already exist (the host's, on the same database): brings the
   * server's tables up to date and returns the store. close() leaves the pool and the listener open.
   */
  static async attach(
    pool: pg.Pool,
    listener: PgListener,
    options: PostgresPendingFormsOptions = {},
  ): Promise<PostgresPendingForms> {
    await migrate(pool, 'server', SERVER_MIGRATIONS, options.instance ?? defaultInstance());
    return new PostgresPendingForms(pool, listener, false, options);
  }

  /** The requestState HMAC key every instance on this database uses: made once, at random, and kept. */
  async sharedStateKey(): Promise<Uint8Array> {
    await this.pool.query(
      `INSERT INTO ${SETTINGS} (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`,
      [STATE_KEY, randomBytes(32)],
    );
    const { rows } = await this.pool.query(`SELECT value FROM ${SETTINGS} WHERE key = $1`, [STATE_KEY]);
    return new Uint8Array(rows[0].value as Buffer);
  }

  async open(form: NewPendingForm): Promise<PendingForm> {
    const id = newToken();
    const elicitationId = randomUUID();
    const { rows } = await this.pool.query(
      `INSERT INTO ${FORMS} (id, elicitation_id, server_name, schema, questions, issued_at, expires_at, client_name)
       SELECT $1, $2, $3, $4, $5, n.t, n.t + $6, $7 FROM (SELECT ${this.clock()} AS t) n
       RETURNING issued_at, expires_at`,
      [
        id,
        elicitationId,
        form.serverName,
        JSON.stringify(form.schema),
        form.questions ? JSON.stringify(form.questions) : null,
        this.ttlMs,
        form.clientName ?? null,
      ],
    );
    return {
      ...form,
      id,
      elicitationId,
      issuedAt: Number(rows[0].issued_at),
      expiresAt: Number(rows[0].expires_at),
    };
  }

  async openCount(): Promise<number> {
    const { rows } = await this.pool.query(
      `SELECT count(*)::int AS n FROM ${FORMS} WHERE outcome IS NULL AND expires_at > ${this.clock()}
       AND (held_until IS NULL OR held_until > ${this.clock()})`,
    );
    return rows[0].n as number;
  }

  async get(id: string): Promise<PendingForm | undefined> {
    const row = await this.read(id);
    if (!row) return undefined;
    if (row.expired) {
      await this.forget([id]);
      return undefined;
    }
    if (row.outcome === null && row.unheld) {
      // The process holding the call is gone: nobody can receive an answer any more.
      await this.settle(id, { action: 'closed', reason: LEASE_LOST });
      const closed = await this.read(id);
      return closed && !closed.expired ? toForm(closed) : undefined;
    }
    return toForm(row);
  }

  async markOpened(id: string): Promise<void> {
    await this.pool.query(
      `UPDATE ${FORMS} SET opened_at = ${this.clock()} WHERE id = $1 AND opened_at IS NULL`,
      [id],
    );
  }

  async markDelivered(id: string): Promise<void> {
    await this.pool.query(
      `UPDATE ${FORMS} SET delivered_at = ${this.clock()} WHERE id = $1 AND delivered_at IS NULL`,
      [id],
    );
  }

  hold(id: string, signal: AbortSignal): void {
    if (this.closed || signal.aborted || this.held.has(id)) return;
    const onAbort = () => this.release(id);
    signal.addEventListener('abort', onAbort, { once: true });
    this.held.set(id, () => signal.removeEventListener('abort', onAbort));
    void this.renew([id]);
  }

  async setWithdrawn(id: string, withdrawn: Withdrawn | undefined): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `WITH marked AS (
         UPDATE ${FORMS} SET withdrawn_at = $2, withdrawn_reason = $3, reask_until = $4
         WHERE id = $1 AND outcome IS NULL AND expires_at > ${this.clock()} RETURNING id)
       SELECT pg_notify('${PENDING_FORMS_CHANNEL}', id) FROM marked`,
      [id, withdrawn?.at ?? null, withdrawn?.reason ?? null, withdrawn?.until ?? null],
    );
    if (rowCount !== 1) return false;
    this.wake(id);
    return true;
  }

  changed(id: string, signal: AbortSignal): Promise<void> {
    return this.changes.wait(id, signal);
  }

  /** Wakes this instance's changed() waits on `id` (they read the form again). */
  private wake(id: string): void {
    this.changes.wake(id);
  }

  async settle(id: string, outcome: FormOutcome): Promise<boolean> {
    // Closing is always allowed; an answer only while the lease (if any) holds.
    const { rowCount } = await this.pool.query(
      `WITH settled AS (
         UPDATE ${FORMS} SET outcome = $2, settled_at = ${this.clock()},
           withdrawn_at = NULL, withdrawn_reason = NULL, reask_until = NULL
         WHERE id = $1 AND outcome IS NULL AND expires_at > ${this.clock()}
           AND ($3 OR held_until IS NULL OR held_until > ${this.clock()}) RETURNING id)
       SELECT pg_notify('${PENDING_FORMS_CHANNEL}', id) FROM settled`,
      [id, JSON.stringify(outcome), outcome.action === 'closed'],
    );
    if (rowCount !== 1) return false;
    this.release(id);
    // This instance's own waits need not wait for the notification to come round.
    this.resolve(id, outcome);
    this.wake(id);
    return true;
  }

  async outcome(id: string, signal?: AbortSignal): Promise<FormOutcome> {
    signal?.throwIfAborted();
    return new Promise<FormOutcome>((resolve, reject) => {
      // Waiting before reading: a notification that arrives during the read is not lost.
      let entry = this.waiting.get(id);
      if (!entry) {
        entry = { resolvers: new Set(), reading: new Set() };
        this.waiting.set(id, entry);
      }
      const waiting = entry;
      const stop = () => {
        waiting.resolvers.delete(done);
        waiting.reading.delete(done);
        signal?.removeEventListener('abort', onAbort);
        if (waiting.resolvers.size === 0 && this.waiting.get(id) === waiting) {
          clearTimeout(waiting.expiry);
          this.waiting.delete(id);
        }
      };
      const done = (outcome: FormOutcome) => {
        stop();
        resolve(outcome);
      };
      const onAbort = () => {
        stop();
        reject(signal!.reason);
      };
      waiting.resolvers.add(done);
      waiting.reading.add(done);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.read(id).then(
        async (row) => {
          if (!waiting.resolvers.has(done)) return; // settled or aborted meanwhile
          if (!row || row.expired) {
            stop();
            if (row) await this.forget([id]).catch(() => {});
            reject(new Error(`No pending form ${id}: it expired or was never opened.`));
            return;
          }
          if (row.outcome !== null) return this.resolve(id, JSON.parse(row.outcome as string));
          waiting.reading.delete(done);
          // Whoever waits hears of the expiry without a sweep having to run first.
          if (!waiting.expiry) {
            const delay = Number(row.expires_at) - Number(row.now) + 10;
            waiting.expiry = setTimeout(() => void this.reread([id]), Math.min(MAX_DELAY_MS, delay));
            waiting.expiry.unref();
          }
        },
        (error: Error) => {
          stop();
          reject(error);
        },
      );
    });
  }

  async putFile(file: NewStoredFile): Promise<StoredFile> {
    const size = file.data.byteLength;
    const id = newToken();
    const createdAt = await this.tx(async (client) => {
      // Uploads are counted against the limits one at a time across every instance.
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('${FILES}'))`);
      // FOR SHARE: an answer cannot settle the form while its file is being added.
      const {
        rows: [form],
      } = await client.query(
        `SELECT outcome IS NULL AND expires_at > ${this.clock()}
           AND (held_until IS NULL OR held_until > ${this.clock()}) AS open
         FROM ${FORMS} WHERE id = $1 FOR SHARE`,
        [file.formId],
      );
      if (!form?.open) {
        throw new UploadRefused(
          409,
          'form_closed',
          'This form takes no more files: it was answered or closed.',
        );
      }
      const {
        rows: [usage],
      } = await client.query(
        `SELECT (SELECT coalesce(sum(size), 0) FROM ${FILES} WHERE form_id = $1) AS form,
                (SELECT coalesce(sum(size), 0) FROM ${FILES}) AS total`,
        [file.formId],
      );
      if (Number(usage.form) + size > this.maxFormBytes) {
        throw new UploadRefused(
          413,
          'form_quota',
          `The files of this form would exceed ${this.maxFormBytes} bytes together; remove some or send smaller ones.`,
        );
      }
      if (Number(usage.total) + size > this.maxTotalBytes) {
        throw new UploadRefused(
          413,
          'server_quota',
          'The server holds as many uploaded bytes as it may; try again once other forms are answered.',
        );
      }
      const {
        rows: [stored],
      } = await client.query(
        `INSERT INTO ${FILES} (id, form_id, field, name, type, size, created_at, data)
         VALUES ($1, $2, $3, $4, $5, $6, ${this.clock()}, $7) RETURNING created_at`,
        [
          id,
          file.formId,
          file.field,
          file.name,
          file.type,
          size,
          Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength),
        ],
      );
      return Number(stored.created_at);
    });
    return { ...file, id, size, createdAt };
  }

  async getFile(formId: string, fileId: string): Promise<StoredFile | undefined> {
    const {
      rows: [row],
    } = await this.pool.query(
      `SELECT f.* FROM ${FILES} f JOIN ${FORMS} p ON p.id = f.form_id
       WHERE f.id = $1 AND f.form_id = $2 AND p.expires_at > ${this.clock()}`,
      [fileId, formId],
    );
    if (!row) return undefined;
    return {
      id: row.id as string,
      formId: row.form_id as string,
      field: row.field as string,
      name: row.name as string,
      type: row.type as string,
      size: Number(row.size),
      createdAt: Number(row.created_at),
      data: new Uint8Array(row.data as Buffer),
    };
  }

  /**
   * Stops waiting. The forms this instance's calls wait for are closed ("The server stopped.", so
   * their pages say so: the calls end here); other forms stay for the other instances.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweep);
    clearInterval(this.renewal);
    for (const id of [...this.held.keys()]) this.release(id);
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    const stopped: FormOutcome = { action: 'closed', reason: 'The server stopped.' };
    for (const id of [...this.waiting.keys()]) {
      await this.settle(id, stopped).catch(() => {});
      this.resolve(id, stopped);
    }
    if (this.owned) {
      await this.listener.close();
      await this.pool.end().catch(() => {});
    }
  }

  /** The SQL for "now": the database's clock, or the test's. */
  private clock(): string {
    return this.now ? String(Math.floor(this.now())) : DB_NOW;
  }

  private async read(id: string): Promise<Row | undefined> {
    const {
      rows: [row],
    } = await this.pool.query(
      `SELECT *, expires_at <= ${this.clock()} AS expired, held_until <= ${this.clock()} AS unheld,
         ${this.clock()} AS now FROM ${FORMS} WHERE id = $1`,
      [id],
    );
    return row;
  }

  /** Extends the lease of held forms; a form settled (or forgotten) meanwhile is held no more. */
  private async renew(ids: string[]): Promise<void> {
    let rows: Row[];
    try {
      ({ rows } = await this.pool.query(
        `UPDATE ${FORMS} SET held_until = ${this.clock()} + $2
         WHERE id = ANY($1) AND outcome IS NULL AND expires_at > ${this.clock()} RETURNING id`,
        [ids, this.leaseMs],
      ));
      if (this.renewFailing) this.log('formrequest serve: the leases of held forms are renewed again.');
      this.renewFailing = false;
    } catch (error) {
      // Reported once; the next tick tries again (a lease outlives two missed renewals).
      if (!this.renewFailing)
        this.log(`formrequest serve: cannot renew the leases of held forms: ${(error as Error).message}`);
      this.renewFailing = true;
      return;
    }
    const renewed = new Set(rows.map((row) => row.id as string));
    for (const id of ids) if (!renewed.has(id)) this.release(id);
  }

  private release(id: string): void {
    this.held.get(id)?.();
    this.held.delete(id);
  }

  /** Reads the forms waited for and ends the waits that have an outcome (or whose form is gone). */
  private async reread(ids: string[]): Promise<void> {
    let rows: Row[];
    try {
      ({ rows } = await this.pool.query(
        `SELECT id, outcome, expires_at <= ${this.clock()} AS expired FROM ${FORMS} WHERE id = ANY($1)`,
        [ids],
      ));
      if (this.rereadFailing) this.log('formrequest serve: pending forms are readable again.');
      this.rereadFailing = false;
    } catch (error) {
      // Reported once; the next notification, fallback tick or expiry reads again.
      if (!this.rereadFailing)
        this.log(`formrequest serve: cannot read pending forms: ${(error as Error).message}`);
      this.rereadFailing = true;
      return;
    }
    const found = new Map(rows.map((row) => [row.id as string, row]));
    const expired: string[] = [];
    for (const id of ids) {
      const row = found.get(id);
      if (row?.outcome !== null && row?.outcome !== undefined)
        this.resolve(id, JSON.parse(row.outcome as string));
      else if (!row) this.resolveSeen(id, { action: 'closed', reason: EXPIRED });
      else if (row.expired) expired.push(id);
    }
    if (expired.length > 0) await this.forget(expired).catch(() => {});
  }

  /** Deletes expired forms (their files go with them) and tells every instance's waits. */
  private async forget(ids: string[]): Promise<void> {
    const { rows } = await this.pool.query(
      `WITH gone AS (DELETE FROM ${FORMS} WHERE id = ANY($1) AND expires_at <= ${this.clock()} RETURNING id)
       SELECT id, pg_notify('${PENDING_FORMS_CHANNEL}', id) FROM gone`,
      [ids],
    );
    for (const row of rows) this.resolve(row.id as string, { action: 'closed', reason: EXPIRED });
  }

  private async forgetExpired(): Promise<void> {
    const { rows } = await this.pool.query(
      `WITH gone AS (DELETE FROM ${FORMS} WHERE expires_at <= ${this.clock()} RETURNING id)
       SELECT id, pg_notify('${PENDING_FORMS_CHANNEL}', id) FROM gone`,
    );
    for (const row of rows) this.resolve(row.id as string, { action: 'closed', reason: EXPIRED });
  }

  private resolve(id: string, outcome: FormOutcome): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    clearTimeout(waiting.expiry);
    for (const done of [...waiting.resolvers]) done(outcome);
  }

  /** Ends the waits on `id` whose first read found the form (see Waiting.reading). */
  private resolveSeen(id: string, outcome: FormOutcome): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    for (const done of [...waiting.resolvers]) if (!waiting.reading.has(done)) done(outcome);
  }

  /** Runs `work` in one transaction. */
  private tx<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
    return transaction(this.pool, work);
  }
}

function defaultInstance(): string {
  return `${hostname()}:${process.pid}`;
}

function toForm(row: Row): PendingForm {
  const form: PendingForm = {
    id: row.id as string,
    elicitationId: row.elicitation_id as string,
    serverName: row.server_name as string,
    schema: JSON.parse(row.schema as string) as FormSchema,
    issuedAt: Number(row.issued_at),
    expiresAt: Number(row.expires_at),
  };
  if (row.questions !== null) form.questions = JSON.parse(row.questions as string) as ResolvedQuestion[];
  if (row.outcome !== null) form.outcome = JSON.parse(row.outcome as string) as FormOutcome;
  if (row.opened_at !== null && row.opened_at !== undefined) form.openedAt = Number(row.opened_at);
  if (row.delivered_at !== null && row.delivered_at !== undefined)
    form.deliveredAt = Number(row.delivered_at);
  if (typeof row.client_name === 'string') form.clientName = row.client_name;
  if (row.withdrawn_at !== null && row.withdrawn_at !== undefined) {
    form.withdrawn = {
      at: Number(row.withdrawn_at),
      reason: String(row.withdrawn_reason ?? ''),
      until: Number(row.reask_until),
    };
  }
  return form;
}
