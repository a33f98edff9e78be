// The statements several of the store's operations share (sql-store.ts, turns.ts, leases.ts,
// uploads.ts), on any SQL driver. See sql-store.ts for the order locks are taken in.
import { type EventName, StoreConflict, type StoredEvent } from './contract.js';
import type { SqlRunner, SqlTransaction } from './sql-driver.js';
import { withForm, withoutForm } from './stored-forms.js';

/** A run that has not ended: it holds its conversation (one at a time). */
export const UNFINISHED = `status IN ('queued', 'running')`;

export const RUN_IN_PROGRESS =
  'The agent is still answering in this conversation. Wait for its result event, then send again.';

export function runLost(runId: string, owner: string): StoreConflict {
  return new StoreConflict(
    'run_lost',
    `Run ${runId} is no longer held by this host (${owner}); another one took it over.`,
  );
}

/** Locks the conversation's row for the rest of the transaction; false when there is none. */
export async function lockConversation(tx: SqlTransaction, conversationId: string): Promise<boolean> {
  const { prefix: t, forUpdate } = tx.dialect;
  const rows = await tx.all(`SELECT 1 AS one FROM ${t}conversations WHERE id = ?${forUpdate}`, [
    conversationId,
  ]);
  return rows.length === 1;
}

export async function hasUnfinishedRun(sql: SqlRunner, conversationId: string): Promise<boolean> {
  const rows = await sql.all(
    `SELECT 1 AS one FROM ${sql.dialect.prefix}runs WHERE conversation_id = ? AND ${UNFINISHED} LIMIT 1`,
    [conversationId],
  );
  return rows.length > 0;
}

/** Throws `run_lost` unless `owner` holds the running run `runId`. */
export async function assertHolds(tx: SqlTransaction, runId: string, owner: string): Promise<void> {
  const rows = await tx.all(
    `SELECT 1 AS one FROM ${tx.dialect.prefix}runs WHERE id = ? AND owner = ? AND status = 'running'`,
    [runId, owner],
  );
  if (rows.length !== 1) throw runLost(runId, owner);
}

/** The form waiting for the person (if any) waits no more: free text or a newer form took its place. */
export async function supersedePending(
  tx: SqlTransaction,
  conversationId: string,
  at: number,
): Promise<void> {
  await tx.run(
    `UPDATE ${tx.dialect.prefix}forms SET status = 'superseded', answered_at = ? WHERE conversation_id = ? AND status = 'pending'`,
    [at, conversationId],
  );
}

/** The forms a run asked for and did not leave pending wait for no one. */
export async function supersedeAsked(tx: SqlTransaction, runId: string): Promise<void> {
  await tx.run(
    `UPDATE ${tx.dialect.prefix}forms SET status = 'superseded' WHERE run_id = ? AND status = 'asked'`,
    [runId],
  );
}

/**
 * Inserts an event (the conversation's row already locked); the other instances hear of it at
 * commit. With `form`, the event keeps a reference to the form instead of its schema.
 */
export async function insertEvent(
  tx: SqlTransaction,
  event: { conversationId: string; runId: string | null; name: EventName; at: number },
  data: Record<string, unknown>,
  form?: { id: string; schemaJson: string },
): Promise<StoredEvent> {
  const { conversationId, runId, name, at } = event;
  const full = JSON.stringify(data);
  const stored = form ? JSON.stringify(withoutForm(name, data)) : full;
  const [row] = await tx.all(
    `INSERT INTO ${tx.dialect.prefix}events (conversation_id, run_id, name, data, form_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
    [conversationId, runId, name, stored, form?.id ?? null, at],
  );
  tx.changed(conversationId);
  const json = form ? withForm(name, stored, form.schemaJson) : full;
  return { id: Number(row.id), conversationId, runId, name, data: json, createdAt: at };
}
