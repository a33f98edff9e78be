// What every route of the form page reads: the pending forms, the page's limits and CSP, and how a
// stored file is referred to in an answer (its URL on the origin the page is reached at).
import { HttpError } from '@formrequest/internal/http';
import { filePath } from './form-page-answers.js';
import type { PendingForm, PendingForms, StoredFile } from './pending-forms.js';

export interface FileReference {
  name: string;
  type: string;
  size: number;
  url: string;
}

export interface FormPageContext {
  forms: PendingForms;
  /** The most one uploaded file may weigh unless its field says less. */
  maxFileBytes: number;
  /** The page's Content-Security-Policy. */
  csp: string;
  reference(file: StoredFile): FileReference;
  log: (line: string) => void;
}

export function fileReference(origin: () => string) {
  return (file: StoredFile): FileReference => ({
    name: file.name,
    type: file.type,
    size: file.size,
    url: `${origin()}${filePath(file.formId, file.id)}`,
  });
}

/** A form that was answered or closed takes nothing more. */
export function settled(form: PendingForm | undefined): HttpError {
  const state = form?.outcome?.action ?? 'closed';
  return new HttpError(
    409,
    'form_settled',
    state === 'closed'
      ? 'This form was closed: the request for it was withdrawn or it expired. Your answer was not sent.'
      : 'This form was answered already; it takes one answer.',
    { state },
  );
}
