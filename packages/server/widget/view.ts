// The MCP Apps view of `request_form` and `question`: one self-contained HTML page (built by
// scripts/build-widget.mjs) that speaks the Apps protocol over postMessage (ui/initialize, tool-input,
// tool-result, host-context-changed, size-changed, ui/message), renders the form with the web renderer,
// and sends the answer as the next user message. Also runs under ChatGPT's `window.openai`.
// Where a host cannot take the message, the person gets the text to paste instead: nothing is lost.
//
// The protocol is written out here (a few dozen lines) rather than taken from ext-apps' `App`, which would
// bring the MCP SDK and zod into the page (hundreds of KB); the tests drive it with ext-apps' AppBridge.
import type { Locale, ResolvedQuestion } from '@formrequest/schema';
import { pageWords } from '@formrequest/schema/messages';
import { renderForm } from '@formrequest/web/formrequest.js';
import { FORM_META_KEY, ISSUED_AT_META_KEY } from '../src/form-meta.ts';
import { questionAnswerProblems, questionAnswerText } from '../src/question-form.ts';

type Json = Record<string, any>;
type FormController = ReturnType<typeof renderForm>;

const APPS_PROTOCOL_VERSION = '2026-01-26';
const root = document.getElementById('app') as HTMLElement;
let hostCapabilities: Json = {};
let controller: FormController | undefined;
let shownKey = '';
// The words around the form: the form's language once one arrived, Japanese (the default) before.
let locale: Locale | undefined;
const words = () => pageWords(locale);

// ---- JSON-RPC over postMessage with the host (window.parent) ----
let nextId = 1;
const pending = new Map<number, { resolve(value: Json): void; reject(error: Error): void }>();

function post(message: Json): void {
  window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
}

function request(method: string, params: Json): Promise<Json> {
  const id = nextId++;
  post({ id, method, params });
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}

function notify(method: string, params: Json = {}): void {
  post({ method, params });
}

window.addEventListener('message', (event) => {
  if (event.source !== window.parent) return;
  const message = event.data as Json;
  if (message?.jsonrpc !== '2.0') return;
  if (message.method === undefined) {
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) waiter?.reject(new Error(message.error.message ?? 'error'));
    else waiter?.resolve(message.result ?? {});
    return;
  }
  const params = message.params ?? {};
  switch (message.method) {
    case 'ui/notifications/tool-input':
      return; // the result follows at once and carries the checked form
    case 'ui/notifications/tool-result':
      return showResult(params);
    case 'ui/notifications/tool-cancelled':
      return showNote(words().callCancelled);
    case 'ui/notifications/host-context-changed':
      return applyHostContext(params);
    case 'ui/resource-teardown':
    case 'ping':
      return post({ id: message.id, result: {} });
    default:
      if (message.id !== undefined)
        post({ id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } });
  }
});

// ---- what the host tells us ----
function applyHostContext(context: Json): void {
  if (context.theme === 'dark' || context.theme === 'light') root.dataset.theme = context.theme;
  const variables = context.styles?.variables;
  if (variables && typeof variables === 'object') {
    for (const [name, value] of Object.entries(variables)) {
      if (typeof value === 'string' && name.startsWith('--'))
        document.documentElement.style.setProperty(name, value);
    }
  }
}

function showResult(result: Json): void {
  const data = (result.structuredContent ?? {}) as Json;
  const text = (result.content ?? []).map((c: Json) => (c.type === 'text' ? c.text : '')).join('\n');
  // The checked form travels in `_meta` (the model does not read it); `_metadata` is seed 000's copy.
  const schema = result._meta?.[FORM_META_KEY] ?? result._metadata?.schema;
  if (schema?.locale === 'en' || schema?.locale === 'ja') locale = schema.locale;
  if (result.isError) showNote(text || data.message || words().cannotShow, true);
  else if (data.type === 'form_request' && data.status === 'waiting_for_input' && schema) {
    // A missing or absurd instant (not a date) falls back to now, as a form without one would.
    const issuedAt = new Date(Number(result._meta?.[ISSUED_AT_META_KEY] ?? Number.NaN));
    showForm(schema, data.question?.questions, Number.isNaN(issuedAt.getTime()) ? undefined : issuedAt);
  } else {
    // Answered already (elicitation) or a question answered in place: say so, show no form.
    showNote(data.message || text || words().answered);
  }
}

// ---- the form ----
/** `issuedAt`: the form's issue instant, so `today` / `+Ndays` mean what they meant to the server. */
function showForm(schema: Json, questions: ResolvedQuestion[] | undefined, issuedAt?: Date): void {
  const key = hash(JSON.stringify(schema));
  if (key === shownKey && controller) return;
  controller?.destroy();
  root.replaceChildren();
  shownKey = key;
  const holder = document.createElement('div');
  root.append(holder);
  // A sandboxed iframe without `allow-forms` never fires `submit`: drive the renderer's own submit instead
  // of the browser's form submission (the submit button and Enter in a one-line input).
  holder.addEventListener('click', (event) => {
    const button = (event.target as Element).closest?.('button[type=submit]');
    if (!button) return;
    event.preventDefault();
    void controller?.submit();
  });
  holder.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || event.defaultPrevented || event.isComposing) return;
    if (target.tagName !== 'INPUT' || target.getAttribute('role') === 'combobox') return;
    event.preventDefault();
    void controller?.submit();
  });
  controller = renderForm(holder, schema, {
    locale: schema.locale,
    ...(issuedAt ? { now: issuedAt } : {}),
    draftKey: `request_form:${key}`,
    theme: root.dataset.theme as 'light' | 'dark' | undefined,
    onSubmit: (values, message) => {
      // A single choice answered both with an option and with typed text takes one: asked again here.
      const problems = questions ? questionAnswerProblems(questions, values, schema.locale) : {};
      if (Object.keys(problems).length > 0) {
        controller?.setErrors(problems);
        return;
      }
      void deliver(questions ? questionAnswerText(questions, values) : message, words().sent);
    },
    onCancel: (message) => {
      void deliver(message, words().cancelled);
    },
  });
}

/** Sends the answer as the next user message; where that is impossible, shows it for copy and paste. */
async function deliver(text: string, done: string): Promise<void> {
  controller?.destroy();
  controller = undefined;
  const openai = (window as Json).openai;
  try {
    if (typeof openai?.sendFollowUpMessage === 'function') {
      await openai.sendFollowUpMessage({ prompt: text });
      showNote(done);
      return;
    }
    if (hostCapabilities.message) {
      const result = await request('ui/message', { role: 'user', content: [{ type: 'text', text }] });
      if (!result.isError) {
        showNote(done);
        return;
      }
    }
  } catch {
    // fall through to copy and paste
  }
  showPaste(text);
}

function showNote(text: string, error = false): void {
  controller?.destroy();
  controller = undefined;
  const p = document.createElement('p');
  p.className = error ? 'note error' : 'note';
  p.textContent = text;
  root.replaceChildren(p);
}

function showPaste(text: string): void {
  const p = document.createElement('p');
  p.className = 'note';
  p.textContent = words().pasteInstead;
  const area = document.createElement('textarea');
  area.readOnly = true;
  area.value = text;
  area.rows = Math.min(12, text.split('\n').length + 1);
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.textContent = words().copy;
  copy.addEventListener('click', () => {
    area.select();
    navigator.clipboard?.writeText(text).catch(() => document.execCommand('copy'));
  });
  root.replaceChildren(p, area, copy);
}

/** FNV-1a: a short stable key per form for the draft. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

// ---- start ----
new ResizeObserver(() => {
  const { scrollWidth: width, scrollHeight: height } = document.documentElement;
  notify('ui/notifications/size-changed', { width, height });
}).observe(document.body);

const openai = (window as Json).openai;
if (openai) {
  // ChatGPT: structuredContent arrives as window.openai.toolOutput and `_meta` as toolResponseMetadata
  // (now or with the next globals event).
  const fromGlobals = () =>
    openai.toolOutput &&
    showResult({ structuredContent: openai.toolOutput, _meta: openai.toolResponseMetadata });
  window.addEventListener('openai:set_globals', fromGlobals);
  if (openai.theme) applyHostContext({ theme: openai.theme });
  fromGlobals();
} else {
  showNote(words().loading);
  request('ui/initialize', {
    appInfo: { name: 'formrequest', version: '0.1.0' },
    appCapabilities: {},
    protocolVersion: APPS_PROTOCOL_VERSION,
  })
    .then((result) => {
      hostCapabilities = result.hostCapabilities ?? {};
      applyHostContext(result.hostContext ?? {});
      notify('ui/notifications/initialized');
    })
    .catch(() => showNote(words().noAppsHost));
}
