// autocomplete and multi-autocomplete: remote search with minChars + debounce, the WAI-ARIA combobox
// pattern (input role=combobox, listbox popup, aria-activedescendant), and chips for multi values.
// Every new query aborts the one in flight and a sequence number drops any answer that is not the latest,
// so an older response never overwrites a newer one. Text typed but never picked is not a value: once
// the person leaves the box (and on submit) it is named in the field's message and blocks submit until
// it is picked or cleared, so nothing typed is silently dropped. At most MAX_REMOTE_RESULTS results are
// shown (a search API that answers 100,000 would otherwise be 100,000 options on every keystroke), with
// a line asking to refine the search.
import {
  buildSearchUrl,
  capResults,
  fieldProp,
  itemValue,
  MAX_REMOTE_RESULTS,
  optionLabel,
  optionText,
} from '@formrequest/schema/core';
import { format, laterWords } from '@formrequest/schema/messages';
import { h, on, setAttrs } from '../dom.js';
import { refusal } from '../load.js';
import type { FieldBuilder, Item } from '../types.js';
import { base, labelled } from './shell.js';

const SVG = 'http://www.w3.org/2000/svg';

/** A magnifier drawn as inline SVG in the muted text colour (no image request, so no CSP img-src). */
function magnifier(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [k, v] of Object.entries({
    viewBox: '0 0 16 16',
    width: '16',
    height: '16',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'aria-hidden': 'true',
  }))
    svg.setAttribute(k, v);
  const circle = document.createElementNS(SVG, 'circle');
  for (const [k, v] of Object.entries({ cx: '7', cy: '7', r: '5' })) circle.setAttribute(k, v);
  const handle = document.createElementNS(SVG, 'path');
  handle.setAttribute('d', 'm11 11 4 4');
  svg.append(circle, handle);
  Object.assign(svg.style, {
    position: 'absolute',
    left: '13px',
    top: '22px',
    transform: 'translateY(-50%)',
    pointerEvents: 'none',
    color: 'var(--_muted)',
  });
  return svg;
}

export const autocomplete: FieldBuilder<'autocomplete' | 'multi-autocomplete'> = (f, ctx) => {
  const multi = f.type === 'multi-autocomplete';
  const listId = `${ctx.id}-l`;
  const input = h('input', {
    ...base(f, ctx.id),
    type: 'text',
    role: 'combobox',
    autocomplete: 'off',
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    'aria-controls': listId,
  });
  // It looks like a search box: a magnifier at its start (styles through the CSSOM, which a page's CSP
  // does not restrict) and, unless the form gives one, a placeholder saying to type.
  input.placeholder ||= laterWords(ctx.locale).searchPlaceholder;
  input.style.paddingInlineStart = '38px';
  const list = h('ul', {
    id: listId,
    role: 'listbox',
    class: 'fr-list',
    hidden: true,
    'aria-labelledby': `${ctx.id}-c`,
  });
  const status = h('div', { role: 'status', class: 'fr-hint' });
  const retry = h('button', { type: 'button', class: 'fr-chip', hidden: true }, laterWords(ctx.locale).retry);
  const chips = multi ? h('ul', { class: 'fr-chips' }) : null;

  const values: unknown[] = multi && Array.isArray(ctx.get()) ? [...(ctx.get() as unknown[])] : [];
  const texts: string[] = multi && Array.isArray(ctx.text()) ? (ctx.text() as unknown[]).map(String) : [];
  if (!multi && ctx.get() != null) input.value = String(ctx.text() ?? ctx.get());
  let items: Item[] = [];
  let active = -1;
  let seq = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inflight: AbortController | undefined;
  let focused = false;

  /** The status line; a failure reads as an error (the field's message style), not a hint. */
  const say = (msg: string, error = false) => {
    status.textContent = msg;
    status.className = error ? 'fr-hint fr-req' : 'fr-hint'; // fr-req: the error colour
  };
  const open = (yes: boolean) => {
    list.hidden = !yes;
    setAttrs(input, {
      'aria-expanded': String(yes),
      'aria-activedescendant': yes && active >= 0 ? `${listId}-${active}` : null,
    });
  };
  const highlight = (i: number) => {
    active = i;
    for (const [j, li] of [...list.children].entries()) li.setAttribute('aria-selected', String(j === i));
    open(true);
    list.children[i]?.scrollIntoView?.({ block: 'nearest' });
  };
  const drawChips = () => {
    chips!.replaceChildren(
      ...texts.map((t, i) => {
        const x = h(
          'button',
          { type: 'button', class: 'fr-x', 'aria-label': ctx.say('remove', { item: t }) },
          '×',
        );
        on(x, 'click', () => {
          values.splice(i, 1);
          texts.splice(i, 1);
          commit();
          input.focus();
        });
        return h('li', { class: 'fr-chip' }, h('span', null, t), x);
      }),
    );
  };
  const commit = () => {
    drawChips();
    ctx.set(values.slice(), texts.slice());
  };
  const pick = (item: Item) => {
    const v = itemValue(f, item);
    const t = optionLabel(f, item);
    open(false);
    if (!multi) {
      input.value = t;
      ctx.set(v, t);
      say('');
      return;
    }
    input.value = '';
    if (values.some((x) => x === v)) return;
    // Refused with the maxSelect message, which goes once a chip is removed (any change clears it).
    const over = f.maxSelect != null && values.length >= f.maxSelect;
    if (over) return ctx.fail(ctx.problem([...values, v]) ?? '');
    values.push(v);
    texts.push(t);
    say('');
    commit();
  };
  const show = (all: Item[]) => {
    const { items: found, more } = capResults(all);
    items = found;
    active = -1;
    list.replaceChildren(
      ...found.map((item, i) => {
        const li = h(
          'li',
          { id: `${listId}-${i}`, role: 'option', class: 'fr-opt', 'aria-selected': 'false' },
          optionText(f, item),
        );
        on(li, 'mousedown', (e) => e.preventDefault());
        on(li, 'click', () => pick(item));
        return li;
      }),
    );
    say(
      more
        ? format(laterWords(ctx.locale).moreResults, { n: MAX_REMOTE_RESULTS })
        : found.length
          ? ''
          : laterWords(ctx.locale).noResults,
    );
    // A late answer for a field the person has left opens nothing there (it would cover that field's
    // message): its items wait for the next focus.
    open(found.length > 0 && focused);
  };
  const search = (q: string) => {
    const mine = ++seq;
    inflight?.abort();
    inflight = new AbortController();
    retry.hidden = true;
    say(laterWords(ctx.locale).loading);
    const signal = inflight.signal;
    // A URL the schema's reader refuses (`/\\host`) throws here and shows as a search error.
    Promise.resolve()
      .then(() => ctx.load(buildSearchUrl(f, q, ctx.base), signal))
      .then(
        (found) => mine === seq && show(found),
        (error) => {
          if (mine !== seq) return;
          show([]);
          const refused = refusal(error);
          say(refused ?? laterWords(ctx.locale).searchError, true);
          retry.hidden = refused !== undefined;
        },
      );
  };
  on(retry, 'click', () => {
    search(input.value);
    input.focus();
  });

  /** Drops the pending and the running search and closes the list. */
  const stop = () => {
    clearTimeout(timer);
    seq++;
    inflight?.abort();
    items = [];
    open(false);
    say('');
    retry.hidden = true;
  };

  on(input, 'input', () => {
    const q = input.value;
    if (!multi && ctx.get() != null) ctx.set(undefined, undefined);
    ctx.refresh(); // an "is not selected" message goes while the person types again
    if (q.length < fieldProp(f, 'minChars')) return stop();
    clearTimeout(timer);
    timer = setTimeout(() => search(q), fieldProp(f, 'debounceMs'));
  });
  on<KeyboardEvent>(input, 'keydown', (e) => {
    // Keys that confirm or move inside an IME's candidate window belong to the IME (Safari reports the
    // confirming Enter with keyCode 229 and isComposing false).
    if (e.isComposing || e.keyCode === 229) return;
    const n = items.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!n) return;
      e.preventDefault();
      const down = e.key === 'ArrowDown';
      highlight(list.hidden ? (down ? 0 : n - 1) : (active + (down ? 1 : n - 1)) % n);
    } else if (e.key === 'Enter') {
      // Enter picks the active option; it never submits the whole form from a search box.
      e.preventDefault();
      if (!list.hidden && active >= 0) pick(items[active]!);
    } else if (e.key === 'Escape') {
      if (!list.hidden) {
        e.preventDefault();
        open(false);
      } else if (input.value) {
        e.preventDefault();
        input.value = '';
        stop(); // a search still waiting for its debounce would reopen the list for an empty box
        if (!multi) ctx.set(undefined, undefined);
        ctx.refresh();
      }
    } else if (e.key === 'Backspace' && multi && !input.value && values.length) {
      values.pop();
      texts.pop();
      commit();
    }
  });
  on(input, 'focus', () => {
    focused = true;
  });
  on(input, 'blur', () => {
    focused = false;
    open(false);
  });
  if (multi) drawChips();
  const el = labelled(
    f,
    ctx.id,
    h('div', { class: 'fr-combo' }, input, magnifier(), list),
    chips,
    status,
    retry,
  );
  return {
    el,
    controls: [input],
    check(final) {
      const text = input.value.trim();
      const picked = !multi && ctx.get() != null && input.value === String(ctx.text() ?? ctx.get());
      return text && !picked && (final || !focused)
        ? format(laterWords(ctx.locale).unpicked, { text })
        : null;
    },
  };
};
