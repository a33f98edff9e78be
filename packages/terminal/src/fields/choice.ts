// select, radio, multiselect, async-select and cascading-select: one list (list.ts: ↑/↓, PageUp /
// PageDown, Home / End, type-to-filter on the label and the value, "more above / below"), fixed
// options or options loaded from a URL (retried with Ctrl+R). Optional single choices get a "none"
// row; a multiple choice toggles with Space and checks minSelect / maxSelect when confirmed.
import { buildDependentUrl, buildLoadUrl, fieldLabel, isEmptyValue } from '@formrequest/schema';
import type { Span } from '../frame.js';
import {
  clearFilter,
  createList,
  cursorVisible,
  drawList,
  type ListItem,
  type ListState,
  listUpdate,
} from '../list.js';
import { loadWords, say, words } from '../messages.js';
import { truncateToWidth } from '../width.js';
import { type Choice, drawRemoteState, idle, isRetry, type RemoteState, startLoad } from './remote.js';
import { type FieldContext, widget } from './types.js';

interface ChoiceState {
  list: ListState;
  /** Values toggled in a multiple choice. */
  picked: unknown[];
  /** Options loaded from a URL (async-select, cascading-select); null for fixed options. */
  remote: RemoteState | null;
}

type Ctx = FieldContext<'select' | 'radio' | 'multiselect' | 'async-select' | 'cascading-select'>;

const isMulti = (ctx: Ctx) => ctx.field.type === 'multiselect';
/** An optional single choice can be left empty with its "none" row. */
const hasNone = (ctx: Ctx) => !isMulti(ctx) && ctx.field.required !== true;

function choices(ctx: Ctx, w: ChoiceState): Choice[] {
  const f = ctx.field;
  if ('options' in f) return f.options.map((o) => ({ label: o.label, value: o.value }));
  return w.remote?.items ?? [];
}

function items(ctx: Ctx, w: ChoiceState): ListItem[] {
  const list: ListItem[] = choices(ctx, w).map((c) => ({
    label: c.label,
    keywords: typeof c.value === 'string' || typeof c.value === 'number' ? String(c.value) : undefined,
  }));
  if (hasNone(ctx)) list.push({ label: words(ctx.locale).none, always: true });
  return list;
}

/** Puts the cursor on the committed value (once the options are there). */
function syncCursor(ctx: Ctx, w: ChoiceState): void {
  const at = choices(ctx, w).findIndex((c) => c.value === ctx.value());
  if (at >= 0) w.list.cursor = at;
}

function load(ctx: Ctx, w: ChoiceState, fresh = false): void {
  const f = ctx.field;
  const holder = w as { remote: RemoteState };
  const loaded = () => syncCursor(ctx, w);
  if (f.type === 'async-select') {
    const url = ctx.resolveUrl((base) => buildLoadUrl(f, base), f.loadUrl);
    startLoad(ctx, f, holder, url, { fresh, loaded });
  } else if (f.type === 'cascading-select') {
    const parent = ctx.value(f.dependsOn);
    if (isEmptyValue(parent)) w.remote = idle();
    else {
      const url = ctx.resolveUrl((base) => buildDependentUrl(f, parent, base), f.searchUrl);
      startLoad(ctx, f, holder, url, { fresh, loaded });
    }
  }
}

export const choice = widget<
  'select' | 'radio' | 'multiselect' | 'async-select' | 'cascading-select',
  ChoiceState
>({
  create(ctx) {
    const v = ctx.value();
    const w: ChoiceState = {
      list: createList(),
      picked: isMulti(ctx) && Array.isArray(v) ? [...v] : [],
      remote: 'options' in ctx.field ? null : idle(),
    };
    syncCursor(ctx, w);
    return w;
  },

  enter(ctx, w) {
    // Coming back to a field whose options are loaded keeps them; anything else loads (again).
    const loaded = w.remote?.url && !w.remote.error && !w.remote.loading;
    if (w.remote && !loaded) load(ctx, w);
  },

  update(ctx, w, e) {
    if (w.remote && isRetry(ctx, w.remote, e)) {
      ctx.setNotice(words(ctx.locale).retried);
      return load(ctx, w, true);
    }
    const list = items(ctx, w);
    const multi = isMulti(ctx);
    const all = choices(ctx, w);
    if (multi && e.type === 'text' && e.text === ' ') {
      const c = all[w.list.cursor];
      if (c && cursorVisible(w.list, list)) {
        w.picked = w.picked.includes(c.value)
          ? w.picked.filter((x) => x !== c.value)
          : [...w.picked, c.value];
        ctx.setError(null);
      }
      return;
    }
    const action = listUpdate(w.list, list, e, {
      page: ctx.page,
      filterable: true,
      spaceIsKey: multi,
    });
    if (action !== 'unhandled' || e.type !== 'key' || e.name !== 'enter') return;
    if (multi) {
      const order = all.map((c) => c.value);
      return ctx.commit(order.filter((v) => w.picked.includes(v)));
    }
    if (w.remote?.loading || !cursorVisible(w.list, list)) return;
    const chosen = all[w.list.cursor];
    if (chosen) ctx.commit(chosen.value, chosen.label);
    else ctx.commit(undefined, '');
  },

  draw(ctx, w, fb) {
    const f = ctx.field;
    if (w.remote) {
      if (f.type === 'cascading-select' && w.remote.url === null && !w.remote.error) {
        const parent = ctx.fieldNamed(f.dependsOn);
        fb.text(
          say(loadWords(ctx.locale).chooseParentFirst, { parent: parent ? fieldLabel(parent) : f.dependsOn }),
          'warn',
        );
        return;
      }
      if (drawRemoteState(ctx, w.remote, fb, 'load')) return;
    }
    const list = items(ctx, w);
    const all = choices(ctx, w);
    const multi = isMulti(ctx);
    drawList(fb, w.list, list, {
      rows: ctx.listRows,
      locale: ctx.locale,
      item(row, i, here) {
        const c = all[i];
        const mark = !c
          ? ''
          : multi
            ? w.picked.includes(c.value)
              ? '[x] '
              : '[ ] '
            : ctx.value() === c.value
              ? '(*) '
              : '( ) ';
        const prefix: Span[] = [{ text: here ? '> ' : '  ', style: 'selected' }, { text: mark }];
        const label = list[i]!.label;
        const style = here ? 'selected' : c ? 'plain' : 'dim';
        // The highlighted row shows its whole label; the others keep to one row.
        if (here) row.focusRow = row.item(prefix, label, style);
        else row.line([...prefix, { text: truncateToWidth(label, row.width - 6), style }]);
      },
    });
    if (multi && w.picked.length) fb.text(say(words(ctx.locale).selected, { n: w.picked.length }), 'dim');
  },

  keys(ctx, w) {
    const k = words(ctx.locale);
    const count = items(ctx, w).length;
    const long = count > ctx.listRows;
    return [
      k.keyMove,
      long && k.keyPage,
      w.list.filtering || w.list.filter !== '' ? k.keyClearFilter : k.keyFilter,
      isMulti(ctx) && k.keySelect,
      isMulti(ctx) ? k.keyNext : k.keyChoose,
      w.remote?.error && k.keyRetry,
    ].filter((x): x is string => typeof x === 'string');
  },

  escape(_ctx, w) {
    if (!w.list.filtering && w.list.filter === '') return false;
    clearFilter(w.list);
    return true;
  },

  dirty(ctx, w) {
    if (!isMulti(ctx)) return false;
    const v = ctx.value();
    const before = Array.isArray(v) ? v : [];
    return before.length !== w.picked.length || w.picked.some((x) => !before.includes(x));
  },

  display(ctx) {
    const v = ctx.value();
    const f = ctx.field;
    if (isEmptyValue(v) || !('options' in f)) return undefined;
    const name = (x: unknown) => f.options.find((o) => o.value === x)?.label ?? String(x);
    return Array.isArray(v) ? v.map(name).join(', ') : name(v);
  },
});
