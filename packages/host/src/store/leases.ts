// Who runs what, on any SQL driver: a run is taken (claimed) by one instance for a lease, renewed
// while it works, let go of when it shuts down, and taken by another once the lease ran out by the
// store's clock (`dialect.now`: the database's, one clock for every instance).
import type { RunRow } from './contract.js';
import { toRun } from './rows.js';
import type { SqlDriver } from './sql-driver.js';
import { lockConversation, supersedeAsked, UNFINISHED } from './steps.js';

/**
 * Takes a queued (or abandoned) run for `owner`; undefined when another owner holds a live lease
 * (unless it is `takeFrom`, an owner known to be dead) or the run is over. A replay supersedes the
 * forms the cut attempt asked for and takes what it said out of the transcript.
 */
export function claimRun(
  sql: SqlDriver,
  runId: string,
  owner: string,
  leaseMs: number,
  options: { takeFrom?: string } = {},
): Promise<RunRow | undefined> {
  const { prefix: t, now, forUpdate } = sql.dialect;
  return sql.transaction(async (tx) => {
    const [found] = await tx.all(`SELECT conversation_id FROM ${t}runs WHERE id = ?`, [runId]);
    if (!found) return undefined;
    const conversationId = found.conversation_id as string;
    await lockConversation(tx, conversationId);
    const [row] = await tx.all(`SELECT *, ${now} AS now FROM ${t}runs WHERE id = ?${forUpdate}`, [runId]);
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
      await supersedeAsked(tx, runId);
      await tx.run(
        `DELETE FROM ${t}events WHERE conversation_id = ? AND run_id = ? AND name <> 'user_message'`,
        [conversationId, runId],
      );
    }
    const [claimed] = await tx.all(
      `UPDATE ${t}runs SET status = 'running', owner = ?, lease_until = ${now} + ?, attempts = attempts + 1
        WHERE id = ? RETURNING *, ${now} AS now`,
      [owner, leaseMs, runId],
    );
    return toRun(claimed);
  });
}

/** Extends the leases `owner` holds; returns the run ids it still owns. */
export async function renewLeases(sql: SqlDriver, owner: string, leaseMs: number): Promise<string[]> {
  const { prefix: t, now } = sql.dialect;
  const rows = await sql.all(
    `UPDATE ${t}runs SET lease_until = ${now} + ? WHERE owner = ? AND ${UNFINISHED} RETURNING id`,
    [leaseMs, owner],
  );
  return rows.map((r) => r.id as string);
}

/** Runs not done (queued or running), leased or not, oldest first. */
export async function unfinishedRuns(sql: SqlDriver): Promise<RunRow[]> {
  const { prefix: t, now } = sql.dialect;
  const rows = await sql.all(`SELECT *, ${now} AS now FROM ${t}runs WHERE ${UNFINISHED} ORDER BY started_at`);
  return rows.map(toRun);
}

/** Lets go of a run without ending it; the other instances hear of it at once and one takes it. */
export async function releaseRun(sql: SqlDriver, runId: string, owner: string): Promise<void> {
  await sql.transaction(async (tx) => {
    const released = await tx.run(
      `UPDATE ${sql.dialect.prefix}runs SET owner = NULL, lease_until = NULL WHERE id = ? AND owner = ? AND ${UNFINISHED}`,
      [runId, owner],
    );
    if (released > 0) tx.runFreed(runId);
  });
}
