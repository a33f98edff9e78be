// What a turn writes, on any SQL driver: its start (the user's message, the answered form and the
// queued run holding the input, at once), the agent's events, the forms it asks for, and its end.
import {
  type EventName,
  type HostStore,
  type RunOutcome,
  StoreConflict,
  type StoredEvent,
  type UserTurn,
} from './contract.js';
import type { SqlDriver } from './sql-driver.js';
import {
  assertHolds,
  hasUnfinishedRun,
  insertEvent,
  lockConversation,
  RUN_IN_PROGRESS,
  runLost,
  supersedeAsked,
  supersedePending,
} from './steps.js';
import { withoutForm } from './stored-forms.js';
import { sweepFiles } from './uploads.js';

export async function beginTurn(sql: SqlDriver, turn: UserTurn): Promise<StoredEvent> {
  const { prefix: t, now } = sql.dialect;
  const { conversationId, runId } = turn;
  let swept = 0;
  const event = await sql.transaction(async (tx) => {
    const at = Date.now();
    // Creates the conversation or locks its row (an upsert takes the row lock either way).
    await tx.run(
      `INSERT INTO ${t}conversations (id, title, locale, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET updated_at = excluded.updated_at`,
      [conversationId, turn.title, turn.locale, at, at],
    );
    if (await hasUnfinishedRun(tx, conversationId))
      throw new StoreConflict('run_in_progress', RUN_IN_PROGRESS);
    if (turn.form) {
      const changed = await tx.run(
        `UPDATE ${t}forms SET status = ?, answer = ?, answered_at = ?
          WHERE conversation_id = ? AND id = ? AND status = 'pending'`,
        [turn.form.status, JSON.stringify(turn.form.answer ?? null), at, conversationId, turn.form.id],
      );
      if (changed !== 1) {
        throw new StoreConflict(
          'form_not_pending',
          'This form is no longer waiting for an answer (it was already answered, cancelled or replaced). Reload the conversation.',
        );
      }
    } else {
      await supersedePending(tx, conversationId, at);
    }
    swept = await sweepFiles(tx, conversationId);
    const owner = turn.owner || null;
    const lease = owner ? [turn.leaseMs] : [];
    await tx.run(
      `INSERT INTO ${t}runs (id, conversation_id, status, input, owner, lease_until, attempts, started_at)
       VALUES (?, ?, 'queued', ?, ?, ${owner ? `${now} + ?` : 'NULL'}, 0, ?)`,
      [runId, conversationId, JSON.stringify(turn.input), owner, ...lease, at],
    );
    if (turn.idempotency) {
      // Waits for a concurrent turn with the same key to commit or roll back, then keeps it once.
      const kept = await tx.run(
        `INSERT INTO ${t}idempotency_keys (key, conversation_id, run_id, fingerprint, created_at)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING`,
        [turn.idempotency.key, conversationId, runId, turn.idempotency.fingerprint, at],
      );
      if (kept !== 1)
        throw new StoreConflict('idempotency_repeat', 'This Idempotency-Key was used for another turn.');
    }
    return insertEvent(tx, { conversationId, runId, name: 'user_message', at }, turn.message);
  });
  if (swept > 0) await sql.reclaim();
  return event;
}

/** An agent's event; with `owner`, only while that owner holds the run. */
export async function appendEvent(
  sql: SqlDriver,
  ...[conversationId, runId, name, data, owner]: Parameters<HostStore['appendEvent']>
): Promise<StoredEvent> {
  const createdAt = Date.now();
  const json = JSON.stringify(data);
  const id = await sql.appendEvent({
    conversationId,
    runId,
    owner: runId === null ? null : (owner ?? null),
    name,
    data: json,
    createdAt,
  });
  if (id === undefined) throw runLost(String(runId), String(owner));
  return { id, conversationId, runId, name, data: json, createdAt };
}

export type FormAsked = Parameters<HostStore['recordFormAsked']>[0];

/** A form the agent asked for, stored once, with its tool_result event. */
export async function recordFormAsked(
  sql: SqlDriver,
  ask: FormAsked,
): Promise<{ event: StoredEvent; recorded: boolean }> {
  const { prefix: t } = sql.dialect;
  const { conversationId, runId, formId } = ask;
  return sql.transaction(async (tx) => {
    await lockConversation(tx, conversationId);
    if (ask.owner !== undefined) await assertHolds(tx, runId, ask.owner);
    const at = Date.now();
    const schemaJson = JSON.stringify(ask.schema);
    // The same tool_use id asked again in this conversation (a replayed turn): it takes the place of
    // a form nobody answered, never of one that was answered, cancelled or is waiting.
    const taken = await tx.run(
      `INSERT INTO ${t}forms (conversation_id, id, run_id, schema, status, created_at) VALUES (?, ?, ?, ?, 'asked', ?)
       ON CONFLICT (conversation_id, id) DO UPDATE SET run_id = excluded.run_id, schema = excluded.schema,
         status = 'asked', draft = NULL, answer = NULL, created_at = excluded.created_at, answered_at = NULL
       WHERE forms.status IN ('asked', 'superseded')`,
      [conversationId, formId, runId, schemaJson, at],
    );
    const result = { conversationId, runId, name: 'tool_result' as const, at };
    if (taken !== 1) return { event: await insertEvent(tx, result, ask.toolResult), recorded: false };
    if (ask.toolUseEventId !== undefined) {
      const [use] = await tx.all(
        `SELECT data FROM ${t}events WHERE id = ? AND conversation_id = ? AND name = 'tool_use'`,
        [ask.toolUseEventId, conversationId],
      );
      // A reference only where the model's argument is the checked form itself: an event is never
      // rewritten into something else than what a live stream already delivered under its id (a
      // normalised call keeps its own words; the checked form is in `forms` and the tool_result).
      const data = use
        ? (JSON.parse(use.data as string) as { input?: { form_schema?: unknown } })
        : undefined;
      if (data && JSON.stringify(data.input?.form_schema) === schemaJson) {
        await tx.run(`UPDATE ${t}events SET data = ?, form_id = ? WHERE id = ?`, [
          JSON.stringify(withoutForm('tool_use', data)),
          formId,
          ask.toolUseEventId,
        ]);
      }
    }
    return {
      event: await insertEvent(tx, result, ask.toolResult, { id: formId, schemaJson }),
      recorded: true,
    };
  });
}

/** Ends a run `owner` holds: its result event, the form it leaves pending, the agent's state. */
export async function finishRun(
  sql: SqlDriver,
  conversationId: string,
  runId: string,
  owner: string,
  outcome: RunOutcome,
): Promise<StoredEvent[]> {
  const { prefix: t, forUpdate } = sql.dialect;
  let swept = 0;
  const events = await sql.transaction(async (tx) => {
    await lockConversation(tx, conversationId);
    const at = Date.now();
    const [run] = await tx.all(`SELECT owner, status FROM ${t}runs WHERE id = ?${forUpdate}`, [runId]);
    if (!run || run.owner !== owner || run.status !== 'running') throw runLost(runId, owner);
    const events: StoredEvent[] = [];
    const event = (name: EventName) => ({ conversationId, runId, name, at });
    if (outcome.error) events.push(await insertEvent(tx, event('error'), outcome.error));
    let pending: { id: string; schemaJson: string; issuedAt: number } | undefined;
    if (outcome.pendingFormId) {
      const [form] = await tx.all(
        `SELECT schema, created_at FROM ${t}forms WHERE conversation_id = ? AND id = ? AND run_id = ? AND status = 'asked'`,
        [conversationId, outcome.pendingFormId, runId],
      );
      if (form) {
        // issuedAt: when request_form answered; relative date bounds count from it (page and re-check).
        pending = {
          id: outcome.pendingFormId,
          schemaJson: form.schema as string,
          issuedAt: Number(form.created_at),
        };
        await supersedePending(tx, conversationId, at);
        await tx.run(`UPDATE ${t}forms SET status = 'pending' WHERE conversation_id = ? AND id = ?`, [
          conversationId,
          pending.id,
        ]);
      }
    }
    // Any other form this run asked for (it asked twice; or it failed) is not waiting for anyone.
    await supersedeAsked(tx, runId);
    if (outcome.agentState !== undefined) {
      await tx.run(`UPDATE ${t}conversations SET agent_state = ?, updated_at = ? WHERE id = ?`, [
        JSON.stringify(outcome.agentState),
        at,
        conversationId,
      ]);
    } else {
      await tx.run(`UPDATE ${t}conversations SET updated_at = ? WHERE id = ?`, [at, conversationId]);
    }
    await tx.run(`UPDATE ${t}runs SET status = ?, ended_at = ?, lease_until = NULL WHERE id = ?`, [
      outcome.status,
      at,
      runId,
    ]);
    const result = pending
      ? {
          ...outcome.result,
          pending_form: {
            id: pending.id,
            schema: JSON.parse(pending.schemaJson),
            issuedAt: pending.issuedAt,
          },
        }
      : outcome.result;
    events.push(await insertEvent(tx, event('result'), result, pending));
    swept = await sweepFiles(tx, conversationId);
    return events;
  });
  if (swept > 0) await sql.reclaim();
  return events;
}
