// The form page (URL-mode elicitation): reads the form from the page's inert JSON block, renders it with
// @formrequest/web, uploads files to the server first, and sends the answer, a cancel or a decline to
// the server, which checks it again and hands it to the waiting tool call. Afterwards the page says what
// happened and that the tab can be closed; a reload shows the same. What the person typed is kept as a
// draft (the renderer's draftKey) until the answer is taken, so a reload or a refused answer loses nothing.
import { decodeDataUrl, type FormSchema, format, formatBytes, formLocale } from '@formrequest/schema';
import { pageWords } from '@formrequest/schema/messages';
import type { FormController } from '@formrequest/web';
import { renderForm } from '@formrequest/web/formrequest.js';
import { underPageTitle } from './form-as-page.js';
import { adoptPageStyles } from './styles.js';

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

class Refusal extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: { state?: DoneState; errors?: Record<string, string> },
  ) {
    super(message);
  }
}

const data = JSON.parse(document.getElementById('formrequest-data')!.textContent!) as PageData;
const locale = formLocale(data.schema) ?? 'ja';
const words = pageWords(locale);
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

function showDone(state: DoneState): void {
  controller?.destroy();
  controller = undefined;
  const title = words[`${state}Title`];
  const text = words[`${state}Text`];
  const done = el('section', 'fp-done');
  done.setAttribute('role', 'status');
  const heading = el('h1', undefined, title);
  heading.tabIndex = -1;
  done.append(heading, el('p', undefined, text));
  page.replaceChildren(done);
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

async function submit(values: Values, utcOffset: number): Promise<void> {
  banner.hidden = true;
  status.textContent = words.sending;
  try {
    const answers = await uploadFiles(values);
    status.textContent = words.sending;
    await post(base, {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'accept', values: answers, utcOffset }),
    });
    showDone('accept');
  } catch (error) {
    status.textContent = '';
    refused(error as Refusal, () => void submit(values, utcOffset));
  }
}

/** Cancel and decline: the answer is the action itself. */
async function send(action: 'cancel' | 'decline'): Promise<void> {
  banner.hidden = true;
  status.textContent = words.sending;
  try {
    await post(base, { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ action }) });
    showDone(action);
  } catch (error) {
    status.textContent = '';
    refused(error as Refusal, () => void send(action));
  }
}

/**
 * The server did not take it: settled already (409) -> what became of the form; per-field messages
 * (422) -> on their fields, the form editable again; anything else -> a message with a retry button.
 */
function refused(error: Refusal, retry: () => void): void {
  if (error.status === 409 || error.status === 404) {
    showDone(error.status === 409 && error.body.state !== 'closed' ? 'answered' : 'closed');
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
  const decline = el('div', 'fp-decline');
  const declineButton = el('button', undefined, words.decline);
  declineButton.type = 'button';
  declineButton.addEventListener('click', () => void send('decline'));
  decline.append(declineButton, el('span', undefined, words.declineHint));
  page.replaceChildren(asker, banner, card, status, decline);
  controller = renderForm(holder, underPageTitle(data.schema), {
    locale,
    draftKey: `form-page:${data.id}`,
    now: new Date(data.issuedAt),
    onSubmit: (values, _message, context) => void submit(values, context.utcOffset),
    onCancel: () => void send('cancel'),
    fetch: searchFetch,
    titleLevel: 1, // the form is the page: its title is the page's h1
  });
}

start();
