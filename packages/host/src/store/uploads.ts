// Uploads and their quotas, on any SQL driver: a file is taken only for the form waiting for an
// answer, within the conversation's and the store's byte limits, and deleted once nothing needs it.
import { type FileRow, type StorageLimits, StoreConflict } from './contract.js';
import type { SqlDriver, SqlRunner, SqlTransaction } from './sql-driver.js';

/** Stores an upload for the pending form within the limits; StoreConflict (413 codes) when over. */
export async function putFile(sql: SqlDriver, file: FileRow, limits: StorageLimits): Promise<void> {
  const { prefix: t } = sql.dialect;
  await sql.transaction(async (tx) => {
    // Uploads are counted against the quotas one at a time across every instance.
    await tx.lock('files');
    const [form] = await tx.all(`SELECT status FROM ${t}forms WHERE conversation_id = ? AND id = ?`, [
      file.conversationId,
      file.formId,
    ]);
    if (form?.status !== 'pending') {
      throw new StoreConflict(
        'form_not_pending',
        'Files are taken only for the form waiting for an answer, and this one is not (answered, cancelled or replaced). Reload the conversation.',
      );
    }
    const { conversation, total } = await fileUsage(tx, file.conversationId);
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
    await tx.run(
      `INSERT INTO ${t}files (id, conversation_id, form_id, field, name, type, size, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
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
    await tx.run(`INSERT INTO ${t}file_data (id, data) VALUES (?, ?)`, [file.id, file.data]);
  });
}

/** Bytes of uploads held: by one conversation and in all. */
export async function fileUsage(
  sql: SqlRunner,
  conversationId: string,
): Promise<{ conversation: number; total: number }> {
  const { prefix: t } = sql.dialect;
  const [row] = await sql.all(
    `SELECT (SELECT coalesce(sum(size), 0) FROM ${t}files WHERE conversation_id = ?) AS conversation,
            (SELECT coalesce(sum(size), 0) FROM ${t}files) AS total`,
    [conversationId],
  );
  return { conversation: Number(row.conversation), total: Number(row.total) };
}

/**
 * Deletes the uploads nothing needs any more: a file stays while its form is waiting, or when the
 * form was answered with it. One picked and then replaced, or made for a form that was cancelled or
 * superseded, goes. Runs when a form closes (one conversation) and at start-up (all of them, `null`).
 * Returns how many went (the caller gives their space back after the commit).
 */
export function sweepFiles(tx: SqlTransaction, conversationId: string | null): Promise<number> {
  const { prefix: t, contains } = tx.dialect;
  const unused = `NOT EXISTS (SELECT 1 FROM ${t}forms f WHERE f.conversation_id = files.conversation_id AND f.id = files.form_id
      AND (f.status IN ('asked', 'pending') OR (f.status = 'answered' AND ${contains('f.answer', `'"/api/files/' || files.id || '"'`)})))`;
  // Two statements, not `(? IS NULL OR conversation_id = ?)`: with the OR, SQLite scans every file
  // of every conversation on each turn instead of using files_by_conversation.
  return conversationId === null
    ? tx.run(`DELETE FROM ${t}files WHERE ${unused}`)
    : tx.run(`DELETE FROM ${t}files WHERE conversation_id = ? AND ${unused}`, [conversationId]);
}
