// The demo page: conversation list, streamed messages, compact tool calls, the form (from the
// tool_use event or tool_result._metadata, as seed 000 shows), errors, Japanese and English.
// Every string from the server is set as text, never as HTML.
const FORM_TOOL = 'mcp__form__request_form';
const DRAFT_PREFIX = 'formrequest-draft:';

const STRINGS = {
  ja: {
    title: 'formrequest デモ',
    newChat: '新しい会話',
    send: '送信',
    conversations: '会話一覧',
    placeholder: 'メッセージを入力（例: 新しいプロジェクトを作成して）',
    other: 'English',
    hello: 'フォームで入力を受け取るエージェントのデモです。話しかけてみてください:',
    examples: [
      '新しいプロジェクトを作成して',
      'タスクの担当者を設定して',
      '住所を入力したい',
      'すべてのフィールドタイプを見せて',
    ],
    formSent: 'フォームを送信しました',
    tool: 'ツール',
    result: '結果',
    toolError: 'ツールエラー',
    running: '応答中…',
    reconnecting: '再接続中…',
    uploading: 'ファイルをアップロード中…',
    failed: '送信できませんでした',
    agent: 'エージェント',
    rendererMissing: 'フォームを表示できません',
    tooLarge: (name, limit) =>
      `ファイル「${name}」は上限 ${limit} を超えています。小さいファイルを選んでください。`,
    untitled: '(無題)',
    more: 'さらに表示',
    delete: '削除',
    confirmDelete: (title) => `会話「${title}」を、ファイルも含めて削除しますか？`,
    denied: {
      bad_token: 'このページは古くなっています。再読み込みしてから、もう一度送信してください。',
      forbidden_origin:
        'このページからの操作は受け付けられませんでした。ホストが表示したURLで開いてください。',
      forbidden_host: 'このページからの操作は受け付けられませんでした。ホストが表示したURLで開いてください。',
      auth_required: 'アクセス用のトークンが必要です。ホストが表示したURL（?token=…）で開いてください。',
      body_too_large: (d) => `送信内容が大きすぎます（上限 ${byteSize(d.limit)}）。`,
      conversation_quota_exceeded: (d) =>
        `この会話のファイル保存容量（${byteSize(d.limit)}）を超えます。不要な会話を削除してください。`,
      storage_quota_exceeded: (d) =>
        `ホストのファイル保存容量（${byteSize(d.limit)}）を超えます。不要な会話を削除してください。`,
    },
  },
  en: {
    title: 'formrequest demo',
    newChat: 'New conversation',
    send: 'Send',
    conversations: 'Conversations',
    placeholder: 'Type a message (e.g. Create a new project)',
    other: '日本語',
    hello: 'A demo of an agent that asks for input with forms. Try one of these:',
    examples: ['Create a new project', 'Assign a task', 'Enter an address', 'Show all field types'],
    formSent: 'Form submitted',
    tool: 'Tool',
    result: 'Result',
    toolError: 'Tool error',
    running: 'Answering…',
    reconnecting: 'Reconnecting…',
    uploading: 'Uploading files…',
    failed: 'Could not send',
    agent: 'Agent',
    rendererMissing: 'The form cannot be shown',
    tooLarge: (name, limit) => `The file "${name}" is over the ${limit} limit. Choose a smaller file.`,
    untitled: '(untitled)',
    more: 'Show more',
    delete: 'Delete',
    confirmDelete: (title) => `Delete the conversation "${title}" and its files?`,
    denied: {
      bad_token: 'This page is out of date. Reload it, then send again.',
      forbidden_origin: 'The host refused a call from this page. Open the URL the host printed.',
      forbidden_host: 'The host refused a call from this page. Open the URL the host printed.',
      auth_required: 'The host needs its access token. Open the URL it printed (?token=…).',
      body_too_large: (d) => `What you sent is too large (limit ${byteSize(d.limit)}).`,
      conversation_quota_exceeded: (d) =>
        `This would go over the file space of this conversation (${byteSize(d.limit)}). Delete conversations you no longer need.`,
      storage_quota_exceeded: (d) =>
        `This would go over the host's file space (${byteSize(d.limit)}). Delete conversations you no longer need.`,
    },
  },
};

const $ = (id) => document.getElementById(id);
// The host's token for state-changing calls (POST, PUT, DELETE): it is in this page only, so another
// site can neither read it nor send it.
const TOKEN = document.querySelector('meta[name="formrequest-token"]')?.content ?? '';
const writeHeaders = (headers = {}) => ({ ...headers, 'X-FormRequest-Token': TOKEN });

/** An Error from a failed response: the server's message, in the page's language where the code is known. */
function responseError(status, data) {
  const known = STRINGS[state.locale].denied[data.code];
  const text = typeof known === 'function' ? known(data) : known;
  const error = new Error(text || data.error || `HTTP ${status}`);
  error.status = status;
  error.data = data;
  return error;
}
const state = {
  locale: initialLocale(),
  conversationId: null,
  source: null,
  lastEventId: 0,
  bubble: null,
  running: false,
  form: null, // {id, schema, controller, ready, whenReady, resolveReady}
  renderer: null,
  maxFileBytes: 10 * 1024 * 1024,
};

function initialLocale() {
  const fromUrl = new URLSearchParams(location.search).get('lang');
  if (fromUrl === 'en' || fromUrl === 'ja') return fromUrl;
  const saved = localStorage.getItem('formrequest-host-locale');
  return saved === 'en' ? 'en' : 'ja';
}
const s = (key) => STRINGS[state.locale][key];

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function applyLocale() {
  document.documentElement.lang = state.locale;
  for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = s(node.dataset.i18n);
  for (const node of document.querySelectorAll('[data-i18n-placeholder]'))
    node.placeholder = s(node.dataset.i18nPlaceholder);
  for (const node of document.querySelectorAll('[data-i18n-label]'))
    node.setAttribute('aria-label', s(node.dataset.i18nLabel));
  $('lang').textContent = s('other');
  document.title = s('title');
}

function setStatus(text) {
  $('status').textContent = text || '';
}

function setRunning(running) {
  state.running = running;
  $('send').disabled = running;
  setStatus(running ? s('running') : '');
}

async function api(method, path, body) {
  const headers = body === undefined ? {} : { 'Content-Type': 'application/json' };
  const response = await fetch(path, {
    method,
    headers: method === 'GET' ? headers : writeHeaders(headers),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw responseError(response.status, data);
  return data;
}

// ---- conversation list ----
async function refreshList() {
  const ul = $('conversations');
  ul.replaceChildren();
  await loadListPage(ul, undefined);
}

/** One page of the list (newest first); a "show more" button fetches the next. */
async function loadListPage(ul, cursor) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const page = await api('GET', `/api/conversations${query}`).catch(() => ({
    conversations: [],
    next: null,
  }));
  for (const item of page.conversations) {
    const li = el('li');
    const button = el('button');
    button.type = 'button';
    if (item.pendingForm) button.append(el('span', 'dot', '●'));
    button.append(document.createTextNode(item.title || s('untitled')));
    button.title = item.title;
    button.setAttribute('aria-current', String(item.id === state.conversationId));
    button.addEventListener('click', () => {
      document.body.classList.remove('menu-open');
      navigate(item.id);
    });
    const remove = el('button', 'delete', '×');
    remove.type = 'button';
    remove.setAttribute('aria-label', `${s('delete')}: ${item.title || s('untitled')}`);
    remove.addEventListener('click', () => deleteConversation(item));
    li.append(button, remove);
    ul.append(li);
  }
  if (page.next) {
    const li = el('li');
    const more = el('button', 'more', s('more'));
    more.type = 'button';
    more.addEventListener('click', () => {
      li.remove();
      loadListPage(ul, page.next);
    });
    li.append(more);
    ul.append(li);
  }
}

async function deleteConversation(item) {
  if (!confirm(s('confirmDelete')(item.title || s('untitled')))) return;
  try {
    await api('DELETE', `/api/conversations/${encodeURIComponent(item.id)}`);
  } catch (error) {
    append(el('div', 'msg error', `${s('failed')}: ${error.message}`));
    return;
  }
  if (item.id === state.conversationId) navigate(null);
  else refreshList();
}

function navigate(id) {
  history.pushState(null, '', id ? `/c/${encodeURIComponent(id)}` : '/');
  openConversation(id);
}

// ---- messages ----
function showEmpty() {
  const box = el('div', 'empty');
  box.append(el('p', '', s('hello')));
  for (const example of s('examples')) {
    const button = el('button', '', example);
    button.type = 'button';
    button.addEventListener('click', () => send(example));
    box.append(button);
  }
  $('messages').replaceChildren(box);
}

function append(node) {
  const box = $('messages');
  box.querySelector('.empty')?.remove();
  box.append(node);
  box.scrollTop = box.scrollHeight;
}

function toolDetails(summaryText, body, failed) {
  const details = el('details', failed ? 'tool failed' : 'tool');
  details.append(el('summary', '', summaryText), el('pre', '', body));
  return details;
}

function contentText(content) {
  if (!Array.isArray(content))
    return typeof content === 'string' ? content : JSON.stringify(content, null, 2);
  return content.map((c) => (typeof c.text === 'string' ? c.text : JSON.stringify(c))).join('\n');
}

/** Renders one event; `live` events may also open the form (history shows only the transcript). */
function handleEvent(name, data, id, live) {
  if (id <= state.lastEventId) return;
  state.lastEventId = id;
  switch (name) {
    case 'user_message': {
      state.bubble = null;
      const bubble = el('div', 'msg user');
      if (data.form_outcome === 'submitted') {
        bubble.append(el('strong', '', s('formSent')), el('pre', '', data.text));
      } else {
        bubble.textContent = data.text;
      }
      append(bubble);
      // An answer closes its form; free text replaces (supersedes) whatever form was pending.
      if (state.form && (!data.form_id || state.form.id === data.form_id)) closeForm();
      if (live) setRunning(true);
      break;
    }
    case 'text':
      if (!state.bubble) {
        state.bubble = el('div', 'msg assistant');
        append(state.bubble);
      }
      state.bubble.textContent += data.text;
      $('messages').scrollTop = $('messages').scrollHeight;
      break;
    case 'tool_use':
      state.bubble = null;
      append(toolDetails(`${s('tool')}: ${data.name}`, JSON.stringify(data.input, null, 2)));
      if (live && data.name === FORM_TOOL && data.input?.form_schema)
        showForm(data.id, data.input.form_schema, false);
      break;
    case 'tool_result':
      state.bubble = null;
      append(
        toolDetails(
          data.is_error ? s('toolError') : `${s('result')}`,
          contentText(data.content),
          data.is_error,
        ),
      );
      if (data.is_error && state.form?.id === data.tool_use_id) closeForm();
      else if (live && data._metadata?.type === 'form_request')
        showForm(data.tool_use_id, data._metadata.schema, false);
      break;
    case 'result':
      state.bubble = null;
      if (live) {
        setRunning(false);
        if (data.pending_form) showForm(data.pending_form.id, data.pending_form.schema, true);
        refreshList();
      }
      break;
    case 'error':
      state.bubble = null;
      append(el('div', 'msg error', data.message));
      break;
  }
}

function subscribe(id, after) {
  state.source?.close();
  const source = new EventSource(`/api/conversations/${encodeURIComponent(id)}/events?after=${after}`);
  state.source = source;
  for (const name of ['user_message', 'text', 'tool_use', 'tool_result', 'result', 'error']) {
    source.addEventListener(name, (event) => {
      if (state.source !== source) return;
      setStatus(state.running ? s('running') : '');
      handleEvent(name, JSON.parse(event.data), Number(event.lastEventId), true);
    });
  }
  source.onerror = () => {
    if (state.source === source) setStatus(s('reconnecting'));
  };
  source.onopen = () => {
    if (state.source === source) setStatus(state.running ? s('running') : '');
  };
}

async function openConversation(id) {
  state.source?.close();
  state.source = null;
  closeForm();
  state.conversationId = id;
  state.lastEventId = 0;
  state.bubble = null;
  setRunning(false);
  if (!id) {
    showEmpty();
    refreshList();
    return;
  }
  $('messages').replaceChildren();
  let data;
  try {
    data = await api('GET', `/api/conversations/${encodeURIComponent(id)}`);
  } catch (error) {
    append(el('div', 'msg error', error.message));
    return;
  }
  if (state.conversationId !== id) return;
  for (const event of data.events) handleEvent(event.event, event.data, event.id, false);
  setRunning(data.running);
  if (data.pendingForm) showForm(data.pendingForm.id, data.pendingForm.schema, true, data.pendingForm.draft);
  subscribe(id, data.lastEventId);
  refreshList();
}

// ---- sending ----
async function send(text) {
  const message = text.trim();
  if (!message || state.running) return;
  setRunning(true);
  try {
    const body = { message, locale: state.locale };
    if (state.conversationId) body.conversationId = state.conversationId;
    const { conversationId } = await api('POST', '/api/execute', body);
    $('input').value = '';
    if (conversationId !== state.conversationId) {
      history.pushState(null, '', `/c/${encodeURIComponent(conversationId)}`);
      await openConversation(conversationId);
    }
  } catch (error) {
    setRunning(false);
    append(el('div', 'msg error', `${s('failed')}: ${error.message}`));
  }
}

// ---- the form ----
async function loadRenderer() {
  state.renderer ??= import('/formrequest.js');
  return state.renderer;
}

function draftKey(formId) {
  return `${state.conversationId}:${formId}`;
}

/** Shows the form once per id; `ready` once the turn has ended (the host then accepts answers). */
async function showForm(id, schema, ready, serverDraft) {
  if (state.form?.id === id) {
    if (ready) state.form.resolveReady();
    return;
  }
  closeForm();
  let resolveReady;
  const whenReady = new Promise((resolve) => {
    resolveReady = resolve;
  });
  const form = { id, schema, controller: null, resolveReady, whenReady, saveTimer: null };
  state.form = form;
  if (ready) resolveReady();
  const key = draftKey(id);
  if (serverDraft && localStorage.getItem(DRAFT_PREFIX + key) === null) {
    localStorage.setItem(DRAFT_PREFIX + key, JSON.stringify(serverDraft));
  }
  await mountForm(form);
}

async function mountForm(form, problem) {
  const slot = $('form-slot');
  slot.hidden = false;
  slot.replaceChildren();
  if (problem) slot.append(el('div', 'form-error', problem));
  const container = el('div');
  slot.append(container);
  let renderer;
  try {
    renderer = await loadRenderer();
  } catch (error) {
    state.renderer = null;
    slot.append(el('div', 'form-error', `${s('rendererMissing')}: ${error.message}`));
    return;
  }
  if (state.form !== form) return;
  form.controller = renderer.renderForm(container, form.schema, {
    locale: state.locale,
    fetch: sameOriginFetch,
    draftKey: draftKey(form.id),
    onSubmit: (values) => submitForm(form, values),
    onCancel: () => cancelForm(form),
  });
  const save = () => {
    clearTimeout(form.saveTimer);
    form.saveTimer = setTimeout(() => saveDraft(form), 700);
  };
  container.addEventListener('input', save);
  container.addEventListener('change', save);
  container.addEventListener('click', save);
  slot.scrollIntoView({ block: 'nearest' });
}

/**
 * A model is told this host's demo endpoints as absolute URLs (http://127.0.0.1:PORT/api/demo/...);
 * the page may be open as localhost or another name for the same server, so those go same-origin.
 */
function sameOriginFetch(input, init) {
  const url = new URL(typeof input === 'string' ? input : input.url, location.href);
  if (url.origin !== location.origin && url.pathname.startsWith('/api/demo/') && url.port === location.port) {
    return fetch(location.origin + url.pathname + url.search, init);
  }
  return fetch(input, init);
}

function saveDraft(form) {
  if (state.form !== form) return;
  const raw = localStorage.getItem(DRAFT_PREFIX + draftKey(form.id));
  if (!raw) return;
  fetch(
    `/api/conversations/${encodeURIComponent(state.conversationId)}/forms/${encodeURIComponent(form.id)}/draft`,
    {
      method: 'PUT',
      headers: writeHeaders({ 'Content-Type': 'application/json' }),
      body: raw,
    },
  ).catch(() => {});
}

function closeForm() {
  const form = state.form;
  if (!form) return;
  clearTimeout(form.saveTimer);
  state.form = null;
  form.controller?.destroy();
  $('form-slot').hidden = true;
  $('form-slot').replaceChildren();
}

function dataUrlToBlob(dataUrl) {
  const [head, body] = dataUrl.split(',', 2);
  const type = /^data:([^;,]*)/.exec(head)?.[1] || 'application/octet-stream';
  const bytes = head.includes(';base64')
    ? Uint8Array.from(atob(body), (c) => c.charCodeAt(0))
    : new TextEncoder().encode(decodeURIComponent(body));
  return new Blob([bytes], { type });
}

function byteSize(bytes) {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} B`;
}

/** Files go to the host; the answer carries {name, type, size, url} instead of a data URL. */
async function uploadFiles(formId, schema, values) {
  const out = { ...values };
  for (const field of schema.fields) {
    if (field.type !== 'file' || out[field.name] === undefined) continue;
    const list = Array.isArray(out[field.name]) ? out[field.name] : [out[field.name]];
    const refs = [];
    for (const file of list) {
      if (!file?.data) {
        refs.push(file);
        continue;
      }
      const blob = dataUrlToBlob(file.data);
      // Checked here: the host refuses a bigger body with 413 and drops the connection mid-upload,
      // which a browser may report only as a network error.
      if (blob.size > state.maxFileBytes)
        throw new Error(s('tooLarge')(file.name, byteSize(state.maxFileBytes)));
      setStatus(s('uploading'));
      const query = new URLSearchParams({ conversationId: state.conversationId, formId, field: field.name });
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
    out[field.name] = Array.isArray(out[field.name]) ? refs : refs[0];
  }
  return out;
}

async function submitForm(form, values) {
  await form.whenReady;
  try {
    const answers = await uploadFiles(form.id, form.schema, values);
    await api('POST', '/api/execute', {
      conversationId: state.conversationId,
      formId: form.id,
      answers,
      locale: state.locale,
    });
  } catch (error) {
    if (state.form !== form) return;
    if (error.status === 409) {
      closeForm();
      append(el('div', 'msg error', error.message));
      return;
    }
    const details = error.data?.errors
      ? Object.entries(error.data.errors)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n')
      : '';
    // Keep what the person typed: put it back as the draft and show the form again with the reason.
    const kept = {};
    for (const [k, v] of Object.entries(values))
      if (!(v && typeof v === 'object' && 'data' in v)) kept[k] = v;
    localStorage.setItem(DRAFT_PREFIX + draftKey(form.id), JSON.stringify({ v: kept, t: {} }));
    form.controller?.destroy();
    await mountForm(form, `${s('failed')}: ${error.message}${details ? `\n${details}` : ''}`);
  }
}

async function cancelForm(form) {
  await form.whenReady;
  try {
    await api('POST', '/api/execute', {
      conversationId: state.conversationId,
      formId: form.id,
      cancel: true,
      locale: state.locale,
    });
  } catch (error) {
    if (state.form === form) closeForm();
    append(el('div', 'msg error', `${s('failed')}: ${error.message}`));
  }
}

// ---- start ----
function conversationFromPath() {
  const match = /^\/c\/([^/]+)$/.exec(location.pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

$('composer').addEventListener('submit', (event) => {
  event.preventDefault();
  send($('input').value);
});
$('input').addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    send($('input').value);
  }
});
$('new').addEventListener('click', () => {
  document.body.classList.remove('menu-open');
  navigate(null);
});
$('menu').addEventListener('click', () => document.body.classList.toggle('menu-open'));
$('lang').addEventListener('click', () => {
  state.locale = state.locale === 'ja' ? 'en' : 'ja';
  localStorage.setItem('formrequest-host-locale', state.locale);
  applyLocale();
  openConversation(state.conversationId);
});
window.addEventListener('popstate', () => openConversation(conversationFromPath()));

applyLocale();
api('GET', '/api/info')
  .then((info) => {
    $('agent').textContent = `${s('agent')}: ${info.agent}`;
    state.maxFileBytes = info.maxFileBytes;
  })
  .catch(() => {});
openConversation(conversationFromPath());
