// Selects whose options come from a URL: async-select loads loadUrl once on mount (its default is
// selected once loaded); cascading-select loads searchUrl?<dependsOnParam>=<parent value>, stays disabled
// until the parent has a value, and reloads (its value already cleared by the core) when the parent changes.
import { buildDependentUrl, isEmptyValue, itemValue, optionText } from '@formrequest/schema/core';
import { h, on } from '../dom.js';
import { refusal } from '../load.js';
import type { FieldBuilder, Item } from '../types.js';
import { base, labelled } from './shell.js';

export const remoteSelect: FieldBuilder<'async-select' | 'cascading-select'> = (f, ctx) => {
  const cascade = f.type === 'cascading-select';
  const sel = h('select', base(f, ctx.id));
  const status = h('div', { role: 'status', class: 'fr-hint' });
  const retry = h('button', { type: 'button', class: 'fr-chip', hidden: true }, ctx.say('retry'));
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
    fill(idle ? ctx.say('chooseParentFirst', { parent: ctx.labelOf(f.dependsOn) }) : ctx.say('loading'), []);
    sel.disabled = true;
    status.textContent = '';
    status.className = 'fr-hint';
    retry.hidden = true;
    if (idle) return;
    const url = cascade ? buildDependentUrl(f, parent, ctx.base) : new URL(f.loadUrl, ctx.base).href;
    ctx.load(url).then(
      (found) => {
        if (mine !== seq) return;
        fill(ctx.say('choose'), found);
        sel.disabled = false;
        // Keep the current value (default or draft) when it is one of the loaded options; else clear it.
        const cur = ctx.get();
        const at = cur == null ? -1 : found.findIndex((it) => String(itemValue(f, it)) === String(cur));
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
    ctx.set(sel.value === '' || !item ? undefined : itemValue(f, item));
  });
  const reload = () => load(cascade ? ctx.valueOf(f.dependsOn) : undefined);
  on(retry, 'click', reload);
  reload();
  return { el: labelled(f, ctx.id, sel, status, retry), controls: [sel], parentChanged: load };
};
