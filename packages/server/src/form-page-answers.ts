// The form page's answer, checked on the server as if the page were hostile: the values go through the
// same validateAnswers as every surface (hidden values re-applied, relative dates from the form's issue
// instant in the person's zone), file answers must be references to uploads this server stored for this
// form and field (and say what the server measured), a `question` takes one answer per single choice,
// and keys that name no field are refused rather than dropped.
import {
  type Answers,
  clampUtcOffset,
  isPlainObject,
  type Locale,
  validateAnswers,
} from '@formrequest/schema';
import { agentText } from '@formrequest/schema/messages';
import type { PendingForm, PendingForms, StoredFile } from './pending-forms.js';
import { questionAnswerProblems } from './question-form.js';

export type PageAnswerCheck = { ok: true; values: Answers } | { ok: false; errors: Record<string, string> };

/** The path of a stored file, which a reference's `url` must name (absolute or not). */
export function filePath(formId: string, fileId: string): string {
  return `/forms/${formId}/files/${fileId}`;
}

export async function checkPageAnswers(
  form: PendingForm,
  given: unknown,
  utcOffset: unknown,
  forms: PendingForms,
  /** Turns a stored file into the reference the agent gets (an absolute URL it can fetch). */
  reference: (file: StoredFile) => { name: string; type: string; size: number; url: string },
): Promise<PageAnswerCheck> {
  const locale: Locale = form.schema.locale === 'en' ? 'en' : 'ja';
  if (!isPlainObject(given)) {
    return {
      ok: false,
      errors: { '': agentText(locale, 'answersNotObject') },
    };
  }
  const errors: Record<string, string> = Object.create(null);
  const values: Record<string, unknown> = { ...given };
  for (const field of form.schema.fields) {
    if (field.type !== 'file' || !Object.hasOwn(given, field.name)) continue;
    const value = given[field.name];
    if (value === null || value === undefined) continue;
    const refs: unknown[] = [];
    for (const item of Array.isArray(value) ? value : [value]) {
      const ref = await storedReference(form, field.name, item, forms, reference, locale);
      if (typeof ref === 'string') {
        errors[field.name] = ref;
        break;
      }
      refs.push(ref);
    }
    if (!errors[field.name]) values[field.name] = Array.isArray(value) ? refs : refs[0];
  }
  const offset = clampUtcOffset(utcOffset);
  const checked = validateAnswers(form.schema, values, {
    locale,
    now: new Date(form.issuedAt),
    ...(offset === undefined ? {} : { utcOffset: offset }),
  });
  Object.assign(errors, checked.errors);
  for (const key of checked.unknown) errors[key] = agentText(locale, 'noSuchField');
  if (form.questions) Object.assign(errors, questionAnswerProblems(form.questions, values, locale));
  if (Object.keys(errors).length > 0) return { ok: false, errors: { ...errors } };
  return { ok: true, values: checked.values };
}

async function storedReference(
  form: PendingForm,
  field: string,
  item: unknown,
  forms: PendingForms,
  reference: (file: StoredFile) => { name: string; type: string; size: number; url: string },
  locale: Locale,
): Promise<ReturnType<typeof reference> | string> {
  const ref = isPlainObject(item) ? item : {};
  const url = typeof ref.url === 'string' ? ref.url : '';
  const match = /\/forms\/([A-Za-z0-9_-]+)\/files\/([A-Za-z0-9_-]+)$/.exec(url);
  const file = match && match[1] === form.id ? await forms.getFile(form.id, match[2]!) : undefined;
  if (ref.data !== undefined || !file) return agentText(locale, 'fileNotUploaded');
  if (file.field !== field) return agentText(locale, 'fileOtherField', { field });
  const claimed: Array<[string, unknown, unknown]> = [
    ['name', ref.name, file.name],
    ['type', ref.type, file.type],
    ['size', ref.size, file.size],
  ];
  const wrong = claimed.filter(([, said, stored]) => said !== undefined && said !== stored);
  if (wrong.length > 0) {
    const list = wrong
      .map(([key, said, stored]) => `${key} ${JSON.stringify(said)} (stored: ${JSON.stringify(stored)})`)
      .join(', ');
    return agentText(locale, 'fileMismatch', { list });
  }
  return reference(file);
}
