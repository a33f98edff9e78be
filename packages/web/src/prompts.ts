// What a form says only when something goes wrong with a send or a cancel, loaded on demand (a bundler
// makes it a chunk of its own: dist/formrequest-prompts.js), with its words (messages/later.ts):
// - summarize: the error summary at the top of a long form when submit or validate() finds problems: how many fields,
//   and a link to each that focuses it. Focus moves to the summary (its heading names it), so a screen
//   reader says it and a person sees it, however far down the first problem is. It follows the fields'
//   messages: a problem fixed leaves the list, and the summary goes once none is left, so it never
//   tells of problems that are gone (nor stays on a form that was sent).
// - askDiscard: cancel on a form with typed answers asks first, inside the form's action bar (a
//   sandboxed frame blocks window.confirm): "keep editing" (focused: the safe choice, and Escape) or
//   "discard and cancel". It goes when the form closes another way (the embedder's cancel()).
import type { fieldLabel } from '@formrequest/schema/core';
import { format, laterWords } from '@formrequest/schema/messages';
import { h, on, styled } from './dom.js';
import type { FormState } from './form-state.js';

const words = (root: HTMLElement) => laterWords(root.lang === 'en' ? 'en' : 'ja');
let summaries = 0;

/**
 * Shows (or replaces) the error summary of `root` for the messages its fields show now; nothing when
 * the form closed while this module loaded (`life`). `labelOf` is the caller's fieldLabel: a value
 * import of @formrequest/schema/core here makes Vite 8 (Rolldown) split the catalog, dates and field
 * facts into a shared chunk that the first load then fetches too (about 550 B gzip more in a React
 * app), so the main module, which has it anyway, passes it in.
 */
export function summarize(
  root: HTMLElement,
  state: FormState,
  labelOf: typeof fieldLabel,
  life?: { closed(): boolean },
): void {
  if (life?.closed()) return;
  root.querySelector(':scope>.fr-summary')?.remove();
  const w = words(root);
  const id = `fr-summary-${++summaries}`;
  const heading = h('h2', { id });
  const list = h('ul');
  const box = h(
    'div',
    { class: 'fr-panel fr-summary', tabindex: '-1', 'aria-labelledby': id },
    heading,
    list,
  );
  const draw = () => {
    const items = state.msgs.flatMap((msg, i) => {
      const text = msg?.textContent;
      const control = state.views[i]?.controls[0];
      if (!text || !control) return [];
      const label = labelOf(state.fields[i]!);
      // The message names its field in the catalog's wording; one from elsewhere may not.
      const link = h('a', { href: `#${control.id}` }, text.includes(label) ? text : `${label}: ${text}`);
      on(link, 'click', (e) => {
        e.preventDefault();
        control.focus();
        control.scrollIntoView({ block: 'center' });
      });
      return [h('li', null, link)];
    });
    if (!items.length) {
      stop.disconnect();
      box.remove();
      return;
    }
    heading.textContent = items.length === 1 ? w.summaryOne : format(w.summary, { n: items.length });
    list.replaceChildren(...items);
  };
  const stop = new MutationObserver(draw);
  for (const msg of state.msgs)
    if (msg) stop.observe(msg, { childList: true, characterData: true, subtree: true });
  draw();
  // Nothing to tell, or no fields to tell of (the form turned into its error panel meanwhile).
  const fields = root.querySelector(':scope>.fr-fields');
  if (!list.childElementCount || !fields) {
    stop.disconnect();
    return;
  }
  styled(box, { margin: '24px 0 0' });
  fields.before(box);
  box.focus();
}

/**
 * Asks in the action bar of `button` (the form's cancel) whether to discard what was typed. `closed`
 * aborts when the form closes another way meanwhile (the embedder's cancel() or submit()): the question
 * goes and the bar is the form's own again (then made read-only with the rest of the form).
 */
export function askDiscard(button: HTMLButtonElement, cancel: () => void, closed?: AbortSignal): void {
  const bar = button.parentElement;
  const root = button.closest<HTMLElement>('.fr');
  // A second click while this module loaded (the question is up already), or a form closed meanwhile.
  if (!bar || !root || button.disabled) return;
  const w = words(root);
  const before = [...bar.childNodes];
  const id = `${button.id || 'fr'}-ask`;
  const question = styled(h('span', { id }, w.discardQuestion), { flexBasis: '100%', fontWeight: '600' });
  const keep = h(
    'button',
    { type: 'button', class: 'fr-btn fr-primary', 'aria-describedby': id },
    w.keepEditing,
  );
  const discard = h('button', { type: 'button', class: 'fr-btn', 'aria-describedby': id }, w.discard);
  const back = () => {
    bar.replaceChildren(...before);
    button.focus();
  };
  on(keep, 'click', back);
  // The form closes as any cancelled form does: its own buttons back, read-only.
  on(discard, 'click', () => {
    bar.replaceChildren(...before);
    cancel();
  });
  on<KeyboardEvent>(bar, 'keydown', (e) => {
    if (e.key === 'Escape' && bar.contains(keep)) {
      e.preventDefault();
      back();
    }
  });
  bar.replaceChildren(question, keep, discard);
  keep.focus();
  closed?.addEventListener('abort', () => bar.contains(keep) && bar.replaceChildren(...before), {
    once: true,
  });
}
