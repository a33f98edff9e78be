// The MCP Apps view of `request_form` and `question`: one self-contained HTML page (built by
// scripts/build-widget.mjs) that speaks the Apps protocol over postMessage (ui/initialize, tool-input,
// tool-result, host-context-changed, size-changed, ui/message), renders the form with the web renderer,
// and sends the answer as the next user message. Also runs under ChatGPT's `window.openai`.
// Where a host cannot take the message, the person gets the text to paste instead: nothing is lost.
// The renderer's on-demand parts (and the widget's `question` part) are not in this page: the form's
// parts arrive in the tool result's `_meta` (PARTS_META_KEY) or, from a host that proxies server
// resources, through resources/read; each runs as an inline <script> (the one kind of code a widget's
// frame may run besides its own) before the form is drawn. Without them the widget says so.
//
// The protocol is written out here (a few dozen lines) rather than taken from ext-apps' `App`, which would
// bring the MCP SDK and zod into the page (hundreds of KB); the tests drive it with ext-apps' AppBridge.
import type { FormSchema, Locale, ResolvedQuestion } from '@formrequest/schema';
import { answerRows } from '@formrequest/schema/core';
import { widgetWords } from '@formrequest/schema/messages';
import { renderForm } from '@formrequest/web';
import { underPageTitle } from '../form-page/form-as-page.ts';
import { FORM_META_KEY, ISSUED_AT_META_KEY, PARTS_META_KEY } from '../src/form-meta.ts';
import { widgetParts, widgetPartUri } from '../src/widget-parts.ts';
import type * as QuestionPart from './question-part.ts';

type Json = Record<string, any>;
type FormController = ReturnType<typeof renderForm>;

const APPS_PROTOCOL_VERSION = '2026-01-26';
const root = document.getElementById('app') as HTMLElement;
let hostCapabilities: Json = {};
let controller: FormController | undefined;
let shownKey = '';
/** The form whose parts are on their way. */
let loadingKey = '';
// The words around the form: the form's language once one arrived, Japanese (the default) before.
let locale: Locale | undefined;
const words = () => widgetWords(locale);

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

// ---- the parts (build-widget.mjs rewrites each `import()` of one into __formrequestPart(name)) ----
type Registry = Record<string, unknown>;
/** The parts' code by name, from every result seen (`_meta`, ChatGPT's toolResponseMetadata). */
const partCode: Record<string, string> = {};
const partLoads = new Map<string, Promise<unknown>>();

async function partText(name: string): Promise<string> {
  const given = partCode[name];
  if (typeof given === 'string') return given;
  if (hostCapabilities.serverResources) {
    const read = await request('resources/read', { uri: widgetPartUri(name) });
    const text = read.contents?.[0]?.text;
    if (typeof text === 'string') return text;
  }
  throw new Error(`the part ${name} is not available`);
}

/** Runs part `name` once (an inline classic script registers its exports) and resolves to them. */
function loadPart(name: string): Promise<unknown> {
  let load = partLoads.get(name);
  if (!load) {
    load = partText(name).then((code) => {
      const script = document.createElement('script');
      script.textContent = code; // our server's own code, as this page is
      document.head.append(script);
      script.remove();
      const part = ((window as Json).__formrequestParts as Registry | undefined)?.[name];
      if (!part) throw new Error(`the part ${name} did not run`);
      return part;
    });
    // A part the form asks for that cannot be had: say so rather than leave a half-working form.
    load.catch(() => {
      partLoads.delete(name);
      if (controller) showNote(words().partsMissing, true);
    });
    partLoads.set(name, load);
  }
  return load;
}
(window as Json).__formrequestPart = loadPart;

// ---- what the host tells us ----
// The theme goes on <html> (the widget's own styles, and the form inside, which takes the page's
// color-scheme); the host's style variables go on <html> too, where the widget's sheet maps them onto the
// renderer's --fr-* tokens (build-widget.mjs); its fonts' CSS (@font-face / @import) into one <style>.
// Each host-context-changed carries only what changed: each part is re-applied as it comes.
function applyHostContext(context: Json): void {
  const html = document.documentElement;
  if (context.theme === 'dark' || context.theme === 'light') {
    html.dataset.theme = context.theme;
    root.dataset.theme = context.theme;
  }
  const variables = context.styles?.variables;
  if (variables && typeof variables === 'object') {
    for (const [name, value] of Object.entries(variables)) {
      if (typeof value === 'string' && name.startsWith('--')) html.style.setProperty(name, value);
    }
  }
  const fonts = context.styles?.css?.fonts;
  if (typeof fonts === 'string') {
    let style = document.getElementById('host-fonts');
    if (!style) {
      style = document.createElement('style');
      style.id = 'host-fonts';
      document.head.append(style);
    }
    style.textContent = fonts; // CSS text, never markup
  }
}

function showResult(result: Json): void {
  const data = (result.structuredContent ?? {}) as Json;
  const text = (result.content ?? []).map((c: Json) => (c.type === 'text' ? c.text : '')).join('\n');
  // The checked form travels in `_meta` (the model does not read it); `_metadata` is seed 000's copy.
  const schema = result._meta?.[FORM_META_KEY] ?? result._metadata?.schema;
  const parts = result._meta?.[PARTS_META_KEY];
  if (parts && typeof parts === 'object') {
    for (const [name, code] of Object.entries(parts)) if (typeof code === 'string') partCode[name] = code;
  }
  if (schema?.locale === 'en' || schema?.locale === 'ja') locale = schema.locale;
  document.documentElement.lang = locale ?? 'ja';
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
  if (key === shownKey && (controller || loadingKey === key)) return;
  shownKey = loadingKey = key;
  // Every part the form can need, before it is drawn: a form is whole or not shown.
  const names = widgetParts(schema as FormSchema, !!questions);
  Promise.all(names.map(loadPart)).then(
    (loaded) => {
      if (shownKey !== key) return;
      loadingKey = '';
      const question = loaded[names.indexOf('question')] as typeof QuestionPart | undefined;
      drawForm(schema, key, questions && question ? { questions, ...question } : undefined, issuedAt);
    },
    () => {
      if (shownKey !== key) return;
      loadingKey = '';
      showNote(words().partsMissing, true);
    },
  );
}

interface Asked extends Pick<typeof QuestionPart, 'questionAnswerProblems' | 'questionAnswerText'> {
  questions: ResolvedQuestion[];
}

function drawForm(schema: Json, key: string, asked: Asked | undefined, issuedAt?: Date): void {
  controller?.destroy();
  root.replaceChildren();
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
  controller = renderForm(holder, underPageTitle(schema as FormSchema), {
    titleLevel: 1, // the frame is its own document: the form's title is its h1
    locale: schema.locale,
    ...(issuedAt ? { now: issuedAt } : {}),
    draftKey: `request_form:${key}`,
    onSubmit: (values, message, context) => {
      // A single choice answered both with an option and with typed text takes one: asked again here.
      const problems = asked ? asked.questionAnswerProblems(asked.questions, values, schema.locale) : {};
      if (Object.keys(problems).length > 0) {
        controller?.setErrors(problems);
        return;
      }
      const summary = () =>
        showSummary(schema.title, words().sent, answerRows(schema as never, values, words(), context.shown));
      void deliver(asked ? asked.questionAnswerText(asked.questions, values) : message, summary);
    },
    onCancel: (message) => {
      void deliver(message, () => showSummary(schema.title, words().cancelled, []));
    },
  });
}

/** Sends the answer as the next user message; where that is impossible, shows it for copy and paste. */
async function deliver(text: string, done: () => void): Promise<void> {
  controller?.destroy();
  controller = undefined;
  const openai = (window as Json).openai;
  try {
    if (typeof openai?.sendFollowUpMessage === 'function') {
      await openai.sendFollowUpMessage({ prompt: text });
      done();
      return;
    }
    if (hostCapabilities.message) {
      const result = await request('ui/message', { role: 'user', content: [{ type: 'text', text }] });
      if (!result.isError) {
        done();
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
  const p = el('p', error ? 'w-note w-error' : 'w-note', text);
  if (error) p.setAttribute('role', 'alert');
  root.replaceChildren(p);
}

/** A text-only element of the widget's own (never markup from the form or the host). */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * After submit or cancel: the form's title, what happened, and the answers as label: value rows, in a
 * compact box, so the frame shrinks to it (the size report follows the body).
 */
function showSummary(title: unknown, status: string, rows: { label: string; text: string }[]): void {
  const box = el('section', 'w-box w-sum');
  box.setAttribute('aria-label', typeof title === 'string' && title ? title : status);
  if (typeof title === 'string' && title) box.append(el('h1', 'w-title', title));
  const line = el('p', 'w-status', status);
  line.setAttribute('role', 'status');
  box.append(line);
  if (rows.length > 0) {
    const list = el('dl', 'w-rows');
    for (const row of rows) list.append(el('dt', '', row.label), el('dd', '', row.text));
    if (rows.length > 6) list.tabIndex = 0; // scrolls past six rows: reachable by keyboard
    box.append(list);
  }
  root.replaceChildren(box);
}

function showPaste(text: string): void {
  const box = el('section', 'w-box w-paste');
  const p = el('p', 'w-status', words().pasteInstead);
  p.id = 'w-paste-note';
  const area = el('textarea', 'w-text');
  area.readOnly = true;
  area.value = text;
  area.rows = Math.min(12, text.split('\n').length + 1);
  area.setAttribute('aria-labelledby', 'w-paste-note');
  const copy = el('button', 'w-button', words().copy);
  copy.type = 'button';
  copy.addEventListener('click', () => {
    area.select();
    navigator.clipboard?.writeText(text).catch(() => document.execCommand('copy'));
  });
  box.append(p, area, copy);
  root.replaceChildren(box);
}

/** FNV-1a: a short stable key per form for the draft. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

// ---- start ----
// The body's own height (the document's scrollHeight is never less than the frame: it could not shrink).
new ResizeObserver(() => {
  const width = document.documentElement.scrollWidth;
  const height = Math.ceil(document.body.getBoundingClientRect().height);
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
