// Rows as the contract hands them out. Both databases give back the same columns; what differs is
// only the JavaScript type of a value (PostgreSQL's bigint as a string, SQLite's booleans as 0/1,
// bytes as a Buffer or a Uint8Array), which is evened out here.
import type { EventName, FileMeta, FormRow, RunRow, StoredEvent } from './contract.js';
import type { SqlRow } from './sql-driver.js';
import { withForm } from './stored-forms.js';

export function parseJson(text: unknown): unknown {
  return text === null || text === undefined ? undefined : JSON.parse(text as string);
}

/** A SQL boolean: true/false from PostgreSQL, 1/0 from SQLite. */
export function flag(value: unknown): boolean {
  return value === true || Number(value) === 1;
}

/** Bytes as a plain Uint8Array (a Buffer from pg is viewed, not copied). */
export function bytes(value: unknown): Uint8Array {
  const view = value as Uint8Array;
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

export function toForm(row: SqlRow): FormRow {
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

/** A run row read with the store's clock beside it (`now`), which says whether its lease ran out. */
export function toRun(row: SqlRow): RunRow {
  const leaseUntil = row.lease_until === null ? null : Number(row.lease_until);
  return {
    id: row.id as string,
    conversationId: row.conversation_id as string,
    status: row.status as RunRow['status'],
    input: (parseJson(row.input) ?? { message: '', locale: 'ja' }) as RunRow['input'],
    attempts: Number(row.attempts),
    owner: (row.owner as string | null) ?? null,
    leaseUntil,
    leaseExpired: row.owner === null || leaseUntil === null || leaseUntil < Number(row.now),
  };
}

export function toFileMeta(row: SqlRow): FileMeta {
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

/** An event row joined with its form's schema (`form_schema`), the schema put back into its data. */
export function toEvent(row: SqlRow): StoredEvent {
  const name = row.name as EventName;
  return {
    id: Number(row.id),
    conversationId: row.conversation_id as string,
    runId: (row.run_id as string | null) ?? null,
    name,
    data:
      row.form_schema == null
        ? (row.data as string)
        : withForm(name, row.data as string, row.form_schema as string),
    createdAt: Number(row.created_at),
  };
}
