// The form page (URL-mode elicitation): reads the form from the page's inert JSON block, renders it with
// @formrequest/web, uploads files to the server first, and sends the answer or a cancel to the server,
// which checks it again and hands it to the waiting tool call. One way not to answer: the form's own
// Cancel (asking first when something was typed), whose outcome is the seed's cancel, as on every
// surface. Afterwards the page says what happened, and only once a tool result carried it to the client
// that the agent has it (else: go back to the client and continue); a reload shows the same. What the person typed is kept as a
// draft (the renderer's draftKey) until the answer is taken, so a reload or a refused answer loses nothing.
// It watches the form's status (form-page-status.ts, a long poll): a call cut, declined or answered
// elsewhere is said at once, with what was typed kept as text to copy (a call its client cut leaves the
// form answerable a while, for the agent's re-ask: server reask.ts); after a submit it says whether a
// tool result carried the answer to the client, or that the person must go back to the client and go on.
import {
  answerLabels,
  decodeDataUrl,
  type FormSchema,
  format,
  formatBytes,
  formLocale,
} from '@formrequest/schema';
import type { FormController } from '@formrequest/web';
import { renderForm } from '@formrequest/web';
import { underPageTitle } from './form-as-page.js';
import { adoptPageStyles } from './styles.js';
import { pageWordsIn } from './words.js';

/** The data the server embeds (form-page-html.ts `FormPageData`). */
interface PageData {
  id: string;
  schema: FormSchema;
  serverName: string;
  issuedAt: number;
  state: 'open' | 'accept' | 'cancel' | 'decline' | 'closed';
  question: boolean;
  maxFileBytes: number;
  searchOrigins: string[];
}

type Values = Record<string, unknown>;
/** What the page shows once it is done (the server's answer to a send says which). */
type DoneState = 'accept' | 'cancel' | 'decline' | 'closed' | 'answered';
type FileValue = { name: string; type: string; size: number; data?: string; url?: string };

/** A refused send's JSON body: the state the form is already in, or per-field messages. */
type SubmitRefusal = { state?: DoneState; errors?: Record<string, string> };

class Refusal extends Error {
  readonly status: number;
  readonly body: SubmitRefusal;
  constructor(message: string, status: number, body: SubmitRefusal) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

const data = JSON.parse(document.getElementById('formrequest-data')!.textContent!) as PageData;
const locale = formLocale(data.schema) ?? 'ja';
const words = await pageWordsIn(locale);
const base = `/forms/${encodeURIComponent(data.id)}`;
const page = document.getElementById('page')!;
let controller: FormController | undefined;

adoptPageStyles(document);
document.documentElement.lang = locale;
document.title = `${data.schema.title} — formrequest`;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const banner = el('div', 'fp-banner');
banner.setAttribute('role', 'alert');
banner.hidden = true;
const status = el('p', 'fp-status');
status.setAttribute('role', 'status');

function showBanner(text: string, retry?: () => void): void {
  banner.replaceChildren(document.createTextNode(text));
  if (retry) {
    const button = el('button', undefined, words.retry);
    button.type = 'button';
    button.addEventListener('click', retry, { once: true });
    banner.append(button);
  }
  banner.hidden = false;
  banner.scrollIntoView({ block: 'nearest' });
}

/** What the server says became of the form (form-page-status.ts). */
interface Status {
  state: 'open' | 'withdrawn' | 'accept' | 'cancel' | 'decline' | 'closed' | 'gone';
  delivered: boolean;
  client?: string;
  reason?: string;
  /** Withdrawn: until when (ms) the agent's re-ask receives an answer sent now. */
  until?: number;
}

/** The answers as a person reads them: the form's title, then "label: value" per answered field. */
function answersText(values: Values, labels: Values): string {
  const lines = [data.schema.title];
  for (const field of data.schema.fields as Array<Record<string, unknown>>) {
    const name = field.name as string | undefined;
    if (!name || field.type === 'hidden' || !Object.hasOwn(values, name)) continue;
    const value = labels[name] ?? values[name];
    if (value === undefined || value === null || value === '') continue;
    const shown = (v: unknown) =>
      typeof v === 'object' && v !== null && 'name' in v ? String((v as FileValue).name) : String(v);
    const text = Array.isArray(value) ? value.map(shown).join(', ') : shown(value);
    lines.push(`${typeof field.label === 'string' ? field.label : name}: ${text}`);
  }
  return lines.join('\n');
}

/** The answers as text, shown and offered to copy: nothing typed is lost. */
function answersBlock(text: string, heading?: string): HTMLElement {
  const block = el('div', 'fp-answers');
  if (heading) block.append(el('h2', undefined, heading));
  const pre = el('pre', undefined, text);
  const copy = el('button', undefined, words.copyText);
  copy.type = 'button';
  copy.addEventListener('click', () => {
    void navigator.clipboard?.writeText(text).then(
      () => (copy.textContent = words.copiedText),
      () => window.getSelection()?.selectAllChildren(pre),
    );
  });
  block.append(pre, copy);
  return block;
}

async function fetchStatus(wait?: string): Promise<Status | undefined> {
  try {
    const response = await fetch(`${base}/status${wait ? `?wait=${wait}` : ''}`, {
      credentials: 'same-origin',
      cache: 'no-store',
    });
    return response.ok ? ((await response.json()) as Status) : undefined;
  } catch {
    return undefined;
  }
}

/** Waits for the server to say the form is no longer `wait` (a long poll, asked again at once). */
async function watch(
  wait: 'open' | 'withdrawn' | 'undelivered',
  until: () => boolean,
): Promise<Status | undefined> {
  for (let failures = 0; until(); ) {
    const status = await fetchStatus(wait);
    if (!until()) return undefined;
    if (!status) {
      failures += 1;
      await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 500 * 2 ** failures)));
      continue;
    }
    failures = 0;
    if (wait !== 'undelivered' && status.state !== wait) return status;
    if (wait === 'undelivered' && (status.delivered || status.state === 'gone')) return status;
  }
  return undefined;
}

let done = false;
/** This page is sending an answer: a settled status is then its own doing, not news. */
let sending = false;

function showDone(state: DoneState, answers?: string): void {
  done = true;
  controller?.destroy();
  controller = undefined;
  const title = words[`${state}Title`];
  const section = el('section', 'fp-done');
  section.setAttribute('role', 'status');
  const heading = el('h1', undefined, title);
  heading.tabIndex = -1;
  const told = state === 'accept' || state === 'cancel' || state === 'decline';
  const text = el('p', undefined, told ? words.sending : words[`${state}Text`]);
  section.append(heading, text);
  if (answers) section.append(answersBlock(answers, words.summaryTitle));
  page.replaceChildren(section);
  heading.focus();
  if (told) void tellDelivery(text, state);
}

/**
 * After an answer, a cancel or a decline: said to have reached the agent only once a tool result
 * carried it (else "go back to <client> and continue"). A form the server no longer keeps (`gone`: a
 * settled form expires after an hour) says nothing about delivery, so the page says just that.
 */
async function tellDelivery(text: HTMLElement, state: 'accept' | 'cancel' | 'decline'): Promise<void> {
  const told = (status: Status) => {
    text.textContent = status.delivered ? words[`${state}Text`] : words.goneText;
  };
  const now = await fetchStatus();
  if (now && (now.delivered || now.state === 'gone')) return told(now);
  // A held call returns at once; give it a moment before asking the person to act.
  const soon = await Promise.race([
    watch('undelivered', () => true),
    new Promise<undefined>((resolve) => setTimeout(resolve, 1500)),
  ]);
  if (soon) return told(soon);
  const waiting = state === 'accept' ? words.acceptWaiting : words.endWaiting;
  text.textContent = format(waiting, { client: now?.client ?? words.someClient });
  const later = await watch('undelivered', () => true);
  if (later) told(later);
}

/** The answers typed so far, as text. */
function typedText(): string {
  const values = controller?.values() ?? {};
  return answersText(values, answerLabels(data.schema, values));
}

/**
 * The call was cut but the form stays answerable for the agent's re-ask: said above the form, with
 * what was typed as text; the form stays.
 */
const notice = el('section', 'fp-banner');
function showWithdrawnNotice(status: Status): void {
  notice.setAttribute('role', 'alert');
  const until = new Date(status.until ?? Date.now()).toLocaleTimeString(locale, {
    hour: '2-digit',
    minute: '2-digit',
  });
  notice.replaceChildren(
    el('h2', undefined, words.withdrawnTitle),
    el('p', undefined, format(words.withdrawnKeep, { reason: status.reason ?? '', until })),
    answersBlock(typedText()),
  );
  if (!notice.isConnected) page.prepend(notice);
}

/** What is typed after the cut is kept in the notice's text too. */
function refreshNotice(): void {
  const block = notice.querySelector('.fp-answers');
  if (notice.isConnected && block) block.replaceWith(answersBlock(typedText()));
}

/** Follows the form's state until it is done: cut (and kept), asked again, or ended. */
async function follow(): Promise<void> {
  let wait: 'open' | 'withdrawn' = 'open';
  for (;;) {
    const status = await watch(wait, () => !done);
    if (!status || done || sending) return;
    if (status.state === 'withdrawn' || status.state === 'open') {
      if (status.state === 'withdrawn') showWithdrawnNotice(status);
      else notice.remove(); // the agent asked again: it waits on this page
      wait = status.state;
      continue;
    }
    showWithdrawn(status);
    return;
  }
}

/** The call ended while the person was still on the form: say so at once and keep what they typed. */
function showWithdrawn(status: Status): void {
  const values = controller?.values() ?? {};
  if (status.state !== 'closed') {
    const kept = Object.keys(values).length > 0;
    showDone('answered', kept ? answersText(values, answerLabels(data.schema, values)) : undefined);
    return;
  }
  done = true;
  controller?.destroy();
  controller = undefined;
  const section = el('section', 'fp-done');
  section.setAttribute('role', 'alert');
  const heading = el('h1', undefined, words.withdrawnTitle);
  heading.tabIndex = -1;
  section.append(
    heading,
    el('p', undefined, format(words.withdrawnText, { reason: status.reason ?? '' })),
    answersBlock(answersText(values, answerLabels(data.schema, values))),
  );
  page.replaceChildren(section);
  heading.focus();
}

async function post(path: string, init: RequestInit): Promise<any> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, method: 'POST', credentials: 'same-origin' });
  } catch (error) {
    throw new Refusal((error as Error).message, 0, {});
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Refusal(body.error || `HTTP ${response.status}`, response.status, body);
  return body;
}

/** Files go up first; the answer carries the {name, type, size, url} the server measured. */
async function uploadFiles(values: Values): Promise<Values> {
  const out: Values = { ...values };
  for (const field of data.schema.fields) {
    if (field.type !== 'file' || out[field.name] === undefined) continue;
    const given = out[field.name] as FileValue | FileValue[];
    const refs: FileValue[] = [];
    for (const file of Array.isArray(given) ? given : [given]) {
      if (!file?.data) {
        refs.push(file);
        continue;
      }
      const { type, bytes } = decodeDataUrl(file.data);
      if (bytes.byteLength > data.maxFileBytes) {
        const tooLarge = format(words.tooLarge, { name: file.name, limit: formatBytes(data.maxFileBytes) });
        throw new Refusal(tooLarge, 413, {
          errors: { [field.name]: tooLarge },
        });
      }
      status.textContent = format(words.uploading, { name: file.name });
      const ref = await post(`${base}/files?field=${encodeURIComponent(field.name)}`, {
        headers: {
          'Content-Type': file.type || type || 'application/octet-stream',
          'X-File-Name': encodeURIComponent(file.name),
        },
        body: bytes as BlobPart,
      }).catch((error: Refusal) => {
        // A refused file (size, type) is shown on its field.
        if (error.status >= 400 && error.status < 500 && error.status !== 409)
          throw new Refusal(error.message, 422, { errors: { [field.name]: error.message } });
        throw error;
      });
      refs.push({ name: ref.name, type: ref.type, size: ref.size, url: ref.url });
    }
    out[field.name] = Array.isArray(given) ? refs : refs[0];
  }
  return out;
}

async function submit(values: Values, utcOffset: number, labels: Values): Promise<void> {
  sending = true;
  banner.hidden = true;
  status.textContent = words.sending;
  try {
    const answers = await uploadFiles(values);
    status.textContent = words.sending;
    await post(base, {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'accept', values: answers, utcOffset, labels }),
    });
    showDone('accept', answersText(answers, labels));
  } catch (error) {
    status.textContent = '';
    refused(error as Refusal, () => void submit(values, utcOffset, labels));
  } finally {
    sending = false;
  }
}

/** Cancel: the answer is the action itself. */
async function send(action: 'cancel'): Promise<void> {
  sending = true;
  banner.hidden = true;
  status.textContent = words.sending;
  try {
    await post(base, { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ action }) });
    showDone(action);
  } catch (error) {
    status.textContent = '';
    refused(error as Refusal, () => void send(action));
  } finally {
    sending = false;
  }
}

/**
 * The server did not take it: settled already (409) -> what became of the form; per-field messages
 * (422) -> on their fields, the form editable again; anything else -> a message with a retry button.
 */
function refused(error: Refusal, retry: () => void): void {
  if (error.status === 409 || error.status === 404) {
    const state = error.status === 409 && error.body.state !== 'closed' ? 'answered' : 'closed';
    showDone(state, state === 'closed' ? typedText() : undefined);
    return;
  }
  const errors = error.body.errors ?? {};
  const missed = controller?.setErrors(errors) ?? Object.keys(errors);
  if (Object.keys(errors).length > 0) {
    const rest = missed.map((name) => (name ? `${name}: ${errors[name]}` : errors[name])).join('\n');
    showBanner(rest ? `${words.checkFields}\n${rest}` : words.checkFields);
    return;
  }
  showBanner(format(words.failed, { reason: error.message }), retry);
}

/**
 * Searches, except to an origin this page's CSP does not allow (the server's config does not list it):
 * refused at once with the reason, which the field shows instead of a "try again" that could never work.
 */
const searchFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  if (url.origin === location.origin || (data.searchOrigins ?? []).includes(url.origin))
    return fetch(input, init);
  const refused = new Error(format(words.searchNotAllowed, { origin: url.origin }));
  refused.name = 'FormRequestRefused';
  return Promise.reject(refused);
};

function start(): void {
  if (data.state !== 'open') {
    showDone(data.state);
    return;
  }
  const asker = el(
    'p',
    'fp-asker',
    format(data.question ? words.questionAsker : words.asker, { server: data.serverName }),
  );
  const card = el('div', 'fp-card');
  const holder = el('div');
  card.append(holder);
  page.replaceChildren(asker, banner, card, status);
  controller = renderForm(holder, underPageTitle(data.schema), {
    locale,
    draftKey: `form-page:${data.id}`,
    now: new Date(data.issuedAt),
    onSubmit: (values, _message, context) =>
      void submit(values, context.utcOffset, answerLabels(data.schema, values, context.shown)),
    onCancel: () => void send('cancel'),
    fetch: searchFetch,
    titleLevel: 1, // the form is the page: its title is the page's h1
  });
  card.addEventListener('input', refreshNotice);
  card.addEventListener('change', refreshNotice);
  // Told at once when the call is cut, declined or answered elsewhere (not on the next submit).
  void follow();
}

start();
