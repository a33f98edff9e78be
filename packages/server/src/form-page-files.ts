// POST /forms/<id>/files?field=NAME: one file for a file field of the form (raw body, its name in
// X-File-Name), measured on arrival (@formrequest/internal/uploads) -> {name, type, size, url};
// GET /forms/<id>/files/<fileId>: the file back (what the agent fetches).
import { HttpError, readBytes } from '@formrequest/internal/http';
import { acceptProblem, cleanFileName, uploadFacts } from '@formrequest/internal/uploads';
import type { Context } from 'hono';
import { gone } from './form-page-answer.js';
import { type FormPageContext, settled } from './form-page-context.js';
import { UploadRefused } from './pending-forms.js';

export async function uploadRoute(c: Context, page: FormPageContext): Promise<Response> {
  const id = c.req.param('id')!;
  const form = await page.forms.get(id);
  if (!form) throw gone();
  if (form.outcome) throw settled(form);
  const fieldName = c.req.query('field') ?? '';
  const field = form.schema.fields.find((f) => f.type === 'file' && f.name === fieldName) as
    | { name: string; maxSize?: number; accept?: string }
    | undefined;
  if (!field) {
    const names = form.schema.fields
      .filter((f) => f.type === 'file')
      .map((f) => (f as { name: string }).name);
    throw new HttpError(
      400,
      'bad_request',
      names.length
        ? `Say which file field the file is for: ?field=NAME, one of ${names.join(', ')}.`
        : 'This form has no file field: it takes no uploads.',
    );
  }
  const rawName = c.req.header('X-File-Name');
  let name: string | undefined;
  try {
    name = rawName === undefined ? undefined : cleanFileName(decodeURIComponent(rawName));
  } catch {
    name = undefined;
  }
  if (!name) {
    throw new HttpError(
      400,
      'bad_request',
      'Send the file name in the X-File-Name header, URI-encoded (encodeURIComponent).',
    );
  }
  const limit = Math.min(page.maxFileBytes, typeof field.maxSize === 'number' ? field.maxSize : Infinity);
  const data = await readBytes(
    c,
    limit,
    () =>
      new HttpError(
        413,
        'file_too_large',
        `"${name}" is larger than ${limit} bytes, the most the field "${field.name}" takes here.`,
        { limit },
      ),
  );
  const facts = await uploadFacts(name, data);
  const problem = acceptProblem(field.accept, facts);
  if (problem) throw new HttpError(415, 'file_type_not_accepted', problem, { accept: field.accept });
  try {
    const stored = await page.forms.putFile({
      formId: id,
      field: field.name,
      name,
      type: facts.type,
      data,
    });
    return c.json(page.reference(stored), 201);
  } catch (error) {
    if (!(error instanceof UploadRefused)) throw error;
    throw new HttpError(error.status, error.code, error.message);
  }
}

export async function fileRoute(c: Context, page: FormPageContext): Promise<Response> {
  const file = await page.forms.getFile(c.req.param('id')!, c.req.param('fileId')!);
  if (!file) {
    throw new HttpError(404, 'not_found', 'No such file: it expired with its form, or the link is wrong.');
  }
  return c.body(new Uint8Array(file.data), 200, {
    'Content-Type': file.type,
    'Content-Length': String(file.size),
    'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    'X-Content-Type-Options': 'nosniff',
    // Opened directly, an uploaded HTML or SVG file runs nothing in this origin.
    'Content-Security-Policy': "sandbox; default-src 'none'",
    'Cache-Control': 'no-store',
  });
}
