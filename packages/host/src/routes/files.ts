// The uploads: POST /api/files?conversationId=&formId=&field= (one file for a file field of the pending
// form: the raw body, its name in X-File-Name; measured on arrival, checked against the field and the
// quotas) -> {id, url, name, type, size}; GET /api/files/:id (the file back, never run in this origin).
import { randomUUID } from 'node:crypto';
import { HttpError, readBytes } from '@formrequest/internal/http';
import { acceptProblem, cleanFileName, uploadFacts } from '@formrequest/internal/uploads';
import { Hono } from 'hono';
import type { AppOptions } from '../app.js';
import { StoreConflict } from '../store/index.js';
import { conversationNotFound } from './conversations.js';

export function fileRoutes(options: Pick<AppOptions, 'store' | 'maxFileBytes' | 'storageLimits'>): Hono {
  const { store } = options;
  const app = new Hono();
  // One upload for a file field of the pending form: the raw body, its name in X-File-Name.
  // No body limit in front: the body is read only once the field is known, up to its maxSize (or the
  // host's limit), and a larger one is refused while it streams in, not after it was read whole.
  app.post('/api/files', async (c) => {
    const conversationId = c.req.query('conversationId');
    const formId = c.req.query('formId');
    const fieldName = c.req.query('field');
    if (!conversationId || !formId || !fieldName) {
      throw new HttpError(
        400,
        'bad_request',
        'Say which form field the file is for: POST /api/files?conversationId=ID&formId=FORM&field=NAME.',
      );
    }
    if (!(await store.getConversation(conversationId))) throw conversationNotFound(conversationId);
    const form = await store.getForm(conversationId, formId);
    if (!form || form.status === 'asked')
      throw new HttpError(404, 'form_not_found', `No form ${formId} in conversation ${conversationId}.`);
    if (form.status !== 'pending') {
      throw new HttpError(
        409,
        'form_not_pending',
        `Files are taken only for the form waiting for an answer; this one was already ${form.status}.`,
        { status: form.status },
      );
    }
    const fields =
      (form.schema.fields as Array<{ name?: string; type?: string; maxSize?: number; accept?: string }>) ??
      [];
    const field = fields.find((f) => f.type === 'file' && f.name === fieldName);
    if (!field) {
      const names = fields.filter((f) => f.type === 'file').map((f) => f.name);
      throw new HttpError(
        400,
        'bad_request',
        names.length
          ? `The form has no file field "${fieldName}"; its file fields are: ${names.join(', ')}.`
          : 'The form has no file field: it takes no uploads.',
      );
    }
    const rawName = c.req.header('X-File-Name');
    if (!rawName)
      throw new HttpError(400, 'bad_request', 'Send the file name in the X-File-Name header (URI-encoded).');
    let name: string | undefined;
    try {
      name = cleanFileName(decodeURIComponent(rawName));
    } catch {
      throw new HttpError(400, 'bad_request', 'X-File-Name must be URI-encoded (encodeURIComponent).');
    }
    if (!name)
      throw new HttpError(
        400,
        'bad_request',
        'X-File-Name is empty once paths and control characters are removed.',
      );
    const fieldLimit = typeof field.maxSize === 'number' && field.maxSize < options.maxFileBytes;
    const data = await readBytes(c, fieldLimit ? (field.maxSize as number) : options.maxFileBytes, (limit) =>
      fieldLimit
        ? new HttpError(
            413,
            'file_too_large',
            `"${name}" is larger than ${limit} bytes; the field "${fieldName}" takes files up to ${limit} bytes (maxSize).`,
            { limit },
          )
        : new HttpError(
            413,
            'body_too_large',
            `The request body is larger than the limit of ${limit} bytes.`,
            {
              limit,
            },
          ),
    );
    const facts = await uploadFacts(name, data);
    const problem = acceptProblem(field.accept, facts);
    if (problem)
      throw new HttpError(415, 'file_type_not_accepted', problem, { accept: field.accept, type: facts.type });
    const id = randomUUID();
    try {
      await store.putFile(
        {
          id,
          conversationId,
          formId,
          field: fieldName,
          name,
          type: facts.type,
          size: facts.size,
          createdAt: Date.now(),
          data,
        },
        options.storageLimits,
      );
    } catch (error) {
      if (error instanceof StoreConflict) {
        const status = error.code === 'form_not_pending' ? 409 : 413;
        throw new HttpError(status, error.code, error.message, error.details);
      }
      throw error;
    }
    return c.json({ id, url: `/api/files/${id}`, name, type: facts.type, size: facts.size }, 201);
  });

  app.get('/api/files/:id', async (c) => {
    const file = await store.getFile(c.req.param('id'));
    if (!file) throw new HttpError(404, 'file_not_found', `No file with id ${c.req.param('id')}.`);
    return c.body(new Uint8Array(file.data), 200, {
      'Content-Type': file.type,
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'X-Content-Type-Options': 'nosniff',
      // Opened directly, an uploaded HTML or SVG file runs nothing in this origin.
      'Content-Security-Policy': "sandbox; default-src 'none'",
    });
  });

  return app;
}
