// The demo page: conversation list, streamed messages (the agent's as Markdown), compact tool calls,
// the form (from the tool_use event or tool_result._metadata, as seed 000 shows), errors; the page in
// Japanese or English, each form in its own language. Every string from the server is set as text.
import { answerRows, type FormSchema } from '@formrequest/schema/core';
import { type ChatKey, chatWords, format } from '@formrequest/schema/messages';
import { api } from './api.js';
import { $, el } from './dom.js';
import { closeForm, focusForm, focusFormWhenDrawn, formHooks, showForm } from './form-panel.js';
import { renderMarkdown } from './markdown.js';
import { type OpenForm, s, state } from './state.js';

const FORM_TOOL = 'mcp__form__request_form';
/** The forms seen in this conversation, by tool call id: a submitted answer is read back with its form. */
const formsSeen = new Map<string, FormSchema>();

/** A form as a model wrote it: an object, or (some models) the same as a JSON string. */
function formOf(given: unknown): FormSchema | undefined {
  let form = given;
  if (typeof given === 'string') {
    try {
      form = JSON.parse(given);
    } catch {
      return undefined;
    }
  }
  return form && typeof form === 'object' ? (form as FormSchema) : undefined;
}

function rememberForm(id: unknown, schema: unknown): void {
  const form = formOf(schema);
  if (typeof id === 'string' && form && typeof form === 'object' && Array.isArray(form.fields))
    formsSeen.set(id, form);
}

/** A tool call named for people: a form by its title, any other tool by its own name (no mcp__ prefix). */
function toolName(data: EventData): string {
  const form = data.name === FORM_TOOL ? formOf(data.input?.form_schema) : undefined;
  if (form && typeof form.title === 'string') return `${s('formTool')}: ${form.title}`;
  return `${s('tool')}: ${String(data.name ?? '')
    .split('__')
    .pop()}`;
}

/**
 * A submitted form in the transcript: its title and the answers as label: value rows, the JSON that went
 * to the agent a click away. Without its form (an answer to a form this page never saw) the JSON alone.
 */
function submittedBubble(bubble: HTMLElement, data: EventData): void {
  const form = typeof data.form_id === 'string' ? formsSeen.get(data.form_id) : undefined;
  let values: Record<string, unknown> | undefined;
  try {
    values = JSON.parse(String(data.text));
  } catch {
    values = undefined;
  }
  if (!form || !values || typeof values !== 'object') {
    bubble.append(el('strong', '', s('formSent')), el('pre', '', data.text));
    return;
  }
  const words = chatWords(state.locale);
  const rows = answerRows(form, values, { yes: words.yes, no: words.no });
  const list = el('dl', 'answers');
  for (const row of rows) list.append(el('dt', '', row.label), el('dd', '', row.text));
  const json = el('details', 'json');
  json.append(el('summary', '', s('showJson')), el('pre', '', data.text));
  bubble.append(el('strong', '', `${s('formSent')}: ${form.title}`), list, json);
}
/** The line in the transcript that says a form waits (with a way to it). */
let formNote: HTMLElement | null = null;
type EventData = Record<string, any>;
/** The agent's name as the host reports it; its badge is redrawn in the page's language. */
let agentName = '';

function applyLocale(): void {
  document.documentElement.lang = state.locale;
  const text = (key: string) => String(chatWords(state.locale)[key as ChatKey] ?? key);
  for (const node of document.querySelectorAll<HTMLElement>('[data-i18n]'))
    node.textContent = text(node.dataset.i18n!);
  for (const node of document.querySelectorAll<HTMLTextAreaElement>('[data-i18n-placeholder]'))
    node.placeholder = text(node.dataset.i18nPlaceholder!);
  for (const node of document.querySelectorAll<HTMLElement>('[data-i18n-label]'))
    node.setAttribute('aria-label', text(node.dataset.i18nLabel!));
  // The switch is written in the language it switches to.
  $('lang').textContent = s('other');
  $('lang').lang = s('otherLang');
  $('lang').title = s('switchLanguage');
  document.title = s('title');
  if (agentName) $('agent').textContent = `${s('agent')}: ${agentName}`;
}

function setStatus(text: string): void {
  $('status').textContent = text;
}

function setRunning(running: boolean): void {
  state.running = running;
  $<HTMLButtonElement>('send').disabled = running;
  setStatus(running ? s('running') : '');
}

// ---- the conversation list (a drawer under the header on narrow screens) ----
function setMenu(open: boolean): void {
  document.body.classList.toggle('menu-open', open);
  $('menu').setAttribute('aria-expanded', String(open));
  $('menu').setAttribute('aria-label', s(open ? 'closeMenu' : 'openMenu'));
  $('backdrop').hidden = !open;
  if (open) $('new').focus();
}

async function refreshList(): Promise<void> {
  $('conversations').replaceChildren();
  await loadListPage(undefined);
}

/** One page of the list (newest first); a "show more" button fetches the next. */
async function loadListPage(cursor: string | undefined): Promise<void> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const page = await api<{ conversations: EventData[]; next: string | null }>(
    'GET',
    `/api/conversations${query}`,
  ).catch(() => ({ conversations: [], next: null }));
  const ul = $('conversations');
  for (const item of page.conversations) {
    const title = item.title || s('untitled');
    const button = el('button');
    button.type = 'button';
    if (item.pendingForm) button.append(el('span', 'dot', '●'));
    button.append(document.createTextNode(title));
    button.title = item.title ?? '';
    if (item.id === state.conversationId) button.setAttribute('aria-current', 'page');
    button.addEventListener('click', () => {
      setMenu(false);
      navigate(item.id);
    });
    const remove = el('button', 'delete', '×');
    remove.type = 'button';
    remove.setAttribute('aria-label', `${s('delete')}: ${title}`);
    remove.addEventListener('click', () => void deleteConversation(item.id, title));
    const li = el('li');
    li.append(button, remove);
    ul.append(li);
  }
  if (page.next) {
    const li = el('li');
    const more = el('button', 'more', s('more'));
    more.type = 'button';
    more.addEventListener('click', () => {
      li.remove();
      void loadListPage(page.next!);
    });
    li.append(more);
    ul.append(li);
  }
}

async function deleteConversation(id: string, title: string): Promise<void> {
  if (!confirm(format(s('confirmDelete'), { title }))) return;
  try {
    await api('DELETE', `/api/conversations/${encodeURIComponent(id)}`);
  } catch (error) {
    append(el('div', 'msg error', `${s('failed')}: ${(error as Error).message}`));
    return;
  }
  if (id === state.conversationId) navigate(null);
  else void refreshList();
}

function navigate(id: string | null): void {
  history.pushState(null, '', id ? `/c/${encodeURIComponent(id)}` : '/');
  void openConversation(id);
}

// ---- messages ----
function showEmpty(): void {
  const box = el('div', 'empty');
  box.append(el('p', '', s('hello')));
  const examples = el('div', 'examples');
  for (const example of [s('example1'), s('example2'), s('example3'), s('example4')]) {
    const button = el('button', 'chip', example);
    button.type = 'button';
    button.addEventListener('click', () => void send(example));
    examples.append(button);
  }
  box.append(examples);
  $('messages').replaceChildren(box);
}

/** What scrolls the transcript: the message list on wide screens, the whole column on narrow ones. */
function scroller(): HTMLElement {
  return getComputedStyle($('messages')).overflowY === 'visible' ? $('chat') : $('messages');
}

/**
 * Runs `change`, then keeps the newest message in view if the person was reading the newest. Not
 * while they are in a form that shares the scroll (narrow screens): it would push the form away.
 */
function followingNewest(change: () => void): void {
  const box = scroller();
  const near = box.scrollHeight - box.scrollTop - box.clientHeight < 120;
  change();
  const inSharedForm = box === $('chat') && document.activeElement?.closest('#form-slot');
  if (near && !inSharedForm) $('messages').lastElementChild?.scrollIntoView({ block: 'end' });
}

/** Adds to the transcript (before the line that says a form waits, which stays last). */
function append(node: HTMLElement): void {
  followingNewest(() => {
    $('messages').querySelector('.empty')?.remove();
    $('messages').insertBefore(node, formNote?.isConnected ? formNote : null);
  });
}

function toolDetails(summary: string, body: string, failed = false): HTMLElement {
  const details = el('details', failed ? 'tool failed' : 'tool');
  details.append(el('summary', '', summary), el('pre', '', body));
  return details;
}

function contentText(content: unknown): string {
  if (!Array.isArray(content))
    return typeof content === 'string' ? content : JSON.stringify(content, null, 2);
  return content.map((c) => (typeof c?.text === 'string' ? c.text : JSON.stringify(c))).join('\n');
}

/** The agent's words so far, as Markdown; redrawn at most once a frame while they stream in. */
function addText(text: string): void {
  if (!state.bubble) {
    const node = el('div', 'msg assistant');
    state.bubble = { node, text: '', frame: 0 };
    append(node);
  }
  const bubble = state.bubble;
  bubble.text += text;
  if (bubble.frame) return;
  bubble.frame = requestAnimationFrame(() => {
    bubble.frame = 0;
    followingNewest(() => bubble.node.replaceChildren(renderMarkdown(bubble.text)));
  });
}

/** Renders one event; `live` events may also open the form (history shows only the transcript). */
function handleEvent(name: string, data: EventData, id: number, live: boolean): void {
  if (id <= state.lastEventId) return;
  state.lastEventId = id;
  if (name !== 'text') state.bubble = null;
  switch (name) {
    case 'user_message': {
      const bubble = el('div', 'msg user');
      if (data.form_outcome === 'submitted') submittedBubble(bubble, data);
      else bubble.textContent = data.text;
      append(bubble);
      // An answer closes its form; free text replaces (supersedes) whatever form was pending.
      if (state.form && (!data.form_id || state.form.id === data.form_id)) closeForm();
      if (live) setRunning(true);
      break;
    }
    case 'text':
      addText(String(data.text ?? ''));
      break;
    case 'tool_use':
      if (data.name === FORM_TOOL) rememberForm(data.id, data.input?.form_schema);
      append(toolDetails(toolName(data), JSON.stringify(data.input, null, 2)));
      if (live && data.name === FORM_TOOL && data.input?.form_schema)
        void showForm(data.id, data.input.form_schema, false);
      break;
    case 'tool_result':
      append(
        toolDetails(data.is_error ? s('toolError') : s('result'), contentText(data.content), data.is_error),
      );
      rememberForm(data.tool_use_id, data._metadata?.schema);
      if (data.is_error && state.form?.id === data.tool_use_id) closeForm();
      else if (live && data._metadata?.type === 'form_request')
        void showForm(data.tool_use_id, data._metadata.schema, false);
      break;
    case 'result':
      if (live) {
        setRunning(false);
        if (data.pending_form) {
          const { id, schema, issuedAt } = data.pending_form;
          void showForm(id, schema, true, undefined, issuedAt);
        }
        void refreshList();
      }
      break;
    case 'error':
      // A run replayed after the host stopped: what its cut attempt showed is gone from the store and
      // goes from the page too; the replay says it again.
      if (data.retrying) dropCutAttempt();
      append(el('div', 'msg error', data.message));
      break;
  }
}

/** Removes what the agent showed since the person's last message (and a form that cut attempt opened). */
function dropCutAttempt(): void {
  const messages = $('messages');
  const users = messages.querySelectorAll('.msg.user');
  const turnStart = users[users.length - 1];
  if (!turnStart) return;
  while (turnStart.nextElementSibling && turnStart.nextElementSibling !== formNote)
    turnStart.nextElementSibling.remove();
  if (state.form) closeForm();
}

function subscribe(id: string, after: number): void {
  state.source?.close();
  const source = new EventSource(`/api/conversations/${encodeURIComponent(id)}/events?after=${after}`);
  state.source = source;
  for (const name of ['user_message', 'text', 'tool_use', 'tool_result', 'result', 'error']) {
    source.addEventListener(name, (event) => {
      if (state.source !== source) return;
      setStatus(state.running ? s('running') : '');
      const message = event as MessageEvent<string>;
      handleEvent(name, JSON.parse(message.data), Number(message.lastEventId), true);
    });
  }
  source.onerror = () => {
    if (state.source === source) setStatus(s('reconnecting'));
  };
  source.onopen = () => {
    if (state.source === source) setStatus(state.running ? s('running') : '');
  };
}

async function openConversation(id: string | null): Promise<void> {
  state.source?.close();
  state.source = null;
  closeForm();
  state.conversationId = id;
  state.lastEventId = 0;
  state.bubble = null;
  setRunning(false);
  if (!id) {
    showEmpty();
    void refreshList();
    return;
  }
  $('messages').replaceChildren();
  let data: EventData;
  try {
    data = await api('GET', `/api/conversations/${encodeURIComponent(id)}`);
  } catch (error) {
    append(el('div', 'msg error', (error as Error).message));
    return;
  }
  if (state.conversationId !== id) return;
  for (const event of data.events) handleEvent(event.event, event.data, event.id, false);
  $('messages').lastElementChild?.scrollIntoView({ block: 'end' });
  setRunning(data.running);
  if (data.pendingForm) {
    const { id, schema, draft, issuedAt } = data.pendingForm;
    void showForm(id, schema, true, draft, issuedAt);
  }
  subscribe(id, data.lastEventId);
  void refreshList();
}

// ---- the form's place in the conversation ----
formHooks.note = append;
formHooks.opened = (form: OpenForm) => {
  // A line in the transcript says a form waits, with a way to it (on narrow screens it is further down).
  formNote?.remove();
  formNote = el('div', 'form-note');
  const go = el('button', 'link', s('goToForm'));
  go.type = 'button';
  go.addEventListener('click', focusForm);
  formNote.append(el('span', '', s('formOpen')), go);
  followingNewest(() => $('messages').append(formNote!));
  // Focus moves into the form, unless the person is in the middle of writing a message.
  const input = $<HTMLTextAreaElement>('input');
  const free = () =>
    state.form === form &&
    (document.activeElement === document.body || (document.activeElement === input && !input.value.trim()));
  if (!(document.activeElement === input && input.value.trim()) && state.form === form)
    requestAnimationFrame(() => focusFormWhenDrawn(free));
};
formHooks.closed = (hadFocus: boolean) => {
  formNote?.remove();
  formNote = null;
  // The conversation goes on: focus that was in the form goes to the message box.
  if (hadFocus) $('input').focus({ preventScroll: true });
};

// ---- sending ----
/** Asks before a message closes a form the person has started filling in; true to send anyway. */
function keepFormFirst(): Promise<boolean> {
  const dialog = $<HTMLDialogElement>('keep');
  return new Promise((resolve) => {
    dialog.addEventListener(
      'close',
      () => {
        const send = dialog.returnValue === 'send';
        if (!send) focusForm();
        resolve(send);
      },
      { once: true },
    );
    dialog.returnValue = '';
    dialog.showModal();
  });
}

async function send(text: string): Promise<void> {
  const message = text.trim();
  if (!message || state.running) return;
  if (state.form?.dirty && !(await keepFormFirst())) return;
  setRunning(true);
  // The box empties as the message leaves, not when the host answers: the agent's first events (a
  // form that takes focus only from an empty box) can arrive before the POST returns.
  const input = $<HTMLTextAreaElement>('input');
  input.value = '';
  autosize();
  try {
    const body: EventData = { message, locale: state.locale };
    if (state.conversationId) body.conversationId = state.conversationId;
    const { conversationId } = await api('POST', '/api/execute', body);
    if (conversationId !== state.conversationId) {
      history.pushState(null, '', `/c/${encodeURIComponent(conversationId)}`);
      await openConversation(conversationId);
    }
  } catch (error) {
    setRunning(false);
    // Not sent: the text comes back to the box, unless the person has started another.
    if (!input.value) {
      input.value = text;
      autosize();
    }
    append(el('div', 'msg error', `${s('failed')}: ${(error as Error).message}`));
  }
}

/** The message box grows with its text, up to a few lines. */
function autosize(): void {
  const input = $<HTMLTextAreaElement>('input');
  input.style.height = 'auto';
  input.style.height = `${Math.min(input.scrollHeight + 2, 160)}px`;
}

// ---- start ----
function conversationFromPath(): string | null {
  const match = /^\/c\/([^/]+)$/.exec(location.pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}

$('composer').addEventListener('submit', (event) => {
  event.preventDefault();
  void send($<HTMLTextAreaElement>('input').value);
});
$('input').addEventListener('input', autosize);
$('input').addEventListener('keydown', (event) => {
  // Enter sends; Shift+Enter is a new line; Enter that confirms an IME conversion is the IME's.
  if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
    event.preventDefault();
    void send($<HTMLTextAreaElement>('input').value);
  }
});
$('new').addEventListener('click', () => {
  setMenu(false);
  navigate(null);
  $('input').focus();
});
$('menu').addEventListener('click', () => setMenu(!document.body.classList.contains('menu-open')));
$('backdrop').addEventListener('click', () => setMenu(false));
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && document.body.classList.contains('menu-open')) {
    setMenu(false);
    $('menu').focus();
  }
});
$('lang').addEventListener('click', () => {
  state.locale = state.locale === 'ja' ? 'en' : 'ja';
  localStorage.setItem('formrequest-host-locale', state.locale);
  applyLocale();
  void openConversation(state.conversationId);
});
window.addEventListener('popstate', () => void openConversation(conversationFromPath()));

applyLocale();
api('GET', '/api/info')
  .then((info) => {
    agentName = String(info.agent);
    $('agent').textContent = `${s('agent')}: ${agentName}`;
    state.maxFileBytes = info.maxFileBytes;
  })
  .catch(() => {});
void openConversation(conversationFromPath());
