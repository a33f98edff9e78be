// The form the agent asked for, beside the conversation (a side panel on wide screens, a card after the
// messages on narrow ones). It keeps the language it was written in, takes focus when it appears and
// gives it back to the message box when it closes, keeps a draft on the host, uploads files before
// answering, and shows the host's refusals (422) on the fields they name.
import { decodeDataUrl, formatBytes, formLocale } from '@formrequest/schema';
import { format } from '@formrequest/schema/messages';
import type { FormController } from '@formrequest/web';
import { api, ResponseError, responseError, writeHeaders } from './api.js';
import { $, el } from './dom.js';
import { type OpenForm, s, state } from './state.js';

type Renderer = typeof import('@formrequest/web');
type Values = Record<string, unknown>;
type FileValue = { name: string; type: string; size: number; data?: string; url?: string };

const DRAFT_PREFIX = 'formrequest-draft:';
let renderer: Promise<Renderer> | null = null;
/** Hooks app.ts gives: a message for the transcript, and what the page does when a form opens or closes. */
export const formHooks = {
  note: (_node: HTMLElement) => {},
  opened: (_form: OpenForm) => {},
  closed: (_hadFocus: boolean) => {},
};

const draftKey = (formId: string) => `${state.conversationId}:${formId}`;

/**
 * Shows the form once per id; `ready` once the turn has ended (the host then accepts answers).
 * `issuedAt`: the host's issue instant (ms), which relative date bounds count from; the answers carry
 * this browser's UTC offset at that instant, so the host resolves them the same way.
 */
export async function showForm(
  id: string,
  schema: OpenForm['schema'],
  ready: boolean,
  serverDraft?: unknown,
  issuedAt?: number,
): Promise<void> {
  if (state.form?.id === id) {
    if (issuedAt) settleIssuedAt(state.form, issuedAt);
    if (ready) state.form.markReady();
    return;
  }
  closeForm();
  let markReady = () => {};
  const form: OpenForm = {
    id,
    schema,
    locale: formLocale(schema) ?? state.locale,
    controller: null,
    ready: new Promise<void>((resolve) => {
      markReady = resolve;
    }),
    markReady: () => markReady(),
    // A form restored with what was typed before (a reload): dropping it asks first, as if just typed.
    dirty: !!serverDraft || localStorage.getItem(DRAFT_PREFIX + draftKey(id)) !== null,
    issuedAt: issuedAt ?? Date.now(),
  };
  state.form = form;
  if (ready) form.markReady();
  if (serverDraft && localStorage.getItem(DRAFT_PREFIX + draftKey(id)) === null)
    localStorage.setItem(DRAFT_PREFIX + draftKey(id), JSON.stringify(serverDraft));
  await mountForm(form);
}

/** The host's issue instant arrived: shown on another day here, the form is drawn again (draft kept). */
function settleIssuedAt(form: OpenForm, issuedAt: number): void {
  const sameDay = new Date(form.issuedAt).toDateString() === new Date(issuedAt).toDateString();
  form.issuedAt = issuedAt;
  if (sameDay || !form.controller) return;
  form.controller.destroy();
  form.controller = null;
  void mountForm(form);
}

async function mountForm(form: OpenForm): Promise<void> {
  const slot = $('form-slot');
  slot.hidden = false;
  document.body.classList.add('has-form');
  const container = el('div', 'form-body');
  // The form speaks its own language, inside a page that may speak another.
  container.lang = form.locale;
  slot.replaceChildren(el('div', 'form-banner'), container);
  slot.querySelector<HTMLElement>('.form-banner')!.hidden = true;
  let web: Renderer;
  try {
    renderer ??= import('/formrequest.js' as string) as Promise<Renderer>;
    web = await renderer;
  } catch (error) {
    renderer = null;
    banner(`${s('rendererMissing')}: ${(error as Error).message}`);
    return;
  }
  if (state.form !== form) return;
  form.controller = web.renderForm(container, form.schema, {
    locale: form.locale,
    fetch: sameOriginFetch,
    draftKey: draftKey(form.id),
    now: new Date(form.issuedAt),
    onSubmit: (values, _message, context) => submitForm(form, values, context),
    onCancel: () => cancelForm(form),
  });
  const changed = () => {
    form.dirty = true;
    clearTimeout(form.saveTimer);
    form.saveTimer = setTimeout(() => saveDraft(form), 700);
  };
  container.addEventListener('input', changed);
  container.addEventListener('change', changed);
  formHooks.opened(form);
}

/** Puts focus on the form's first control that takes input (after the page has laid it out); false if none is drawn yet. */
export function focusForm(): boolean {
  // The first control that can take focus: enabled (a select still loading its options is not) and
  // drawn (a field's hidden parts are not; focusing one would do nothing and leave the form unseen).
  const control = [
    ...document.querySelectorAll<HTMLElement>('#form-slot .fr-fields :is(input, select, textarea, button)'),
  ].find((c) => !(c as HTMLInputElement).disabled && c.getClientRects().length > 0);
  if (!control) {
    $('form-slot').scrollIntoView({ block: 'start', behavior: 'instant' as ScrollBehavior });
    return false;
  }
  control.focus({ preventScroll: true });
  control.scrollIntoView({ block: 'center', behavior: 'instant' as ScrollBehavior });
  return true;
}

/**
 * focusForm, now or as soon as the form has a control: a form whose fields fetch is drawn when their
 * module arrives. `still` says the focus may still move (the same form, the person not busy elsewhere).
 */
export function focusFormWhenDrawn(still: () => boolean): void {
  if (focusForm()) return;
  const observer = new MutationObserver(() => {
    if (!still() || focusForm()) observer.disconnect();
  });
  observer.observe($('form-slot'), { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), 10_000);
}

/**
 * A model is told this host's demo endpoints as absolute URLs (http://127.0.0.1:PORT/api/demo/...);
 * the page may be open as localhost or another name for the same server, so those go same-origin.
 */
const sameOriginFetch: typeof fetch = (input, init) => {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(raw, location.href);
  if (url.origin !== location.origin && url.pathname.startsWith('/api/demo/') && url.port === location.port)
    return fetch(location.origin + url.pathname + url.search, init);
  return fetch(input, init);
};

function saveDraft(form: OpenForm): void {
  if (state.form !== form) return;
  const raw = localStorage.getItem(DRAFT_PREFIX + draftKey(form.id));
  if (!raw) return;
  fetch(
    `/api/conversations/${encodeURIComponent(state.conversationId!)}/forms/${encodeURIComponent(form.id)}/draft`,
    { method: 'PUT', headers: writeHeaders({ 'Content-Type': 'application/json' }), body: raw },
  ).catch(() => {});
}

/** Closes the form (answered, cancelled, replaced); focus that was in it goes to the message box. */
export function closeForm(): void {
  const form = state.form;
  if (!form) return;
  const slot = $('form-slot');
  const hadFocus = slot.contains(document.activeElement) || document.activeElement === document.body;
  clearTimeout(form.saveTimer);
  state.form = null;
  form.controller?.destroy();
  slot.hidden = true;
  slot.replaceChildren();
  document.body.classList.remove('has-form');
  formHooks.closed(hadFocus);
}

/** A message above the form (role=alert), for what no field can show. */
function banner(text: string): HTMLElement {
  const node = $('form-slot').querySelector<HTMLElement>('.form-banner')!;
  node.hidden = false;
  node.setAttribute('role', 'alert');
  node.tabIndex = -1;
  node.textContent = text;
  return node;
}

class FieldError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

function dataUrlToBlob(dataUrl: string): Blob {
  const { type, bytes } = decodeDataUrl(dataUrl);
  return new Blob([bytes as BlobPart], { type: type || 'application/octet-stream' });
}

/** Files go to the host; the answer carries {name, type, size, url} instead of a data URL. */
async function uploadFiles(form: OpenForm, values: Values): Promise<Values> {
  const out: Values = { ...values };
  for (const field of form.schema.fields) {
    if (field.type !== 'file' || out[field.name] === undefined) continue;
    const name = field.name;
    const given = out[name] as FileValue | FileValue[];
    const refs: FileValue[] = [];
    for (const file of Array.isArray(given) ? given : [given]) {
      if (!file?.data) {
        refs.push(file);
        continue;
      }
      const blob = dataUrlToBlob(file.data);
      // Checked here: the host refuses a bigger body with 413 and drops the connection mid-upload,
      // which a browser may report only as a network error.
      if (blob.size > state.maxFileBytes)
        throw new FieldError(
          name,
          format(s('tooLarge'), { name: file.name, limit: formatBytes(state.maxFileBytes) }),
        );
      setStatus(s('uploading'));
      const query = new URLSearchParams({
        conversationId: state.conversationId!,
        formId: form.id,
        field: name,
      });
      const response = await fetch(`/api/files?${query}`, {
        method: 'POST',
        headers: writeHeaders({
          'Content-Type': file.type || 'application/octet-stream',
          'X-File-Name': encodeURIComponent(file.name),
        }),
        body: blob,
      });
      const data = await response.json().catch(() => ({}));
      if (!response.ok) throw responseError(response.status, data);
      refs.push({ name: data.name, type: data.type, size: data.size, url: data.url });
    }
    out[name] = Array.isArray(given) ? refs : refs[0];
  }
  return out;
}

function setStatus(text: string): void {
  $('status').textContent = text;
}

async function submitForm(
  form: OpenForm,
  values: Values,
  { utcOffset, shown }: { utcOffset: number; shown: Record<string, unknown> },
): Promise<void> {
  await form.ready;
  try {
    const answers = await uploadFiles(form, values);
    await api('POST', '/api/execute', {
      conversationId: state.conversationId,
      formId: form.id,
      answers,
      locale: form.locale,
      utcOffset,
      // What the search fields showed: the model is told the labels beside the ids (not in the message).
      labels: shown,
    });
  } catch (error) {
    if (state.form !== form) return;
    setStatus('');
    if (error instanceof ResponseError && error.status === 409) {
      closeForm();
      formHooks.note(el('div', 'msg error', error.message));
      return;
    }
    refused(form.controller!, error as Error);
  }
}

/**
 * The answer did not go through: the form opens again with what was entered. Messages the host gave
 * per field (422) go under those fields, and focus moves to the first; the rest goes above the form.
 */
function refused(controller: FormController, error: Error): void {
  const fields =
    error instanceof FieldError
      ? { [error.field]: error.message }
      : error instanceof ResponseError && error.data.errors && typeof error.data.errors === 'object'
        ? error.data.errors
        : {};
  const missed = controller.setErrors(fields);
  const shown = Object.keys(fields).length - missed.length;
  const rest = missed.map((name) => `${name}: ${fields[name]}`).join('\n');
  if (shown > 0 && !rest) {
    banner(s('checkFields'));
    return;
  }
  const text =
    shown > 0 ? `${s('checkFields')}\n${rest}` : `${s('failed')}: ${error.message}${rest ? `\n${rest}` : ''}`;
  const node = banner(text);
  if (!shown) {
    node.focus({ preventScroll: true });
    node.scrollIntoView({ block: 'nearest' });
  }
}

async function cancelForm(form: OpenForm): Promise<void> {
  await form.ready;
  try {
    await api('POST', '/api/execute', {
      conversationId: state.conversationId,
      formId: form.id,
      cancel: true,
      locale: form.locale,
    });
  } catch (error) {
    if (state.form === form) closeForm();
    formHooks.note(el('div', 'msg error', `${s('failed')}: ${(error as Error).message}`));
  }
}
