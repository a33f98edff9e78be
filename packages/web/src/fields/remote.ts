// Selects whose options come from a URL: async-select loads loadUrl once on mount (its default is
// selected once loaded); cascading-select loads searchUrl?<dependsOnParam>=<parent value>, stays disabled
// until the parent has a value, and reloads (its value already cleared by the core) when the parent changes.
// At most MAX_REMOTE_RESULTS options are shown, with a line that says so.
import {
  buildDependentUrl,
  buildLoadUrl,
  capResults,
  isEmptyValue,
  itemValue,
  MAX_REMOTE_RESULTS,
  optionText,
} from '@formrequest/schema/core';
import { format, laterWords } from '@formrequest/schema/messages';
import { h, on } from '../dom.js';
import { refusal } from '../load.js';
import type { FieldBuilder, Item } from '../types.js';
import { base, labelled } from './shell.js';

export const remoteSelect: FieldBuilder<'async-select' | 'cascading-select'> = (f, ctx) => {
  const cascade = f.type === 'cascading-select';
  const sel = h('select', base(f, ctx.id));
  const status = h('div', { role: 'status', class: 'fr-hint' });
  const retry = h('button', { type: 'button', class: 'fr-chip', hidden: true }, laterWords(ctx.locale).retry);
  let items: Item[] = [];
  let seq = 0;

  const fill = (first: string, found: Item[]) => {
    items = found;
    sel.replaceChildren(
      h('option', { value: '' }, first),
      ...found.map((item, i) => h('option', { value: String(i) }, optionText(f, item))),
    );
  };
  const load = (parent: unknown) => {
    const mine = ++seq;
    const idle = cascade && isEmptyValue(parent);
    fill(
      idle
        ? format(laterWords(ctx.locale).chooseParentFirst, { parent: ctx.labelOf(f.dependsOn) })
        : laterWords(ctx.locale).loading,
      [],
    );
    sel.disabled = true;
    status.textContent = '';
    status.className = 'fr-hint';
    retry.hidden = true;
    if (idle) return;
    // A URL the schema's reader refuses (`/\\host`) throws here and shows as a load error.
    const url = () => (cascade ? buildDependentUrl(f, parent, ctx.base) : buildLoadUrl(f, ctx.base));
    Promise.resolve()
      .then(() => ctx.load(url()))
      .then(
        (all) => {
          if (mine !== seq) return;
          // Keep the current value (default or draft) when it is one of the loaded options, even past the
          // cap (it is shown after the first ones); else clear it.
          const cur = ctx.get();
          const chosen = cur == null ? undefined : all.find((it) => String(itemValue(f, it)) === String(cur));
          const { items: shown, more } = capResults(all);
          const found = chosen && !shown.includes(chosen) ? [...shown, chosen] : shown;
          fill(ctx.say('choose'), found);
          if (more)
            status.textContent = format(laterWords(ctx.locale).moreOptions, { n: MAX_REMOTE_RESULTS });
          sel.disabled = false;
          const at = chosen ? found.indexOf(chosen) : -1;
          sel.value = at < 0 ? '' : String(at);
          if (at < 0 && cur != null) ctx.set(undefined);
        },
        (error) => {
          if (mine !== seq) return;
          fill(ctx.say('choose'), []);
          const refused = refusal(error);
          status.textContent = refused ?? ctx.say('loadError');
          status.className = 'fr-hint fr-req'; // a failure reads as an error (fr-req: the error colour)
          retry.hidden = refused !== undefined;
        },
      );
  };

  on(sel, 'change', () => {
    const item = items[Number(sel.value)];
    // The row shown goes with the value: results put it beside the id for the model.
    if (sel.value === '' || !item) ctx.set(undefined, undefined);
    else ctx.set(itemValue(f, item), optionText(f, item));
  });
  const reload = () => load(cascade ? ctx.valueOf(f.dependsOn) : undefined);
  on(retry, 'click', reload);
  reload();
  return { el: labelled(f, ctx.id, sel, status, retry), controls: [sel], parentChanged: load };
};
