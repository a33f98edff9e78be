// autocomplete and multi-autocomplete: a query typed into an editor is searched after `minChars`
// characters and `debounceMs` of quiet; the results are a list (↑/↓, PageUp / PageDown, "more below").
// A multiple search adds or removes results with Enter and confirms with Enter on an empty query;
// Backspace on an empty query removes the last choice. Ctrl+R searches again after a failure.
import { buildSearchUrl, fieldProp, isEmptyValue } from '@formrequest/schema';
import { createEditor, type EditorState } from '../editor.js';
import { drawEditor } from '../editor-view.js';
import { createList, drawList, type ListState, listUpdate } from '../list.js';
import { say, words } from '../messages.js';
import { typeInto } from './editing.js';
import { drawRemoteState, idle, isRetry, RESULTS_SHOWN, type RemoteState, startLoad } from './remote.js';
import { type FieldContext, widget } from './types.js';

interface SearchState {
  editor: EditorState;
  list: ListState;
  remote: RemoteState;
  /** Chosen values and their texts (multi-autocomplete). */
  picked: unknown[];
  labels: string[];
}

type Ctx = FieldContext<'autocomplete' | 'multi-autocomplete'>;

const isMulti = (ctx: Ctx) => ctx.field.type === 'multi-autocomplete';
const minChars = (ctx: Ctx) => fieldProp(ctx.field, 'minChars');

function search(ctx: Ctx, w: SearchState, opts: { now?: boolean } = {}): void {
  ctx.cancelPending();
  w.list = createList();
  const query = w.editor.text;
  if (Array.from(query).length < minChars(ctx)) {
    w.remote = idle();
    return;
  }
  const url = ctx.resolveUrl((base) => buildSearchUrl(ctx.field, query, base), ctx.field.searchUrl);
  w.remote = { url: null, loading: true, error: null, items: w.remote.items };
  const run = () => startLoad(ctx, ctx.field, w, url, { fresh: opts.now, cap: RESULTS_SHOWN });
  if (opts.now) run();
  else ctx.schedule(run, fieldProp(ctx.field, 'debounceMs'));
}

export const autocomplete = widget<'autocomplete' | 'multi-autocomplete', SearchState>({
  create(ctx) {
    const v = ctx.value();
    const label = ctx.label();
    return {
      editor: createEditor(''),
      list: createList(),
      remote: idle(),
      picked: isMulti(ctx) && Array.isArray(v) ? [...v] : [],
      labels: isMulti(ctx) && Array.isArray(label) ? [...label] : [],
    };
  },

  update(ctx, w, e) {
    if (isRetry(ctx, w.remote, e)) {
      ctx.setNotice(words(ctx.locale).retried);
      return search(ctx, w, { now: true });
    }
    const results = w.remote.loading ? [] : w.remote.items;
    // ↑/↓ and the page keys move through the results; Home / End and the rest edit the query.
    if (e.type === 'key' && ['up', 'down', 'pageup', 'pagedown'].includes(e.name)) {
      listUpdate(
        w.list,
        results.map((r) => ({ label: r.label })),
        e,
        { page: ctx.page, filterable: false },
      );
      return;
    }
    if (e.type === 'key' && e.name === 'enter') {
      const item = w.list.cursor < results.length ? results[w.list.cursor] : undefined;
      if (!isMulti(ctx)) {
        if (item) return ctx.commit(item.value, item.label);
        // Enter on an empty query keeps what was chosen before.
        if (w.editor.text === '') return ctx.commit(ctx.value(), ctx.label());
        return;
      }
      if (item && w.editor.text !== '') {
        const at = w.picked.indexOf(item.value);
        if (at >= 0) {
          w.picked.splice(at, 1);
          w.labels.splice(at, 1);
        } else {
          w.picked.push(item.value);
          w.labels.push(item.label);
        }
        ctx.setError(null);
        return;
      }
      return ctx.commit([...w.picked], [...w.labels]);
    }
    if (
      isMulti(ctx) &&
      e.type === 'key' &&
      e.name === 'backspace' &&
      w.editor.text === '' &&
      w.picked.length
    ) {
      w.picked.pop();
      w.labels.pop();
      return;
    }
    const r = typeInto(ctx, w.editor, e, { multiline: false, max: 1000 });
    if (r.kind !== 'edit') return;
    const changed = r.editor.text !== w.editor.text;
    w.editor = r.editor;
    if (changed) search(ctx, w);
  },

  draw(ctx, w, fb) {
    if (isMulti(ctx)) {
      if (w.labels.length) fb.item([], w.labels.map((l) => `[${l}]`).join(' '), 'ok');
    } else if (!isEmptyValue(ctx.value())) {
      fb.item([{ text: '= ', style: 'dim' }], String(ctx.label() ?? ctx.value()), 'ok');
    }
    drawEditor(fb, w.editor, [{ text: '> ', style: 'accent' }], ctx.field.placeholder ?? '');
    const cursor = fb.cursor;
    const focus = fb.focusRow;
    if (Array.from(w.editor.text).length < minChars(ctx) && w.remote.url === null && !w.remote.error) {
      fb.text(say(words(ctx.locale).typeToSearch, { n: minChars(ctx) }), 'dim');
    } else if (!drawRemoteState(ctx, w.remote, fb, 'search')) {
      const results = w.remote.items;
      drawList(
        fb,
        w.list,
        results.map((r) => ({ label: r.label })),
        {
          rows: ctx.listRows,
          locale: ctx.locale,
          item(row, i, here) {
            const picked = isMulti(ctx) && w.picked.includes(results[i]!.value) ? '[x] ' : '';
            row.item(
              [{ text: here ? '  > ' : '    ', style: 'selected' }, { text: picked }],
              results[i]!.label,
              here ? 'selected' : 'plain',
            );
          },
        },
      );
    }
    if (w.remote.more && !w.remote.loading)
      fb.text(say(words(ctx.locale).moreResults, { n: w.remote.more.toLocaleString('en') }), 'dim');
    // The real cursor stays in the query, whatever the list shows.
    fb.cursor = cursor;
    fb.focusRow = focus;
  },

  keys(ctx, w) {
    const k = words(ctx.locale);
    return [
      k.keySearch,
      k.keyResults,
      isMulti(ctx) ? k.keyAddRemove : k.keyChoose,
      isMulti(ctx) && k.keyEmptyNext,
      w.remote.error && k.keyRetry,
    ].filter((x): x is string => typeof x === 'string');
  },

  escape(ctx, w) {
    if (w.editor.text === '') return false;
    w.editor = createEditor('');
    ctx.cancelPending();
    w.remote = idle();
    w.list = createList();
    return true;
  },

  dirty(ctx, w) {
    if (!isMulti(ctx)) return false;
    const v = ctx.value();
    const before = Array.isArray(v) ? v : [];
    return before.length !== w.picked.length || w.picked.some((x, i) => before[i] !== x);
  },
});
